/// A color a terminal cell can be drawn in, before it is fitted to what the terminal supports.
///
/// Views never pick these directly; they use semantic ``Color`` values that the theme resolves.
/// The terminal layer maps `.rgb` to the nearest color the terminal can show.
public enum TerminalColor: Hashable, Sendable {
    /// The terminal's own default foreground or background.
    case `default`
    /// One of the 256 indexed colors (0–15 are the terminal's own ANSI palette).
    case indexed(UInt8)
    /// A 24-bit color.
    case rgb(UInt8, UInt8, UInt8)
}

/// The text attributes and colors of one cell.
public struct CellStyle: Hashable, Sendable {
    public var foreground: TerminalColor
    public var background: TerminalColor
    public var attributes: Attributes

    /// Text attributes a terminal can show; combined as a bit set.
    public struct Attributes: OptionSet, Hashable, Sendable {
        public let rawValue: UInt8
        public init(rawValue: UInt8) { self.rawValue = rawValue }
        public static let bold = Attributes(rawValue: 1 << 0)
        public static let dim = Attributes(rawValue: 1 << 1)
        public static let underline = Attributes(rawValue: 1 << 2)
        public static let reverse = Attributes(rawValue: 1 << 3)
        public static let italic = Attributes(rawValue: 1 << 4)
        /// Not drawn: marks a cell whose colors are a picture's pixels (``Image(bitmap:)``),
        /// so fitting them to the terminal never swaps a color for legibility.
        public static let image = Attributes(rawValue: 1 << 5)
    }

    public init(foreground: TerminalColor = .default, background: TerminalColor = .default, attributes: Attributes = []) {
        self.foreground = foreground
        self.background = background
        self.attributes = attributes
    }

    /// The terminal's default colors, no attributes.
    public static let plain = CellStyle()
}

extension TerminalColor {
    /// True for `.default`: as a background, transparent (a cell drawn over another keeps its).
    var isDefault: Bool {
        if case .default = self { return true }
        return false
    }
}
