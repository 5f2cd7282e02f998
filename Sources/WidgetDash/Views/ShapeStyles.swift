/// A style that stands for one color the palette resolves (how ``AnyShapeStyle`` erases the
/// styles declared in this file).
protocol ResolvableShapeStyle {
    var resolvableColor: ResolvableColor { get }
}

/// The gray fill SwiftUI gives shapes (`.fill`), with its fainter levels (`.fill.secondary`,
/// `.fill.tertiary`, `.fill.quaternary`); the two faintest are the widget's background here.
public struct FillShapeStyle: ShapeStyle, ResolvableShapeStyle, Hashable {
    let level: Int
    public init() { level = 0 }
    init(level: Int) { self.level = level }
    var resolvableColor: ResolvableColor { .semantic(level < 2 ? .fill : .faintFill) }
    public func _resolve(in palette: Palette) -> TerminalColor { resolvableColor.resolve(in: palette) }

    public var secondary: FillShapeStyle { FillShapeStyle(level: 1) }
    public var tertiary: FillShapeStyle { FillShapeStyle(level: 2) }
    public var quaternary: FillShapeStyle { FillShapeStyle(level: 3) }
}

/// The background of the current context: the widget's panel.
public struct BackgroundStyle: ShapeStyle, ResolvableShapeStyle, Hashable {
    public init() {}
    /// The background's fainter levels: the same background in cells.
    public var secondary: BackgroundStyle { self }
    public var tertiary: BackgroundStyle { self }
    public var quaternary: BackgroundStyle { self }
    var resolvableColor: ResolvableColor { .semantic(.background) }
    public func _resolve(in palette: Palette) -> TerminalColor { resolvableColor.resolve(in: palette) }
}

extension ShapeStyle where Self == FillShapeStyle {
    public static var fill: FillShapeStyle { FillShapeStyle() }
}

/// A translucent backdrop, as SwiftUI's materials: in cells, the gray fill of shapes (the
/// thicker materials) or its fainter level (the thinner ones), since a cell cannot blur.
public struct Material: ShapeStyle, ResolvableShapeStyle, Hashable {
    let thin: Bool
    var resolvableColor: ResolvableColor { .semantic(thin ? .faintFill : .fill) }
    public func _resolve(in palette: Palette) -> TerminalColor { resolvableColor.resolve(in: palette) }

    public static let ultraThin = Material(thin: true)
    public static let thin = Material(thin: true)
    public static let regular = Material(thin: false)
    public static let thick = Material(thin: false)
    public static let ultraThick = Material(thin: false)
    public static let bar = Material(thin: false)
}

extension ShapeStyle where Self == Material {
    public static var ultraThinMaterial: Material { .ultraThin }
    public static var thinMaterial: Material { .thin }
    public static var regularMaterial: Material { .regular }
    public static var thickMaterial: Material { .thick }
    public static var ultraThickMaterial: Material { .ultraThick }
    public static var bar: Material { .bar }
}

/// The color of separators, as SwiftUI's `.separator`: the theme's border color, which lines
/// and shape fills use.
public struct SeparatorShapeStyle: ShapeStyle, ResolvableShapeStyle, Hashable {
    public init() {}
    var resolvableColor: ResolvableColor { .semantic(.fill) }
    public func _resolve(in palette: Palette) -> TerminalColor { resolvableColor.resolve(in: palette) }
}

extension ShapeStyle where Self == SeparatorShapeStyle {
    public static var separator: SeparatorShapeStyle { SeparatorShapeStyle() }
}

extension ShapeStyle where Self == BackgroundStyle {
    public static var background: BackgroundStyle { BackgroundStyle() }
}

extension Color {
    /// The color at an opacity: drawn as its mix with the widget's background, since a cell
    /// has no transparency.
    public func opacity(_ opacity: Double) -> Color {
        Color(storage: .translucent(storage, opacity: max(0, min(1, opacity.isNaN ? 1 : opacity))))
    }

    /// A gradient made from the color; a cell shows one color, so it is the color itself.
    public var gradient: AnyGradient { AnyGradient(color: self) }
}

/// A gradient made from one color (`Color.gradient`), drawn as that color.
public struct AnyGradient: ShapeStyle, ResolvableShapeStyle, Hashable {
    let color: Color
    var resolvableColor: ResolvableColor { color.storage }
    public func _resolve(in palette: Palette) -> TerminalColor { resolvableColor.resolve(in: palette) }
}

/// Colors in order, for gradients.
public struct Gradient: Hashable, Sendable {
    public var colors: [Color]
    public init(colors: [Color]) { self.colors = colors }
}

/// A point in a view's bounds in unit coordinates, for gradients.
public struct UnitPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double
    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }
    public static let zero = UnitPoint(x: 0, y: 0)
    public static let center = UnitPoint(x: 0.5, y: 0.5)
    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
    public static let topLeading = UnitPoint(x: 0, y: 0)
    public static let topTrailing = UnitPoint(x: 1, y: 0)
    public static let bottomLeading = UnitPoint(x: 0, y: 1)
    public static let bottomTrailing = UnitPoint(x: 1, y: 1)
}

/// A linear gradient. A cell shows one color, so it is drawn as the mix of its first and last
/// colors; used as a view it fills its frame.
public struct LinearGradient: ShapeStyle, ResolvableShapeStyle, Hashable {
    let gradient: Gradient
    public init(gradient: Gradient, startPoint: UnitPoint, endPoint: UnitPoint) { self.gradient = gradient }
    public init(colors: [Color], startPoint: UnitPoint, endPoint: UnitPoint) { gradient = Gradient(colors: colors) }

    var resolvableColor: ResolvableColor {
        guard let first = gradient.colors.first?.storage, let last = gradient.colors.last?.storage else { return .semantic(.background) }
        if case .fixed(let top) = first, case .fixed(let bottom) = last { return .fixed(top.mixed(with: bottom, opacity: 0.5)) }
        return first
    }
    public func _resolve(in palette: Palette) -> TerminalColor { resolvableColor.resolve(in: palette) }
}

extension LinearGradient: View, PrimitiveView {
    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        NodeList(ShapeNode(paint: .fill, color: resolvableColor.resolve(in: env.palette), round: false))
    }
}

extension TerminalColor {
    /// This color at `opacity` over `background`; colors that are not 24-bit are kept as they
    /// are above half opacity and give way to the background below it.
    func mixed(with background: TerminalColor, opacity: Double) -> TerminalColor {
        guard case .rgb(let r, let g, let b) = self, case .rgb(let br, let bg, let bb) = background else {
            return opacity >= 0.5 ? self : background
        }
        func mix(_ top: UInt8, _ bottom: UInt8) -> UInt8 {
            UInt8((Double(top) * opacity + Double(bottom) * (1 - opacity)).rounded())
        }
        return .rgb(mix(r, br), mix(g, bg), mix(b, bb))
    }
}
