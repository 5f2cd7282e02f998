import Foundation
import Testing
@testable import WidgetDash

/// A view resolved once and drawn again and again (as the dashboard draws a widget's view while
/// its entry stands) draws, at every moment, what the same view resolved afresh draws.
@Suite("A prepared view drawn many times")
struct PreparedViewTests {
    static let start = Date(timeIntervalSince1970: 1_795_305_600) // 2026-11-22T00:00:00Z
    static let size = CellSize(width: 30, height: 6)

    static var environment: EnvironmentValues {
        var env = EnvironmentValues()
        env.timeZone = TimeZone(identifier: "UTC") ?? .current
        env.widgetFamily = .systemMedium // where links may be
        return env
    }

    /// Live texts whose widths change as they tick (the timer passes 10:00, so the row's
    /// leftover space for the spacer shrinks), a wrapped text beside them, and links inside and
    /// outside a geometry reader.
    @ViewBuilder static var content: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack {
                Text(start.addingTimeInterval(-598), style: .timer)
                Spacer()
                Text("right")
            }
            HStack(alignment: .top) {
                Text(.currentTime(showsSeconds: true))
                Text("a long label that wraps beside the clock").lineLimit(2)
            }
            Link(destination: URL(string: "https://example.com/outside")!) { Text("outside") }
            GeometryReader { proxy in
                Link(destination: URL(string: "https://example.com/inside")!) { Text("inside \(Int(proxy.size.width))") }
            }
        }
    }

    static func fresh(at now: Date) -> RenderedView {
        ViewRenderer.render(content, size: size, environment: environment, now: now)
    }

    static func draw(_ prepared: PreparedView, at now: Date) -> RenderedView {
        var canvas = Canvas(size: size, fill: .blank(CellStyle(background: prepared.fill(over: .default))))
        var rendered = prepared.draw(into: &canvas, in: canvas.bounds, now: now)
        rendered.canvas = canvas
        return rendered
    }

    @Test("each draw lays the view out for its moment, with the same elements and the next refresh")
    func drawsAsFresh() {
        let prepared = ViewRenderer.prepare(Self.content, environment: Self.environment)
        // Each moment twice (a redraw at the same moment must still ask for the next second),
        // and across the timer's passing 10:00.
        let moments = [0, 0, 1, 2, 3, 3, 60, 3].map { Self.start.addingTimeInterval(Double($0) + 0.25) }
        for now in moments {
            let kept = Self.draw(prepared, at: now)
            let fresh = Self.fresh(at: now)
            let same = kept.canvas == fresh.canvas // (styles too; the lines below say where they differ)
            #expect(same, "at \(now): \(kept.canvas.lines) against \(fresh.canvas.lines)")
            #expect(kept.nextRefresh == fresh.nextRefresh, "at \(now)")
            #expect(kept.nextRefresh == now.addingTimeInterval(0.75))
            #expect(kept.interactiveElements.map(\.id) == fresh.interactiveElements.map(\.id))
            #expect(kept.interactiveElements.map(\.rect) == fresh.interactiveElements.map(\.rect))
        }
        let lines = Self.draw(prepared, at: Self.start.addingTimeInterval(3)).canvas.lines
        #expect(lines[0].hasPrefix("10:01"))
        #expect(Self.draw(prepared, at: Self.start).canvas.lines[0].hasPrefix("9:58"))
        // Two links, numbered in drawing order, the one the reader makes after the other.
        #expect(Self.draw(prepared, at: Self.start).interactiveElements.map(\.id) == [0, 1])
    }
}
