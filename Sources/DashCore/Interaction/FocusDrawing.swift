import WidgetDash

extension Canvas {
    /// Draws the keyboard focus over `rect`: reversed and bold in the theme's focus color, the
    /// one look of a focused button, toggle, link, control tile or activity button.
    mutating func markFocused(_ rect: CellRect, color: TerminalColor) {
        restyle(rect) { style in
            style.foreground = color
            style.attributes.insert([.reverse, .bold])
        }
    }
}

extension InteractiveElement {
    /// The same element with its rectangle moved by `offset`: from the canvas a view was drawn
    /// in to the panel, the island or the screen around it.
    func moved(by offset: CellPoint) -> InteractiveElement {
        var e = self
        e.rect.x += offset.x
        e.rect.y += offset.y
        return e
    }
}
