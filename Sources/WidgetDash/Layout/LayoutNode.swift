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
public final class RenderContext {
    /// The moment being drawn; live texts (timers, relative dates) are computed for it.
    public let now: Date
    /// The earliest moment the drawn content will change by itself (a timer's next second).
    public private(set) var nextRefresh: Date?
    /// The buttons, toggles and links drawn, in drawing order.
    var interactiveElements: [InteractiveElement] = []

    public init(now: Date) { self.now = now }

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

    /// Answers already given in this pass: stacks ask their children several times (minimum,
    /// maximum, share), and without this a nested layout costs 3^depth measurements.
    private var measured: [(ProposedSize, CellSize)] = []

    /// The size this node wants for `proposal` (measured once per proposal per pass).
    final func sizeThatFits(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize {
        for (p, s) in measured where p == proposal { return s }
        let size = measure(proposal, context)
        measured.append((proposal, size))
        return size
    }

    /// Computes the size this node wants for `proposal`; subclasses override this.
    func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize { .zero }

    /// Draws into `rect` (which the canvas's clip already limits).
    func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {}

    /// True for spacers, which stacks treat as the most flexible children.
    var isSpacer: Bool { false }
}

/// A node that draws nothing and takes no space.
final class EmptyNode: LayoutNode {}
