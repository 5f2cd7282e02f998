import WidgetDash

/// ANSI SGR escapes for cell styles, for text printed outside the ncurses screen:
/// `snapshot --color`, `activity preview --color` and the render benchmark's byte counts.
///
/// ```swift
/// print(ANSI.lines(of: canvas).joined(separator: "\n"))
/// ```
public enum ANSI {
    /// The SGR sequence that sets exactly `style`: a reset, then its attributes and colors.
    public static func sgr(_ style: CellStyle) -> String {
        var codes = ["0"]
        let a = style.attributes
        if a.contains(.bold) { codes.append("1") }
        if a.contains(.dim) { codes.append("2") }
        if a.contains(.italic) { codes.append("3") }
        if a.contains(.underline) { codes.append("4") }
        if a.contains(.reverse) { codes.append("7") }
        codes += colorCodes(style.foreground, foreground: true)
        codes += colorCodes(style.background, foreground: false)
        return "\u{1B}[" + codes.joined(separator: ";") + "m"
    }

    /// The canvas as text with SGR escapes for colors and attributes, one string per row, each
    /// ending in a reset (wide glyphs once, continuations skipped, as in `Canvas.lines`).
    public static func lines(of canvas: Canvas) -> [String] {
        (0..<canvas.height).map { y in
            var s = ""
            var current: CellStyle? = nil
            for x in 0..<canvas.width {
                let c = canvas[x, y]
                if c.isContinuation { continue }
                if c.style != current {
                    s += sgr(c.style)
                    current = c.style
                }
                s += c.text
            }
            return s + "\u{1B}[0m"
        }
    }

    /// The bytes that update a terminal showing `old` to show `new`: cursor moves, SGR changes
    /// and the changed cells only (a different size repaints it all).
    ///
    /// The ncurses layer does its own writing; this encoder, with the same rule (skip unchanged
    /// cells), is what the render benchmark and the tests use to count what a frame costs.
    public static func update(from old: Canvas?, to new: Canvas) -> [UInt8] {
        var out: [UInt8] = []
        let full = old?.size != new.size
        var style: CellStyle? = nil
        var cursor: (x: Int, y: Int)? = nil
        for y in 0..<new.height {
            var x = 0
            while x < new.width {
                let cell = new[x, y]
                let changed = full || old.map { $0[x, y] != cell } ?? true
                if !changed || cell.isContinuation { x += 1; continue }
                if cursor.map({ $0.x != x || $0.y != y }) ?? true {
                    out += Array("\u{1B}[\(y + 1);\(x + 1)H".utf8)
                }
                if cell.style != style {
                    out += Array(sgr(cell.style).utf8)
                    style = cell.style
                }
                out += Array(cell.text.utf8)
                let advance = max(1, Int(cell.width))
                cursor = (x + advance, y)
                x += advance
            }
        }
        return out
    }

    private static func colorCodes(_ color: TerminalColor, foreground: Bool) -> [String] {
        switch color {
        case .default: return []
        case .indexed(let i): return [foreground ? "38" : "48", "5", String(i)]
        case .rgb(let r, let g, let b): return [foreground ? "38" : "48", "2", String(r), String(g), String(b)]
        }
    }
}
