extension Canvas {
    /// Draws a frame around `rect` (its outermost cells), with an optional title in the top
    /// border, truncated with "…" to fit between the corners.
    public mutating func drawBox(_ rect: CellRect, border: PanelBorder, style: CellStyle, title: String? = nil, titleStyle: CellStyle? = nil) {
        guard border != .none, rect.width >= 2, rect.height >= 2 else { return }
        let (h, v, tl, tr, bl, br): (Character, Character, Character, Character, Character, Character) =
            border == .rounded ? ("─", "│", "╭", "╮", "╰", "╯") : ("─", "│", "┌", "┐", "└", "┘")
        let right = rect.maxX - 1, bottom = rect.maxY - 1
        put(tl, width: 1, x: rect.x, y: rect.y, style: style)
        put(tr, width: 1, x: right, y: rect.y, style: style)
        put(bl, width: 1, x: rect.x, y: bottom, style: style)
        put(br, width: 1, x: right, y: bottom, style: style)
        if rect.width > 2 {
            for x in (rect.x + 1)..<right {
                put(h, width: 1, x: x, y: rect.y, style: style)
                put(h, width: 1, x: x, y: bottom, style: style)
            }
        }
        if rect.height > 2 {
            for y in (rect.y + 1)..<bottom {
                put(v, width: 1, x: rect.x, y: y, style: style)
                put(v, width: 1, x: right, y: y, style: style)
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
