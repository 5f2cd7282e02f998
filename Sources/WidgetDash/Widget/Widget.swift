import Foundation

/// A widget: its kind and how it is configured, as in WidgetKit.
///
/// ```swift
/// struct ClockWidget: Widget {
///     var body: some WidgetConfiguration {
///         StaticConfiguration(kind: "clock", provider: ClockProvider()) { entry in
///             ClockView(entry: entry)
///         }
///         .configurationDisplayName("Clock")
///         .supportedFamilies([.systemSmall, .accessoryInline])
///     }
/// }
/// ```
public protocol Widget {
    associatedtype Body: WidgetConfiguration
    init()
    var body: Body { get }
}

/// The description of a widget: what it is called, its families, its provider and its view.
public protocol WidgetConfiguration {
    /// The type-erased description the host works with. Not for widget authors.
    var _description: WidgetDescription { get }
}

/// Whether a widget's data may be read while the device is locked.
public enum DataProtection: String, Hashable, Sendable, Codable {
    /// Readable at any time (the default).
    case none
    /// Readable only while unlocked: the widget shows its placeholder while locked, and its
    /// reloads wait for the next unlock.
    case complete
}

/// Everything the host needs to know about one widget kind, with its types erased.
public struct WidgetDescription {
    public var kind: String
    public var displayName: String
    public var description: String
    public var supportedFamilies: [WidgetFamily]
    public var contentMarginsDisabled: Bool
    public var dataProtection: DataProtection
    /// Asks the widget's provider for entries; safe to call from any task.
    public var provider: AnyTimelineProvider
    /// The parameters each instance may set (`KIND@FAMILY:name=value`); empty: none.
    public var configurationParameters: [WidgetParameter] = []
    /// Makes the provider for one instance's parameter values (configurable widgets only);
    /// see `configured(with:)`.
    public var configuredProvider: (@Sendable ([String: String]) -> AnyTimelineProvider)?
    /// What the view's layout numbers count: cells unless a configuration says points.
    public var layoutUnit: LayoutUnit = .cells {
        didSet { content = Self.content(makeContent, in: layoutUnit) }
    }
    /// The view for an entry, as the configuration's closure builds it.
    private let makeContent: (any TimelineEntry) -> AnyView
    /// Builds the widget's view for one of its entries, in the widget's layout unit.
    ///
    /// Made once, when the unit is set, not on each access: it is read on every redraw.
    public private(set) var content: (any TimelineEntry) -> AnyView
    /// How the host times out and retries this widget's reloads when not as the dashboard's
    /// settings say: a widget extension's (docs/extensions.md). Nil: the settings'.
    package var reloadRules: ReloadRules?

    public init(
        kind: String,
        displayName: String,
        description: String,
        supportedFamilies: [WidgetFamily],
        provider: AnyTimelineProvider,
        content: @escaping (any TimelineEntry) -> AnyView
    ) {
        self.kind = kind
        self.displayName = displayName
        self.description = description
        self.supportedFamilies = supportedFamilies
        self.contentMarginsDisabled = false
        self.dataProtection = .none
        self.provider = provider
        self.makeContent = content
        self.content = content
    }

    /// `make` in `unit`: cells are the environment's default and need no wrapper; points wrap
    /// each view in the environment value that says so.
    private static func content(_ make: @escaping (any TimelineEntry) -> AnyView, in unit: LayoutUnit) -> (any TimelineEntry) -> AnyView {
        guard unit != .cells else { return make }
        return { AnyView(make($0).environment(\.layoutUnit, unit)) }
    }

    /// A configuration's content closure with its entry type erased: the host only hands a
    /// widget the entries its own provider made, so another type draws nothing.
    static func erasing<Entry, Content: View>(_ content: @escaping (Entry) -> Content) -> (any TimelineEntry) -> AnyView {
        { entry in
            guard let typed = entry as? Entry else { return AnyView(EmptyView()) }
            return AnyView(content(typed))
        }
    }

    /// True when the widget offers `family`.
    public func supports(_ family: WidgetFamily) -> Bool { supportedFamilies.contains(family) }
}

/// A timeline with its entry type erased, as the host stores it.
public struct ErasedTimeline: Sendable {
    public var entries: [any TimelineEntry]
    public var policy: TimelineReloadPolicy
    /// The placeholder that came with the timeline (a widget extension renders one with each
    /// answer); the host keeps it for the instance and shows it whenever no entry can be shown.
    package var placeholder: (any TimelineEntry)? {
        get { placeholders.first }
        set { placeholders = newValue.map { [$0] } ?? [] }
    }
    /// `placeholder`, held as none or one element: an optional existential is copied through its
    /// type's witnesses even when empty, and the host reads this on every reload; an array also
    /// leaves the timeline free of inline existentials, so it copies as plain words.
    private var placeholders: [any TimelineEntry] = []
    /// Whether a placeholder came, asked without making an optional to test and destroy.
    package var hasPlaceholder: Bool { !placeholders.isEmpty }

    public init(entries: [any TimelineEntry], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }
}

/// A timeline provider with its entry type erased.
public struct AnyTimelineProvider: Sendable {
    public let placeholder: @Sendable (TimelineProviderContext) -> any TimelineEntry
    public let snapshot: @Sendable (TimelineProviderContext) async -> any TimelineEntry
    public let timeline: @Sendable (TimelineProviderContext) async throws -> ErasedTimeline

    public init<P: TimelineProvider>(_ provider: P) {
        placeholder = { provider.placeholder(in: $0) }
        snapshot = { await provider.snapshot(in: $0) }
        timeline = { context in
            let t = try await provider.timeline(in: context)
            return ErasedTimeline(entries: t.entries, policy: t.policy)
        }
    }
}

/// A widget with no options: every instance shows the same content.
public struct StaticConfiguration: WidgetConfiguration {
    public let _description: WidgetDescription

    public init<Provider: TimelineProvider, Content: View>(
        kind: String,
        provider: Provider,
        @ViewBuilder content: @escaping (Provider.Entry) -> Content
    ) {
        var d = WidgetDescription(
            kind: kind,
            displayName: kind,
            description: "",
            supportedFamilies: WidgetFamily.defaultFamilies,
            provider: AnyTimelineProvider(provider),
            content: WidgetDescription.erasing(content)
        )
        // iOS code counts points (see LayoutUnit).
        d.layoutUnit = .points
        _description = d
    }
}

/// A configuration changed by a modifier.
public struct ModifiedWidgetConfiguration: WidgetConfiguration {
    public let _description: WidgetDescription
}

extension WidgetConfiguration {
    private func modified(_ change: (inout WidgetDescription) -> Void) -> ModifiedWidgetConfiguration {
        var d = _description
        change(&d)
        return ModifiedWidgetConfiguration(_description: d)
    }

    /// The name shown in the gallery and in the panel's top border.
    public func configurationDisplayName(_ name: String) -> ModifiedWidgetConfiguration {
        modified { $0.displayName = name }
    }

    /// The text shown in the gallery under the name.
    public func description(_ text: String) -> ModifiedWidgetConfiguration {
        modified { $0.description = text }
    }

    /// The families the widget offers; the order is the gallery's order.
    public func supportedFamilies(_ families: [WidgetFamily]) -> ModifiedWidgetConfiguration {
        modified { $0.supportedFamilies = families }
    }

    /// Drops the default content margins so the content reaches the panel's frame.
    public func contentMarginsDisabled() -> ModifiedWidgetConfiguration {
        modified { $0.contentMarginsDisabled = true }
    }

    /// How the widget's data is protected while the device is locked (default `.none`).
    ///
    /// On iOS this is the app's data-protection entitlement; widgetdash makes it a setting of
    /// the widget so that the lock screen's behaviour can be shown.
    public func dataProtection(_ protection: DataProtection) -> ModifiedWidgetConfiguration {
        modified { $0.dataProtection = protection }
    }
}

/// A group of widgets shipped together; its order is the gallery's order.
public protocol WidgetBundle {
    associatedtype Body: Widget
    init()
    @WidgetBundleBuilder var body: Body { get }
}

/// Collects the widgets of a bundle.
@resultBuilder
public enum WidgetBundleBuilder {
    public static func buildExpression(_ widget: some Widget) -> [any Widget] { [widget] }
    public static func buildExpression(_ widgets: WidgetList) -> [any Widget] { widgets.widgets }
    public static func buildBlock() -> [any Widget] { [] }
    public static func buildOptional(_ part: [any Widget]?) -> [any Widget] { part ?? [] }
    public static func buildEither(first part: [any Widget]) -> [any Widget] { part }
    public static func buildEither(second part: [any Widget]) -> [any Widget] { part }
    public static func buildArray(_ parts: [[any Widget]]) -> [any Widget] { parts.flatMap { $0 } }
}

extension WidgetBundleBuilder {
    public static func buildPartialBlock(first: [any Widget]) -> [any Widget] { first }
    public static func buildPartialBlock(accumulated: [any Widget], next: [any Widget]) -> [any Widget] { accumulated + next }
    public static func buildFinalResult(_ list: [any Widget]) -> WidgetList { WidgetList(list) }
}

/// The widgets of a bundle, in order.
public struct WidgetList: Widget {
    public let widgets: [any Widget]
    public init() { widgets = [] }
    public init(_ widgets: [any Widget]) { self.widgets = widgets }
    public var body: EmptyWidgetConfiguration { EmptyWidgetConfiguration() }
}

/// The configuration of a widget list itself, which has no content of its own.
public struct EmptyWidgetConfiguration: WidgetConfiguration {
    public var _description: WidgetDescription {
        WidgetDescription(
            kind: "", displayName: "", description: "", supportedFamilies: [],
            provider: AnyTimelineProvider(EmptyProvider()), content: { _ in AnyView(EmptyView()) }
        )
    }
}

private struct EmptyProvider: TimelineProvider {
    struct Entry: TimelineEntry { let date: Date }
    func placeholder(in context: Context) -> Entry { Entry(date: .distantPast) }
    func snapshot(in context: Context) async -> Entry { Entry(date: .distantPast) }
    func timeline(in context: Context) async throws -> Timeline<Entry> { Timeline(entries: [], policy: .never) }
}

extension WidgetBundle {
    /// The descriptions of the bundle's widgets, in bundle order.
    public var widgetDescriptions: [WidgetDescription] {
        BundleContents(self).widgets
    }
}
