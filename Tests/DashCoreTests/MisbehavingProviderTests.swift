import Foundation
import Testing
@testable import DashCore
import WidgetDash

@Suite("Providers that misbehave")
struct MisbehavingProviderTests {
    @Test("a request past the time limit is abandoned, shown stale, retried with backoff; a late answer is dropped")
    func timeout() throws {
        var s = SchedulerSettings()
        s.maxJitter = 0
        let h = Harness(settings: s)
        let first = try #require(h.add())
        h.answer(first, timeline(from: t0, policy: .after(t0.addingTimeInterval(600))))
        let slow = try #require(h.run(to: t0.addingTimeInterval(600)).first)
        #expect(h.info()?.inFlight == slow)
        _ = h.run(to: t0.addingTimeInterval(605))
        #expect(h.log.contains(.timedOut(slow)))
        #expect(h.instances[0].status == .stale("timed out"))
        #expect(h.instances[0].currentEntry != nil) // what was on screen stays
        #expect(h.instances[0].lastError == "timed out after 5 s")
        // The late answer does not count.
        #expect(h.answer(slow, timeline(from: h.now, policy: .never)) == nil)
        // Retries back off: 30 s, then 60 s.
        let retry = try #require(h.run(to: t0.addingTimeInterval(635)).first)
        #expect(retry.reason == .retry)
        _ = h.run(to: t0.addingTimeInterval(640)) // times out again
        #expect(h.info()?.nextReload == t0.addingTimeInterval(700))
        h.now = t0.addingTimeInterval(700)
        let third = try #require(h.run(to: h.now).first)
        h.answer(third, timeline(from: h.now, policy: .never))
        #expect(h.instances[0].status == .ok)
        #expect(h.info()?.failures == 0)
    }

    @Test("a provider that throws shows its message and is retried with backoff")
    func error() throws {
        let h = Harness()
        let first = try #require(h.add())
        h.fail(first)
        #expect(h.instances[0].status == .failed("server said no"))
        #expect(h.info()?.nextReload == t0.addingTimeInterval(30))
        let retry = try #require(h.run(to: t0.addingTimeInterval(30)).first)
        h.fail(retry)
        #expect(h.info()?.nextReload == t0.addingTimeInterval(90))
        #expect(SchedulerSettings().retryDelay(failures: 20) == SchedulerSettings().retryMax)
    }

    @Test("errors and hangs stay in their own panel; the others keep running")
    func isolation() async throws {
        let clock = ManualClock(t0)
        let gate = GatedProvider()
        let good = ScriptedProvider(make: { Timeline(entries: [TestEntry(date: $0, label: "fine")], policy: .never) })
        let bad = ScriptedProvider(make: { _ in throw TestFailure() })
        let widgets = [describe("good", good), describe("bad", bad), describe("hang", gate)]
        let placements = ["good", "bad", "hang"].map { WidgetPlacement(kind: $0, family: .systemSmall) }
        let dashboard = Dashboard(widgets: widgets, placements: placements, clock: clock)
        _ = dashboard.handle(.resize(CellSize(width: 80, height: 24)))
        // Wait for the two that answer; the gated one stays in flight.
        for _ in 0..<200 where dashboard.instances[0].status == .loading || dashboard.instances[1].status == .loading {
            try await Task.sleep(for: .milliseconds(2))
            dashboard.advance()
        }
        clock.advance(by: 6)
        dashboard.advance()
        #expect(dashboard.instances[0].status == .ok)
        #expect(dashboard.instances[1].status == .failed("server said no"))
        #expect(dashboard.instances[2].status == .stale("timed out"))
        let screen = dashboard.render(size: CellSize(width: 80, height: 24)).lines.joined(separator: "\n")
        #expect(screen.contains("fine"))
        #expect(screen.contains("server said no"))
        #expect(screen.contains("hang · stale"))
        gate.release()
        await dashboard.settle()
    }
}
