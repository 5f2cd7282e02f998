import Foundation

/// Data shared between widgets and the scripts that feed them: widgetdash's App Group.
///
/// On iOS an app writes into its App Group container and the widget's provider reads it. Here
/// scripts write with `widgetdash set KIND.KEY VALUE` or `widgetdash push`, and a provider reads
/// with this API:
///
/// ```swift
/// func timeline(in context: Context) async throws -> Timeline<Entry> {
///     let text = WidgetSharedStore.shared.value(forKey: "notes.text")?.displayText ?? ""
///     return Timeline(entries: [Entry(date: context.date, text: text)], policy: .never)
/// }
/// ```
///
/// The author API stays pure: the store does nothing by itself. The host hands in a
/// ``Backing`` with its ``WidgetServices`` (the dashboard's is SQLite); with none every read
/// answers nil.
/// Reads may happen from any task; call them from `timeline(in:)`, never while drawing.
/// Every string that comes back has been through ``TextSanitizer``, so a script cannot put
/// escape sequences on the screen through a widget.
public final class WidgetSharedStore: Sendable {
    /// The store of the services bound to the calling task (the host's).
    public static let shared = WidgetSharedStore()

    /// A value and the moment it was written.
    public struct StoredValue: Hashable, Sendable {
        public var value: JSONValue
        public var modified: Date
        public init(value: JSONValue, modified: Date) {
            self.value = value
            self.modified = modified
        }
    }

    /// Why the store could not be read; providers usually let it propagate so the panel shows it.
    public struct ReadError: Error, CustomStringConvertible {
        public var description: String
        public init(_ description: String) { self.description = description }
    }

    /// What the host does for the store's reads. Not for widget authors.
    public struct Backing: Sendable {
        /// The value stored under a `KIND.KEY`, or nil.
        public var value: @Sendable (_ key: String) throws -> StoredValue?
        /// The timeline last pushed under a name (a kind), or nil.
        public var timeline: @Sendable (_ name: String) throws -> SharedTimeline?
        /// Writes (nil: removes) the value of a `KIND.KEY` and tells running dashboards; nil
        /// when the host takes no writes from widget code.
        public var set: (@Sendable (_ key: String, _ value: JSONValue?) throws -> Void)?
        public init(value: @escaping @Sendable (String) throws -> StoredValue?,
                    timeline: @escaping @Sendable (String) throws -> SharedTimeline?) {
            self.value = value
            self.timeline = timeline
        }
    }

    /// A fixed backing, or nil to read the bound services' store.
    private let fixed: Backing?

    /// The store of the bound services, as ``shared`` is.
    public init() { fixed = nil }

    /// A store that always reads `backing`, whatever is bound (tests, previews).
    public init(backing: Backing) { fixed = backing }

    private var backing: Backing? { fixed ?? WidgetServices.current.sharedStore }

    /// The value of `key` (`KIND.KEY`), sanitised; nil when absent or no store is installed.
    public func value(forKey key: String) throws -> JSONValue? {
        try storedValue(forKey: key)?.value
    }

    /// The value of `key` with the time it was written.
    public func storedValue(forKey key: String) throws -> StoredValue? {
        // Read outside the lock: a backing may block on the database.
        guard let read = backing?.value else { return nil }
        guard var stored = try read(key) else { return nil }
        stored.value = stored.value.sanitized()
        return stored
    }

    /// Writes `value` under `key` (`KIND.KEY`), or removes the key when `value` is nil: what
    /// `widgetdash set` does, from an intent's `perform()` (an app writing its App Group).
    /// Running dashboards reload the widgets that show the key, and `widgetdash get` reads it.
    /// Throws when the key is not `KIND.KEY` or the host takes no writes.
    public func set(_ value: JSONValue?, forKey key: String) throws {
        guard let write = backing?.set else { throw ReadError("this program takes no writes to the shared store") }
        try write(key, value)
    }

    /// The timeline last pushed for `name` (`widgetdash push NAME`), values sanitised.
    public func timeline(named name: String) throws -> SharedTimeline? {
        guard let read = backing?.timeline else { return nil }
        guard var timeline = try read(name) else { return nil }
        for i in timeline.entries.indices { timeline.entries[i].value = timeline.entries[i].value.sanitized() }
        return timeline
    }
}
