/// How many colors a terminal can show, and how to fit any ``TerminalColor`` into them.
///
/// Views and themes speak in full ``TerminalColor`` values; the terminal layer detects the
/// depth once and maps every style through it just before drawing:
///
/// ```swift
/// let depth = ColorDepth.detect(environment: ProcessInfo.processInfo.environment,
///                               terminalColors: 256)
/// let style = depth.map(cell.style)   // rgb → nearest xterm-256 index
/// ```
package enum ColorDepth: Sendable, Hashable {
    /// 24-bit color (`COLORTERM=truecolor`).
    case trueColor
    /// The xterm 256-color palette: 16 ANSI colors, a 6×6×6 cube and a 24-step gray ramp.
    case indexed256
    /// The 8 ANSI colors and their bright variants.
    case ansi16
    /// The 8 ANSI colors only.
    case ansi8
    /// No color at all: attributes only (also what `NO_COLOR` asks for).
    case monochrome

    /// Picks the depth from the environment and the color count terminfo reports.
    ///
    /// `NO_COLOR` (set and non-empty, see no-color.org) wins; then `COLORTERM=truecolor|24bit`;
    /// then the terminal's color count.
    package static func detect(environment: [String: String], terminalColors: Int) -> ColorDepth {
        if let noColor = environment["NO_COLOR"], !noColor.isEmpty { return .monochrome }
        if let colorTerm = environment["COLORTERM"]?.lowercased(), colorTerm == "truecolor" || colorTerm == "24bit" {
            return .trueColor
        }
        switch terminalColors {
        case 256...: return .indexed256
        case 16...: return .ansi16
        case 8...: return .ansi8
        default: return .monochrome
        }
    }

    // MARK: - Mapping colors

    /// The color this depth can show that is nearest to `color`.
    ///
    /// `.default` always stays `.default`. In `.indexed256`, `.rgb` becomes the nearest entry of
    /// the cube or the gray ramp (the 16 ANSI entries are skipped: terminals restyle them). In
    /// `.ansi16`/`.ansi8`, any color becomes the nearest ANSI color by the standard xterm values.
    package func map(_ color: TerminalColor) -> TerminalColor {
        switch (self, color) {
        case (_, .default): return .default
        case (.monochrome, _): return .default
        case (.trueColor, _): return color
        case (.indexed256, .indexed): return color
        case (.indexed256, .rgb(let r, let g, let b)): return .indexed(Self.nearest256(RGB(r, g, b)))
        case (.ansi16, .indexed(let i)) where i < 16: return color
        case (.ansi8, .indexed(let i)) where i < 8: return color
        case (.ansi8, .indexed(let i)) where i < 16: return .indexed(i - 8)
        case (.ansi16, _), (.ansi8, _):
            guard let rgb = Self.rgb(of: color) else { return .default }
            return .indexed(Self.nearestANSI(rgb, count: self == .ansi16 ? 16 : 8))
        }
    }

    /// `style` with both colors mapped, keeping it readable at this depth.
    ///
    /// Two rules on top of ``map(_:)-(TerminalColor)``:
    /// - If distinct foreground and background collapse to the same color (easy with 8 colors),
    ///   the foreground becomes black or white, whichever contrasts with the background, so text
    ///   never disappears. Not for cells marked ``CellStyle/Attributes/image``: a picture's
    ///   neighbouring pixels are meant to meet.
    /// - In `.monochrome` both colors become `.default` and the attributes stay. A background
    ///   that marked a *highlight* turns into `.reverse`, so focus and selection stay visible.
    ///   A background is a highlight unless it is a neutral surface: a low-saturation color that
    ///   is near black or near white (what themes use to paint panels). Colored and mid-gray
    ///   backgrounds (accents, selections) are highlights. A style that is already reversed
    ///   stays reversed.
    package func map(_ style: CellStyle) -> CellStyle {
        if self == .monochrome {
            var out = CellStyle(foreground: .default, background: .default, attributes: style.attributes)
            if Self.isHighlight(style.background) { out.attributes.insert(.reverse) }
            return out
        }
        var out = CellStyle(foreground: map(style.foreground), background: map(style.background),
                            attributes: style.attributes)
        // A picture's two pixels that meet in one color are simply that color; only text
        // must never vanish into its background.
        if !style.attributes.contains(.image), out.foreground != .default, out.foreground == out.background, style.foreground != style.background,
           let bg = Self.rgb(of: out.background) {
            let light = bg.luminance > 0.5
            switch self {
            case .trueColor: out.foreground = light ? .rgb(0, 0, 0) : .rgb(255, 255, 255)
            case .indexed256: out.foreground = .indexed(light ? 16 : 231)
            case .ansi16: out.foreground = .indexed(light ? 0 : 15)
            case .ansi8, .monochrome: out.foreground = .indexed(light ? 0 : 7)
            }
        }
        return out
    }

    /// Whether a background marks a highlight rather than a panel surface (see ``map(_:)-(CellStyle)``).
    static func isHighlight(_ background: TerminalColor) -> Bool {
        guard let rgb = rgb(of: background) else { return false }
        let hi = max(rgb.r, rgb.g, rgb.b), lo = min(rgb.r, rgb.g, rgb.b)
        let neutral = Int(hi) - Int(lo) < 40
        let l = rgb.luminance
        return !(neutral && (l < 0.2 || l > 0.85))
    }

    // MARK: - Palettes

    /// An sRGB triple.
    struct RGB: Hashable, Sendable {
        var r: UInt8, g: UInt8, b: UInt8
        init(_ r: UInt8, _ g: UInt8, _ b: UInt8) {
            self.r = r
            self.g = g
            self.b = b
        }
        /// Rec. 709 luma of the gamma-encoded values, 0...1; enough to tell light from dark.
        var luminance: Double { (0.2126 * Double(r) + 0.7152 * Double(g) + 0.0722 * Double(b)) / 255 }
    }

    /// xterm's default values for the 16 ANSI colors.
    static let ansiPalette: [RGB] = [
        RGB(0, 0, 0), RGB(205, 0, 0), RGB(0, 205, 0), RGB(205, 205, 0),
        RGB(0, 0, 238), RGB(205, 0, 205), RGB(0, 205, 205), RGB(229, 229, 229),
        RGB(127, 127, 127), RGB(255, 0, 0), RGB(0, 255, 0), RGB(255, 255, 0),
        RGB(92, 92, 255), RGB(255, 0, 255), RGB(0, 255, 255), RGB(255, 255, 255),
    ]

    /// The six channel levels of xterm's 6×6×6 cube (indices 16...231).
    static let cubeLevels: [Int] = [0, 95, 135, 175, 215, 255]

    /// The sRGB value xterm uses for a palette index (the 16 ANSI colors at xterm's defaults).
    ///
    /// Used to turn an index into a 24-bit color for direct-color terminals.
    package static func xtermRGB(index: UInt8) -> (red: UInt8, green: UInt8, blue: UInt8) {
        let c = rgb(ofIndex: index)
        return (c.r, c.g, c.b)
    }

    /// The RGB value of an xterm-256 index.
    static func rgb(ofIndex i: UInt8) -> RGB {
        switch i {
        case 0..<16: return ansiPalette[Int(i)]
        case 16..<232:
            let n = Int(i) - 16
            return RGB(UInt8(cubeLevels[n / 36]), UInt8(cubeLevels[(n / 6) % 6]), UInt8(cubeLevels[n % 6]))
        default:
            let v = UInt8(8 + 10 * (Int(i) - 232))
            return RGB(v, v, v)
        }
    }

    static func rgb(of color: TerminalColor) -> RGB? {
        switch color {
        case .default: return nil
        case .indexed(let i): return rgb(ofIndex: i)
        case .rgb(let r, let g, let b): return RGB(r, g, b)
        }
    }

    /// "Redmean" distance: a cheap weighted Euclidean distance that tracks perceived
    /// difference far better than plain RGB distance (compuphase.com/cmetric.htm).
    static func distance(_ a: RGB, _ b: RGB) -> Int {
        let rMean = (Int(a.r) + Int(b.r)) / 2
        let dr = Int(a.r) - Int(b.r), dg = Int(a.g) - Int(b.g), db = Int(a.b) - Int(b.b)
        return (((512 + rMean) * dr * dr) >> 8) + 4 * dg * dg + (((767 - rMean) * db * db) >> 8)
    }

    /// The cube or gray-ramp index nearest to `c`.
    static func nearest256(_ c: RGB) -> UInt8 {
        func nearestLevel(_ v: UInt8) -> Int {
            var best = 0
            for (i, level) in cubeLevels.enumerated() where abs(level - Int(v)) < abs(cubeLevels[best] - Int(v)) {
                best = i
            }
            return best
        }
        let ri = nearestLevel(c.r), gi = nearestLevel(c.g), bi = nearestLevel(c.b)
        let cubeIndex = UInt8(16 + 36 * ri + 6 * gi + bi)
        // The gray ramp runs 8, 18, ..., 238; pick the step nearest to the channel average.
        let average = (Int(c.r) + Int(c.g) + Int(c.b)) / 3
        let step = min(23, max(0, (average - 8 + 5) / 10))
        let grayIndex = UInt8(232 + step)
        return distance(c, rgb(ofIndex: grayIndex)) < distance(c, rgb(ofIndex: cubeIndex)) ? grayIndex : cubeIndex
    }

    /// The nearest of the first `count` (8 or 16) ANSI colors.
    static func nearestANSI(_ c: RGB, count: Int) -> UInt8 {
        var best = 0
        var bestDistance = Int.max
        for i in 0..<count {
            let d = distance(c, ansiPalette[i])
            if d < bestDistance {
                best = i
                bestDistance = d
            }
        }
        return UInt8(best)
    }
}
