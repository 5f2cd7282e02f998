import Foundation

/// Views to look at while writing a widget, as SwiftUI's `PreviewProvider`.
///
/// ```swift
/// struct ClockWidget_Previews: PreviewProvider {
///     static var previews: some View {
///         ClockView(entry: ClockEntry(date: .now))
///             .previewContext(WidgetPreviewContext(family: .systemSmall))
///     }
/// }
/// ```
///
/// widgetdash compiles previews so iOS code builds as it is; it does not list them yet (the
/// gallery and `widgetdash snapshot` show a widget's snapshot entry instead).
public protocol PreviewProvider {
    associatedtype Previews: View
    @ViewBuilder static var previews: Previews { get }
}

/// The family a preview draws a widget's view in, as WidgetKit's `WidgetPreviewContext`.
public struct WidgetPreviewContext: Hashable, Sendable {
    public var family: WidgetFamily
    public init(family: WidgetFamily) { self.family = family }
}

/// How a preview is laid out, as SwiftUI's `PreviewLayout`; accepted for previews, not used.
public enum PreviewLayout: Hashable, Sendable {
    case device
    case sizeThatFits
    case fixed(width: Double, height: Double)
}

/// A device a preview imitates, as SwiftUI's `PreviewDevice`; accepted for previews, not used.
public struct PreviewDevice: Hashable, Sendable, ExpressibleByStringLiteral, RawRepresentable {
    public var rawValue: String
    public init(rawValue: String) { self.rawValue = rawValue }
    public init(stringLiteral value: String) { rawValue = value }
}

extension View {
    /// Draws the view as a widget of the context's family (its `widgetFamily` environment).
    public func previewContext(_ context: WidgetPreviewContext) -> some View {
        transformEnvironment { $0.widgetFamily = context.family }
    }

    /// A name for the preview; previews are not listed, so it is accepted and not shown.
    public func previewDisplayName(_ name: String?) -> some View { self }

    /// The preview's layout; accepted, not used.
    public func previewLayout(_ layout: PreviewLayout) -> some View { self }

    /// The device a preview imitates; accepted, not used.
    public func previewDevice(_ device: PreviewDevice?) -> some View { self }
}

/// Which of an activity's views a preview shows, as ActivityKit's `ActivityPreviewViewKind`.
public enum ActivityPreviewViewKind: Hashable, Sendable {
    /// A presentation of the Dynamic Island.
    public enum DynamicIslandPresentation: Hashable, Sendable { case compact, expanded, minimal }
    /// The lock screen card.
    case content
    case dynamicIsland(DynamicIslandPresentation)
}

extension ActivityAttributes {
    /// A preview of this activity with `contentState`, as iOS 16.2's `previewContext(_:viewKind:)`.
    ///
    /// The attributes do not know their configuration's views, so the preview is empty here;
    /// `ActivityConfiguration.previewContext(_:state:)` gives `widgetdash activity preview` its sample.
    public func previewContext(_ contentState: ContentState, viewKind: ActivityPreviewViewKind) -> some View {
        EmptyView()
    }
}
