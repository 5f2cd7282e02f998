import Foundation
import Testing
@testable import DashCore
import WidgetDash

@Suite("Live text")
struct LiveTextTests {
    private func render(_ text: Text, at now: Date) -> RenderedView {
        var env = EnvironmentValues()
        env.timeZone = TimeZone(identifier: "UTC") ?? .current
        return ViewRenderer.render(text, size: CellSize(width: 20, height: 1), environment: env, now: now)
    }

    @Test("the current time with seconds ticks each second, and reads 00:05:03 after midnight")
    func currentTime() {
        let midnight = Date(timeIntervalSince1970: 1_795_305_600) // 2026-11-22T00:00:00Z
        let r = render(Text(.currentTime(showsSeconds: true)), at: midnight.addingTimeInterval(303.4))
        #expect(r.canvas.lines[0].contains("00:05:03"))
        #expect(r.nextRefresh == midnight.addingTimeInterval(304))
        let m = render(Text(.currentTime(showsSeconds: false)), at: midnight.addingTimeInterval(303.4))
        #expect(m.canvas.lines[0].trimmingCharacters(in: .whitespaces) == "00:05")
        #expect(m.nextRefresh == midnight.addingTimeInterval(360))
        let d = render(Text(.currentDate), at: midnight.addingTimeInterval(303.4))
        #expect(d.canvas.lines[0].contains("November 22, 2026"))
        #expect(d.nextRefresh == midnight.addingTimeInterval(360))
        // A fixed date is static, as in SwiftUI.
        #expect(render(Text(midnight, style: .time), at: midnight).nextRefresh == nil)
        #expect(render(Text(midnight, style: .timer), at: midnight.addingTimeInterval(1.5)).nextRefresh == midnight.addingTimeInterval(2))
    }

    @Test("live text ticks only while visible")
    func onlyWhileVisible() async throws {
        let clock = ManualClock(t0)
        let provider = ScriptedProvider(make: { Timeline(entries: [TestEntry(date: $0)], policy: .never) })
        let widgets = [describe("live", provider, live: true)]
        // Two small widgets on a 30×14 screen: one per page.
        let placements = [WidgetPlacement(kind: "live", family: .systemSmall), WidgetPlacement(kind: "live", family: .systemSmall)]
        let dashboard = Dashboard(widgets: widgets, placements: placements, clock: clock)
        let size = CellSize(width: 30, height: 14)
        _ = dashboard.handle(.resize(size))
        await dashboard.settle()
        dashboard.advance()
        _ = dashboard.render(size: size)
        // On screen: one wake-up a second; off screen (page 2): none. The frame asks for it;
        // the scheduler learns nothing from a render.
        #expect(dashboard.frame(size: size).nextRedraw == t0.addingTimeInterval(1))
        #expect(dashboard.scheduler.nextDeadline() == nil)
        #expect(dashboard.secondsUntilNextDeadline() ?? 99 <= 1)
        clock.advance(by: 1)
        dashboard.advance()
        #expect(dashboard.needsDisplay)
        let shown = dashboard.render(size: size).lines.joined()
        #expect(shown.contains("08:00:01"))
        _ = dashboard.handle(.key(.character("n")))
        _ = dashboard.render(size: size)
        // Page 2's widget ticks (instance 1, drawn at +1 s); page 1's no longer asks.
        #expect(dashboard.frame(size: size).nextRedraw == t0.addingTimeInterval(2))
        // Under the inspector nothing ticks: the next wake-up is the status line's minute.
        let minute = Date(timeIntervalSince1970: (t0.timeIntervalSince1970 / 60).rounded(.down) * 60 + 60)
        _ = dashboard.handle(.key(.character("i")))
        _ = dashboard.render(size: size)
        #expect(dashboard.frame(size: size).nextRedraw == minute)
        #expect(dashboard.scheduler.nextDeadline() == nil)
        _ = dashboard.handle(.key(.escape))
        _ = dashboard.render(size: size)
        #expect(dashboard.frame(size: size).nextRedraw == t0.addingTimeInterval(2))
    }

    /// Before rendering was pure, a panel's live text asked the scheduler for its next tick only
    /// when the panel was rendered afresh; a page left and come back to reused the panel drawn
    /// before and never asked again, so its clock stood still.
    @Test("a widget back on screen shows the current time and ticks again")
    func backOnScreenTicksAgain() async {
        let clock = ManualClock(t0)
        let provider = ScriptedProvider(make: { Timeline(entries: [TestEntry(date: $0)], policy: .never) })
        let placements = [WidgetPlacement(kind: "live", family: .systemSmall), WidgetPlacement(kind: "live", family: .systemSmall)]
        let dashboard = Dashboard(widgets: [describe("live", provider, live: true)], placements: placements, clock: clock)
        let size = CellSize(width: 30, height: 14)
        _ = dashboard.handle(.resize(size))
        await dashboard.settle()
        dashboard.advance()
        #expect(dashboard.render(size: size).lines.joined().contains("08:00:00"))
        _ = dashboard.handle(.key(.character("n")))
        _ = dashboard.render(size: size)
        clock.advance(by: 5)
        dashboard.advance()
        _ = dashboard.handle(.key(.character("p")))
        #expect(dashboard.render(size: size).lines.joined().contains("08:00:05"))
        #expect(dashboard.secondsUntilNextDeadline() ?? 99 <= 1)
        clock.advance(by: 1)
        dashboard.advance()
        #expect(dashboard.needsDisplay)
        #expect(dashboard.render(size: size).lines.joined().contains("08:00:06"))
    }
}
