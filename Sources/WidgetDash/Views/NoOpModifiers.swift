import Foundation

// SwiftUI modifiers that have no meaning in terminal cells. They are accepted so that widget
// code written for iOS compiles as it is, and they change nothing on screen: a cell cannot
// animate, cast a shadow, blur, scale or rotate, and its text has one size. Each says so in its
// doc comment; docs/api-surface.md lists them.

/// How a change animates; accepted and ignored (cells do not animate).
public struct Animation: Hashable, Sendable {
    let name: String
    public static let `default` = Animation(name: "default")
    public static let linear = Animation(name: "linear")
    public static let easeIn = Animation(name: "easeIn")
    public static let easeOut = Animation(name: "easeOut")
    public static let easeInOut = Animation(name: "easeInOut")
    public static let bouncy = Animation(name: "bouncy")
    public static let smooth = Animation(name: "smooth")
    public static let snappy = Animation(name: "snappy")
    public static func linear(duration: Double) -> Animation { .linear }
    public static func easeIn(duration: Double) -> Animation { .easeIn }
    public static func easeOut(duration: Double) -> Animation { .easeOut }
    public static func easeInOut(duration: Double) -> Animation { .easeInOut }
    public static func spring(response: Double = 0.5, dampingFraction: Double = 0.825, blendDuration: Double = 0) -> Animation {
        Animation(name: "spring")
    }
    public static func spring(duration: Double = 0.5, bounce: Double = 0, blendDuration: Double = 0) -> Animation {
        Animation(name: "spring")
    }
    public func delay(_ delay: Double) -> Animation { self }
    public func speed(_ speed: Double) -> Animation { self }
}

/// How a view enters and leaves; accepted and ignored.
public struct AnyTransition: Sendable {
    public static let identity = AnyTransition()
    public static let opacity = AnyTransition()
    public static let scale = AnyTransition()
    public static let slide = AnyTransition()
    public static func move(edge: Edge) -> AnyTransition { AnyTransition() }
    public static func push(from edge: Edge) -> AnyTransition { AnyTransition() }
    public static func scale(scale: Double, anchor: UnitPoint = .center) -> AnyTransition { AnyTransition() }
    public static func asymmetric(insertion: AnyTransition, removal: AnyTransition) -> AnyTransition { AnyTransition() }
    public func combined(with other: AnyTransition) -> AnyTransition { self }
}

/// How changing content (a number, a symbol) moves to its new value; accepted and ignored.
public struct ContentTransition: Hashable, Sendable {
    public static let identity = ContentTransition()
    public static let opacity = ContentTransition()
    public static let interpolate = ContentTransition()
    public static func numericText(countsDown: Bool = false) -> ContentTransition { ContentTransition() }
    public static func numericText(value: Double) -> ContentTransition { ContentTransition() }
}

/// How an image is drawn in the accented rendering mode (iOS 18); accepted and ignored.
public enum WidgetAccentedRenderingMode: Hashable, Sendable {
    case accented, accentedDesaturated, desaturated, fullColor
}

/// How SF Symbols use their layers; accepted and ignored (a symbol is one glyph here).
public struct SymbolRenderingMode: Hashable, Sendable {
    public static let monochrome = SymbolRenderingMode()
    public static let hierarchical = SymbolRenderingMode()
    public static let palette = SymbolRenderingMode()
    public static let multicolor = SymbolRenderingMode()
}

/// How content fills a frame of another aspect ratio; accepted and ignored.
public enum ContentMode: Hashable, Sendable { case fit, fill }

/// An angle, for rotations; accepted and ignored.
public struct Angle: Hashable, Sendable {
    public var radians: Double
    public init(radians: Double) { self.radians = radians }
    public init(degrees: Double) { radians = degrees * .pi / 180 }
    public static func degrees(_ degrees: Double) -> Angle { Angle(degrees: degrees) }
    public static func radians(_ radians: Double) -> Angle { Angle(radians: radians) }
    public var degrees: Double { radians * 180 / .pi }
}

extension Image {
    /// The relative size of a symbol; accepted and ignored (a symbol is one cell).
    public enum Scale: Hashable, Sendable { case small, medium, large }
    /// Whether an image draws its own colors or the foreground's; accepted and ignored.
    public enum TemplateRenderingMode: Hashable, Sendable { case template, original }

    /// Accepted and ignored: an image is drawn the same in every rendering mode.
    public func widgetAccentedRenderingMode(_ mode: WidgetAccentedRenderingMode?) -> Image { self }
    /// Accepted and ignored: a glyph takes its color from the foreground style either way.
    public func renderingMode(_ mode: TemplateRenderingMode?) -> Image { self }
}

extension View {
    /// Accepted and ignored: cells do not animate.
    public func animation<V: Equatable>(_ animation: Animation?, value: V) -> some View { self }
    /// Accepted and ignored: cells do not animate.
    public func animation(_ animation: Animation?) -> some View { self }
    /// Accepted and ignored: views appear and go at once.
    public func transition(_ transition: AnyTransition) -> some View { self }
    /// Accepted and ignored: new content replaces the old at once.
    public func contentTransition(_ transition: ContentTransition) -> some View { self }
    /// Accepted and ignored: a cell casts no shadow.
    public func shadow(color: Color = .black, radius: Double, x: Double = 0, y: Double = 0) -> some View { self }
    /// Accepted and ignored: cells are not blurred.
    public func blur(radius: Double, opaque: Bool = false) -> some View { self }
    /// Accepted and ignored: text has one size in a terminal.
    public func minimumScaleFactor(_ factor: Double) -> some View { self }
    /// Accepted and ignored: text has one size in a terminal.
    public func dynamicTypeSize(_ size: DynamicTypeSize) -> some View { self }
    /// Accepted and ignored: text has one size in a terminal.
    public func dynamicTypeSize<T: RangeExpression>(_ range: T) -> some View where T.Bound == DynamicTypeSize { self }
    /// Accepted and ignored: letters sit one to a cell.
    public func kerning(_ kerning: Double) -> some View { self }
    /// Accepted and ignored: letters sit one to a cell.
    public func tracking(_ tracking: Double) -> some View { self }
    /// Accepted and ignored: letters sit one to a cell.
    public func allowsTightening(_ flag: Bool) -> some View { self }
    /// Accepted and ignored: the terminal has one typeface.
    public func fontDesign(_ design: Font.Design?) -> some View { self }
    /// Accepted and ignored: a symbol is one cell.
    public func imageScale(_ scale: Image.Scale) -> some View { self }
    /// Accepted and ignored: a symbol is one glyph.
    public func symbolRenderingMode(_ mode: SymbolRenderingMode?) -> some View { self }
    /// Accepted and ignored: views keep the size layout gives them.
    public func scaleEffect(_ scale: Double, anchor: UnitPoint = .center) -> some View { self }
    /// Accepted and ignored: cells are not rotated.
    public func rotationEffect(_ angle: Angle, anchor: UnitPoint = .center) -> some View { self }
    /// Accepted and ignored: content is laid out in whole cells.
    public func aspectRatio(_ ratio: Double? = nil, contentMode: ContentMode) -> some View { self }
    /// Accepted and ignored: content is laid out in whole cells.
    public func scaledToFit() -> some View { self }
    /// Accepted and ignored: content is laid out in whole cells.
    public func scaledToFill() -> some View { self }
    /// Accepted and ignored: content is already drawn only inside its panel.
    public func clipShape(_ shape: some Shape) -> some View { self }
    /// Accepted and ignored: cells have square corners.
    public func cornerRadius(_ radius: Double) -> some View { self }
    /// Accepted and ignored: content is already drawn only inside its panel.
    public func clipped() -> some View { self }
    /// Accepted and ignored: the view's identity does not change what is drawn.
    public func id<ID: Hashable>(_ id: ID) -> some View { self }
    /// Accepted and ignored: widgetdash has no screen reader.
    public func accessibilityLabel(_ label: String) -> some View { self }
    /// Accepted and ignored: widgetdash has no screen reader.
    public func accessibilityHidden(_ hidden: Bool) -> some View { self }
    /// Accepted and ignored: texts keep the case they are written in.
    public func textCase(_ textCase: Text.Case?) -> some View { self }
    /// Accepted and ignored: digits are always monospaced in a terminal.
    public func monospacedDigit() -> some View { self }
    /// Accepted and ignored: a terminal's text is always monospaced.
    public func monospaced(_ isActive: Bool = true) -> some View { self }
}

extension Text {
    /// A letter case for `textCase(_:)`.
    public enum Case: Hashable, Sendable { case uppercase, lowercase }
}

extension View {
    /// The weight of texts inside that do not set their own font (body text when none is set).
    public func fontWeight(_ weight: Font.Weight?) -> some View {
        transformEnvironment { env in
            if let weight { env.font = (env.font ?? .body).weight(weight) }
        }
    }
}

extension Font {
    /// A typeface's design; accepted and ignored (the terminal has one typeface).
    public enum Design: Hashable, Sendable { case `default`, serif, rounded, monospaced }

    /// A font of a point size, as the text style nearest to that size (iOS's default sizes:
    /// large title 34, title 28, title 2 22, title 3 20, body 17, subheadline 15, footnote 13,
    /// caption 12, caption 2 11), so that a large size still shows big digits.
    public static func system(size: Double, weight: Weight? = nil, design: Design? = nil) -> Font {
        let styles: [(Double, TextStyle)] = [(34, .largeTitle), (28, .title), (22, .title2), (20, .title3), (17, .body),
                                             (15, .subheadline), (13, .footnote), (12, .caption)]
        return Font(style: styles.first { size >= $0.0 }?.1 ?? .caption2, weight: weight)
    }

    /// A text style's font; the design is accepted and ignored.
    public static func system(_ style: TextStyle, design: Design? = nil, weight: Weight? = nil) -> Font {
        Font(style: style, weight: weight)
    }

    /// A named typeface at a size: the terminal has one typeface, so this is `system(size:)`.
    public static func custom(_ name: String, size: Double) -> Font { system(size: size) }

    /// Accepted and ignored: the terminal has one typeface.
    public func italic() -> Font { self }
}

/// How a text is cut when it does not fit; accepted, and a text is always cut at its end.
extension Text {
    public enum TruncationMode: Hashable, Sendable { case head, middle, tail }
}

/// Where an edge may run under the system's bars; accepted and ignored (a widget has none).
public struct SafeAreaRegions: OptionSet, Hashable, Sendable {
    public let rawValue: Int
    public init(rawValue: Int) { self.rawValue = rawValue }
    public static let container = SafeAreaRegions(rawValue: 1)
    public static let keyboard = SafeAreaRegions(rawValue: 2)
    public static let all: SafeAreaRegions = [.container, .keyboard]
}

/// A variant of an SF Symbol (`.fill`, `.circle`); accepted and ignored (one glyph per name).
public struct SymbolVariants: Hashable, Sendable {
    public static let none = SymbolVariants()
    public static let fill = SymbolVariants()
    public static let circle = SymbolVariants()
    public static let square = SymbolVariants()
    public static let rectangle = SymbolVariants()
    public static let slash = SymbolVariants()
    public var fill: SymbolVariants { self }
    public var circle: SymbolVariants { self }
    public var square: SymbolVariants { self }
}

/// How a shape's outline is drawn; its width is accepted and ignored (a box is one cell wide).
public struct StrokeStyle: Hashable, Sendable {
    public enum LineCap: Hashable, Sendable { case butt, round, square }
    public enum LineJoin: Hashable, Sendable { case miter, round, bevel }
    public var lineWidth: Double
    public var lineCap: LineCap
    public var lineJoin: LineJoin
    public init(lineWidth: Double = 1, lineCap: LineCap = .butt, lineJoin: LineJoin = .miter, miterLimit: Double = 10, dash: [Double] = [], dashPhase: Double = 0) {
        self.lineWidth = lineWidth
        self.lineCap = lineCap
        self.lineJoin = lineJoin
    }
}

/// Whether text can be selected; accepted and ignored (widget text cannot be).
public struct TextSelectability: Hashable, Sendable {
    public static let enabled = TextSelectability()
    public static let disabled = TextSelectability()
}

/// How an accessibility element is made of its children; accepted and ignored.
public enum AccessibilityChildBehavior: Hashable, Sendable { case ignore, contain, combine }

extension Image {
    /// An SF Symbol with a variable value (how full a Wi-Fi or speaker glyph is); the value is
    /// accepted and ignored.
    public init(systemName: String, variableValue: Double?) { self.init(systemName: systemName) }
    /// Accepted and ignored: a symbol name draws one glyph.
    public func symbolVariant(_ variant: SymbolVariants) -> Image { self }
}

extension View {
    /// Accepted and ignored: a text is always cut at its end, with "…".
    public func truncationMode(_ mode: Text.TruncationMode) -> some View { self }
    /// Accepted and ignored: lines of text are one row apart.
    public func lineSpacing(_ spacing: Double) -> some View { self }
    /// Accepted and ignored: text sits on its row.
    public func baselineOffset(_ offset: Double) -> some View { self }
    /// Accepted and ignored: a widget has no safe area to ignore.
    public func ignoresSafeArea(_ regions: SafeAreaRegions = .all, edges: Edge.Set = .all) -> some View { self }
    /// Accepted and ignored: a widget has no safe area to ignore.
    public func edgesIgnoringSafeArea(_ edges: Edge.Set) -> some View { self }
    /// Accepted and ignored: containers have square corners in cells.
    public func containerShape(_ shape: some Shape) -> some View { self }
    /// Accepted and ignored: a symbol name draws one glyph.
    public func symbolVariant(_ variant: SymbolVariants) -> some View { self }
    /// Accepted and ignored: widgetdash draws no label outside a widget (watchOS does).
    public func widgetLabel<Label: View>(@ViewBuilder label: () -> Label) -> some View { self }
    /// Accepted and ignored: widgetdash draws no label outside a widget (watchOS does).
    public func widgetLabel(_ label: String) -> some View { self }
    /// Accepted and ignored: buttons and toggles in a widget act through their intents.
    public func disabled(_ disabled: Bool) -> some View { self }
    /// Accepted and ignored: a widget has no pickers or tab views to read it.
    public func tag<V: Hashable>(_ tag: V) -> some View { self }
    /// Accepted and ignored: a widget has no tooltips.
    public func help(_ text: String) -> some View { self }
    /// Accepted and ignored: widgetdash has no screen reader.
    public func accessibilityElement(children: AccessibilityChildBehavior = .ignore) -> some View { self }
    /// Accepted and ignored: widgetdash has no screen reader.
    public func accessibilityValue(_ value: String) -> some View { self }
    /// Accepted and ignored: widgetdash has no screen reader.
    public func accessibilityHint(_ hint: String) -> some View { self }
    /// Accepted and ignored: cells are drawn in one layer.
    public func compositingGroup() -> some View { self }
    /// Accepted and ignored: cells are drawn in one layer.
    public func drawingGroup(opaque: Bool = false) -> some View { self }
    /// Accepted and ignored: a cell's color is what the theme gives it.
    public func saturation(_ amount: Double) -> some View { self }
    /// Accepted and ignored: a cell's color is what the theme gives it.
    public func grayscale(_ amount: Double) -> some View { self }
    /// Accepted and ignored: a cell's color is what the theme gives it.
    public func brightness(_ amount: Double) -> some View { self }
    /// Accepted and ignored: widget text cannot be selected.
    public func textSelection(_ selectability: TextSelectability) -> some View { self }
    /// Accepted and ignored: the view is drawn whole (a mask of whole cells would hide it or not).
    public func mask<Mask: View>(alignment: Alignment = .center, @ViewBuilder _ mask: () -> Mask) -> some View { self }
}

/// A size of Dynamic Type; accepted and ignored (text has one size in a terminal).
public enum DynamicTypeSize: Hashable, Comparable, Sendable, CaseIterable {
    case xSmall, small, medium, large, xLarge, xxLarge, xxxLarge
    case accessibility1, accessibility2, accessibility3, accessibility4, accessibility5
}

/// An animation of an SF Symbol; accepted and ignored (cells do not animate).
public struct SymbolEffect: Hashable, Sendable {
    public static let pulse = SymbolEffect()
    public static let bounce = SymbolEffect()
    public static let variableColor = SymbolEffect()
    public static let scale = SymbolEffect()
    public static let appear = SymbolEffect()
    public static let disappear = SymbolEffect()
    public static let wiggle = SymbolEffect()
    public static let breathe = SymbolEffect()
    public static let rotate = SymbolEffect()
    public var byLayer: SymbolEffect { self }
    public var wholeSymbol: SymbolEffect { self }
    public var up: SymbolEffect { self }
    public var down: SymbolEffect { self }
}

/// How a symbol effect plays; accepted and ignored.
public struct SymbolEffectOptions: Hashable, Sendable {
    public static let `default` = SymbolEffectOptions()
    public static let repeating = SymbolEffectOptions()
    public static let nonRepeating = SymbolEffectOptions()
    public static func `repeat`(_ count: Int) -> SymbolEffectOptions { SymbolEffectOptions() }
    public static func speed(_ speed: Double) -> SymbolEffectOptions { SymbolEffectOptions() }
}

extension View {
    /// Accepted and ignored: cells do not animate.
    public func symbolEffect(_ effect: SymbolEffect, options: SymbolEffectOptions = .default, isActive: Bool = true) -> some View { self }
    /// Accepted and ignored: cells do not animate.
    public func symbolEffect<V: Equatable>(_ effect: SymbolEffect, options: SymbolEffectOptions = .default, value: V) -> some View { self }
    /// Accepted and ignored: a cell's color is what the theme gives it.
    public func luminanceToAlpha() -> some View { self }
    /// Accepted and ignored: widgetdash has no curved watch faces.
    public func widgetCurvesContent(_ curvesContent: Bool = true) -> some View { self }
    /// The primary and secondary foreground levels: the primary is the foreground style (a
    /// glyph has one color); the secondary is accepted and ignored.
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle>(_ primary: S1, _ secondary: S2) -> some View { foregroundStyle(primary) }
    /// The three foreground levels: the primary is the foreground style, the others are
    /// accepted and ignored.
    public func foregroundStyle<S1: ShapeStyle, S2: ShapeStyle, S3: ShapeStyle>(_ primary: S1, _ secondary: S2, _ tertiary: S3) -> some View { foregroundStyle(primary) }
}
