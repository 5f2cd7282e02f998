import Foundation
import WidgetDash

/// The gallery (`g`): one widget at a time, in bundle order, with its name, description and a
/// preview in each family it supports; the chosen family is highlighted.
public enum GalleryScreen {
    /// The widget shown (its index in the bundle) and the family chosen among those it supports.
    public struct State: Equatable, Sendable {
        public var selected: Int
        public var family: Int

        public init(selected: Int, family: Int) {
            self.selected = selected
            self.family = family
        }
    }

    /// ↑↓ (j/k) choose the widget, ←→ (h/l, Tab) its family, Enter adds it, Esc, g and q leave.
    public static func handle(_ key: Key, _ state: inout State, widgets: [WidgetDescription]) -> ScreenEffect? {
        let count = widgets.count
        let families = widgets.indices.contains(state.selected) ? widgets[state.selected].supportedFamilies.count : 1
        switch key {
        case .escape, .character("g"), .character("q"): return .leave
        case .down, .character("j"):
            state = State(selected: count == 0 ? 0 : (state.selected + 1) % count, family: 0)
        case .up, .character("k"):
            state = State(selected: count == 0 ? 0 : (state.selected + count - 1) % count, family: 0)
        case .right, .character("l"), .tab:
            state.family = (state.family + 1) % max(1, families)
        case .left, .character("h"), .backTab:
            state.family = (state.family + max(1, families) - 1) % max(1, families)
        case .enter:
            guard widgets.indices.contains(state.selected) else { break }
            let widget = widgets[state.selected]
            guard widget.supportedFamilies.indices.contains(state.family) else { break }
            return .add(kind: widget.kind, family: widget.supportedFamilies[state.family])
        default: break
        }
        return nil
    }

    public static func render(widgets: [WidgetDescription], selected: Int, family: Int, targetPage: Int, size: CellSize,
                              palette: Palette, panel: (WidgetDescription, WidgetFamily, Bool) -> Canvas) -> Canvas {
        var screen = Canvas(size: size, fill: .blank(CellStyle(background: palette.background)))
        guard widgets.indices.contains(selected) else {
            ShellChrome.title("Gallery · no widgets", into: &screen, palette: palette)
            return screen
        }
        let widget = widgets[selected]
        let families = widget.supportedFamilies
        let chosen = families.isEmpty ? 0 : max(0, min(family, families.count - 1))
        ShellChrome.title("Gallery · \(widget.displayName)", right: "‹ \(selected + 1) of \(widgets.count) ›", into: &screen, palette: palette)
        let description = TextSanitizer.sanitize(widget.description, keepNewlines: false)
        let lines = TextWidth.wrap(description.isEmpty ? "(no description)" : description, toWidth: max(1, size.width - 2)).prefix(2)
        for (i, line) in lines.enumerated() {
            screen.write(line, x: 1, y: 1 + i, style: CellStyle(foreground: palette.secondary, background: palette.background))
        }
        // The chosen family first among equals: show the page of the packing that holds it.
        let area = CellRect(x: 0, y: 2 + lines.count, width: size.width, height: max(0, size.height - 4 - lines.count))
        let packed = HomeLayout.pack(families, in: area.size)
        let page = packed.pages.firstIndex { $0.contains { $0.index == chosen } } ?? 0
        ShellChrome.grid(families, page: page, area: area) { i, rect in
            screen.draw(panel(widget, families[i], i == chosen), at: rect.origin)
        }
        if packed.unplaced.contains(chosen) {
            screen.write("\(families[chosen].shortName) does not fit this terminal", x: 1, y: area.y,
                         style: CellStyle(foreground: palette.red, background: palette.background))
        }
        let label = families.isEmpty ? "" : "\(families[chosen].shortName) \(families[chosen].size.width)×\(families[chosen].size.height)"
        ShellChrome.status(label, keys: "↑↓ widget  ←→ size  Enter add to page \(targetPage + 1)  Esc back", into: &screen, palette: palette)
        return screen
    }
}
