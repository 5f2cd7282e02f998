/// Asks the host to reload widgets' timelines, and tells which widgets are on screen, as
/// WidgetKit's `WidgetCenter`.
///
/// ```swift
/// // After the app (or a script) wrote new data:
/// WidgetCenter.shared.reloadTimelines(ofKind: "notes")
///
/// // Reload only what exists:
/// let shown = try await WidgetCenter.shared.currentConfigurations()
/// if shown.contains(where: { $0.kind == "stocks" }) { WidgetCenter.shared.reloadTimelines(ofKind: "stocks") }
/// ```
///
/// The author API stays pure: `WidgetCenter` does nothing by itself. The host (the dashboard)
/// hands in a ``Handler`` with its ``WidgetServices``; calls made with no host bound are
/// dropped and ``currentConfigurations()`` answers an empty list, which is what an app sees on
/// iOS when it has no widgets placed. Every method may be called from any thread or task: the
/// host's handler only queues the request for its run loop.
/// Reloads asked through WidgetCenter count as the app being in the foreground, so they do not
/// spend the widgets' reload budget.
public final class WidgetCenter: Sendable {
    /// The center of the services bound to the calling task (the host's dashboard).
    public static let shared = WidgetCenter()

    /// One widget on the dashboard: its kind, its family and its configuration.
    public struct WidgetInfo: Hashable, Sendable {
        public var kind: String
        public var family: WidgetFamily
        /// The instance's configuration parameters (empty for a `StaticConfiguration`).
        public var configuration: [String: String]
        public init(kind: String, family: WidgetFamily, configuration: [String: String] = [:]) {
            self.kind = kind
            self.family = family
            self.configuration = configuration
        }
    }

    /// What the host does for WidgetCenter's calls. Not for widget authors.
    public struct Handler: Sendable {
        /// Reload the widgets of a kind (nil: all widgets). Must return at once.
        public var reload: @Sendable (_ kind: String?) -> Void
        /// The widgets on the dashboard now.
        public var configurations: @Sendable () -> [WidgetInfo]
        public init(reload: @escaping @Sendable (String?) -> Void, configurations: @escaping @Sendable () -> [WidgetInfo]) {
            self.reload = reload
            self.configurations = configurations
        }
    }

    /// A fixed handler, or nil to use the bound services' one.
    private let fixed: Handler?

    /// The center of the bound services, as ``shared`` is.
    public init() { fixed = nil }

    /// A center that always talks to `handler`, whatever is bound (tests, a host's own calls).
    public init(handler: Handler) { fixed = handler }

    private var handler: Handler? { fixed ?? WidgetServices.current.widgetCenter }

    /// Reloads the timelines of every widget of `kind`.
    public func reloadTimelines(ofKind kind: String) {
        handler?.reload(kind)
    }

    /// Reloads the timelines of every widget.
    public func reloadAllTimelines() {
        handler?.reload(nil)
    }

    /// The widgets on the dashboard, passed to `completion` (WidgetKit's callback form).
    public func getCurrentConfigurations(_ completion: @escaping @Sendable (Result<[WidgetInfo], any Error>) -> Void) {
        completion(.success(handler?.configurations() ?? []))
    }

    /// The widgets on the dashboard.
    public func currentConfigurations() async throws -> [WidgetInfo] {
        handler?.configurations() ?? []
    }
}
