/// The resolved colors of a theme for one color scheme: what semantic colors become on screen.
///
/// Views never read a palette directly; `Color.primary`, `.secondary`, `.tint` and the named
/// colors resolve through it, so a theme change recolors every widget without a reload.
public struct Palette: Hashable, Sendable {
    /// The screen behind the panels.
    public var background: TerminalColor
    /// A widget's panel (its container background).
    public var widgetBackground: TerminalColor
    public var primary: TerminalColor
    public var secondary: TerminalColor
    public var tertiary: TerminalColor
    public var tint: TerminalColor
    public var border: TerminalColor
    public var focusedBorder: TerminalColor
    /// The mask drawn over redacted content.
    public var redaction: TerminalColor
    /// Content waiting for an intent's result.
    public var invalidated: TerminalColor
    public var statusLineForeground: TerminalColor
    public var statusLineBackground: TerminalColor
    public var red: TerminalColor
    public var orange: TerminalColor
    public var yellow: TerminalColor
    public var green: TerminalColor
    public var teal: TerminalColor
    public var blue: TerminalColor
    public var indigo: TerminalColor
    public var purple: TerminalColor
    public var pink: TerminalColor
    public var gray: TerminalColor

    public init(
        background: TerminalColor, widgetBackground: TerminalColor,
        primary: TerminalColor, secondary: TerminalColor, tertiary: TerminalColor, tint: TerminalColor,
        border: TerminalColor, focusedBorder: TerminalColor, redaction: TerminalColor, invalidated: TerminalColor,
        statusLineForeground: TerminalColor, statusLineBackground: TerminalColor,
        red: TerminalColor, orange: TerminalColor, yellow: TerminalColor, green: TerminalColor,
        teal: TerminalColor, blue: TerminalColor, indigo: TerminalColor, purple: TerminalColor,
        pink: TerminalColor, gray: TerminalColor
    ) {
        self.background = background
        self.widgetBackground = widgetBackground
        self.primary = primary
        self.secondary = secondary
        self.tertiary = tertiary
        self.tint = tint
        self.border = border
        self.focusedBorder = focusedBorder
        self.redaction = redaction
        self.invalidated = invalidated
        self.statusLineForeground = statusLineForeground
        self.statusLineBackground = statusLineBackground
        self.red = red
        self.orange = orange
        self.yellow = yellow
        self.green = green
        self.teal = teal
        self.blue = blue
        self.indigo = indigo
        self.purple = purple
        self.pink = pink
        self.gray = gray
    }

    /// The built-in dark palette (used until a theme is chosen).
    public static let dark = Palette(
        background: .rgb(0x11, 0x13, 0x18), widgetBackground: .rgb(0x1C, 0x1F, 0x26),
        primary: .rgb(0xEC, 0xEE, 0xF2), secondary: .rgb(0xA4, 0xAB, 0xB8), tertiary: .rgb(0x7C, 0x84, 0x93),
        tint: .rgb(0x4C, 0xA8, 0xFF),
        border: .rgb(0x3A, 0x40, 0x4C), focusedBorder: .rgb(0x4C, 0xA8, 0xFF),
        redaction: .rgb(0x4A, 0x50, 0x5C), invalidated: .rgb(0x6B, 0x72, 0x80),
        statusLineForeground: .rgb(0xC8, 0xCD, 0xD6), statusLineBackground: .rgb(0x24, 0x28, 0x31),
        red: .rgb(0xFF, 0x5F, 0x57), orange: .rgb(0xFF, 0x9F, 0x40), yellow: .rgb(0xFF, 0xD6, 0x0A),
        green: .rgb(0x32, 0xD7, 0x4B), teal: .rgb(0x40, 0xC8, 0xE0), blue: .rgb(0x4C, 0xA8, 0xFF),
        indigo: .rgb(0x7D, 0x7A, 0xFF), purple: .rgb(0xBF, 0x5A, 0xF2), pink: .rgb(0xFF, 0x6B, 0x9A),
        gray: .rgb(0x8E, 0x8E, 0x93)
    )
}

/// A way to color text and glyphs: a color, or a semantic level (primary, secondary, tint).
public protocol ShapeStyle: Sendable {
    /// The color this style becomes under a palette. Not for widget authors.
    func _resolve(in palette: Palette) -> TerminalColor
}

/// A shape style with its type erased.
public struct AnyShapeStyle: ShapeStyle, Hashable {
    let color: ResolvableColor
    public init(_ style: some ShapeStyle) {
        // The common styles are told by their type, compared as a value: a dynamic cast asks the
        // runtime, and erasing a style is done hundreds of times a frame. When the types are
        // equal the bit cast is the value itself.
        let styleType = type(of: style)
        if styleType == Color.self { color = unsafeBitCast(style, to: Color.self).storage; return }
        if styleType == HierarchicalShapeStyle.self { color = unsafeBitCast(style, to: HierarchicalShapeStyle.self).semantic; return }
        if styleType == AnyShapeStyle.self { color = unsafeBitCast(style, to: AnyShapeStyle.self).color; return }
        if let c = style as? Color { color = c.storage }
        else if let h = style as? HierarchicalShapeStyle { color = h.semantic }
        else if let a = style as? AnyShapeStyle { color = a.color }
        else if style is TintShapeStyle { color = .semantic(.tint) }
        else if let other = style as? any ResolvableShapeStyle { color = other.resolvableColor }
        else { color = .fixed(.default) }
    }
    public func _resolve(in palette: Palette) -> TerminalColor { color.resolve(in: palette) }
}

/// What a color stands for until a palette resolves it.
///
/// Only the translucent case is boxed: with the whole enum `indirect`, every color (and so every
/// environment and text piece holding a style) was a heap box, counted on each copy.
enum ResolvableColor: Hashable, Sendable {
    case semantic(SemanticColor)
    case fixed(TerminalColor)
    /// A color at an opacity, drawn as its mix with the widget's background.
    indirect case translucent(ResolvableColor, opacity: Double)

    func resolve(in palette: Palette) -> TerminalColor {
        switch self {
        case .fixed(let c): return c
        case .translucent(let color, let opacity):
            return color.resolve(in: palette).mixed(with: palette.widgetBackground, opacity: opacity)
        case .semantic(let s):
            switch s {
            case .primary: return palette.primary
            case .secondary: return palette.secondary
            case .tertiary, .quaternary: return palette.tertiary
            case .tint: return palette.tint
            case .background: return palette.widgetBackground
            case .fill: return palette.border
            case .faintFill: return palette.widgetBackground
            case .red: return palette.red
            case .orange: return palette.orange
            case .yellow: return palette.yellow
            case .green: return palette.green
            case .mint, .teal, .cyan: return palette.teal
            case .blue: return palette.blue
            case .indigo: return palette.indigo
            case .purple: return palette.purple
            case .pink: return palette.pink
            case .brown: return palette.orange
            case .gray: return palette.gray
            }
        }
    }

    /// True for colors that are levels of the foreground rather than hues.
    var isHierarchical: Bool {
        if case .semantic(let s) = self { return [.primary, .secondary, .tertiary, .quaternary].contains(s) }
        return false
    }
}

enum SemanticColor: Hashable, Sendable {
    case primary, secondary, tertiary, quaternary, tint, background
    /// The gray fills of shapes (`.fill`, `.fill.secondary`) and their fainter levels.
    case fill, faintFill
    case red, orange, yellow, green, mint, teal, cyan, blue, indigo, purple, pink, brown, gray
}

/// A color: semantic (resolved by the theme in both schemes) or explicit.
public struct Color: ShapeStyle, Hashable {
    let storage: ResolvableColor
    init(semantic: SemanticColor) { storage = .semantic(semantic) }
    init(storage: ResolvableColor) { self.storage = storage }

    /// An explicit color from components between 0 and 1; kept in both schemes.
    public init(red: Double, green: Double, blue: Double) {
        func byte(_ v: Double) -> UInt8 { UInt8(max(0, min(255, (v * 255).rounded()))) }
        storage = .fixed(.rgb(byte(red), byte(green), byte(blue)))
    }

    /// An explicit color from a hex string such as "#4CA8FF"; nil when it does not parse.
    public init?(hex: String) {
        var s = Substring(hex)
        if s.hasPrefix("#") { s = s.dropFirst() }
        guard s.count == 6, let v = UInt32(s, radix: 16) else { return nil }
        storage = .fixed(.rgb(UInt8(v >> 16 & 0xFF), UInt8(v >> 8 & 0xFF), UInt8(v & 0xFF)))
    }

    /// A terminal color as it is.
    public init(_ terminalColor: TerminalColor) { storage = .fixed(terminalColor) }

    public func _resolve(in palette: Palette) -> TerminalColor { storage.resolve(in: palette) }

    public static let primary = Color(semantic: .primary)
    public static let secondary = Color(semantic: .secondary)
    public static let accentColor = Color(semantic: .tint)
    public static let red = Color(semantic: .red)
    public static let orange = Color(semantic: .orange)
    public static let yellow = Color(semantic: .yellow)
    public static let green = Color(semantic: .green)
    public static let mint = Color(semantic: .mint)
    public static let teal = Color(semantic: .teal)
    public static let cyan = Color(semantic: .cyan)
    public static let blue = Color(semantic: .blue)
    public static let indigo = Color(semantic: .indigo)
    public static let purple = Color(semantic: .purple)
    public static let pink = Color(semantic: .pink)
    public static let brown = Color(semantic: .brown)
    public static let gray = Color(semantic: .gray)
    public static let white = Color(.rgb(255, 255, 255))
    public static let black = Color(.rgb(0, 0, 0))
    /// The terminal's own background: no color drawn.
    public static let clear = Color(.default)
}

/// A level of the foreground: primary, secondary, tertiary, quaternary.
public struct HierarchicalShapeStyle: ShapeStyle, Hashable {
    let semantic: ResolvableColor
    public func _resolve(in palette: Palette) -> TerminalColor { semantic.resolve(in: palette) }
    public static let primary = HierarchicalShapeStyle(semantic: .semantic(.primary))
    public static let secondary = HierarchicalShapeStyle(semantic: .semantic(.secondary))
    public static let tertiary = HierarchicalShapeStyle(semantic: .semantic(.tertiary))
    public static let quaternary = HierarchicalShapeStyle(semantic: .semantic(.quaternary))
}

/// The theme's tint (accent) color.
public struct TintShapeStyle: ShapeStyle, Hashable {
    public init() {}
    public func _resolve(in palette: Palette) -> TerminalColor { palette.tint }
}

extension ShapeStyle where Self == HierarchicalShapeStyle {
    public static var primary: HierarchicalShapeStyle { .primary }
    public static var secondary: HierarchicalShapeStyle { .secondary }
    public static var tertiary: HierarchicalShapeStyle { .tertiary }
    public static var quaternary: HierarchicalShapeStyle { .quaternary }
}

extension ShapeStyle where Self == TintShapeStyle {
    public static var tint: TintShapeStyle { TintShapeStyle() }
}

extension ShapeStyle where Self == Color {
    public static var red: Color { Color.red }
    public static var orange: Color { Color.orange }
    public static var yellow: Color { Color.yellow }
    public static var green: Color { Color.green }
    public static var mint: Color { Color.mint }
    public static var teal: Color { Color.teal }
    public static var cyan: Color { Color.cyan }
    public static var blue: Color { Color.blue }
    public static var indigo: Color { Color.indigo }
    public static var purple: Color { Color.purple }
    public static var pink: Color { Color.pink }
    public static var brown: Color { Color.brown }
    public static var gray: Color { Color.gray }
    public static var white: Color { Color.white }
    public static var black: Color { Color.black }
    public static var clear: Color { Color.clear }
    public static var accentColor: Color { Color.accentColor }
}

/// A text style, mapped to what a terminal can do: bold, dim or plain, and big digits.
public struct Font: Hashable, Sendable {
    public enum TextStyle: Hashable, Sendable {
        case largeTitle, title, title2, title3, headline, subheadline, body, callout, footnote, caption, caption2
    }
    public enum Weight: Hashable, Sendable {
        case ultraLight, thin, light, regular, medium, semibold, bold, heavy, black
    }

    public var style: TextStyle
    public var weight: Weight?

    public init(style: TextStyle, weight: Weight? = nil) {
        self.style = style
        self.weight = weight
    }

    public static let largeTitle = Font(style: .largeTitle)
    public static let title = Font(style: .title)
    public static let title2 = Font(style: .title2)
    public static let title3 = Font(style: .title3)
    public static let headline = Font(style: .headline)
    public static let subheadline = Font(style: .subheadline)
    public static let body = Font(style: .body)
    public static let callout = Font(style: .callout)
    public static let footnote = Font(style: .footnote)
    public static let caption = Font(style: .caption)
    public static let caption2 = Font(style: .caption2)

    /// The same style with a weight.
    public func weight(_ weight: Weight) -> Font { Font(style: style, weight: weight) }
    /// The same style, bold.
    public func bold() -> Font { weight(.bold) }
    /// Monospaced digits are what a terminal always has; kept for source compatibility.
    public func monospacedDigit() -> Font { self }

    /// The terminal attributes this font maps to.
    var attributes: CellStyle.Attributes {
        var a: CellStyle.Attributes = []
        switch style {
        case .largeTitle, .title, .title2, .title3, .headline: a.insert(.bold)
        case .footnote, .caption, .caption2: a.insert(.dim)
        case .subheadline, .body, .callout: break
        }
        switch weight {
        case .semibold?, .bold?, .heavy?, .black?: a.insert(.bold); a.remove(.dim)
        case .ultraLight?, .thin?, .light?: a.insert(.dim)
        default: break
        }
        return a
    }

    /// True for the style that draws numbers as big digits where they fit.
    var prefersBigDigits: Bool { style == .largeTitle }
}
