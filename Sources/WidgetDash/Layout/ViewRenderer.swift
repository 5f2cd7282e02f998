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
    /// The texts that change by themselves, as an extension sends them (recorded on request).
    package var liveTexts: [WireLiveText] = []
}

/// Lays out a view in a size and draws it: the engine's one entry point.
public enum ViewRenderer {
    /// The size `view` asks for when offered at most `size` (never more): what a host needs to
    /// fit a small view, such as a Live Activity's compact presentation, to its content.
    public static func idealSize<V: View>(of view: V, in size: CellSize, environment: EnvironmentValues, now: Date) -> CellSize {
        let root = resolveSingle(view, environment, ResolveContext())
        let context = RenderContext(now: now)
        context.contentBounds = CellRect(x: 0, y: 0, width: size.width, height: size.height)
        let wanted = root.sizeThatFits(ProposedSize(size), context)
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
        let prepared = prepare(view, environment: environment, toggleOverrides: toggleOverrides)
        var canvas = Canvas(size: size, fill: .blank(CellStyle(background: prepared.fill(over: background))))
        var rendered = prepared.draw(into: &canvas, in: canvas.bounds, now: now)
        rendered.canvas = canvas
        return rendered
    }

    /// Resolves `view` for drawing into a canvas of the host's own with
    /// ``PreparedView/draw(into:in:now:)``, so that a host that frames the content (a widget's
    /// panel) learns the container background first and draws in place: a canvas for the
    /// content, copied into the panel, cost a second pass over every cell.
    package static func prepare<V: View>(_ view: V, environment: EnvironmentValues, toggleOverrides: [Int: Bool] = [:]) -> PreparedView {
        let resolveContext = ResolveContext()
        resolveContext.toggleOverrides = toggleOverrides
        let root = resolveSingle(view, environment, resolveContext)
        var containerBackground: TerminalColor? = nil
        if let style = resolveContext.outputs.containerBackground { containerBackground = environment.resolve(style) }
        return PreparedView(root: root, resolveContext: resolveContext, resolved: resolveContext.outputs, environment: environment,
                            containerBackground: containerBackground)
    }
}

/// A view resolved by ``ViewRenderer/prepare(_:environment:toggleOverrides:)``, to be drawn
/// once or again and again (each draw lays it out anew, for its moment).
///
/// Not `Sendable`: its layout nodes remember answers while they are drawn, so a prepared view
/// stays with whoever made it.
package struct PreparedView {
    let root: LayoutNode
    let resolveContext: ResolveContext
    /// What resolving wrote, before any draw (see ``ResolveContext/outputs``).
    let resolved: ResolveContext.Outputs
    let environment: EnvironmentValues
    /// The widget's container background, if its view set one (already resolved).
    package let containerBackground: TerminalColor?

    /// The color the view's rectangle is filled with before drawing, over `background`: the
    /// container background when the view sets one and the environment shows it.
    package func fill(over background: TerminalColor) -> TerminalColor {
        if let containerBackground, environment.showsWidgetContainerBackground { return containerBackground }
        return background
    }

    /// Lays out the view and draws it centred in `rect` of `canvas`, which the caller has
    /// filled with ``fill(over:)``; nothing outside `rect` is touched. The result is what
    /// ``ViewRenderer/render(_:size:environment:now:background:toggleOverrides:)`` reports,
    /// with the interactive elements in `canvas`'s coordinates and an empty `canvas`.
    package func draw(into canvas: inout Canvas, in rect: CellRect, now: Date, recordsLiveText: Bool = false) -> RenderedView {
        resolveContext.outputs = resolved
        let context = RenderContext(now: now, pass: resolveContext.passesDrawn)
        resolveContext.passesDrawn += 1
        if recordsLiveText { context.liveTexts = [] }
        context.contentBounds = rect
        let wanted = root.sizeThatFits(ProposedSize(rect.size), context)
        let clipped = CellSize(width: min(wanted.width, rect.width), height: min(wanted.height, rect.height))
        let content = CellRect(origin: Alignment.center.origin(of: clipped, in: rect), size: clipped)
        canvas.withClip(content) { root.render(in: content, canvas: &$0, context) }
        return RenderedView(
            canvas: Canvas(width: 0, height: 0),
            nextRefresh: context.nextRefresh,
            containerBackground: containerBackground,
            widgetURL: resolveContext.outputs.widgetURL,
            interactiveElements: context.interactiveElements,
            misuses: resolveContext.outputs.misuses,
            liveTexts: context.liveTexts ?? []
        )
    }
}
