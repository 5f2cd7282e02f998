import Foundation
import Synchronization
import Testing
@testable import DashCore
import WidgetDash

/// An executor that counts the jobs it is given and runs each on a thread of its own: a
/// stand-in for the run loop's executor.
private final class CountingExecutor: TaskExecutor, Sendable {
    let jobs = Counter()

    func enqueue(_ job: consuming ExecutorJob) {
        jobs.increment()
        let job = UnownedJob(job)
        Thread { job.runSynchronously(on: self.asUnownedTaskExecutor()) }.start()
    }
}

@Suite("Dashboard: the run loop's link")
struct LoopLinkTests {
    @Test("Providers of the loop's kinds run on the loop's executor; every answer wakes the loop only soon")
    func loopKindsAndLazyAnswers() async throws {
        let clock = ManualClock(t0)
        let widgets = ["quick", "slow"].map { kind in
            describe(kind, ScriptedProvider(make: { date in
                Timeline(entries: [TestEntry(date: date, label: "\(kind) entry")], policy: .never)
            }))
        }
        let d = Dashboard(widgets: widgets, placements: ["quick", "slow"].map { WidgetPlacement(kind: $0, family: .systemSmall) }, clock: clock)
        d.loopKinds = ["quick"]
        await d.settle()
        let executor = CountingExecutor()
        let wakes = Counter()
        let soon = Counter()
        d.attach(LoopLink(wake: { wakes.increment() }, wakeSoon: { soon.increment() }, executor: executor))

        d.reloadTimelines(ofKind: "slow", reason: .widgetCenter)
        await d.settle()
        #expect(executor.jobs.count == 0)
        #expect(soon.count == 1)

        d.reloadTimelines(ofKind: "quick", reason: .widgetCenter)
        await d.settle()
        #expect(executor.jobs.count >= 1)
        #expect(soon.count == 2)
        // A provider's answer never wakes the loop at once.
        #expect(wakes.count == 0)
        #expect(d.instance(at: 0)?.currentEntry?.date == t0)
    }

    @Test("The next tick is the frame's next redraw: a live seconds text ticks within a second")
    func nextTick() async throws {
        let clock = ManualClock(t0.addingTimeInterval(0.25))
        let widgets = [describe("live", ScriptedProvider(make: { date in
            Timeline(entries: [TestEntry(date: date)], policy: .never)
        }), live: true)]
        let d = Dashboard(widgets: widgets, placements: [WidgetPlacement(kind: "live", family: .systemSmall)], clock: clock)
        await d.settle()
        d.advance()
        _ = d.render(size: CellSize(width: 80, height: 24))
        let tick = try #require(d.secondsUntilNextTick())
        #expect(tick > 0 && tick <= 0.75)
        #expect(try #require(d.secondsUntilNextDeadline()) <= tick)
    }
}
