import Foundation
import WidgetDash

/// The control center (`c`): the controls as tiles in a grid over the screen, like iOS 18's.
public enum ControlCenterScreen {
    /// Tab and the arrows move the focus among `count` tiles in `columns`, Enter and Space tap
    /// the focused one, Esc and c close.
    public static func handle(_ key: Key, focus: inout Int?, count: Int, columns: Int) -> ScreenEffect? {
        func move(_ delta: Int) {
            guard count > 0 else { return }
            let current = focus ?? 0
            focus = ((current + delta) % count + count) % count
        }
        switch key {
        case .escape, .character("c"): return .close
        case .character("q"), .control("c"), .control("d"): return .notHandled
        case .tab, .right: move(1)
        case .backTab, .left: move(-1)
        case .down: move(columns)
        case .up: move(-columns)
        case .enter, .character(" "):
            if let i = focus { return .act(i) }
        default:
            break
        }
        return nil
    }

    /// One control as drawn.
    public struct Tile {
        public var title: String
        /// The template's label (a button's label, a toggle's value label).
        public var label: AnyView
        /// A toggle's state; nil for a button.
        public var isOn: Bool?
        /// The last fetch failed: the value shown is the last known one.
        public var isStale: Bool
        public var isFetching: Bool
        /// A failed action's message.
        public var message: String?
    }

    public static let tileSize = CellSize(width: 24, height: 5)
    static let gutter = 2

    /// How many tiles fit side by side on a screen this wide.
    public static func columns(for width: Int) -> Int {
        max(1, min(4, (width - 4 + gutter) / (tileSize.width + gutter)))
    }

    /// Draws the tiles and returns their rectangles on screen (for clicks).
    public static func draw(_ tiles: [Tile], focused: Int?, into screen: inout Canvas, environment: EnvironmentValues,
                            now: Date, locked: Bool) -> [CellRect] {
        let palette = environment.palette
        let columns = columns(for: screen.width)
        let rows = max(1, (tiles.count + columns - 1) / columns)
        let gridWidth = columns * tileSize.width + (columns - 1) * gutter
        let gridHeight = rows * tileSize.height + (rows - 1)
        let frame = CellRect(x: max(0, (screen.width - gridWidth - 4) / 2), y: max(0, (screen.height - 1 - gridHeight - 4) / 2),
                             width: min(screen.width, gridWidth + 4), height: min(max(0, screen.height - 1), gridHeight + 4))
        let background = CellStyle(foreground: palette.primary, background: palette.background)
        screen.fill(frame, style: background)
        screen.drawBox(frame, border: .rounded, style: CellStyle(foreground: palette.focusedBorder, background: palette.background),
                       title: locked ? "Control Center · locked" : "Control Center",
                       titleStyle: CellStyle(foreground: palette.focusedBorder, background: palette.background, attributes: .bold))
        if tiles.isEmpty {
            screen.withClip(frame.inset(by: 1)) { _ = $0.write("No controls", x: frame.x + 2, y: frame.y + 2, style: background) }
            return []
        }
        var rects: [CellRect] = []
        screen.withClip(frame.inset(by: 1)) { s in
            for (i, tile) in tiles.enumerated() {
                let rect = CellRect(x: frame.x + 2 + (i % columns) * (tileSize.width + gutter),
                                    y: frame.y + 2 + (i / columns) * (tileSize.height + 1),
                                    width: tileSize.width, height: tileSize.height)
                rects.append(rect)
                drawTile(tile, focused: focused == i, in: rect, canvas: &s, environment: environment, now: now, locked: locked)
            }
        }
        return rects
    }

    private static func drawTile(_ tile: Tile, focused: Bool, in rect: CellRect, canvas: inout Canvas,
                                 environment: EnvironmentValues, now: Date, locked: Bool) {
        let palette = environment.palette
        let on = tile.isOn == true
        let fill = CellStyle(foreground: palette.primary, background: palette.widgetBackground)
        canvas.fill(rect, style: fill)
        canvas.drawBox(rect, border: .rounded,
                       style: CellStyle(foreground: focused ? palette.focusedBorder : on ? palette.tint : palette.border,
                                        background: palette.widgetBackground, attributes: focused ? .bold : []))
        let inner = rect.inset(top: 1, leading: 2, bottom: 1, trailing: 2)
        // Locked: controls redact their text (kept in shape, as a placeholder is).
        func shown(_ text: String) -> String { locked ? String(text.map { $0 == " " ? " " : "▒" }) : text }
        let titleStyle = CellStyle(foreground: locked ? palette.redaction : palette.primary, background: palette.widgetBackground,
                                   attributes: focused ? [.bold, .reverse] : .bold)
        canvas.withClip(inner) { s in
            _ = s.write(shown(tile.title), x: inner.x, y: inner.y, style: titleStyle)
            if focused && !locked {
                // The focus style covers the whole title row, so short titles show it too.
                s.markFocused(CellRect(x: inner.x, y: inner.y, width: inner.width, height: 1), color: palette.focusedBorder)
            }
        }
        var env = environment
        env.widgetFamily = .accessoryRectangular
        if locked { env.redactionReasons.insert(.placeholder) }
        let labelRect = CellRect(x: inner.x, y: inner.y + 1, width: inner.width, height: 1)
        // Left-aligned like a tile's text, not centred as a widget's content is.
        let label = ViewRenderer.render(tile.label.frame(maxWidth: .infinity, alignment: .leading).lineLimit(1),
                                        size: labelRect.size, environment: env, now: now, background: palette.widgetBackground)
        canvas.withClip(labelRect) { $0.draw(label.canvas, at: labelRect.origin) }
        var status: String
        var statusColor = palette.secondary
        if let isOn = tile.isOn {
            status = isOn ? "● On" : "○ Off"
            if isOn { statusColor = palette.tint }
        } else {
            status = "Enter to run"
        }
        if tile.isFetching { status += " …" }
        if tile.isStale { status += " ⚠ last known"; statusColor = palette.orange }
        if let message = tile.message { status = "⚠ " + message; statusColor = palette.red }
        canvas.withClip(inner) { s in
            _ = s.write(locked ? shown(status) : status, x: inner.x, y: inner.y + 2,
                        style: CellStyle(foreground: locked ? palette.redaction : statusColor, background: palette.widgetBackground))
        }
    }
}
