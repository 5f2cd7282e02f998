import Foundation

// SwiftUI spellings that iOS widget code uses and that mean something in cells: text
// decorations set on a container, baseline alignments, frames with an ideal size, the content
// margins, and colors given in other components. The ones with no meaning in cells are in
// NoOpModifiers.swift.

extension View {
    /// Italic texts inside (terminals that have no italic show them plain).
    public func italic(_ isActive: Bool = true) -> some View {
        transformEnvironment { $0.textDecorations.set(.italic, isActive) }
    }

    /// Underlined texts inside; the color is the text's own (a cell has one).
    public func underline(_ isActive: Bool = true, color: Color? = nil) -> some View {
        transformEnvironment { $0.textDecorations.set(.underline, isActive) }
    }

    /// Struck-through texts inside, drawn as ``Text/strikethrough(_:color:)`` draws them: in the
    /// tertiary style, since curses has no strike-through.
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> some View {
        transformEnvironment { $0.textDecorations.set(.strikethrough, isActive) }
    }

    /// The view drawn at full strength, or not at all at zero opacity (as iOS code often hides
    /// a view while keeping its place); a cell cannot be partly transparent, so fade a color with
    /// its own `opacity` instead.
    public func opacity(_ opacity: Double) -> some View {
        modified { env, _, content in
            let node = content(env).single
            return opacity > 0 || opacity.isNaN ? NodeList(node) : NodeList(HiddenNode(child: node))
        }
    }

    /// A flexible frame with an ideal size, as SwiftUI's: the ideal size is what the frame
    /// takes when its parent offers nothing (a `fixedSize` view, a `ViewThatFits` choice).
    public func frame(
        minWidth: Double? = nil, idealWidth: Double? = nil, maxWidth: Double? = nil,
        minHeight: Double? = nil, idealHeight: Double? = nil, maxHeight: Double? = nil,
        alignment: Alignment = .center
    ) -> some View {
        modified { env, _, content in
            let unit = env.layoutUnit
            let limits = FrameNode.Limits(
                minWidth: unit.size(minWidth, .horizontal), maxWidth: unit.size(maxWidth, .horizontal),
                minHeight: unit.size(minHeight, .vertical), maxHeight: unit.size(maxHeight, .vertical),
                idealWidth: unit.size(idealWidth, .horizontal), idealHeight: unit.size(idealHeight, .vertical)
            )
            return NodeList(FrameNode(limits: limits, alignment: alignment, child: content(env).single))
        }
    }
}

/// Decorations of texts set on a container (`italic()`, `underline()`, `strikethrough()`).
struct TextDecorations: OptionSet, Hashable, Sendable {
    let rawValue: UInt8
    static let italic = TextDecorations(rawValue: 1)
    static let underline = TextDecorations(rawValue: 2)
    static let strikethrough = TextDecorations(rawValue: 4)

    mutating func set(_ decoration: TextDecorations, _ isActive: Bool) {
        if isActive { insert(decoration) } else { remove(decoration) }
    }
}

extension VerticalAlignment {
    /// The first line of each text aligned: in cells, where every line of a text is one row,
    /// the tops of single-line texts; so it is `.top`.
    public static let firstTextBaseline = VerticalAlignment.top
    /// The last line of each text aligned: `.bottom` in cells.
    public static let lastTextBaseline = VerticalAlignment.bottom
}

extension Alignment {
    /// Leading, and the first lines of texts aligned (`.topLeading` in cells).
    public static let leadingFirstTextBaseline = Alignment.topLeading
    /// Centred, and the first lines of texts aligned (`.top` in cells).
    public static let centerFirstTextBaseline = Alignment.top
    /// Trailing, and the first lines of texts aligned (`.topTrailing` in cells).
    public static let trailingFirstTextBaseline = Alignment.topTrailing
    /// Leading, and the last lines of texts aligned (`.bottomLeading` in cells).
    public static let leadingLastTextBaseline = Alignment.bottomLeading
    /// Centred, and the last lines of texts aligned (`.bottom` in cells).
    public static let centerLastTextBaseline = Alignment.bottom
    /// Trailing, and the last lines of texts aligned (`.bottomTrailing` in cells).
    public static let trailingLastTextBaseline = Alignment.bottomTrailing
}

extension EnvironmentValues {
    /// The margins the host puts between a widget's frame and its content, in the widget's
    /// layout unit, for a widget that disables them (`contentMarginsDisabled()`) and applies
    /// them to part of its content with `padding(_:)`.
    public var widgetContentMargins: EdgeInsets {
        let cells = widgetFamily.contentMargins
        // Rounded up, so that `padding(_:)` gives back the same whole cells.
        func length(_ value: Int, _ axis: Axis) -> Int { Int(layoutUnit.length(ofCells: value, axis).rounded(.up)) }
        return EdgeInsets(
            top: length(cells.top, .vertical), leading: length(cells.leading, .horizontal),
            bottom: length(cells.bottom, .vertical), trailing: length(cells.trailing, .horizontal)
        )
    }
}

extension Color {
    /// An explicit color from red, green and blue between 0 and 1, at an opacity.
    public init(red: Double, green: Double, blue: Double, opacity: Double) {
        self = Color(red: red, green: green, blue: blue).atOpacity(opacity)
    }

    /// An explicit gray, from black (0) to white (1), at an opacity.
    public init(white: Double, opacity: Double = 1) {
        self = Color(red: white, green: white, blue: white).atOpacity(opacity)
    }

    /// An explicit color from hue, saturation and brightness between 0 and 1, at an opacity.
    public init(hue: Double, saturation: Double, brightness: Double, opacity: Double = 1) {
        func unit(_ v: Double) -> Double { v.isNaN ? 0 : max(0, min(1, v)) }
        let h = unit(hue) * 6, s = unit(saturation), v = unit(brightness)
        let sector = min(5, Int(h))
        let f = h - Double(sector)
        let p = v * (1 - s), q = v * (1 - s * f), t = v * (1 - s * (1 - f))
        let (r, g, b): (Double, Double, Double)
        switch sector {
        case 0: (r, g, b) = (v, t, p)
        case 1: (r, g, b) = (q, v, p)
        case 2: (r, g, b) = (p, v, t)
        case 3: (r, g, b) = (p, q, v)
        case 4: (r, g, b) = (t, p, v)
        default: (r, g, b) = (v, p, q)
        }
        self = Color(red: r, green: g, blue: b).atOpacity(opacity)
    }

    /// This color, or its mix at `opacity` below full (so that a full opacity is the color itself).
    private func atOpacity(_ opacity: Double) -> Color { opacity >= 1 ? self : self.opacity(opacity) }
}

extension View {
    /// Draws a view in front of this one, in this view's frame (the older spelling of
    /// `overlay(alignment:content:)`).
    public func overlay<O: View>(_ overlay: O, alignment: Alignment = .center) -> some View {
        self.overlay(alignment: alignment) { overlay }
    }

    /// Draws a view behind this one, in this view's frame (the older spelling of
    /// `background(alignment:content:)`; a `Color` goes to `background(_:)` as a style).
    @_disfavoredOverload
    public func background<B: View>(_ background: B, alignment: Alignment = .center) -> some View {
        self.background(alignment: alignment) { background }
    }

    /// Fills the view's frame with a style behind it; the shape's corners are square in cells.
    public func background<S: ShapeStyle, T: Shape>(_ style: S, in shape: T) -> some View { background(style) }
}
