/// Lays children out in a row or a column, dividing the space as SwiftUI's stacks do.
final class StackNode: LayoutNode {
    let axis: Axis
    let crossAlignment: CrossAlignment
    let spacing: Int
    let children: [LayoutNode]

    enum CrossAlignment { case start, center, end }

    init(axis: Axis, alignment: CrossAlignment, spacing: Int, children: [LayoutNode]) {
        self.axis = axis
        self.crossAlignment = alignment
        self.spacing = spacing
        self.children = children
        super.init()
        // A stack's answer is made of its children's answers: when none of them depends on a
        // dimension of the proposal, neither does the stack's. A week's row of fixed-width day
        // cells is then measured once per height, not once per width and height.
        ignoresProposedWidth = children.allSatisfy(\.ignoresProposedWidth)
        ignoresProposedHeight = children.allSatisfy(\.ignoresProposedHeight)
    }

    override func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize {
        allocate(proposal, context)
        let horizontal = axis == .horizontal
        var main = 0
        var cross = 0
        allocation.withUnsafeBufferPointer { sizes in
            for s in sizes {
                main += horizontal ? s.width : s.height
                cross = max(cross, horizontal ? s.height : s.width)
            }
        }
        main += spacing * max(0, children.count - 1)
        return horizontal ? CellSize(width: main, height: cross) : CellSize(width: cross, height: main)
    }

    /// The proposal ``allocation`` was computed for (nil: none yet).
    private var allocatedFor: ProposedSize?
    /// The pass ``allocation`` was computed in: a kept tree's next pass measures anew.
    private var allocatedPass = 0
    /// The size of each child for ``allocatedFor``: rendering asks again for the proposal last
    /// measured. Kept here and read in place, not handed out as an array, so that measuring a
    /// stack copies and releases no array.
    private var allocation: [CellSize] = []

    /// Makes ``allocation`` the size of each child for `proposal`: children are offered space in
    /// order of priority, then from least to most flexible, each getting an equal share of what
    /// is left.
    private func allocate(_ proposal: ProposedSize, _ context: RenderContext) {
        // A dimension every child ignores is dropped, as `sizeThatFits` drops it from its key:
        // the children's answers are the same without it. Without the main length the children
        // are simply asked at their ideal length, with no claims probed or sorted (a week's row
        // of fixed-width day cells); without the cross size the claims are one set, not one per
        // cross size the stack is asked at.
        let proposal = proposal.unspecifying(width: ignoresProposedWidth, height: ignoresProposedHeight)
        if allocatedFor == proposal && allocatedPass == context.pass { return }
        // The last answer's storage is reused (whoever asked for it is done: children never ask
        // their parent), so a stack allocates once per pass, not once per proposal.
        var sizes = allocation
        allocation = []
        allocatedFor = nil
        computeAllocation(proposal, context, into: &sizes)
        allocation = sizes
        allocatedFor = proposal
        allocatedPass = context.pass
    }

    /// What a child claims of the main axis: the least it can take and how much more it could
    /// use, with what decides its turn (spacers last, then priority, then flexibility).
    private struct Claim {
        var index: Int
        var minimum: Int
        var flexibility: Int
        var isSpacer: Bool
        var priority: Double

        /// A placeholder for storage not yet written.
        static let none = Claim(index: 0, minimum: 0, flexibility: 0, isSpacer: false, priority: 0)

        /// True when `self` is served before `other`: spacers are served last, from what the
        /// other children leave (a text beside a spacer keeps its ideal width whenever it
        /// fits); then higher priority first; then least flexible first; then in order.
        func precedes(_ other: Claim) -> Bool {
            if isSpacer != other.isSpacer { return !isSpacer }
            if priority != other.priority { return priority > other.priority }
            return flexibility != other.flexibility ? flexibility < other.flexibility : index < other.index
        }
    }

    private func computeAllocation(_ proposal: ProposedSize, _ context: RenderContext, into sizes: inout [CellSize]) {
        let n = children.count
        // Both paths below write every child's size, so the storage is only made `n` long (once:
        // a stack's children never change), not emptied and refilled.
        if sizes.count != n { sizes = Array(repeating: .zero, count: n) }
        guard n > 0 else { return }
        let crossProposal = proposal.value(axis == .horizontal ? .vertical : .horizontal)
        guard let mainProposal = proposal.value(axis) else {
            for i in 0..<n { sizes[i] = children[i].sizeThatFits(.make(axis, main: nil, cross: crossProposal), context) }
            return
        }
        let axis = axis
        let horizontal = axis == .horizontal
        let spacing = spacing
        // The claims are read from the remembered store, where this cross size's set starts at
        // `base`. Nothing below can change the store or the children (children never ask their
        // parent); local references keep the reads free of the class properties' access checks,
        // and the loops below run over raw buffers, without bounds or uniqueness checks (every
        // index is a claim's index or below `n`, and the store holds `n` claims from `base`).
        let base = rememberedClaims(cross: crossProposal, context)
        let claimStore = self.claimStore
        let children = self.children
        claimStore.withUnsafeBufferPointer { store in
            children.withUnsafeBufferPointer { kids in
                sizes.withUnsafeMutableBufferPointer { out in
                    let claims = UnsafeBufferPointer(rebasing: store[base..<base + n])
                    var remaining = max(0, mainProposal - spacing * (n - 1))
                    var position = 0
                    while position < n {
                        let first = claims[position]
                        var groupEnd = position
                        while groupEnd < n, claims[groupEnd].isSpacer == first.isSpacer, claims[groupEnd].priority == first.priority {
                            groupEnd += 1
                        }
                        // Keep room for the minimum sizes of the children served later.
                        var reserved = 0
                        for k in groupEnd..<n { reserved += claims[k].minimum }
                        var available = max(0, remaining - reserved)
                        for k in position..<groupEnd {
                            let claim = claims[k]
                            // Never offer a child less than its minimum: a rigid child (big
                            // digits, a fixed frame) takes its size, and the others share what
                            // is left.
                            let share = max(available / (groupEnd - k), claim.minimum)
                            let size = kids[claim.index].sizeThatFits(.make(axis, main: share, cross: crossProposal), context)
                            out[claim.index] = size
                            let used = horizontal ? size.width : size.height
                            available = max(0, available - used)
                            remaining = max(0, remaining - used)
                        }
                        position = groupEnd
                    }
                }
            }
        }
    }

    /// The children's sorted claims for the last few cross sizes, one set of `children.count`
    /// after another in one array: they depend on the cross size only, a stack is often asked
    /// several lengths at one, and a nested stack is asked at a few in turn (its parent's
    /// minimum, maximum and share), which overwrote a single remembered set. One array, not one
    /// per set, so that remembering a set allocates nothing after the first.
    private var claimStore: [Claim] = []
    /// The cross size of each set in ``claimStore``, in the order the sets are stored.
    private var claimCrosses = ClaimCrosses()
    /// The pass the claims were sorted in.
    private var claimsPass = 0

    /// Where the sorted claims at a cross size start in ``claimStore``, remembered (at most
    /// eight sets; the oldest makes room).
    private func rememberedClaims(cross crossProposal: Int?, _ context: RenderContext) -> Int {
        let n = children.count
        if claimsPass != context.pass {
            claimCrosses = ClaimCrosses()
            claimsPass = context.pass
        }
        if let slot = claimCrosses.slot(of: crossProposal) { return slot * n }
        let slot = claimCrosses.insert(crossProposal)
        var store = claimStore
        claimStore = []
        // Room for four sets at first: most stacks are asked at no more.
        if store.isEmpty { store.reserveCapacity(n * 4) }
        if store.count < (slot + 1) * n { store.append(contentsOf: repeatElement(Claim.none, count: (slot + 1) * n - store.count)) }
        sortClaims(cross: crossProposal, context, into: &store, at: slot * n)
        claimStore = store
        return slot * n
    }

    /// Writes each child's claim at a cross size into `store` from `base`, in the order
    /// children are served.
    private func sortClaims(cross crossProposal: Int?, _ context: RenderContext, into store: inout [Claim], at base: Int) {
        let n = children.count
        let axis = axis
        let horizontal = axis == .horizontal
        let children = self.children
        // Raw buffers, as in `computeAllocation`: the caller made room for `n` claims from `base`.
        children.withUnsafeBufferPointer { kids in
            store.withUnsafeMutableBufferPointer { all in
                let claims = UnsafeMutableBufferPointer(rebasing: all[base..<base + n])
                for i in 0..<n {
                    let child = kids[i]
                    let lo = child.sizeThatFits(.make(axis, main: 0, cross: crossProposal), context)
                    let minimum = horizontal ? lo.width : lo.height
                    let flexibility: Int
                    if child.isSpacer {
                        flexibility = ProposedSize.unbounded
                    } else if horizontal ? child.ignoresProposedWidth : child.ignoresProposedHeight {
                        // Its answer does not depend on the length: the longest is the shortest.
                        flexibility = 0
                    } else if !Self.sharesTurn(i, kids) {
                        // No other child is served in its turn (the spacers and each priority
                        // take theirs apart), so its flexibility is never compared: `precedes`
                        // reads it only between children of one priority, spacers neither.
                        flexibility = 0
                    } else {
                        let hi = child.sizeThatFits(.make(axis, main: ProposedSize.unbounded, cross: crossProposal), context)
                        flexibility = (horizontal ? hi.width : hi.height) - minimum
                    }
                    claims[i] = Claim(index: i, minimum: minimum, flexibility: flexibility, isSpacer: child.isSpacer, priority: child.layoutPriority)
                }
                // An insertion sort: stacks have a handful of children, and `precedes` is a total
                // order, so the result is the same as any other sort's.
                for i in 1..<n {
                    let item = claims[i]
                    var j = i - 1
                    while j >= 0 && item.precedes(claims[j]) {
                        claims[j + 1] = claims[j]
                        j -= 1
                    }
                    claims[j + 1] = item
                }
            }
        }
    }

    /// True when a child other than `i`, and no spacer, has child `i`'s priority: the two are
    /// served in one turn, the less flexible first.
    private static func sharesTurn(_ i: Int, _ kids: UnsafeBufferPointer<LayoutNode>) -> Bool {
        let priority = kids[i].layoutPriority
        for j in kids.indices where j != i && !kids[j].isSpacer && kids[j].layoutPriority == priority { return true }
        return false
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        allocate(ProposedSize(rect.size), context)
        let sizes = allocation
        var offset = axis == .horizontal ? rect.x : rect.y
        let crossStart = axis == .horizontal ? rect.y : rect.x
        let crossLength = axis == .horizontal ? rect.height : rect.width
        for (child, size) in zip(children, sizes) {
            let childCross = min(axis == .horizontal ? size.height : size.width, crossLength)
            let crossOffset: Int
            switch crossAlignment {
            case .start: crossOffset = crossStart
            case .center: crossOffset = crossStart + (crossLength - childCross) / 2
            case .end: crossOffset = crossStart + crossLength - childCross
            }
            let childRect: CellRect
            if axis == .horizontal {
                childRect = CellRect(x: offset, y: crossOffset, width: size.width, height: childCross)
                offset += size.width + spacing
            } else {
                childRect = CellRect(x: crossOffset, y: offset, width: childCross, height: size.height)
                offset += size.height + spacing
            }
            canvas.withClip(childRect) { child.render(in: childRect, canvas: &$0, context) }
        }
    }
}

/// Lays children on top of each other, aligned in the same frame.
final class ZStackNode: LayoutNode {
    let alignment: Alignment
    let children: [LayoutNode]

    init(alignment: Alignment, children: [LayoutNode]) {
        self.alignment = alignment
        self.children = children
        super.init()
        // Each child is offered the proposal itself: see ``StackNode``.
        ignoresProposedWidth = children.allSatisfy(\.ignoresProposedWidth)
        ignoresProposedHeight = children.allSatisfy(\.ignoresProposedHeight)
    }

    override func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize {
        var size = CellSize.zero
        for child in children {
            let s = child.sizeThatFits(proposal, context)
            size.width = max(size.width, s.width)
            size.height = max(size.height, s.height)
        }
        return size
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        // In the order written, unless `zIndex` says otherwise (a stable sort keeps the order
        // of equal indices).
        let ordered = children.contains { $0.zIndex != 0 }
            ? children.enumerated().sorted { ($0.element.zIndex, $0.offset) < ($1.element.zIndex, $1.offset) }.map(\.element)
            : children
        for child in ordered { child.render(aligned: alignment, in: rect, canvas: &canvas, context) }
    }
}

/// Takes whatever space its stack has left.
final class SpacerNode: LayoutNode {
    let minLength: Int
    let axis: Axis?

    init(minLength: Int, axis: Axis?) {
        self.minLength = minLength
        self.axis = axis
        super.init()
        isSpacer = true
        ignoresProposedWidth = axis == .vertical
        ignoresProposedHeight = axis == .horizontal
        answersQuickly = true
    }

    override func quickSize(_ proposal: ProposedSize) -> CellSize? { size(for: proposal) }

    override func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize { size(for: proposal) }

    private func size(for proposal: ProposedSize) -> CellSize {
        switch axis {
        case .horizontal?: return CellSize(width: max(minLength, proposal.width ?? minLength), height: 0)
        case .vertical?: return CellSize(width: 0, height: max(minLength, proposal.height ?? minLength))
        case nil:
            return CellSize(width: max(minLength, proposal.width ?? minLength), height: max(minLength, proposal.height ?? minLength))
        }
    }
}

/// A thin line across its stack: horizontal in a column, vertical in a row.
final class DividerNode: LayoutNode {
    let vertical: Bool
    let style: CellStyle

    private static let bar = GraphemeStorage("│")
    private static let rule = GraphemeStorage("─")

    init(vertical: Bool, style: CellStyle) {
        self.vertical = vertical
        self.style = style
        super.init()
        ignoresProposedWidth = vertical
        ignoresProposedHeight = !vertical
        answersQuickly = true
    }

    override func quickSize(_ proposal: ProposedSize) -> CellSize? { size(for: proposal) }

    override func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize { size(for: proposal) }

    private func size(for proposal: ProposedSize) -> CellSize {
        vertical ? CellSize(width: 1, height: proposal.height ?? 1) : CellSize(width: proposal.width ?? 1, height: 1)
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        if vertical {
            for y in rect.y..<rect.maxY { canvas.put(Self.bar, width: 1, x: rect.x, y: y, style: style) }
        } else {
            let rule = Cell(glyph: Self.rule, width: 1, style: style)
            canvas.writeRun(columns: rect.x..<rect.maxX, y: rect.y) { _ in rule }
        }
    }
}

/// The cross sizes of a stack's remembered claim sets: eight places, filled in turn, the
/// oldest replaced when all are taken (as the array of sets it replaces removed its first).
///
/// Eight, not four: a stack nested in a stack of the other axis is asked at each of its parent's
/// probes (the minimum, the maximum, a share of each) and then at its real size, and with four
/// places those sets replaced each other and were sorted again within one pass.
private struct ClaimCrosses {
    static let capacity = 8
    private var crosses: (Int?, Int?, Int?, Int?, Int?, Int?, Int?, Int?) = (nil, nil, nil, nil, nil, nil, nil, nil)
    private var count = 0
    /// The place the next new set takes once all are full.
    private var oldest = 0

    /// The place of the set for `cross`, when one is remembered.
    func slot(of cross: Int?) -> Int? {
        if count > 0, crosses.0 == cross { return 0 }
        if count > 1, crosses.1 == cross { return 1 }
        if count > 2, crosses.2 == cross { return 2 }
        if count > 3, crosses.3 == cross { return 3 }
        if count > 4, crosses.4 == cross { return 4 }
        if count > 5, crosses.5 == cross { return 5 }
        if count > 6, crosses.6 == cross { return 6 }
        if count > 7, crosses.7 == cross { return 7 }
        return nil
    }

    /// Takes a place for `cross` and returns it.
    mutating func insert(_ cross: Int?) -> Int {
        let slot: Int
        if count < Self.capacity {
            slot = count
            count += 1
        } else {
            slot = oldest
            oldest = (oldest + 1) % Self.capacity
        }
        switch slot {
        case 0: crosses.0 = cross
        case 1: crosses.1 = cross
        case 2: crosses.2 = cross
        case 3: crosses.3 = cross
        case 4: crosses.4 = cross
        case 5: crosses.5 = cross
        case 6: crosses.6 = cross
        default: crosses.7 = cross
        }
        return slot
    }
}
