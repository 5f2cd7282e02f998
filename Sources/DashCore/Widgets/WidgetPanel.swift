import Foundation
import WidgetDash

/// What a panel shows besides its content: loading, stale, an error.
public enum PanelStatus: Hashable, Sendable {
    case ok
    /// No timeline yet: the placeholder is shown redacted.
    case loading
    /// The last reload was abandoned or deferred; the content shown is older than it should be.
    case stale(String)
    /// The provider failed; the message is shown in the panel.
    case failed(String)
    /// A policy reload is due but waits: for the budget to refill (until the date) or for an
    /// unlock (nil). The content shown is older than its timeline asked for.
    case deferred(until: Date?)
}

/// Draws one widget as a panel of its family's exact size: frame, title, content, status.
///
/// Used by the home screen, the snapshot command and the goldens, so all three draw a widget
/// the same way.
public struct WidgetPanel {
    public var description: WidgetDescription
    public var family: WidgetFamily

    public init(description: WidgetDescription, family: WidgetFamily) {
        self.description = description
        self.family = family
    }

    /// The panel drawn for `entry` (nil: the placeholder) at `now`; `locked` draws it as the
    /// locked device shows it. `placeholder` is the instance's own (one its last answer brought),
    /// else the provider is asked.
    public func render(
        entry: (any TimelineEntry)?,
        environment baseEnvironment: EnvironmentValues,
        now: Date,
        status: PanelStatus = .ok,
        focused: Bool = false,
        locked: Bool = false,
        interaction: PanelInteraction = PanelInteraction(),
        stack: (position: Int, count: Int)? = nil,
        placeholder: (any TimelineEntry)? = nil
    ) -> RenderedView {
        let resolved = resolve(entry: entry, environment: baseEnvironment, locked: locked, interaction: interaction, placeholder: placeholder)
        return render(resolved, now: now, status: status, focused: focused, interaction: interaction, stack: stack)
    }

    /// The widget's view made for `entry` (nil: the placeholder), to be drawn by
    /// ``render(_:now:status:focused:interaction:stack:)`` as often as needed while the entry,
    /// the environment, the lock and the interaction's toggles and invalidation stand.
    func resolve(
        entry: (any TimelineEntry)?,
        environment baseEnvironment: EnvironmentValues,
        locked: Bool,
        interaction: PanelInteraction,
        placeholder: (any TimelineEntry)?
    ) -> ResolvedPanel {
        var env = baseEnvironment
        env.widgetFamily = family
        if interaction.invalidated { env.redactionReasons.insert(.invalidated) }
        // Only full color keeps the container background; vibrant and accented modes drop it.
        if env.widgetRenderingMode != .fullColor { env.showsWidgetContainerBackground = false }
        var entry = entry
        if locked {
            // Locked: private views are masked, and completely protected data is not readable
            // at all, so the widget shows its placeholder.
            env.redactionReasons.insert(.privacy)
            if description.dataProtection == .complete { entry = nil }
        }
        let shownEntry: any TimelineEntry
        if let entry {
            shownEntry = entry
        } else {
            shownEntry = placeholder ?? description.provider.placeholder(TimelineProviderContext(family: family))
            env.redactionReasons.insert(.placeholder)
        }
        let prepared = ViewRenderer.prepare(description.content(shownEntry), environment: env, toggleOverrides: interaction.toggleOverrides)
        return ResolvedPanel(prepared: prepared, palette: env.palette, showsContainerBackground: env.showsWidgetContainerBackground)
    }

    /// Draws the panel of a view made by ``resolve(entry:environment:locked:interaction:placeholder:)``
    /// at `now`: frame, title, content, status.
    func render(
        _ resolved: ResolvedPanel,
        now: Date,
        status: PanelStatus,
        focused: Bool,
        interaction: PanelInteraction,
        stack: (position: Int, count: Int)?
    ) -> RenderedView {
        let palette = resolved.palette
        let prepared = resolved.prepared
        let size = family.size
        let isSystem = !family.isAccessory
        let panelBackground: TerminalColor = isSystem ? palette.widgetBackground : .default

        let frameWidth = family.border == .none ? 0 : 1
        let margins = description.contentMarginsDisabled ? EdgeInsets() : family.contentMargins
        let contentRect = CellRect(
            x: frameWidth + margins.leading, y: frameWidth + margins.top,
            width: size.width - 2 * frameWidth - margins.leading - margins.trailing,
            height: size.height - 2 * frameWidth - margins.top - margins.bottom
        )

        // The panel's own background, or the widget's container background over the whole
        // panel (a `.default` one is transparent and leaves the panel's).
        var panelFill = panelBackground
        if let background = prepared.containerBackground, resolved.showsContainerBackground, isSystem, background != .default {
            panelFill = background
        }
        var canvas = Canvas(size: size, fill: .blank(CellStyle(background: panelFill)))
        // The content is drawn in place (a canvas of its own, copied in, cost a second pass
        // over every cell of every panel), over its own fill where that differs.
        let contentFill = prepared.fill(over: panelBackground)
        if contentFill != panelFill { canvas.fill(contentRect, style: CellStyle(background: contentFill)) }
        // Elements come back in panel coordinates, where the host hit-tests them.
        var rendered = prepared.draw(into: &canvas, in: contentRect, now: now)
        if !rendered.interactiveElements.isEmpty {
            if let focusedID = interaction.focusedElement,
               let element = rendered.interactiveElements.first(where: { $0.id == focusedID }) {
                canvas.markFocused(element.rect, color: palette.focusedBorder)
            }
        }
        if case .failed(let message) = status {
            drawError(message, in: contentRect, canvas: &canvas, palette: palette)
        }
        if let message = interaction.message {
            drawError(message, in: contentRect, canvas: &canvas, palette: palette)
        }

        let borderColor = focused ? palette.focusedBorder : palette.border
        var title: String? = isSystem ? description.displayName : nil
        if case .stale = status, isSystem { title = (title ?? "") + " · stale" }
        if case .deferred = status, isSystem { title = (title ?? "") + " · deferred" }
        canvas.drawBox(
            canvas.bounds, border: family.border,
            style: CellStyle(foreground: borderColor, attributes: focused ? .bold : []),
            title: title,
            titleStyle: CellStyle(foreground: focused ? palette.focusedBorder : palette.secondary, attributes: .bold)
        )
        if let stack { drawStackDots(stack, canvas: &canvas, color: borderColor) }
        rendered.canvas = canvas
        return rendered
    }

    /// A Smart Stack's position as dots in the middle of the bottom border (`○●○`); frameless
    /// accessory families have no border to put them in.
    private func drawStackDots(_ stack: (position: Int, count: Int), canvas: inout Canvas, color: TerminalColor) {
        guard family.border != .none, stack.count > 1, canvas.width >= stack.count + 2 else { return }
        let dots = (0..<stack.count).map { $0 == stack.position ? "●" : "○" }.joined()
        canvas.write(dots, x: (canvas.width - stack.count) / 2, y: canvas.height - 1, style: CellStyle(foreground: color))
    }

    /// Shows a provider's error over the lower part of the content, so the last good content
    /// (if any) stays readable above it.
    private func drawError(_ message: String, in rect: CellRect, canvas: inout Canvas, palette: Palette) {
        let text = "⚠ " + TextSanitizer.sanitize(message, keepNewlines: false)
        let lines = TextWidth.wrap(text, toWidth: rect.width)
        let shown = Array(lines.prefix(max(1, min(3, rect.height))))
        let top = rect.maxY - shown.count
        let style = CellStyle(foreground: palette.red, background: palette.widgetBackground)
        for (i, line) in shown.enumerated() {
            canvas.fill(CellRect(x: rect.x, y: top + i, width: rect.width, height: 1), style: style)
            canvas.withClip(rect) { $0.write(line, x: rect.x, y: top + i, style: style) }
        }
    }
}

/// A widget's view made from its entry for a panel (``WidgetPanel/resolve(entry:environment:locked:interaction:placeholder:)``),
/// drawn again at each moment while what it was made from stands.
///
/// WidgetKit makes a widget's view once per entry and the system draws it as often as the
/// screen needs; the dashboard does the same, so a redraw (a live timer's second, a focus move,
/// a resize) lays out and draws the view without making it again.
struct ResolvedPanel {
    let prepared: PreparedView
    let palette: Palette
    let showsContainerBackground: Bool

    /// What a panel's view was made from, as the dashboard tells when it still stands.
    struct Key: Equatable {
        var content: WidgetInstance.ContentKey
        var environment: Int
        var generation: Int
        var locked: Bool
        var invalidated: Bool
        var toggleOverrides: [Int: Bool]
    }
}
