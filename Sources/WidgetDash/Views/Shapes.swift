/// A shape, as in SwiftUI: a view that takes the space it is offered and draws in it.
///
/// In cells a shape is drawn one of two ways: filled (`.fill`, or a shape used as a view: its
/// cells take the color as their background) or stroked (`.stroke`, `.strokeBorder`: a box of
/// line characters, with rounded corners for the round shapes). Custom shapes drawn with a
/// `Path` have no cell form and are not offered.
public protocol Shape: View, Sendable {
    /// Whether the shape's corners are drawn round. Not for widget authors.
    var _isRound: Bool { get }
    /// The part of the outline `trim(from:to:)` keeps (nil: all of it). Not for widget authors.
    var _trim: ClosedRange<Double>? { get }
}

extension Shape {
    public var _trim: ClosedRange<Double>? { nil }

    public var body: Never { fatalError("\(Self.self) is a primitive view") }

    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs {
        // A shape on its own is filled with the foreground style, as in SwiftUI.
        let style = inputs.environment.foregroundStyle ?? AnyShapeStyle(HierarchicalShapeStyle.primary)
        return _ViewOutputs(nodes: NodeList(ShapeNode(paint: .fill, color: inputs.environment.resolve(style), round: view._isRound)))
    }

    /// The shape filled with a style: its cells take the color as their background.
    public func fill(_ content: some ShapeStyle) -> some View {
        ShapeView(shape: self, paint: .fill, style: AnyShapeStyle(content))
    }

    /// The shape's outline drawn in a style. The line width has no meaning in cells: an
    /// outline is one cell wide.
    public func stroke(_ content: some ShapeStyle, lineWidth: Double = 1) -> some View {
        ShapeView(shape: self, paint: .stroke, style: AnyShapeStyle(content))
    }

    /// The shape's outline drawn inside its frame (the same as `stroke` in cells).
    public func strokeBorder(_ content: some ShapeStyle, lineWidth: Double = 1) -> some View {
        ShapeView(shape: self, paint: .stroke, style: AnyShapeStyle(content))
    }

    /// The shape's outline in the foreground style, one cell wide.
    public func stroke(lineWidth: Double = 1) -> some View { ShapeView(shape: self, paint: .stroke, style: nil) }

    /// The shape's outline in the foreground style; the stroke style's width, caps and dashes
    /// have no meaning in cells.
    public func stroke(style: StrokeStyle) -> some View { ShapeView(shape: self, paint: .stroke, style: nil) }

    /// The shape's outline in `content`; the stroke style has no meaning in cells.
    public func stroke(_ content: some ShapeStyle, style: StrokeStyle) -> some View { stroke(content) }

    /// The shape's outline drawn inside its frame, in the foreground style.
    public func strokeBorder(lineWidth: Double = 1) -> some View { ShapeView(shape: self, paint: .stroke, style: nil) }

    /// The part of the shape's outline from `start` to `end` (fractions of it). Stroked, it
    /// is drawn in heavy lines around the frame clockwise from the top, as a progress ring is
    /// (whose `rotationEffect(.degrees(-90))` cells do not need), leaving the rest of the frame
    /// to what is behind it; filled, the whole shape is (cells cannot fill part of a curve).
    public func trim(from start: Double = 0, to end: Double = 1) -> some Shape {
        func unit(_ v: Double) -> Double { v.isNaN ? 0 : max(0, min(1, v)) }
        return _TrimmedShape(base: self, trim: unit(start)...max(unit(start), unit(end)))
    }
}

/// A shape with part of its outline kept, made by `trim(from:to:)`. Not for widget authors.
public struct _TrimmedShape<Base: Shape>: Shape {
    let base: Base
    let trim: ClosedRange<Double>
    public var _isRound: Bool { base._isRound }
    public var _trim: ClosedRange<Double>? { trim }
}

extension Shape where Self == Rectangle {
    /// A rectangle, as a shape argument: `.containerShape(.rect)`.
    public static var rect: Rectangle { Rectangle() }
}

extension Shape where Self == RoundedRectangle {
    /// A rounded rectangle, as a shape argument: `.clipShape(.rect(cornerRadius: 8))`.
    public static func rect(cornerRadius: Double, style: RoundedRectangle.RoundedCornerStyle = .continuous) -> RoundedRectangle {
        RoundedRectangle(cornerRadius: cornerRadius, style: style)
    }
}

extension Shape where Self == Circle {
    /// A circle, as a shape argument: `.clipShape(.circle)`.
    public static var circle: Circle { Circle() }
}

extension Shape where Self == Capsule {
    /// A capsule, as a shape argument: `.clipShape(.capsule)`.
    public static var capsule: Capsule { Capsule() }
}

/// A rectangle filling its frame.
public struct Rectangle: Shape {
    public init() {}
    public var _isRound: Bool { false }
}

/// A rectangle with rounded corners; the radius has no meaning in cells beyond "round".
public struct RoundedRectangle: Shape {
    /// The shape of rounded corners, kept for source compatibility.
    public enum RoundedCornerStyle: Hashable, Sendable { case circular, continuous }
    public init(cornerRadius: Double, style: RoundedCornerStyle = .continuous) {}
    public init(cornerSize: CGSize, style: RoundedCornerStyle = .continuous) {}
    public var _isRound: Bool { true }
}

/// A circle, drawn in the whole of its frame (cells are not square, so a circle of cells is
/// the frame with rounded corners).
public struct Circle: Shape {
    public init() {}
    public var _isRound: Bool { true }
}

/// An ellipse filling its frame.
public struct Ellipse: Shape {
    public init() {}
    public var _isRound: Bool { true }
}

/// A rectangle with fully rounded ends.
public struct Capsule: Shape {
    public init(style: RoundedRectangle.RoundedCornerStyle = .continuous) {}
    public var _isRound: Bool { true }
}

/// The shape of the container a view is in: the widget's panel, which has rounded corners.
public struct ContainerRelativeShape: Shape {
    public init() {}
    public var _isRound: Bool { true }
}

/// A shape filled or stroked with a style.
struct ShapeView<S: Shape>: View, PrimitiveView {
    let shape: S
    let paint: ShapeNode.Paint
    /// Nil: the foreground style, as SwiftUI's `stroke(lineWidth:)` draws.
    let style: AnyShapeStyle?

    var body: Never { primitiveBody() }
    static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        let style = style ?? env.foregroundStyle ?? AnyShapeStyle(HierarchicalShapeStyle.primary)
        let color = env.resolve(style)
        if paint == .stroke, let trim = shape._trim {
            // A masked ring shows nothing of its value, as a gauge's does not.
            let fraction = env.masksContent ? 0 : trim.upperBound - trim.lowerBound
            return NodeList(ShapeNode(paint: .trimmedStroke(fraction), color: color, round: shape._isRound))
        }
        return NodeList(ShapeNode(paint: paint, color: color, round: shape._isRound))
    }
}

extension Color: View, PrimitiveView {
    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }
    /// A color used as a view fills its frame, as in SwiftUI.
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        NodeList(ShapeNode(paint: .fill, color: env.resolve(AnyShapeStyle(self)), round: false))
    }
}

/// Draws a shape: it takes all the space offered (one cell when offered none or no limit).
final class ShapeNode: LayoutNode {
    enum Paint: Equatable {
        case fill, stroke
        /// The first `fraction` of the outline, clockwise from the top.
        case trimmedStroke(Double)
    }
    let paint: Paint
    let color: TerminalColor
    let round: Bool

    init(paint: Paint, color: TerminalColor, round: Bool) {
        self.paint = paint
        self.color = color
        self.round = round
    }

    override func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize {
        // All of it, however much (so a stack serves it after its less flexible neighbours,
        // as SwiftUI does); one cell when offered nothing.
        func taken(_ offered: Int?) -> Int { max(0, offered ?? 1) }
        return CellSize(width: taken(proposal.width), height: taken(proposal.height))
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        guard rect.width > 0, rect.height > 0 else { return }
        switch paint {
        case .fill: canvas.paintBackground(rect, color)
        case .stroke: strokeBox(rect, &canvas)
        case .trimmedStroke(let fraction):
            MeterNode.drawRing(fraction, rect, &canvas, filled: CellStyle(foreground: color), track: nil)
        }
    }

    /// A box of line characters around the rectangle's edge cells.
    private func strokeBox(_ rect: CellRect, _ canvas: inout Canvas) {
        let style = CellStyle(foreground: color)
        let (x0, y0, x1, y1) = (rect.x, rect.y, rect.maxX - 1, rect.maxY - 1)
        if rect.height == 1 {
            _ = canvas.write(String(repeating: "─", count: rect.width), x: x0, y: y0, style: style)
            return
        }
        if rect.width == 1 {
            for y in y0...y1 { _ = canvas.write("│", x: x0, y: y, style: style) }
            return
        }
        let corners = round ? ("╭", "╮", "╰", "╯") : ("┌", "┐", "└", "┘")
        let horizontal = String(repeating: "─", count: rect.width - 2)
        _ = canvas.write(corners.0 + horizontal + corners.1, x: x0, y: y0, style: style)
        for y in (y0 + 1)..<y1 {
            _ = canvas.write("│", x: x0, y: y, style: style)
            _ = canvas.write("│", x: x1, y: y, style: style)
        }
        _ = canvas.write(corners.2 + horizontal + corners.3, x: x0, y: y1, style: style)
    }
}
