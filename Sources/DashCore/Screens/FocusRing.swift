/// Which element of the screen has the keyboard focus, moved with Tab and Shift-Tab.
///
/// Today the elements are the panels of the current page, identified by instance id. The ring
/// knows nothing about panels: a later step can put a widget's buttons and toggles in it (ids
/// from another range) without changing how focus moves.
public struct FocusRing: Equatable, Sendable {
    /// The focusable elements in Tab order.
    public private(set) var order: [Int] = []
    /// The focused element, nil when nothing has focus.
    public private(set) var focused: Int?

    public init() {}

    /// Replaces the elements; the focus stays on its element if that is still there.
    public mutating func update(order newOrder: [Int]) {
        order = newOrder
        if let f = focused, !newOrder.contains(f) { focused = nil }
    }

    /// Moves to the next element (from nothing: the first), wrapping at the end.
    public mutating func next() { step(1) }

    /// Moves to the previous element (from nothing: the last), wrapping at the start.
    public mutating func previous() { step(-1) }

    /// Drops the focus.
    public mutating func clear() { focused = nil }

    private mutating func step(_ delta: Int) {
        guard !order.isEmpty else { focused = nil; return }
        guard let f = focused, let i = order.firstIndex(of: f) else {
            focused = delta > 0 ? order.first : order.last
            return
        }
        focused = order[(i + delta + order.count) % order.count]
    }
}
