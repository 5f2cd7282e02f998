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

    /// What a key asks of the shell beyond the new state.
    public enum Effect: Equatable, Sendable { case leave }

    /// f/F (→/←) change the family and go to its first page, n/p (PgDn/PgUp) turn pages
    /// (clamped to the pages drawn after the next frame), Esc, d and q leave.
    public static func handle(_ key: Key, _ state: inout State) -> Effect? {
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

    /// What a key asks of the shell beyond the new state.
    public enum Effect: Equatable, Sendable {
        case leave
        /// Add the widget in this family to the page on screen (in the config file).
        case add(kind: String, family: WidgetFamily)
    }

    /// ↑↓ (j/k) choose the widget, ←→ (h/l, Tab) its family, Enter adds it, Esc, g and q leave.
    public static func handle(_ key: Key, _ state: inout State, widgets: [WidgetDescription]) -> Effect? {
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

/// StandBy (`s`): two small widgets side by side filling the screen, on black, without their
/// container backgrounds, laid out at the larger size.
public enum StandByScreen {
    /// What a key asks of the shell beyond the new state.
    public enum Effect: Equatable, Sendable { case leave }

    /// ← → change the pair shown (`index` is the left one among `count` small widgets); Esc,
    /// s and q leave.
    public static func handle(_ key: Key, index: inout Int, count: Int) -> Effect? {
        switch key {
        case .escape, .character("s"), .character("q"): return .leave
        case .right: if count > 0 { index = (index + 1) % count }
        case .left: if count > 0 { index = (index + count - 1) % count }
        default: break
        }
        return nil
    }

    /// The size each of the two halves gets at `size` (the status row excluded).
    public static func halfSize(_ size: CellSize) -> CellSize {
        CellSize(width: max(0, (size.width - 3) / 2), height: max(0, size.height - 2))
    }

    /// Draws the two halves; `content` renders a widget's small content at a size (nil: none).
    public static func render(left: String?, right: String?, size: CellSize, palette: Palette,
                              content: (Bool, CellSize) -> Canvas?) -> Canvas {
        let black = CellStyle(foreground: palette.primary, background: .indexed(0))
        var screen = Canvas(size: size, fill: .blank(black))
        let half = halfSize(size)
        if let l = content(true, half) { screen.draw(l, at: CellPoint(x: 1, y: 0)) }
        if let r = content(false, half) { screen.draw(r, at: CellPoint(x: 2 + half.width, y: 0)) }
        if left == nil && right == nil {
            let message = "StandBy shows small widgets: add one to the home screen (g)"
            screen.write(message, x: max(0, (size.width - TextWidth.width(of: message)) / 2), y: size.height / 2, style: black)
        }
        let names = [left, right].compactMap { $0 }.joined(separator: " · ")
        ShellChrome.status("StandBy  " + names, keys: "← → change  Esc back", into: &screen, palette: palette)
        return screen
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
