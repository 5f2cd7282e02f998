import Foundation

/// A view drawn into a canvas, with what the drawing learned about it.
public struct RenderedView {
    /// The drawn cells, exactly the size asked for.
    public var canvas: Canvas
    /// When the content will next change by itself (a live timer); nil when it will not.
    public var nextRefresh: Date?
    /// The widget's container background, if its view set one (already resolved).
    public var containerBackground: TerminalColor?
    /// The widget's URL, if its view set one.
    public var widgetURL: URL?
    /// The buttons, toggles and links drawn, with their rectangles in the canvas.
    public var interactiveElements: [InteractiveElement] = []
    /// Interactive views the family does not allow (a button in accessoryInline), drawn as plain
    /// content; `widgetdash list` reports them.
    public var misuses: [String] = []
}

/// Lays out a view in a size and draws it: the engine's one entry point.
public enum ViewRenderer {
    /// The size `view` asks for when offered at most `size` (never more): what a host needs to
    /// fit a small view, such as a Live Activity's compact presentation, to its content.
    public static func idealSize<V: View>(of view: V, in size: CellSize, environment: EnvironmentValues, now: Date) -> CellSize {
        let root = resolveSingle(view, environment, ResolveContext())
        let wanted = root.sizeThatFits(ProposedSize(size), RenderContext(now: now))
        return CellSize(width: max(0, min(wanted.width, size.width)), height: max(0, min(wanted.height, size.height)))
    }

    /// Renders `view` centred in a canvas of `size` (as WidgetKit centres a widget's content).
    ///
    /// The canvas is first filled with the widget's container background (its own, if the view
    /// sets one and the environment shows it, else `background`).
    /// `toggleOverrides` shows toggles (by element id) in a state other than the entry's: the
    /// host's optimistic flip after a tap.
    public static func render<V: View>(
        _ view: V,
        size: CellSize,
        environment: EnvironmentValues,
        now: Date,
        background: TerminalColor = .default,
        toggleOverrides: [Int: Bool] = [:]
    ) -> RenderedView {
        let resolveContext = ResolveContext()
        resolveContext.toggleOverrides = toggleOverrides
        let root = resolveSingle(view, environment, resolveContext)
        var fill = background
        var containerBackground: TerminalColor? = nil
        if let style = resolveContext.containerBackground {
            let color = environment.resolve(style)
            containerBackground = color
            if environment.showsWidgetContainerBackground { fill = color }
        }
        var canvas = Canvas(size: size, fill: .blank(CellStyle(background: fill)))
        let context = RenderContext(now: now)
        let wanted = root.sizeThatFits(ProposedSize(size), context)
        let clipped = CellSize(width: min(wanted.width, size.width), height: min(wanted.height, size.height))
        let rect = CellRect(origin: Alignment.center.origin(of: clipped, in: canvas.bounds), size: clipped)
        canvas.withClip(rect) { root.render(in: rect, canvas: &$0, context) }
        return RenderedView(
            canvas: canvas,
            nextRefresh: context.nextRefresh,
            containerBackground: containerBackground,
            widgetURL: resolveContext.widgetURL,
            interactiveElements: context.interactiveElements,
            misuses: resolveContext.misuses
        )
    }
}
