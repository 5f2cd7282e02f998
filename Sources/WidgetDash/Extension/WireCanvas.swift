import Foundation

/// A color as the extension protocol carries it: the terminal's default, an indexed color,
/// 24-bit RGB, or a token of the host's palette.
///
/// Spelled `"default"`, `"i:NN"`, `"#RRGGBB"` and `"p:NAME"` (`p:primary`, `p:widgetBackground`…).
/// Palette tokens keep a widget in the host's theme: the extension renders with a palette of
/// stand-in colors (``WirePalette/tokens``) and sends the token each stand-in was; the host
/// resolves tokens with its own palette whenever it draws, so a theme change recolors an
/// extension's panels without asking the extension again.
package enum WireColor: Hashable, Sendable, Codable {
    case `default`
    case indexed(UInt8)
    case rgb(UInt8, UInt8, UInt8)
    case token(String)

    package init(from decoder: any Decoder) throws {
        let text = try decoder.singleValueContainer().decode(String.self)
        guard let color = WireColor(text) else {
            throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: "not a color: \(text)"))
        }
        self = color
    }

    package func encode(to encoder: any Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(text)
    }

    init?(_ text: String) {
        if text == "default" { self = .default; return }
        if text.hasPrefix("i:"), let n = UInt8(text.dropFirst(2)) { self = .indexed(n); return }
        if text.hasPrefix("p:"), WirePalette.names.contains(String(text.dropFirst(2))) { self = .token(String(text.dropFirst(2))); return }
        if text.hasPrefix("#"), text.count == 7, let v = UInt32(text.dropFirst(), radix: 16) {
            self = .rgb(UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF))
            return
        }
        return nil
    }

    var text: String {
        switch self {
        case .default: "default"
        case .indexed(let n): "i:\(n)"
        case .token(let name): "p:\(name)"
        case .rgb(let r, let g, let b):
            "#" + [r, g, b].map { ($0 < 16 ? "0" : "") + String($0, radix: 16, uppercase: true) }.joined()
        }
    }

    /// The wire form of a color drawn with ``WirePalette/tokens``: a stand-in becomes its token.
    /// A picture's pixels (`isImage`) are never tokens, whatever their value.
    init(_ color: TerminalColor, isImage: Bool = false) {
        switch color {
        case .default: self = .default
        case .indexed(let n): self = .indexed(n)
        case .rgb(let r, let g, let b):
            if !isImage, let name = WirePalette.token(of: color) { self = .token(name) } else { self = .rgb(r, g, b) }
        }
    }

    /// The color to draw, with tokens taken from `palette`.
    func resolved(in palette: Palette) -> TerminalColor {
        switch self {
        case .default: .default
        case .indexed(let n): .indexed(n)
        case .rgb(let r, let g, let b): .rgb(r, g, b)
        case .token(let name): WirePalette.color(name, in: palette)
        }
    }
}

/// The palette an extension renders with: one stand-in color per palette token.
package enum WirePalette {
    /// The palette's tokens, in `Palette`'s order.
    static let names = [
        "background", "widgetBackground", "primary", "secondary", "tertiary", "tint", "border", "focusedBorder",
        "redaction", "invalidated", "statusLineForeground", "statusLineBackground", "red", "orange", "yellow",
        "green", "teal", "blue", "indigo", "purple", "pink", "gray",
    ]
    /// Stand-ins no theme uses (#0A0B00 + the token's index): near-black colors with a fixed
    /// signature, so an explicit color that happens to equal one is vanishingly unlikely.
    private static func standIn(_ index: Int) -> TerminalColor { .rgb(0x0A, 0x0B, UInt8(index)) }

    /// The palette whose every color is a stand-in for its token.
    package static let tokens = Palette(
        background: standIn(0), widgetBackground: standIn(1), primary: standIn(2), secondary: standIn(3),
        tertiary: standIn(4), tint: standIn(5), border: standIn(6), focusedBorder: standIn(7), redaction: standIn(8),
        invalidated: standIn(9), statusLineForeground: standIn(10), statusLineBackground: standIn(11), red: standIn(12),
        orange: standIn(13), yellow: standIn(14), green: standIn(15), teal: standIn(16), blue: standIn(17),
        indigo: standIn(18), purple: standIn(19), pink: standIn(20), gray: standIn(21))

    static func token(of color: TerminalColor) -> String? {
        guard case .rgb(0x0A, 0x0B, let i) = color, Int(i) < names.count else { return nil }
        return names[Int(i)]
    }

    static func color(_ name: String, in p: Palette) -> TerminalColor {
        switch name {
        case "background": p.background
        case "widgetBackground": p.widgetBackground
        case "primary": p.primary
        case "secondary": p.secondary
        case "tertiary": p.tertiary
        case "tint": p.tint
        case "border": p.border
        case "focusedBorder": p.focusedBorder
        case "redaction": p.redaction
        case "invalidated": p.invalidated
        case "statusLineForeground": p.statusLineForeground
        case "statusLineBackground": p.statusLineBackground
        case "red": p.red
        case "orange": p.orange
        case "yellow": p.yellow
        case "green": p.green
        case "teal": p.teal
        case "blue": p.blue
        case "indigo": p.indigo
        case "purple": p.purple
        case "pink": p.pink
        case "gray": p.gray
        default: .default
        }
    }
}

/// A cell style on the wire: colors and the attribute bits of ``CellStyle/Attributes``.
package struct WireStyle: Hashable, Sendable, Codable {
    package var fg: WireColor
    package var bg: WireColor
    package var attrs: UInt8

    init(_ style: CellStyle) {
        let isImage = style.attributes.contains(.image)
        fg = WireColor(style.foreground, isImage: isImage)
        bg = WireColor(style.background, isImage: isImage)
        attrs = style.attributes.rawValue
    }

    func resolved(in palette: Palette) -> CellStyle {
        CellStyle(foreground: fg.resolved(in: palette), background: bg.resolved(in: palette),
                  attributes: CellStyle.Attributes(rawValue: attrs))
    }
}

/// A canvas on the wire: one grapheme per cell ("" for the right half of a wide glyph) and
/// one index into a table of styles per cell.
package struct WireCanvas: Hashable, Sendable, Codable {
    package var width: Int
    package var height: Int
    package var glyphs: [String]
    package var styles: [WireStyle]
    /// Per cell, its index in `styles`.
    package var cellStyles: [Int]

    /// The cells of `rect` of `canvas` (clipped to the canvas).
    init(_ canvas: Canvas, rect: CellRect? = nil) {
        let r = (rect ?? canvas.bounds).intersection(canvas.bounds)
        width = r.width
        height = r.height
        glyphs = []
        styles = []
        cellStyles = []
        glyphs.reserveCapacity(r.width * r.height)
        cellStyles.reserveCapacity(r.width * r.height)
        var index: [CellStyle: Int] = [:]
        for y in r.y..<r.maxY {
            for x in r.x..<r.maxX {
                let cell = canvas[x, y]
                glyphs.append(cell.isContinuation ? "" : cell.text)
                if let i = index[cell.style] {
                    cellStyles.append(i)
                } else {
                    index[cell.style] = styles.count
                    cellStyles.append(styles.count)
                    styles.append(WireStyle(cell.style))
                }
            }
        }
    }

    /// The canvas again, its tokens resolved with `palette`; nil when the shape is inconsistent.
    ///
    /// Untrusted input: every grapheme goes through the canvas's writes (control characters
    /// never reach a cell), widths are measured here rather than believed, and a continuation
    /// without its wide glyph becomes a blank.
    func canvas(palette: Palette) -> Canvas? {
        guard width >= 0, height >= 0, width <= 4096, height <= 4096,
              glyphs.count == width * height, cellStyles.count == glyphs.count else { return nil }
        let resolved = styles.map { $0.resolved(in: palette) }
        var canvas = Canvas(width: width, height: height, fill: .blank())
        for y in 0..<height {
            var x = 0
            while x < width {
                let i = y * width + x
                let styleIndex = cellStyles[i]
                let style = resolved.indices.contains(styleIndex) ? resolved[styleIndex] : .plain
                let text = TextSanitizer.sanitize(glyphs[i], keepNewlines: false)
                guard let character = text.first, text.count == 1 else {
                    canvas.fill(CellRect(x: x, y: y, width: 1, height: 1), style: style)
                    x += 1
                    continue
                }
                let w = TextWidth.width(of: character)
                if w == 2 && !(x + 1 < width && glyphs[i + 1].isEmpty) {
                    // A wide glyph the sender did not follow with its continuation: not drawn.
                    canvas.fill(CellRect(x: x, y: y, width: 1, height: 1), style: style)
                    x += 1
                    continue
                }
                x += max(1, canvas.put(character, width: max(1, w), x: x, y: y, style: style))
            }
        }
        return canvas
    }
}
