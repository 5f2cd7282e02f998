import Foundation
import WidgetDash

/// Chrome shared by the full-screen modes (gallery, demo, StandBy): a title row and a
/// status row with the mode's keys.
enum ShellChrome {
    static func title(_ text: String, right: String = "", into screen: inout Canvas, palette: Palette) {
        guard screen.height > 0 else { return }
        let style = CellStyle(foreground: palette.primary, background: palette.background, attributes: .bold)
        screen.write(" " + text, x: 0, y: 0, style: style)
        let rx = screen.width - TextWidth.width(of: right) - 1
        if !right.isEmpty, rx > TextWidth.width(of: text) + 2 {
            screen.write(right, x: rx, y: 0, style: CellStyle(foreground: palette.secondary, background: palette.background))
        }
    }

    static func status(_ left: String, keys: String, into screen: inout Canvas, palette: Palette) {
        guard screen.height > 0 else { return }
        let y = screen.height - 1
        let style = CellStyle(foreground: palette.statusLineForeground, background: palette.statusLineBackground)
        screen.fill(CellRect(x: 0, y: y, width: screen.width, height: 1), style: style)
        screen.write(" " + left, x: 0, y: y, style: CellStyle(foreground: palette.statusLineForeground, background: palette.statusLineBackground, attributes: .bold))
        let right = keys + " "
        let rx = screen.width - TextWidth.width(of: right)
        if rx > TextWidth.width(of: left) + 2 { screen.write(right, x: rx, y: y, style: style) }
    }

    /// Packs `families` into `area` of `screen` and draws each with `draw` (index, rect).
    /// Returns how many pages the packing needed.
    @discardableResult
    static func grid(_ families: [WidgetFamily], page: Int, area: CellRect, draw: (Int, CellRect) -> Void) -> Int {
        let packed = HomeLayout.pack(families, in: area.size)
        let shown = packed.pages[max(0, min(page, packed.pages.count - 1))]
        for placement in shown {
            draw(placement.index, CellRect(x: area.x + placement.rect.x, y: area.y + placement.rect.y,
                                           width: placement.rect.width, height: placement.rect.height))
        }
        return packed.pages.count
    }
}

/// The config's problems, drawn over the top of the home screen until a key is pressed.
public enum ProblemsPanel {
    public static func draw(_ problems: [ConfigProblem], fellBack: Bool, into screen: inout Canvas, palette: Palette) {
        guard !problems.isEmpty, screen.width > 8, screen.height > 4 else { return }
        let width = min(screen.width - 2, 100)
        // Lines, not paths: the title names the file, and the path may be long.
        var lines = problems.prefix(8).flatMap { p in
            let text = (p.line > 0 ? "line \(p.line): " : "") + (p.isWarning ? "warning: " : "") + p.message
            return TextWidth.wrap(TextSanitizer.sanitize(text, keepNewlines: false), toWidth: width - 4)
        }
        if problems.count > 8 { lines.append("… and \(problems.count - 8) more (widgetdash config check)") }
        lines.append(fellBack ? "Showing the default home screen. Any key closes this." : "Any key closes this.")
        let height = min(screen.height - 2, lines.count + 2)
        let rect = CellRect(x: (screen.width - width) / 2, y: 1, width: width, height: height)
        let style = CellStyle(foreground: palette.primary, background: palette.widgetBackground)
        screen.fill(rect, style: style)
        let hasErrors = problems.contains { !$0.isWarning }
        screen.drawBox(rect, border: .rounded, style: CellStyle(foreground: hasErrors ? palette.red : palette.yellow),
                       title: (hasErrors ? "Config problems · " : "Config warnings · ") + URL(fileURLWithPath: problems[0].file).lastPathComponent,
                       titleStyle: CellStyle(foreground: hasErrors ? palette.red : palette.yellow, attributes: .bold))
        screen.withClip(rect.inset(by: 1)) { s in
            for (i, line) in lines.prefix(height - 2).enumerated() { s.write(line, x: rect.x + 2, y: rect.y + 1 + i, style: style) }
        }
    }
}
