import Foundation

// `#Preview`, in the forms iOS has for widgets, Live Activities and views. Each expands (the
// WidgetDashMacros plugin) into a global that registers a `_Preview` made from the same
// arguments, so `widgetdash preview --extension PATH` can list and draw it
// (docs/writing-a-widget.md, "Previews").

/// A preview of a view: `#Preview { WeatherCard(city: "Oslo") }`, as SwiftUI's.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, @ViewBuilder body: @escaping @MainActor () -> any View)
    = #externalMacro(module: "WidgetDashMacros", type: "PreviewMacro")

/// A preview of a view with traits, as SwiftUI's: `#Preview(traits: .sizeThatFitsLayout) { … }`.
@freestanding(declaration)
public macro Preview(_ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>, _ additionalTraits: PreviewTrait<Preview.ViewTraits>...,
                     @ViewBuilder body: @escaping @MainActor () -> any View)
    = #externalMacro(module: "WidgetDashMacros", type: "PreviewMacro")

/// A preview of a widget in a family, stepping through the entries of `timeline`, as WidgetKit's.
///
/// ```swift
/// #Preview(as: .systemSmall) {
///     EmojiWidget()
/// } timeline: {
///     SimpleEntry(date: .now, emoji: "😀")
///     SimpleEntry(date: .now, emoji: "🤩")
/// }
/// ```
@freestanding(declaration)
public macro Preview<W: Widget>(_ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
                                @PreviewTimelineBuilder timeline: @escaping @MainActor () async -> [any TimelineEntry])
    = #externalMacro(module: "WidgetDashMacros", type: "PreviewMacro")

/// A preview of a widget in a family with the entries of a provider's timeline.
@freestanding(declaration)
public macro Preview<W: Widget, Provider: TimelineProvider>(_ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
                                                            timelineProvider: @escaping () -> Provider)
    = #externalMacro(module: "WidgetDashMacros", type: "PreviewMacro")

/// A preview of a configurable widget: the provider's timeline for `intent`.
@freestanding(declaration)
public macro Preview<W: Widget, Provider: AppIntentTimelineProvider>(_ name: String? = nil, as family: WidgetFamily, using intent: Provider.Intent,
                                                                     widget: @escaping () -> W, timelineProvider: @escaping () -> Provider)
    = #externalMacro(module: "WidgetDashMacros", type: "PreviewMacro")

/// A preview of a widget configured with a SiriKit intent: the provider's timeline for `intent`.
@freestanding(declaration)
public macro Preview<W: Widget, Provider: IntentTimelineProvider>(_ name: String? = nil, as family: WidgetFamily, using intent: Provider.Intent,
                                                                  widget: @escaping () -> W, timelineProvider: @escaping () -> Provider)
    = #externalMacro(module: "WidgetDashMacros", type: "PreviewMacro")

/// A preview of a Live Activity's presentation for each of `contentStates`, as WidgetKit's.
@freestanding(declaration)
public macro Preview<W: Widget, Attributes: ActivityAttributes>(
    _ name: String? = nil, as viewKind: ActivityPreviewViewKind, using attributes: Attributes, widget: @escaping () -> W,
    @PreviewActivityBuilder<Attributes> contentStates: @escaping @MainActor () async -> [Attributes.ContentState]
) = #externalMacro(module: "WidgetDashMacros", type: "PreviewMacro")

/// Collects a preview's timeline entries, one per statement, as WidgetKit's `PreviewTimelineBuilder`.
@resultBuilder
public enum PreviewTimelineBuilder {
    public static func buildExpression(_ entry: any TimelineEntry) -> [any TimelineEntry] { [entry] }
    public static func buildExpression(_ entries: [any TimelineEntry]) -> [any TimelineEntry] { entries }
    public static func buildBlock(_ parts: [any TimelineEntry]...) -> [any TimelineEntry] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [any TimelineEntry]?) -> [any TimelineEntry] { part ?? [] }
    public static func buildEither(first part: [any TimelineEntry]) -> [any TimelineEntry] { part }
    public static func buildEither(second part: [any TimelineEntry]) -> [any TimelineEntry] { part }
    public static func buildArray(_ parts: [[any TimelineEntry]]) -> [any TimelineEntry] { parts.flatMap { $0 } }
}

/// Collects a Live Activity preview's content states, as WidgetKit's `PreviewActivityBuilder`.
@resultBuilder
public struct PreviewActivityBuilder<A: ActivityAttributes> {
    public static func buildExpression(_ state: A.ContentState) -> [A.ContentState] { [state] }
    public static func buildPartialBlock(first: [A.ContentState]) -> [A.ContentState] { first }
    public static func buildPartialBlock(accumulated: [A.ContentState], next: [A.ContentState]) -> [A.ContentState] { accumulated + next }
    public static func buildArray(_ parts: [[A.ContentState]]) -> [A.ContentState] { parts.flatMap { $0 } }
    public static func buildOptional(_ part: [A.ContentState]?) -> [A.ContentState] { part ?? [] }
    public static func buildEither(first part: [A.ContentState]) -> [A.ContentState] { part }
    public static func buildEither(second part: [A.ContentState]) -> [A.ContentState] { part }
}

/// The namespace of a preview's traits, as DeveloperToolsSupport's `Preview` (`Preview.ViewTraits`).
public struct Preview {
    /// The traits of a view's preview.
    public enum ViewTraits {}
}

/// A trait of a view's preview, as SwiftUI's `PreviewTrait`: its layout counts; the
/// orientations are accepted and change nothing (a terminal has one).
public struct PreviewTrait<T>: Sendable {
    /// How a view preview is sized.
    package enum Layout: Hashable, Sendable {
        /// The content area of the family asked (systemMedium by default).
        case family
        /// The size the view asks for, at most 80 columns by 24 rows.
        case sizeThatFits
        /// A size in points, as iOS code gives it (7.2 points a column, 14.4 a row).
        case fixed(width: Double, height: Double)
    }

    /// Nil for a trait that does not change the layout.
    package let layout: Layout?
}

extension PreviewTrait where T == Preview.ViewTraits {
    public static var defaultLayout: PreviewTrait { PreviewTrait(layout: .family) }
    public static var sizeThatFitsLayout: PreviewTrait { PreviewTrait(layout: .sizeThatFits) }
    public static func fixedLayout(width: Double, height: Double) -> PreviewTrait { PreviewTrait(layout: .fixed(width: width, height: height)) }
    public static var portrait: PreviewTrait { PreviewTrait(layout: nil) }
    public static var portraitUpsideDown: PreviewTrait { PreviewTrait(layout: nil) }
    public static var landscapeLeft: PreviewTrait { PreviewTrait(layout: nil) }
    public static var landscapeRight: PreviewTrait { PreviewTrait(layout: nil) }
}
