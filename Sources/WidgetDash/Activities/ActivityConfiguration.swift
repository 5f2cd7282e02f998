import Foundation

/// What an activity's views are given: its attributes, its current state, and whether that
/// state is stale, as ActivityKit's `ActivityViewContext`.
public struct ActivityViewContext<Attributes: ActivityAttributes> {
    public let attributes: Attributes
    public let state: Attributes.ContentState
    /// True once the content passed its `staleDate` without an update.
    public let isStale: Bool
    public let activityID: String
}

/// Where an activity's view is being drawn.
public enum ActivityPresentation: String, Hashable, Sendable, CaseIterable {
    /// In the Dynamic Island, alone: the leading and trailing views around the island.
    case compact
    /// In the Dynamic Island beside another activity: one small view.
    case minimal
    /// The Dynamic Island opened up: the leading, trailing, center and bottom regions.
    case expanded
    /// A card on the lock screen.
    case lockScreen

    /// Buttons and toggles act only where there is room to aim: expanded and on the lock screen.
    public var allowsIntents: Bool { self == .expanded || self == .lockScreen }
}

/// Where a region of the expanded Dynamic Island goes, as ActivityKit's
/// `DynamicIslandExpandedRegionPosition`.
public enum DynamicIslandExpandedRegionPosition: Hashable, Sendable, CaseIterable {
    /// Beside the island on the left, at the top.
    case leading
    /// Beside the island on the right, at the top.
    case trailing
    /// Between them, under the island.
    case center
    /// Below everything, across the whole width.
    case bottom
}

/// One region of the expanded Dynamic Island.
///
/// ```swift
/// DynamicIslandExpandedRegion(.leading) { Label("1042", systemImage: "takeoutbag.and.cup.and.straw") }
/// ```
public struct DynamicIslandExpandedRegion<Content: View> {
    public let position: DynamicIslandExpandedRegionPosition
    /// Among leading, trailing and center, the region with the highest priority gets its width first.
    public let priority: Double
    let content: Content

    public init(_ position: DynamicIslandExpandedRegionPosition, priority: Double = 0, @ViewBuilder content: () -> Content) {
        self.position = position
        self.priority = priority
        self.content = content()
    }
}

/// A region with its view erased.
public struct AnyDynamicIslandRegion {
    public let position: DynamicIslandExpandedRegionPosition
    public let priority: Double
    public let view: AnyView
}

/// Collects the regions of an expanded Dynamic Island.
@resultBuilder
public enum DynamicIslandExpandedContentBuilder {
    public static func buildExpression<C: View>(_ region: DynamicIslandExpandedRegion<C>) -> [AnyDynamicIslandRegion] {
        [AnyDynamicIslandRegion(position: region.position, priority: region.priority, view: AnyView(region.content))]
    }
    public static func buildBlock(_ parts: [AnyDynamicIslandRegion]...) -> [AnyDynamicIslandRegion] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [AnyDynamicIslandRegion]?) -> [AnyDynamicIslandRegion] { part ?? [] }
    public static func buildEither(first part: [AnyDynamicIslandRegion]) -> [AnyDynamicIslandRegion] { part }
    public static func buildEither(second part: [AnyDynamicIslandRegion]) -> [AnyDynamicIslandRegion] { part }
}

/// An activity's views in the Dynamic Island, as ActivityKit's `DynamicIsland`.
///
/// ```swift
/// DynamicIsland {
///     DynamicIslandExpandedRegion(.leading) { Text("🍕") }
///     DynamicIslandExpandedRegion(.trailing) { Text(timerInterval: now...eta) }
///     DynamicIslandExpandedRegion(.bottom) { Text(context.state.status) }
/// } compactLeading: {
///     Text("🍕")
/// } compactTrailing: {
///     Text(timerInterval: now...eta)
/// } minimal: {
///     Text("🍕")
/// }
/// ```
public struct DynamicIsland {
    public let expandedRegions: [AnyDynamicIslandRegion]
    public let compactLeading: AnyView
    public let compactTrailing: AnyView
    public let minimal: AnyView
    /// The color of the island's outline (ActivityKit's `keylineTint`).
    public private(set) var keylineTint: Color?
    /// Where a click outside the island's buttons goes.
    public private(set) var widgetURL: URL?

    public init<L: View, T: View, M: View>(
        @DynamicIslandExpandedContentBuilder expanded: () -> [AnyDynamicIslandRegion],
        @ViewBuilder compactLeading: () -> L,
        @ViewBuilder compactTrailing: () -> T,
        @ViewBuilder minimal: () -> M
    ) {
        expandedRegions = expanded()
        self.compactLeading = AnyView(compactLeading())
        self.compactTrailing = AnyView(compactTrailing())
        self.minimal = AnyView(minimal())
    }

    /// Tints the island's outline.
    public func keylineTint(_ color: Color?) -> DynamicIsland {
        var copy = self
        copy.keylineTint = color
        return copy
    }

    /// The URL the island opens.
    public func widgetURL(_ url: URL?) -> DynamicIsland {
        var copy = self
        copy.widgetURL = url
        return copy
    }

    /// The view of the region at `position`, if the island has one there.
    public func region(_ position: DynamicIslandExpandedRegionPosition) -> AnyDynamicIslandRegion? {
        expandedRegions.first { $0.position == position }
    }
}

/// Every view of one activity, made once per update (and again when it turns stale).
public struct ActivityViews {
    public let lockScreen: AnyView
    public let island: DynamicIsland
    /// The lock screen card's background (``ActivityConfiguration/activityBackgroundTint(_:)``).
    public let backgroundTint: Color?

    public init(lockScreen: AnyView, island: DynamicIsland, backgroundTint: Color?) {
        self.lockScreen = lockScreen
        self.island = island
        self.backgroundTint = backgroundTint
    }
}

/// Everything the host needs to know about one activity type, with its types erased.
public struct ActivityDescription {
    /// The type's ``ActivityAttributes/activityType``: what scripts call it.
    public var activityType: String
    /// The Swift type of its attributes, for messages.
    public var attributesTypeName: String
    /// A name for people ("Pizza delivery"); the type when none is given.
    public var displayName: String
    /// What scripts must give, shown by `widgetdash activity types`.
    public var description: String
    /// Decodes a script's attributes JSON and re-encodes it canonically; says what is wrong.
    public let canonicalAttributes: @Sendable (Data) throws(ActivityPayloadError) -> Data
    /// Decodes a script's state JSON and re-encodes it canonically; says what is wrong.
    public let canonicalState: @Sendable (Data) throws(ActivityPayloadError) -> Data
    /// The views for a record, or why its stored JSON no longer decodes.
    public var views: (_ record: ActivityRecord, _ isStale: Bool) throws(ActivityPayloadError) -> ActivityViews
    /// Sample attributes and state for previews, when the configuration gives them.
    public var preview: (attributes: Data, state: Data)?
    /// What the attributes' and the state's JSON hold (``ActivityShape``), for `describe`.
    package var fields: @Sendable () -> (attributes: [String]?, state: [String]?) = { (nil, nil) }
}

/// A Live Activity's views, as ActivityKit's `ActivityConfiguration`: the lock screen card and
/// the Dynamic Island's presentations, in a `Widget` of the bundle.
///
/// ```swift
/// struct DeliveryLiveActivity: Widget {
///     var body: some WidgetConfiguration {
///         ActivityConfiguration(for: DeliveryAttributes.self) { context in
///             DeliveryCard(context: context)
///         } dynamicIsland: { context in
///             DynamicIsland { … } compactLeading: { … } compactTrailing: { … } minimal: { … }
///         }
///     }
/// }
/// ```
public struct ActivityConfiguration<Attributes: ActivityAttributes>: WidgetConfiguration {
    public let _activityDescription: ActivityDescription

    public init<Content: View>(
        for attributesType: Attributes.Type,
        @ViewBuilder content: @escaping (ActivityViewContext<Attributes>) -> Content,
        dynamicIsland: @escaping (ActivityViewContext<Attributes>) -> DynamicIsland
    ) {
        self.init(description: ActivityDescription(
            activityType: Attributes.activityType,
            attributesTypeName: _typeName(Attributes.self, qualified: false),
            displayName: Attributes.activityType,
            description: "",
            canonicalAttributes: { data throws(ActivityPayloadError) in
                let value = try ActivityCoding.decode(Attributes.self, from: data, what: "attributes")
                do { return try ActivityCoding.encode(value) } catch { throw ActivityPayloadError(what: "attributes", message: "\(error)") }
            },
            canonicalState: { data throws(ActivityPayloadError) in
                let value = try ActivityCoding.decode(Attributes.ContentState.self, from: data, what: "state")
                do { return try ActivityCoding.encode(value) } catch { throw ActivityPayloadError(what: "state", message: "\(error)") }
            },
            views: { record, isStale throws(ActivityPayloadError) in
                let attributes = try ActivityCoding.decode(Attributes.self, from: record.attributes, what: "attributes")
                let state = try ActivityCoding.decode(Attributes.ContentState.self, from: record.state, what: "state")
                let context = ActivityViewContext(attributes: attributes, state: state, isStale: isStale, activityID: record.id)
                let lockScreen = content(context)
                return ActivityViews(lockScreen: AnyView(lockScreen), island: dynamicIsland(context),
                                     backgroundTint: Self.backgroundTint(of: lockScreen))
            },
            preview: nil,
            fields: { (ActivityShape.fields(of: Attributes.self), ActivityShape.fields(of: Attributes.ContentState.self)) }
        ))
    }

    init(description: ActivityDescription) { _activityDescription = description }

    /// The tint the lock screen view asks for with `activityBackgroundTint(_:)`, found by
    /// resolving it once per update (the card is drawn many times, the views made once).
    static func backgroundTint(of view: some View) -> Color? {
        let context = ResolveContext()
        _ = resolveSingle(view, EnvironmentValues(), context)
        return context.outputs.activityBackgroundTint
    }

    /// Activities are not widgets: the bundle lists them apart (``WidgetBundle/activityDescriptions``).
    public var _description: WidgetDescription { EmptyWidgetConfiguration()._description }

    private func modified(_ change: (inout ActivityDescription) -> Void) -> ActivityConfiguration {
        var d = _activityDescription
        change(&d)
        return ActivityConfiguration(description: d)
    }

    /// The lock screen card's background.
    public func activityBackgroundTint(_ color: Color?) -> ActivityConfiguration {
        let views = _activityDescription.views
        return modified { d in
            d.views = { record, isStale throws(ActivityPayloadError) in
                let v = try views(record, isStale)
                return ActivityViews(lockScreen: v.lockScreen, island: v.island, backgroundTint: color)
            }
        }
    }

    /// A name for people, shown by `widgetdash activity types` (a widgetdash addition).
    public func configurationDisplayName(_ name: String) -> ActivityConfiguration {
        modified { $0.displayName = TextSanitizer.sanitize(name, keepNewlines: false) }
    }

    /// What the type shows and the JSON it takes, for `widgetdash activity types` (a widgetdash addition).
    public func description(_ text: String) -> ActivityConfiguration {
        modified { $0.description = TextSanitizer.sanitize(text) }
    }

    /// Sample attributes and state for previews and `widgetdash activity preview` (a widgetdash
    /// addition standing in for Xcode's `#Preview(as:using:)`).
    public func previewContext(_ attributes: Attributes, state: Attributes.ContentState) -> ActivityConfiguration {
        modified { d in
            if let a = try? ActivityCoding.encode(attributes), let s = try? ActivityCoding.encode(state) { d.preview = (a, s) }
        }
    }
}

/// The configurations that are Live Activities, whatever their attributes type.
protocol ActivityConfigurationProviding {
    var _activityDescription: ActivityDescription { get }
}

extension ActivityConfiguration: ActivityConfigurationProviding {}

extension WidgetBundle {
    /// The Live Activity types of the bundle, in bundle order.
    public var activityDescriptions: [ActivityDescription] {
        BundleContents(self).activities
    }
}

extension View {
    /// The lock screen card's background, as ActivityKit's view modifier on the lock screen
    /// view (``ActivityConfiguration/activityBackgroundTint(_:)`` on the configuration wins).
    public func activityBackgroundTint(_ color: Color?) -> some View {
        modified { env, context, content in
            context.outputs.activityBackgroundTint = color
            return content(env)
        }
    }

    /// The color of the system's buttons on the card (ActivityKit); the card has none here, so
    /// it is accepted and not used.
    public func activitySystemActionForegroundColor(_ color: Color?) -> some View { self }
}
