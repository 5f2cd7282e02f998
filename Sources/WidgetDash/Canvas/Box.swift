extension Canvas {
    /// Draws a frame around `rect` (its outermost cells), with an optional title in the top
    /// border, truncated with "…" to fit between the corners.
    package mutating func drawBox(_ rect: CellRect, border: PanelBorder, style: CellStyle, title: String? = nil, titleStyle: CellStyle? = nil) {
        guard border != .none, rect.width >= 2, rect.height >= 2 else { return }
        // Packed once: every panel of every frame draws a frame.
        let glyphs = border == .rounded ? BoxGlyphs.rounded : BoxGlyphs.square
        let right = rect.maxX - 1, bottom = rect.maxY - 1
        put(glyphs.topLeft, width: 1, x: rect.x, y: rect.y, style: style)
        put(glyphs.topRight, width: 1, x: right, y: rect.y, style: style)
        put(glyphs.bottomLeft, width: 1, x: rect.x, y: bottom, style: style)
        put(glyphs.bottomRight, width: 1, x: right, y: bottom, style: style)
        if rect.width > 2 {
            // Rows apart, so the top rule and the bottom one are written one after the other.
            let rule = Cell(glyph: glyphs.horizontal, width: 1, style: style)
            writeRun(columns: (rect.x + 1)..<right, y: rect.y) { _ in rule }
            writeRun(columns: (rect.x + 1)..<right, y: bottom) { _ in rule }
        }
        if rect.height > 2 {
            for y in (rect.y + 1)..<bottom {
                put(glyphs.vertical, width: 1, x: rect.x, y: y, style: style)
                put(glyphs.vertical, width: 1, x: right, y: y, style: style)
            }
        }
        if let title, !title.isEmpty, rect.width > 6 {
            // "┌ Title ─┐": a space either side of the title, at least one rule before the corner.
            let room = rect.width - 5
            let shown = TextWidth.truncate(title, toWidth: room)
            let x = rect.x + 2
            put(" ", width: 1, x: x - 1, y: rect.y, style: style)
            let used = withClip(CellRect(x: x, y: rect.y, width: room, height: 1)) {
                $0.write(shown, x: x, y: rect.y, style: titleStyle ?? style)
            }
            put(" ", width: 1, x: x + used, y: rect.y, style: style)
        }
    }
}

/// The characters of a frame, packed for the canvas.
private struct BoxGlyphs {
    let horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight: GraphemeStorage

    init(_ characters: [Character]) {
        let g = characters.map(GraphemeStorage.init)
        (horizontal, vertical, topLeft, topRight, bottomLeft, bottomRight) = (g[0], g[1], g[2], g[3], g[4], g[5])
    }

    static let rounded = BoxGlyphs(["─", "│", "╭", "╮", "╰", "╯"])
    static let square = BoxGlyphs(["─", "│", "┌", "┐", "└", "┘"])
}
