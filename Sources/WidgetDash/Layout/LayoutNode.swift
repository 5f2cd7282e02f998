import Foundation

/// A size offered to a view: a width and height in cells, or nil for "your ideal size".
public struct ProposedSize: Hashable, Sendable {
    public var width: Int?
    public var height: Int?
    public init(width: Int?, height: Int?) {
        self.width = width
        self.height = height
    }
    public init(_ size: CellSize) { self.init(width: size.width, height: size.height) }

    /// Stands for "as much as you like" (SwiftUI's `.infinity`).
    public static let unbounded = 1 << 20
    public static let unspecified = ProposedSize(width: nil, height: nil)

    func value(_ axis: Axis) -> Int? { axis == .horizontal ? width : height }

    /// This proposal with the dimensions given left unspecified.
    func unspecifying(width: Bool, height: Bool) -> ProposedSize {
        ProposedSize(width: width ? nil : self.width, height: height ? nil : self.height)
    }

    static func make(_ axis: Axis, main: Int?, cross: Int?) -> ProposedSize {
        axis == .horizontal ? ProposedSize(width: main, height: cross) : ProposedSize(width: cross, height: main)
    }
}

/// Where content sits horizontally within its frame.
public enum HorizontalAlignment: Hashable, Sendable { case leading, center, trailing }
/// Where content sits vertically within its frame.
public enum VerticalAlignment: Hashable, Sendable { case top, center, bottom }

/// Where content sits within its frame, on both axes.
public struct Alignment: Hashable, Sendable {
    public var horizontal: HorizontalAlignment
    public var vertical: VerticalAlignment
    public init(horizontal: HorizontalAlignment, vertical: VerticalAlignment) {
        self.horizontal = horizontal
        self.vertical = vertical
    }
    public static let center = Alignment(horizontal: .center, vertical: .center)
    public static let leading = Alignment(horizontal: .leading, vertical: .center)
    public static let trailing = Alignment(horizontal: .trailing, vertical: .center)
    public static let top = Alignment(horizontal: .center, vertical: .top)
    public static let bottom = Alignment(horizontal: .center, vertical: .bottom)
    public static let topLeading = Alignment(horizontal: .leading, vertical: .top)
    public static let topTrailing = Alignment(horizontal: .trailing, vertical: .top)
    public static let bottomLeading = Alignment(horizontal: .leading, vertical: .bottom)
    public static let bottomTrailing = Alignment(horizontal: .trailing, vertical: .bottom)

    /// The origin of a child of `size` aligned in `rect`.
    func origin(of size: CellSize, in rect: CellRect) -> CellPoint {
        let x: Int
        switch horizontal {
        case .leading: x = rect.x
        case .center: x = rect.x + (rect.width - size.width) / 2
        case .trailing: x = rect.maxX - size.width
        }
        let y: Int
        switch vertical {
        case .top: y = rect.y
        case .center: y = rect.y + (rect.height - size.height) / 2
        case .bottom: y = rect.maxY - size.height
        }
        return CellPoint(x: x, y: y)
    }
}

/// State shared by one layout-and-render pass: the time, and what the pass learns.
package final class RenderContext {
    /// The moment being drawn; live texts (timers, relative dates) are computed for it.
    package let now: Date
    /// The earliest moment the drawn content will change by itself (a timer's next second).
    package private(set) var nextRefresh: Date?
    /// The buttons, toggles and links drawn, in drawing order.
    var interactiveElements: [InteractiveElement] = []
    /// The live texts drawn, when an extension renders for the host (nil: not recorded).
    var liveTexts: [WireLiveText]?
    /// The rectangle the view was given to draw in (its widget's content area): how far an
    /// `offset` view may move, and the container of `containerRelativeFrame`.
    var contentBounds: CellRect?
    /// Which pass over its tree this is: a tree drawn again and again (a widget's resolved view,
    /// while its entry stands) numbers its draws 0, 1, 2…, and a node forgets what it remembered
    /// in an earlier pass. A tree drawn once has only pass 0.
    let pass: Int

    package init(now: Date, pass: Int = 0) {
        self.now = now
        self.pass = pass
    }

    /// Notes that what was just drawn changes at `date`.
    func refresh(at date: Date) {
        if let current = nextRefresh, current <= date { return }
        nextRefresh = date
    }
}

/// A view resolved for layout: it answers a size for a proposal, then draws into a rectangle.
///
/// The layout protocol is SwiftUI's, in whole cells: the parent proposes, the child answers
/// the size it wants (which the parent may not be able to give), and the parent places it.
class LayoutNode {
    /// Stacks give space to higher priorities first.
    var layoutPriority: Double = 0

    /// A `ZStack` draws higher indices in front (`zIndex(_:)`).
    var zIndex: Double = 0

    /// True for spacers, which stacks treat as the most flexible children (and for nodes that
    /// only wrap a spacer). Stored, not computed: stacks read it for every child on every
    /// measurement, and a node's kind never changes after it is made.
    final var isSpacer = false

    /// Dimensions of a proposal the node's answer never depends on: a frame of fixed width
    /// answers the same whatever width it is offered, a spacer in a row whatever height. The
    /// remembered answers are keyed on the other dimensions only, so such a node is measured
    /// once per proposal that can change its answer, not once per proposal. (A month grid's
    /// fixed-width day cells were each measured some twenty times per pass.)
    final var ignoresProposedWidth = false
    final var ignoresProposedHeight = false

    /// True for nodes whose ``quickSize(_:)`` answers (some) proposals for less than looking up
    /// a remembered answer costs: a spacer, a divider, a glyph, a text on one line. Their
    /// answers then fill no remembered places: a text in nested stacks is asked about a dozen
    /// proposals a pass, and overflowed the eight inline places into an array.
    final var answersQuickly = false

    /// Answers already given in this pass: stacks ask their children several times (minimum,
    /// maximum, share), and without this a nested layout costs 3^depth measurements.
    ///
    /// Kept in two parts, because a frame asks tens of thousands of these questions and a node
    /// deep in nested stacks is asked for a dozen proposals or more. `measured` holds the first
    /// eight answers inline, as plain values: looking one up allocates nothing and runs no other
    /// code, so the compiler checks its exclusive access statically. Later answers go to
    /// `measuredMore`.
    private var measured = InlineMeasurements()

    /// Answers beyond the first eight.
    ///
    /// Its exclusive access is not checked at run time (the check cost more than the lookup).
    /// That is safe because no two accesses can overlap: it is read and appended to only in
    /// `measuredBeyondInline` and `rememberBeyondInline`, which call no code that could reach
    /// this node (the elements are plain values, so even a reallocation runs no deinit), and
    /// `measure`, which runs arbitrary node code, is called between them, never during one.
    @exclusivity(unchecked) private var measuredMore: [(key: UInt64, size: CellSize)] = []

    /// The pass the remembered answers were given in (``RenderContext/pass``).
    private var measuredPass = 0

    /// The size this node wants for `proposal` (measured once per proposal per pass).
    final func sizeThatFits(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize {
        if answersQuickly, let size = quickSize(proposal) { return size }
        if measuredPass != context.pass { forgetMeasurements(for: context.pass) }
        let relevant = proposal.unspecifying(width: ignoresProposedWidth, height: ignoresProposedHeight)
        guard let key = InlineMeasurements.key(relevant) else {
            // Not packable (a negative or enormous proposal, which layout never makes): measured
            // each time, which gives the same answer.
            return measure(proposal, context)
        }
        if let size = measured.size(for: key) { return size }
        if measured.isFull, let size = measuredBeyondInline(key) { return size }
        let size = measure(proposal, context)
        if !measured.insert(size, for: key) { rememberBeyondInline(size, for: key) }
        return size
    }

    /// Starts remembering answers anew: a kept tree's next pass may be at another moment, when
    /// a live text is wider.
    @inline(never)
    private func forgetMeasurements(for pass: Int) {
        measured = InlineMeasurements()
        measuredMore.removeAll(keepingCapacity: true)
        measuredPass = pass
    }

    @inline(never)
    private func measuredBeyondInline(_ key: UInt64) -> CellSize? {
        for answer in measuredMore where answer.key == key { return answer.size }
        return nil
    }

    @inline(never)
    private func rememberBeyondInline(_ size: CellSize, for key: UInt64) {
        if measuredMore.isEmpty { measuredMore.reserveCapacity(InlineMeasurements.capacity) }
        measuredMore.append((key, size))
    }

    /// Computes the size this node wants for `proposal`; subclasses override this.
    func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize { .zero }

    /// What ``measure(_:_:)`` answers for `proposal`, when it is known without measuring; nil
    /// otherwise. Asked only of nodes that set ``answersQuickly``.
    func quickSize(_ proposal: ProposedSize) -> CellSize? { nil }

    /// Draws into `rect` (which the canvas's clip already limits).
    func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {}

    /// Draws this node at the size it wants in `rect` (no larger), placed by `alignment` and
    /// clipped to where it is placed: how frames, stacks and grid cells draw a child.
    final func render(aligned alignment: Alignment, in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        let wanted = sizeThatFits(ProposedSize(rect.size), context)
        let size = CellSize(width: min(wanted.width, rect.width), height: min(wanted.height, rect.height))
        let placed = CellRect(origin: alignment.origin(of: size, in: rect), size: size)
        canvas.withClip(placed) { render(in: placed, canvas: &$0, context) }
    }
}

/// The first eight sizes a node answered, by proposal, packed into one word each.
///
/// A proposal packs into 64 bits, 32 per dimension with all ones for "unspecified", so a lookup
/// is a few integer comparisons. Answers are never replaced (each proposal is measured once),
/// so the order of the search does not matter.
struct InlineMeasurements {
    private var count = 0
    private var keys: (UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64, UInt64) = (0, 0, 0, 0, 0, 0, 0, 0)
    private var sizes: (CellSize, CellSize, CellSize, CellSize, CellSize, CellSize, CellSize, CellSize) =
        (.zero, .zero, .zero, .zero, .zero, .zero, .zero, .zero)

    static let capacity = 8
    private static let unspecified: UInt64 = 0xFFFF_FFFF

    /// The proposal as one word; nil when a dimension is negative or does not fit in 31 bits
    /// (layout clamps proposals to `ProposedSize.unbounded`, so it always fits in practice).
    static func key(_ proposal: ProposedSize) -> UInt64? {
        func part(_ value: Int?) -> UInt64? {
            guard let value else { return unspecified }
            guard value >= 0, value < 0x7FFF_FFFF else { return nil }
            return UInt64(value)
        }
        guard let width = part(proposal.width), let height = part(proposal.height) else { return nil }
        return width << 32 | height
    }

    var isFull: Bool { count == Self.capacity }

    func size(for key: UInt64) -> CellSize? {
        let n = count
        if n > 0, keys.0 == key { return sizes.0 }
        if n > 1, keys.1 == key { return sizes.1 }
        if n > 2, keys.2 == key { return sizes.2 }
        if n > 3, keys.3 == key { return sizes.3 }
        if n > 4, keys.4 == key { return sizes.4 }
        if n > 5, keys.5 == key { return sizes.5 }
        if n > 6, keys.6 == key { return sizes.6 }
        if n > 7, keys.7 == key { return sizes.7 }
        return nil
    }

    /// Keeps an answer; false when all eight places are taken.
    mutating func insert(_ size: CellSize, for key: UInt64) -> Bool {
        switch count {
        case 0: (keys.0, sizes.0) = (key, size)
        case 1: (keys.1, sizes.1) = (key, size)
        case 2: (keys.2, sizes.2) = (key, size)
        case 3: (keys.3, sizes.3) = (key, size)
        case 4: (keys.4, sizes.4) = (key, size)
        case 5: (keys.5, sizes.5) = (key, size)
        case 6: (keys.6, sizes.6) = (key, size)
        case 7: (keys.7, sizes.7) = (key, size)
        default: return false
        }
        count += 1
        return true
    }
}

/// A node that draws nothing and takes no space.
final class EmptyNode: LayoutNode {}
