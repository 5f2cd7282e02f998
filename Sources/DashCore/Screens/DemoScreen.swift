import Foundation
import WidgetDash

/// The demo of one family (`d`, `widgetdash demo`): every widget that supports it, side by
/// side, and the ones that do not, named.
public enum DemoScreen {
    /// The family shown and the page of it.
    public struct State: Equatable, Sendable {
        public var family: WidgetFamily
        public var page: Int

        public init(family: WidgetFamily, page: Int) {
            self.family = family
            self.page = page
        }
    }

    /// f/F (→/←) change the family and go to its first page, n/p (PgDn/PgUp) turn pages
    /// (clamped to the pages drawn after the next frame), Esc, d and q leave.
    public static func handle(_ key: Key, _ state: inout State) -> ScreenEffect? {
        let all = WidgetFamily.allCases
        let i = all.firstIndex(of: state.family) ?? 0
        switch key {
        case .escape, .character("d"), .character("q"): return .leave
        case .character("f"), .right: state = State(family: all[(i + 1) % all.count], page: 0)
        case .character("F"), .left: state = State(family: all[(i + all.count - 1) % all.count], page: 0)
        case .pageDown, .character("n"): state.page += 1
        case .pageUp, .character("p"): state.page = max(0, state.page - 1)
        default: break
        }
        return nil
    }

    /// Draws the demo of `family` at `size`; `panel` draws a widget's panel in that family.
    public static func render(family: WidgetFamily, widgets: [WidgetDescription], page: Int, size: CellSize,
                              palette: Palette, panel: (WidgetDescription) -> Canvas) -> (canvas: Canvas, pages: Int) {
        var screen = Canvas(size: size, fill: .blank(CellStyle(background: palette.background)))
        let index = (WidgetFamily.allCases.firstIndex(of: family) ?? 0) + 1
        ShellChrome.title("Demo · \(family) · \(family.size.width)×\(family.size.height) cells",
                          right: "family \(index) of \(WidgetFamily.allCases.count)", into: &screen, palette: palette)
        let supporting = widgets.filter { $0.supports(family) }
        let others = widgets.filter { !$0.supports(family) }
        var note = others.isEmpty ? "Every widget supports \(family.shortName)."
            : "Not in \(family.shortName): " + others.map { "\($0.displayName) (\($0.supportedFamilies.map(\.shortName).joined(separator: ", ")))" }.joined(separator: "; ")
        if supporting.isEmpty { note = "No widget supports \(family.shortName). " + note }
        let noteLines = TextWidth.wrap(note, toWidth: max(1, size.width - 2)).prefix(2)
        let area = CellRect(x: 0, y: 2, width: size.width, height: max(0, size.height - 4 - noteLines.count))
        let pages = ShellChrome.grid(supporting.map { _ in family }, page: page, area: area) { i, rect in
            screen.draw(panel(supporting[i]), at: rect.origin)
        }
        for (i, line) in noteLines.enumerated() {
            screen.write(line, x: 1, y: size.height - 1 - noteLines.count + i,
                         style: CellStyle(foreground: palette.secondary, background: palette.background))
        }
        let pageText = pages > 1 ? "page \(page + 1) of \(pages)" : ""
        ShellChrome.status(pageText, keys: "f/F family" + (pages > 1 ? "  PgUp/PgDn page" : "") + "  Esc back", into: &screen, palette: palette)
        return (screen, pages)
    }
}
