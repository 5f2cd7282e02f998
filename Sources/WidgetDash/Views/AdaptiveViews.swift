import Foundation

extension Axis {
    /// A set of axes, as SwiftUI's `Axis.Set`: which dimensions `ViewThatFits` and
    /// `fixedSize` look at.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let horizontal = Set(rawValue: 1)
        public static let vertical = Set(rawValue: 2)
    }
}

/// The first of its views that fits, as SwiftUI's `ViewThatFits`: give the views in order of
/// preference, usually largest first.
///
/// A view fits when its ideal size (the size it takes when offered nothing) is no larger than
/// the space offered, on the axes given (both by default). When none fits, the last is shown.
public struct ViewThatFits<Content: View>: View, PrimitiveView {
    let axes: Axis.Set
    let content: AnyView

    public init(in axes: Axis.Set = [.horizontal, .vertical], @ViewBuilder content: () -> Content) {
        self.axes = axes
        self.content = AnyView(content())
    }

    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }

    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        NodeList(ViewThatFitsNode(
            children: content.makeNodes(env, context).array,
            constrainsWidth: axes.contains(.horizontal),
            constrainsHeight: axes.contains(.vertical)
        ))
    }
}

extension View {
    /// Takes the view's ideal size on both axes, whatever its parent offers (a text keeps
    /// its one line and may run past its frame, which cuts it there).
    public func fixedSize() -> some View { fixedSize(horizontal: true, vertical: true) }

    /// Takes the view's ideal size on the axes given: `fixedSize(horizontal: false,
    /// vertical: true)` lets a text wrap to the width offered and take all the lines it needs.
    public func fixedSize(horizontal: Bool, vertical: Bool) -> some View {
        modified { env, _, content in
            NodeList(FixedSizeNode(child: content(env).single, fixesWidth: horizontal, fixesHeight: vertical))
        }
    }

    /// Draws the view moved by `x` and `y` (in the widget's layout unit, rounded to whole
    /// cells as gaps are), leaving its place in the layout where it was.
    public func offset(x: Double = 0, y: Double = 0) -> some View {
        modified { env, _, content in
            func cells(_ value: Double, _ axis: Axis) -> Int {
                let magnitude = env.layoutUnit.gap(abs(value), axis)
                return value < 0 ? -magnitude : magnitude
            }
            let node = content(env).single
            let dx = cells(x, .horizontal), dy = cells(y, .vertical)
            if dx == 0 && dy == 0 { return NodeList(node) }
            return NodeList(OffsetNode(child: node, dx: dx, dy: dy))
        }
    }

    /// Draws the view moved by `offset`'s width and height (see ``offset(x:y:)``).
    public func offset(_ offset: CGSize) -> some View { self.offset(x: Double(offset.width), y: Double(offset.height)) }

    /// Keeps the view's place in the layout and draws nothing there.
    public func hidden() -> some View {
        modified { env, _, content in NodeList(HiddenNode(child: content(env).single)) }
    }

    /// The order of overlapping views in a `ZStack`: a higher index is drawn in front
    /// (default 0; views of the same index in the order written).
    public func zIndex(_ value: Double) -> some View {
        modified { env, _, content in
            let node = content(env).single
            node.zIndex = value
            return NodeList(node)
        }
    }
}

extension View {
    /// As wide and/or tall as the widget's content area on the axes given, the view aligned
    /// inside (SwiftUI's container is the nearest scroll view or window; a widget's is its
    /// content area).
    public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center) -> some View {
        modified { env, _, content in Self.containerRelativeNode(content(env).single, axes, alignment) { length, _ in length } }
    }

    /// A share of the content area on the axes given: the area divided into `count` parts
    /// `spacing` apart, of which the view takes `span`.
    public func containerRelativeFrame(_ axes: Axis.Set, count: Int, span: Int = 1, spacing: Double, alignment: Alignment = .center) -> some View {
        modified { env, _, content in
            let count = max(1, count), span = max(1, min(span, count))
            return Self.containerRelativeNode(content(env).single, axes, alignment) { length, axis in
                let gap = env.layoutUnit.gap(spacing, axis)
                let part = (length - gap * (count - 1)) / count
                return part * span + gap * (span - 1)
            }
        }
    }

    /// A length worked out by `length` from the content area's length on each axis given (both
    /// in the widget's layout unit).
    public func containerRelativeFrame(_ axes: Axis.Set, alignment: Alignment = .center, _ length: @escaping (Double, Axis) -> Double) -> some View {
        modified { env, _, content in
            let unit = env.layoutUnit
            return Self.containerRelativeNode(content(env).single, axes, alignment) { cells, axis in
                unit.size(length(unit.length(ofCells: cells, axis), axis), axis) ?? 0
            }
        }
    }

    private static func containerRelativeNode(_ child: LayoutNode, _ axes: Axis.Set, _ alignment: Alignment, _ length: @escaping (Int, Axis) -> Int) -> NodeList {
        NodeList(ContainerRelativeFrameNode(
            child: child, horizontal: axes.contains(.horizontal), vertical: axes.contains(.vertical),
            alignment: alignment, length: length
        ))
    }
}
