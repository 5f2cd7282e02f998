import Foundation
import WidgetDash

/// The home screen's status line: the app's state on the left (lock, notices, page dots), the
/// time and the keys on the right.
///
/// A value rendered purely into a frame; its clock asks for a redraw at the next minute.
struct StatusLine {
    /// " widgetdash" and what follows it (the lock, a notice).
    var left: String
    /// "08:15", or the time traveller's "⏱ simulated …".
    var time: String
    var pageCount: Int
    var page: Int
    var locked: Bool

    /// The first moment after `now` that shows another minute.
    static func nextMinute(after now: Date) -> Date {
        Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60 + 60)
    }

    func render(into frame: inout Frame, now: Date, palette: Palette) {
        guard frame.canvas.height > 0 else { return }
        frame.redraw(at: Self.nextMinute(after: now))
        let y = frame.canvas.height - 1
        let width = frame.canvas.width
        let style = CellStyle(foreground: palette.statusLineForeground, background: palette.statusLineBackground)
        frame.canvas.fill(CellRect(x: 0, y: y, width: width, height: 1), style: style)
        var left = self.left
        if pageCount > 1 {
            left += "  " + (0..<pageCount).map { $0 == page ? "●" : "○" }.joined(separator: " ")
        }
        let hints = locked ? "l unlock  q quit " : pageCount > 1 ? "PgUp/PgDn pages  ? help  q quit " : "? help  q quit "
        let right = time + "   " + hints
        frame.canvas.write(left, x: 0, y: y, style: CellStyle(foreground: palette.statusLineForeground, background: palette.statusLineBackground, attributes: .bold))
        let rx = width - TextWidth.width(of: right)
        if rx > TextWidth.width(of: left) + 1 { frame.canvas.write(right, x: rx, y: y, style: style) }
    }
}

/// What the home screen shows when not even its smallest widget fits.
enum TooSmallScreen {
    static func render(needed: CellSize, into screen: inout Canvas, palette: Palette) {
        let message = "Terminal too small: \(screen.width)×\(screen.height). Needs at least \(needed.width)×\(needed.height + 1)."
        let lines = TextWidth.wrap(message, toWidth: max(1, screen.width))
        let top = max(0, (screen.height - 1 - lines.count) / 2)
        let style = CellStyle(foreground: palette.primary, background: palette.background)
        for (i, line) in lines.enumerated() where top + i < screen.height - 1 {
            screen.write(line, x: max(0, (screen.width - TextWidth.width(of: line)) / 2), y: top + i, style: style)
        }
    }
}

/// The help overlay (`?`, F1): the keys, in one column when the screen is tall enough, else two.
///
/// A screen in the Elm shape: ``handle(_:)`` says what a key does, ``render(into:palette:)``
/// draws it and writes nothing else.
public enum HelpScreen {
    /// Any key closes the help; `q` quits as well.
    public static func handle(_ key: Key) -> ScreenEffect {
        key == .character("q") ? .closeAndQuit : .close
    }

    /// The keys: short enough that two columns fit 80×24.
    public static let keys: [(String, String)] = [
        ("q, Ctrl-C", "quit"),
        ("?", "show or hide this help"),
        ("PgDn, n", "next page"),
        ("PgUp, p", "previous page"),
        ("1-9", "go to page"),
        ("Tab, ⇧Tab", "next, previous control"),
        ("arrows", "move the focus that way"),
        ("Enter/Space", "tap it (a click taps)"),
        ("r", "reload focused widget"),
        ("R", "reload every widget"),
        ("e", "edit widget options"),
        ("<, >", "rotate a Smart Stack"),
        ("c", "control center"),
        ("x", "open the Live Activity"),
        ("x (locked)", "clear ended activities"),
        ("Esc", "close what is open"),
        ("i", "scheduler inspector"),
        ("], }", "travel 15 min, 1 hour"),
        ("0", "back to real time"),
        ("t, T", "light/dark, next theme"),
        ("l", "lock or unlock"),
        ("g", "gallery"),
        ("d", "demo by family"),
        ("s", "StandBy"),
    ]

    /// Draws the overlay in the middle of `screen`.
    public static func render(into screen: inout Canvas, palette: Palette) {
        let keyWidth = (keys.map { TextWidth.width(of: $0.0) }.max() ?? 8) + 2
        let lines = keys.map { key, action in key + String(repeating: " ", count: max(1, keyWidth - TextWidth.width(of: key))) + action }
        let lineWidth = lines.map { TextWidth.width(of: $0) }.max() ?? 20
        let columns = lines.count + 4 <= screen.height ? 1 : 2
        let rows = (lines.count + columns - 1) / columns
        let gap = 3
        let width = min(screen.width, columns * lineWidth + (columns - 1) * gap + 6)
        let height = min(screen.height, rows + 4)
        let rect = CellRect(x: (screen.width - width) / 2, y: (screen.height - height) / 2, width: width, height: height)
        let bg = CellStyle(foreground: palette.primary, background: palette.widgetBackground)
        screen.fill(rect, style: bg)
        screen.drawBox(rect, border: .rounded, style: CellStyle(foreground: palette.focusedBorder), title: "Keys",
                       titleStyle: CellStyle(foreground: palette.focusedBorder, attributes: .bold))
        screen.withClip(rect.inset(by: 1)) { s in
            for (i, line) in lines.enumerated() {
                let column = i / rows
                s.write(line, x: rect.x + 3 + column * (lineWidth + gap), y: rect.y + 2 + i % rows, style: bg)
            }
        }
    }
}
