/// The system services a widget's code reaches through WidgetKit's entry points, as one value
/// the host builds at start-up and hands down.
///
/// Widget code never names it: it calls ``ImageDecoding``, ``ScreenTime``, `WidgetCenter.shared`,
/// ``WidgetSharedDefaults``, `WidgetSharedStore.shared` and `Activity.request`, and each of
/// those reads the services bound to the task it runs in. The host binds its services around
/// every call into widget code (providers, intents, control values); a test (the project's or
/// an author's) binds fakes the same way, without touching anything process-wide, so tests can
/// run in parallel:
///
/// ```swift
/// let services = WidgetServices(imageDecoding: ImageDecoding.Backing(fileExtensions: ["png"]) { _, _ in fake })
/// let timeline = try await services.bind { try await PhotosProvider().timeline(in: context) }
/// ```
///
/// Bound as a task-local: child tasks and `Task {}` inherit it, `Task.detached` and other
/// threads do not, so whoever starts those binds it again (see docs/DECISIONS.md).
public struct WidgetServices: Sendable {
    /// The App Group store scripts write (`WidgetSharedStore`); nil: every read answers nil.
    public var sharedStore: WidgetSharedStore.Backing?
    /// Where ``WidgetSharedDefaults`` keeps every suite.
    public var sharedDefaults: any WidgetStateStore
    /// The picture decoder; nil: ``ImageDecoding`` throws `noDecoder`.
    public var imageDecoding: ImageDecoding.Backing?
    /// The host's screen-time measurement; nil: ``ScreenTime/report()`` answers nil.
    public var screenTime: ScreenTime.Backing?
    /// The dashboard's side of `WidgetCenter`; nil: reloads are dropped, no configurations.
    public var widgetCenter: WidgetCenter.Handler?
    /// Live Activities; nil: requests fail with `noHost`, the lists are empty.
    public var activities: ActivitySystem.Backing?
    /// HTTP for the network widgets (``WidgetNetwork``); nil: every fetch fails, nothing is sent.
    public var network: WidgetNetwork.Backing?

    /// Services with nothing installed but `sharedDefaults` (a fresh in-memory store unless given).
    public init(sharedStore: WidgetSharedStore.Backing? = nil, sharedDefaults: (any WidgetStateStore)? = nil,
                imageDecoding: ImageDecoding.Backing? = nil, screenTime: ScreenTime.Backing? = nil,
                widgetCenter: WidgetCenter.Handler? = nil, activities: ActivitySystem.Backing? = nil,
                network: WidgetNetwork.Backing? = nil) {
        self.sharedStore = sharedStore
        self.sharedDefaults = sharedDefaults ?? InMemoryWidgetStateStore()
        self.imageDecoding = imageDecoding
        self.screenTime = screenTime
        self.widgetCenter = widgetCenter
        self.activities = activities
        self.network = network
    }

    /// The services bound to the current task. Unbound, a process-wide value with nothing
    /// installed and one in-memory defaults store: what a snapshot or a plain test sees, as
    /// before a host existed.
    @TaskLocal public static var current = WidgetServices()

    /// Runs `body` with these services bound.
    public func bind<R>(_ body: () throws -> R) rethrows -> R {
        try Self.$current.withValue(self, operation: body)
    }

    /// Runs `body` with these services bound.
    public func bind<R>(isolation: isolated (any Actor)? = #isolation, _ body: () async throws -> R) async rethrows -> R {
        try await Self.$current.withValue(self, operation: body, isolation: isolation)
    }
}
