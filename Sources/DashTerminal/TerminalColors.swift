import CNcursesw
import WidgetDash

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Colors: the depth this terminal shows, and the ncurses color pairs allocated on demand.
extension Terminal {
    /// A color pair's key in the pair cache: ncurses color numbers, -1 for the default.
    struct PairKey: Hashable {
        var foreground: Int32
        var background: Int32
    }

    /// Detects the color depth from the environment and terminfo, with an empty pair table.
    func setUpColors() {
        pairs = [:]
        nextPair = 1
        guard has_colors() else {
            colorDepth = .monochrome
            return
        }
        start_color()
        use_default_colors()  // Color -1 is the terminal's own foreground/background.
        colorCount = wd_colors()
        pairLimit = wd_color_pairs()
        directColor = colorCount >= 1 << 24
        var depth = ColorDepth.detect(environment: environment, terminalColors: Int(colorCount))
        if depth == .trueColor && !directColor {
            // ncurses can only emit 24-bit colors through a direct-color terminfo entry
            // (e.g. TERM=xterm-direct); with a palette terminfo we map to the nearest of 256.
            var withoutColorTerm = environment
            withoutColorTerm["COLORTERM"] = nil
            depth = ColorDepth.detect(environment: withoutColorTerm, terminalColors: Int(colorCount))
        }
        colorDepth = depth
    }

    /// The ncurses attributes for a cell's attributes.
    func attributes(_ a: CellStyle.Attributes) -> attr_t {
        var result = wd_a_normal()
        if a.contains(.bold) { result |= wd_a_bold() }
        if a.contains(.dim) { result |= wd_a_dim() }
        if a.contains(.underline) { result |= wd_a_underline() }
        if a.contains(.reverse) { result |= wd_a_reverse() }
        if a.contains(.italic) { result |= wd_a_italic() }
        return result
    }

    /// The ncurses color number for an already depth-mapped color; -1 is the default.
    func colorNumber(_ color: TerminalColor) -> Int32 {
        switch color {
        case .default:
            return -1
        case .indexed(let i):
            if directColor {
                // Direct-color terminfo keeps 0...7 as ANSI colors and reads larger numbers as RGB.
                if i < 8 { return Int32(i) }
                let rgb = ColorDepth.xtermRGB(index: i)
                return Int32(rgb.red) << 16 | Int32(rgb.green) << 8 | Int32(rgb.blue)
            }
            if Int32(i) < colorCount { return Int32(i) }
            // A palette smaller than the index (e.g. an 88-color terminal): nearest ANSI color.
            let ansi = (colorCount >= 16 ? ColorDepth.ansi16 : ColorDepth.ansi8).map(color)
            if case .indexed(let j) = ansi { return Int32(j) }
            return -1
        case .rgb(let r, let g, let b):
            if directColor { return Int32(r) << 16 | Int32(g) << 8 | Int32(b) }
            return colorNumber(ColorDepth.indexed256.map(color))
        }
    }

    /// The pair for (foreground, background), allocated on first use.
    ///
    /// When the terminal's pair table is full the cache starts over from pair 1 (and reports
    /// `recycled`, so the caller repaints); without recycling, overflow falls back to pair 0.
    func pairNumber(foreground: Int32, background: Int32, allowRecycling: Bool, recycled: inout Bool) -> Int32 {
        if foreground == -1 && background == -1 { return 0 }
        guard colorDepth != .monochrome else { return 0 }
        let key = PairKey(foreground: foreground, background: background)
        if let pair = pairs[key] { return pair }
        if nextPair >= pairLimit {
            guard allowRecycling, pairLimit > 1 else { return 0 }
            pairs = [:]
            nextPair = 1
            recycled = true
        }
        let pair = nextPair
        guard init_extended_pair(pair, foreground, background) == wd_ok() else { return 0 }
        nextPair += 1
        pairs[key] = pair
        return pair
    }
}
