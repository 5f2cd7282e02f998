/// Adds space around a child.
final class PaddingNode: WrappingNode {
    let insets: EdgeInsets

    init(insets: EdgeInsets, child: LayoutNode) {
        self.insets = insets
        super.init(child: child)
        followsChildsIndependence()
    }

    override func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize {
        let h = insets.leading + insets.trailing
        let v = insets.top + insets.bottom
        let inner = ProposedSize(width: proposal.width.map { max(0, $0 - h) }, height: proposal.height.map { max(0, $0 - v) })
        let s = child.sizeThatFits(inner, context)
        return CellSize(width: s.width + h, height: s.height + v)
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        let inner = rect.inset(top: insets.top, leading: insets.leading, bottom: insets.bottom, trailing: insets.trailing)
        canvas.withClip(inner) { child.render(in: inner, canvas: &$0, context) }
    }
}

/// Gives a child a fixed, minimum or maximum size and aligns it inside.
final class FrameNode: WrappingNode {
    struct Limits {
        var width: Int?, height: Int?
        var minWidth: Int?, maxWidth: Int?, minHeight: Int?, maxHeight: Int?
        /// What the frame takes in place of a proposal that leaves the dimension unspecified.
        var idealWidth: Int?, idealHeight: Int?
    }
    let limits: Limits
    let alignment: Alignment

    init(limits: Limits, alignment: Alignment, child: LayoutNode) {
        self.limits = limits
        self.alignment = alignment
        super.init(child: child)
        // A frame holds its place in a stack even around a spacer.
        isSpacer = false
        // A fixed dimension is answered whatever is proposed for it (see `measure`), and so is
        // one without limits whose child's answer does not depend on it (the child is offered
        // the proposal and its answer is taken as it is).
        ignoresProposedWidth = limits.width != nil
            || (limits.minWidth == nil && limits.maxWidth == nil && limits.idealWidth == nil && child.ignoresProposedWidth)
        ignoresProposedHeight = limits.height != nil
            || (limits.minHeight == nil && limits.maxHeight == nil && limits.idealHeight == nil && child.ignoresProposedHeight)
    }

    private func clamp(_ v: Int, _ lo: Int?, _ hi: Int?) -> Int {
        var r = v
        if let hi { r = min(r, hi) }
        if let lo { r = max(r, lo) }
        return r
    }

    override func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize {
        let l = limits
        // The child is offered the fixed size, else the proposal clamped to the limits.
        let offerW = l.width ?? (proposal.width ?? l.idealWidth).map { clamp($0, l.minWidth, l.maxWidth) }
        let offerH = l.height ?? (proposal.height ?? l.idealHeight).map { clamp($0, l.minHeight, l.maxHeight) }
        let childSize = child.sizeThatFits(ProposedSize(width: offerW, height: offerH), context)
        // A flexible frame grows toward the proposal up to its maximum (so maxWidth: .infinity
        // fills the space) and never shrinks below its minimum.
        func resolve(_ fixed: Int?, _ lo: Int?, _ hi: Int?, _ ideal: Int?, _ proposed: Int?, _ childValue: Int) -> Int {
            if let fixed { return fixed }
            // Offered nothing, a frame with an ideal size takes it (within its limits).
            if proposed == nil, let ideal { return clamp(ideal, lo, hi) }
            let p = proposed ?? childValue
            var v = childValue
            if let lo { v = max(lo, min(v, p)) }
            if let hi { v = min(hi, max(v, p)) }
            return v
        }
        return CellSize(
            width: resolve(l.width, l.minWidth, l.maxWidth, l.idealWidth, proposal.width, childSize.width),
            height: resolve(l.height, l.minHeight, l.maxHeight, l.idealHeight, proposal.height, childSize.height)
        )
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        child.render(aligned: alignment, in: rect, canvas: &canvas, context)
    }
}

/// Draws a background (a color or a view) behind a child, in the child's frame.
final class BackgroundNode: WrappingNode {
    let color: TerminalColor?
    let background: LayoutNode?
    let overlay: Bool
    let alignment: Alignment

    init(child: LayoutNode, color: TerminalColor?, background: LayoutNode?, overlay: Bool = false, alignment: Alignment = .center) {
        self.color = color
        self.background = background
        self.overlay = overlay
        self.alignment = alignment
        super.init(child: child)
        followsChildsIndependence()
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        if !overlay { drawBackground(rect, &canvas, context) }
        if let color { canvas.fill(rect, style: CellStyle(background: color)) }
        child.render(in: rect, canvas: &canvas, context)
        if let color { canvas.paintBackground(rect, color) }
        if overlay { drawBackground(rect, &canvas, context) }
    }

    private func drawBackground(_ rect: CellRect, _ canvas: inout Canvas, _ context: RenderContext) {
        background?.render(aligned: alignment, in: rect, canvas: &canvas, context)
    }
}

/// Changes the style of everything a child drew: dims invalidated content, for example.
final class RestyleNode: WrappingNode {
    let transform: (inout CellStyle) -> Void

    init(child: LayoutNode, transform: @escaping (inout CellStyle) -> Void) {
        self.transform = transform
        super.init(child: child)
        followsChildsIndependence()
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        child.render(in: rect, canvas: &canvas, context)
        canvas.restyle(rect, transform)
    }
}

/// A node that wraps one child and, unless it says otherwise, takes the child's size, priority,
/// z-index and spacer-ness and draws it in its own rectangle.
class WrappingNode: LayoutNode {
    let child: LayoutNode

    init(child: LayoutNode) {
        self.child = child
        super.init()
        layoutPriority = child.layoutPriority
        zIndex = child.zIndex
        isSpacer = child.isSpacer
    }

    /// Takes the child's ``LayoutNode/ignoresProposedWidth`` and ``LayoutNode/ignoresProposedHeight``:
    /// right for a node whose answer depends on a proposal only through its child's answer (a
    /// padding, a background, a restyle), and only such a node calls it. A dimension the node
    /// answers by itself whatever is proposed (`ignoringWidth`, `ignoringHeight`) is ignored too.
    final func followsChildsIndependence(ignoringWidth: Bool = false, ignoringHeight: Bool = false) {
        ignoresProposedWidth = ignoringWidth || child.ignoresProposedWidth
        ignoresProposedHeight = ignoringHeight || child.ignoresProposedHeight
    }

    override func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize {
        child.sizeThatFits(proposal, context)
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        child.render(in: rect, canvas: &canvas, context)
    }
}
