/// Draws the first child whose ideal size fits the proposal on the constrained axes (the last
/// child when none does), as SwiftUI's `ViewThatFits`.
final class ViewThatFitsNode: LayoutNode {
    let children: [LayoutNode]
    let constrainsWidth: Bool
    let constrainsHeight: Bool

    init(children: [LayoutNode], constrainsWidth: Bool, constrainsHeight: Bool) {
        self.children = children
        self.constrainsWidth = constrainsWidth
        self.constrainsHeight = constrainsHeight
        super.init()
    }

    /// The child chosen for `proposal`: the first whose ideal size (its answer with the
    /// constrained dimensions left unspecified) fits; nil when there are no children.
    private func choice(_ proposal: ProposedSize, _ context: RenderContext) -> LayoutNode? {
        let ideal = proposal.unspecifying(width: constrainsWidth, height: constrainsHeight)
        for child in children.dropLast() {
            let size = child.sizeThatFits(ideal, context)
            let fitsWidth = !constrainsWidth || proposal.width.map { size.width <= $0 } ?? true
            let fitsHeight = !constrainsHeight || proposal.height.map { size.height <= $0 } ?? true
            if fitsWidth && fitsHeight { return child }
        }
        return children.last
    }

    override func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize {
        choice(proposal, context)?.sizeThatFits(proposal, context) ?? .zero
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        choice(ProposedSize(rect.size), context)?.render(in: rect, canvas: &canvas, context)
    }
}

/// Offers a child nothing on the fixed axes, so that it takes its ideal size there whatever
/// its parent offers, as SwiftUI's `fixedSize(horizontal:vertical:)`.
final class FixedSizeNode: WrappingNode {
    let fixesWidth: Bool
    let fixesHeight: Bool

    init(child: LayoutNode, fixesWidth: Bool, fixesHeight: Bool) {
        self.fixesWidth = fixesWidth
        self.fixesHeight = fixesHeight
        super.init(child: child)
        followsChildsIndependence(ignoringWidth: fixesWidth, ignoringHeight: fixesHeight)
    }

    private func offer(_ proposal: ProposedSize) -> ProposedSize {
        proposal.unspecifying(width: fixesWidth, height: fixesHeight)
    }

    override func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize {
        child.sizeThatFits(offer(proposal), context)
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        // The rectangle is this node's answer, which may be larger than the parent offered:
        // the parent's clip then cuts what does not fit, as a panel's edge does.
        let size = child.sizeThatFits(offer(ProposedSize(rect.size)), context)
        let childRect = CellRect(origin: rect.origin, size: size)
        child.render(in: childRect, canvas: &canvas, context)
    }
}

/// Draws a child moved by whole cells, without changing its place in the layout, as
/// SwiftUI's `offset(x:y:)`: the moved content may cover its neighbours, but not leave the
/// widget.
final class OffsetNode: WrappingNode {
    let dx: Int
    let dy: Int

    init(child: LayoutNode, dx: Int, dy: Int) {
        self.dx = dx
        self.dy = dy
        super.init(child: child)
        followsChildsIndependence()
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        let moved = CellRect(x: rect.x + dx, y: rect.y + dy, width: rect.width, height: rect.height)
        // Not limited to the rectangle the parent gave (SwiftUI does not clip an offset view),
        // only to the widget's content.
        let saved = canvas.clip
        canvas.clip = moved.intersection(context.contentBounds ?? canvas.bounds)
        child.render(in: moved, canvas: &canvas, context)
        canvas.clip = saved
    }
}

/// Takes a child's place in the layout and draws nothing, as SwiftUI's `hidden()`.
final class HiddenNode: WrappingNode {
    override init(child: LayoutNode) {
        super.init(child: child)
        followsChildsIndependence()
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {}
}

/// Gives a child a size worked out from its container's (the widget's content area) on the
/// axes given, as SwiftUI's `containerRelativeFrame`, and aligns it inside.
final class ContainerRelativeFrameNode: WrappingNode {
    let horizontal: Bool
    let vertical: Bool
    let alignment: Alignment
    /// The frame's length on an axis for the container's length there, in cells.
    let length: (Int, Axis) -> Int

    init(child: LayoutNode, horizontal: Bool, vertical: Bool, alignment: Alignment, length: @escaping (Int, Axis) -> Int) {
        self.horizontal = horizontal
        self.vertical = vertical
        self.alignment = alignment
        self.length = length
        super.init(child: child)
        isSpacer = false
        followsChildsIndependence(ignoringWidth: horizontal, ignoringHeight: vertical)
    }

    /// The container-relative lengths on the axes given, the child's answer on the others.
    override func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize {
        let container = context.contentBounds?.size
        let width = horizontal ? max(0, length(container?.width ?? proposal.width ?? 0, .horizontal)) : nil
        let height = vertical ? max(0, length(container?.height ?? proposal.height ?? 0, .vertical)) : nil
        let childSize = child.sizeThatFits(ProposedSize(width: width ?? proposal.width, height: height ?? proposal.height), context)
        return CellSize(width: width ?? childSize.width, height: height ?? childSize.height)
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        child.render(aligned: alignment, in: rect, canvas: &canvas, context)
    }
}
