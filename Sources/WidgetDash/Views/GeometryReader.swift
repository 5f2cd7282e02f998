import Foundation

/// The space a `GeometryReader` was given, as SwiftUI's `GeometryProxy`: its size in the
/// widget's layout unit (points for iOS code, so `proxy.size.width * progress` works as written).
public struct GeometryProxy {
    /// The reader's size.
    public let size: CGSize
    /// The reader's rectangle in the widget's content area (in the layout unit).
    let globalFrame: CGRect

    /// The reader's rectangle: at the origin in its own space (`.local`), where it sits in the
    /// widget's content area otherwise (`.global` and named spaces alike).
    public func frame(in space: CoordinateSpace) -> CGRect {
        space == .local ? CGRect(origin: .zero, size: size) : globalFrame
    }

    /// None: a widget has no safe area.
    public var safeAreaInsets: EdgeInsets { EdgeInsets() }
}

/// A coordinate space for `GeometryProxy.frame(in:)`.
public enum CoordinateSpace: Hashable {
    case global, local
    case named(AnyHashable)
}

/// Content made for the space it is given, as SwiftUI's `GeometryReader`: it takes all the
/// space offered and lays its content out from the top leading corner.
///
/// The content is made when the reader is drawn, once its size is known; a container
/// background set inside it is not seen (set it outside, as widgets do).
public struct GeometryReader<Content: View>: View, PrimitiveView {
    let content: (GeometryProxy) -> Content

    public init(@ViewBuilder content: @escaping (GeometryProxy) -> Content) {
        self.content = content
    }

    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }

    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        let content = content
        var inner = env
        inner.stackAxis = nil
        let inside = inner
        return NodeList(GeometryReaderNode(unit: env.layoutUnit) { proxy in
            // `@Environment` properties the closure reads answer as they do in a body.
            let view = EnvironmentValues.$current.withValue(inside) { content(proxy) }
            return resolveSingle(view, inside, context)
        })
    }
}

/// Takes the space offered and draws the content a `GeometryReader` makes for it.
final class GeometryReaderNode: LayoutNode {
    let unit: LayoutUnit
    let make: (GeometryProxy) -> LayoutNode

    init(unit: LayoutUnit, make: @escaping (GeometryProxy) -> LayoutNode) {
        self.unit = unit
        self.make = make
        super.init()
    }

    override func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize {
        // All of it, however much (so a stack serves it after its less flexible neighbours, as
        // SwiftUI does); one cell when offered nothing.
        func taken(_ offered: Int?) -> Int { max(0, offered ?? 1) }
        return CellSize(width: taken(proposal.width), height: taken(proposal.height))
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        let origin = context.contentBounds.map { CellPoint(x: rect.x - $0.x, y: rect.y - $0.y) } ?? CellPoint(x: 0, y: 0)
        func length(_ cells: Int, _ axis: Axis) -> Double { unit.length(ofCells: cells, axis) }
        let size = CGSize(width: length(rect.width, .horizontal), height: length(rect.height, .vertical))
        let frame = CGRect(x: length(origin.x, .horizontal), y: length(origin.y, .vertical), width: size.width, height: size.height)
        make(GeometryProxy(size: size, globalFrame: frame)).render(aligned: .topLeading, in: rect, canvas: &canvas, context)
    }
}
