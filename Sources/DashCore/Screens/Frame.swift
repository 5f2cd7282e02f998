import Foundation
import WidgetDash

/// What rendering a screen produces: its cells, and the next moment it must be drawn again by
/// itself (live text, a countdown, the status line's clock).
///
/// Rendering is a pure function of the screen's state: it never tells the scheduler, the focus
/// or anything else what it drew. The run loop sleeps until the earliest of the scheduler's
/// deadline and the last frame's ``nextRedraw``.
public struct Frame {
    public var canvas: Canvas
    /// When the cells change by themselves; nil: only a change of state changes them.
    public var nextRedraw: Date?

    public init(canvas: Canvas, nextRedraw: Date? = nil) {
        self.canvas = canvas
        self.nextRedraw = nextRedraw
    }

    /// Notes one more moment the frame changes at; the earliest wins.
    public mutating func redraw(at date: Date?) {
        guard let date else { return }
        nextRedraw = nextRedraw.map { min($0, date) } ?? date
    }
}

/// What a dashboard frame drew where: the regions that clicks, arrows and Tab find things by.
///
/// The router keeps the regions of the frame it last drew (as a window system keeps the last
/// layout for hit-testing); a region left nil was not drawn and keeps what it was.
struct DrawnRegions {
    /// The panels of the page with each panel's rendered view (its interactive elements and
    /// widget URL; nil under the inspector, which hides them); nil when the page was not drawn
    /// (locked, too small).
    var panels: [(id: Int, rect: CellRect, view: RenderedView?)]?
    /// The control center's tiles on screen; nil when it was not drawn.
    var controlTiles: [CellRect]?
    /// The Dynamic Island as drawn (nil rect: not shown); nil when the island was not drawn.
    var island: (rect: CellRect?, elements: [InteractiveElement], focusOrder: [Int]?)?
    /// The lock screen's activity cards; nil when they were not drawn.
    var cards: [(id: String, rect: CellRect, elements: [InteractiveElement])]?
    /// The cards' buttons in Tab order; nil when the screen was too narrow to lay them out.
    var cardFocusOrder: [Int]?
}

/// A dashboard frame and the regions it drew.
struct DashboardFrame {
    var frame: Frame
    var regions = DrawnRegions()
}
