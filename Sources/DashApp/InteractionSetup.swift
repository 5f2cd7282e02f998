import DashCatalog
import DashHost
import Foundation
import WidgetDash

/// Start-up for interactivity: where widget state is kept, the controls, the link opener.
enum InteractionSetup {
    /// Keeps `WidgetSharedDefaults` in the data directory's state file, so counters, to-do
    /// lists and timers survive a restart.
    @discardableResult
    static func installStateStore() throws -> any WidgetStateStore {
        let directory = JSONFileStateStore.dataDirectory()
        do {
            let store = try JSONFileStateStore(directory: directory)
            WidgetSharedDefaults._setStore(store)
            return store
        } catch {
            printError("cannot use the data directory \(directory.path): \(error)")
            throw ExitStatus.dataError
        }
    }

    /// Everything `run` needs before the first dashboard is made.
    /// Returns the screen-time recorder the terminal loop reports to.
    static func prepare(opener: String?) throws -> ScreenTimeRecorder {
        let store = try installStateStore()
        InteractionDefaults.controls = KnownWidgets.controls
        InteractionDefaults.opener = LinkOpener.resolve(option: opener)
        // Screen time is kept in the same state file. After a suspend, the widgets that show
        // it reload (as an app tells WidgetCenter its data changed): their live counters ran on.
        let recorder = ScreenTimeRecorder(store: store, didResume: {
            WidgetCenter.shared.reloadTimelines(ofKind: ScreenTimeWidget.kind)
        })
        recorder.install()
        return recorder
    }
}
