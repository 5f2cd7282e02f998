import DashCore
import Foundation

extension ActivitySource {
    /// The activities of `store`, opened on the first load; with no store file yet there are
    /// none, and SQLite is not even opened (an idle dashboard stays small).
    public static func store(_ store: LazySharedStore) -> ActivitySource {
        let location = store.location
        return ActivitySource(
            load: {
                guard FileManager.default.fileExists(atPath: location.storeFile.path) else { return [] }
                return try store.store().allActivities()
            },
            dismiss: { id in
                try store.store().dismissActivity(id: id)
                StoreNotifier.post([.activity(id)], location: location)
            })
    }
}
