import Foundation
import Synchronization

/// A moment of a widget's content: the date it becomes current, and how relevant it is then.
public protocol TimelineEntry: Sendable {
    /// When this entry becomes the one on screen.
    var date: Date { get }
    /// How relevant the entry is (used by Smart Stacks); nil when the widget does not say.
    var relevance: TimelineEntryRelevance? { get }
}

extension TimelineEntry {
    public var relevance: TimelineEntryRelevance? { nil }
}

/// How relevant an entry is, and for how long from its date.
public struct TimelineEntryRelevance: Hashable, Sendable, Codable {
    public var score: Float
    public var duration: TimeInterval
    public init(score: Float, duration: TimeInterval = 0) {
        self.score = score
        self.duration = duration
    }
}

/// When the system should ask the provider for a new timeline.
public enum TimelineReloadPolicy: Hashable, Sendable {
    /// After the last entry's date has passed.
    case atEnd
    /// At the given date (before or after the last entry).
    case after(Date)
    /// Only when someone asks: WidgetCenter, an intent, the user.
    case never
}

/// Entries a widget shows over time, and when to ask for more.
public struct Timeline<EntryType: TimelineEntry>: Sendable {
    public let entries: [EntryType]
    public let policy: TimelineReloadPolicy

    public init(entries: [EntryType], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}

/// What a provider is told about the widget it is asked to fill.
public struct TimelineProviderContext: Sendable {
    /// The family the widget is shown in.
    public let family: WidgetFamily
    /// The size of the widget's content, in cells.
    public let displaySize: CellSize
    /// True in the gallery and other previews: answer fast, sample data is fine.
    public let isPreview: Bool
    /// The moment the host asks, on the dashboard's clock.
    ///
    /// widgetdash addition: on iOS a provider reads `Date()`. Here the dashboard's clock may be
    /// travelling (`--start`, `--speed`) or simulated, so providers that date their entries from
    /// this value stay right under time travel. `Date()` still works; it just ignores travel.
    public let date: Date
    /// This instance's parameters (`--widget gauge@small:key=cpu.temp,max=100` gives
    /// `["key": "cpu.temp", "max": "100"]`); empty for widgets placed without any.
    ///
    /// widgetdash addition: a `StaticConfiguration` widget has no per-instance options on iOS.
    /// Data and command widgets, which have no Swift of their own, read their settings here.
    public let parameters: [String: String]
    /// How the host will show the entries (color scheme, rendering mode, time zone): a widget
    /// extension is told it, so that its views read what the host shows. Nil: the defaults.
    package var rendering: RenderingEnvironment?

    public init(family: WidgetFamily, displaySize: CellSize? = nil, isPreview: Bool = false, date: Date = Date(),
                parameters: [String: String] = [:]) {
        self.family = family
        self.displaySize = displaySize ?? family.contentSize
        self.isPreview = isPreview
        self.date = date
        self.parameters = parameters
    }
}

/// Supplies a widget's entries: a placeholder at once, a snapshot for previews, and the timeline.
///
/// The same calls as WidgetKit's `TimelineProvider`, in either of two forms: the completion
/// handlers iOS declares (`getSnapshot(in:completion:)`, `getTimeline(in:completion:)`) or async
/// functions (`snapshot(in:)`, `timeline(in:)`). Implement one form of each; the other is
/// bridged by the defaults below, and the host always calls the async form. A provider is a
/// value shared with the scheduler's tasks, so it is `Sendable`; keep mutable state out of it.
public protocol TimelineProvider: Sendable {
    associatedtype Entry: TimelineEntry
    typealias Context = TimelineProviderContext

    /// Generic content shown redacted while the real content loads; must return at once.
    func placeholder(in context: Context) -> Entry
    /// One entry for the gallery and previews (`context.isPreview` is true there), handed to
    /// `completion`; as declared by WidgetKit.
    @preconcurrency func getSnapshot(in context: Context, completion: @escaping @Sendable (Entry) -> Void)
    /// The real timeline, handed to `completion`; as declared by WidgetKit.
    @preconcurrency func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<Entry>) -> Void)
    /// One entry for the gallery and previews (`context.isPreview` is true there); should be fast.
    func snapshot(in context: Context) async -> Entry
    /// The real timeline. Throwing shows the error in the widget's panel and retries later.
    func timeline(in context: Context) async throws -> Timeline<Entry>
}

extension TimelineProvider {
    /// Calls the async `snapshot(in:)`; used when a provider implements that form.
    public func getSnapshot(in context: Context, completion: @escaping @Sendable (Entry) -> Void) {
        Task { completion(await snapshot(in: context)) }
    }

    /// Calls the async `timeline(in:)`; used when a provider implements that form. A thrown
    /// error has no way through a WidgetKit completion handler, so it becomes an empty timeline
    /// asking again in five minutes (WidgetKit's own minimum between reloads).
    public func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<Entry>) -> Void) {
        Task {
            do { completion(try await timeline(in: context)) } catch {
                completion(Timeline(entries: [], policy: .after(context.date.addingTimeInterval(5 * 60))))
            }
        }
    }

    /// Waits for `getSnapshot(in:completion:)`; used when a provider implements that form.
    public func snapshot(in context: Context) async -> Entry {
        await awaitCompletion { getSnapshot(in: context, completion: $0) }
    }

    /// Waits for `getTimeline(in:completion:)`; used when a provider implements that form.
    public func timeline(in context: Context) async throws -> Timeline<Entry> {
        await awaitCompletion { getTimeline(in: context, completion: $0) }
    }
}

/// The value a completion-handler API hands over, awaited.
///
/// Only the first call of the handler counts: WidgetKit ignores a second one, and a checked
/// continuation resumed twice would trap in the host. A handler never called leaves the caller
/// waiting; the host's time limit on providers ends that wait.
package func awaitCompletion<Value: Sendable>(_ start: (@escaping @Sendable (Value) -> Void) -> Void) async -> Value {
    await withCheckedContinuation { (continuation: CheckedContinuation<Value, Never>) in
        let once = ResumeOnce(continuation)
        start { once.resume(returning: $0) }
    }
}

/// A continuation resumed at most once, whoever calls.
private final class ResumeOnce<Value: Sendable>: Sendable {
    private let continuation: Mutex<CheckedContinuation<Value, Never>?>
    init(_ continuation: CheckedContinuation<Value, Never>) { self.continuation = Mutex(continuation) }
    func resume(returning value: Value) {
        let pending = continuation.withLock { stored -> CheckedContinuation<Value, Never>? in
            defer { stored = nil }
            return stored
        }
        pending?.resume(returning: value)
    }
}
