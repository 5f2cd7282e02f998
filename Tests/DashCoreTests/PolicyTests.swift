import Foundation
import Testing
@testable import DashCore
import WidgetDash

@Suite("Entries and reload policies")
struct PolicyTests {
    private func noJitter() -> SchedulerSettings {
        var s = SchedulerSettings()
        s.maxJitter = 0
        return s
    }

    @Test("atEnd asks again when the last entry's date comes")
    func atEnd() throws {
        let h = Harness(settings: noJitter())
        let first = try #require(h.add())
        h.answer(first, timeline(from: t0, count: 4, every: 900, policy: .atEnd))
        #expect(h.info()?.nextReload == t0.addingTimeInterval(2700))
        #expect(h.run(to: t0.addingTimeInterval(2699)).isEmpty)
        let next = h.run(to: t0.addingTimeInterval(2700))
        #expect(next.map(\.reason) == [.policy])
    }

    @Test("after(d) asks at d, even before the last entry")
    func after() throws {
        let h = Harness(settings: noJitter())
        let first = try #require(h.add())
        h.answer(first, timeline(from: t0, count: 10, every: 600, policy: .after(t0.addingTimeInterval(1200))))
        #expect(h.run(to: t0.addingTimeInterval(1199)).isEmpty)
        #expect(h.run(to: t0.addingTimeInterval(1200)).map(\.reason) == [.policy])
    }

    @Test("never asks again only on request")
    func never() throws {
        let h = Harness(settings: noJitter())
        let first = try #require(h.add())
        h.answer(first, timeline(from: t0, count: 3, every: 600, policy: .never))
        #expect(h.run(to: t0.addingTimeInterval(7 * 86_400)).isEmpty)
        #expect(h.scheduler.nextDeadline() == nil)
        let asked = h.requests(h.scheduler.requestReload(0, reason: .user, at: h.now))
        #expect(asked.map(\.reason) == [.user])
    }

    @Test("the entry on screen is the latest not after now, else the first; an empty timeline keeps it")
    func currentEntry() throws {
        let h = Harness(settings: noJitter())
        let first = try #require(h.add())
        // Out of order on purpose: the host sorts.
        let entries: [any TimelineEntry] = [TestEntry(date: t0.addingTimeInterval(1200)), TestEntry(date: t0.addingTimeInterval(600)),
                                            TestEntry(date: t0.addingTimeInterval(1800))]
        h.answer(first, ErasedTimeline(entries: entries, policy: .never))
        let instance = h.instances[0]
        #expect(instance.entries.map { $0.date.timeIntervalSince(t0) } == [600, 1200, 1800])
        #expect(instance.currentIndex == 0) // all in the future: the first
        _ = h.run(to: t0.addingTimeInterval(1300))
        #expect(instance.currentIndex == 1)
        #expect(h.log.contains(.entryChanged(instance: 0)))
        let again = h.requests(h.scheduler.requestReload(0, reason: .user, at: h.now))
        h.answer(try #require(again.first), ErasedTimeline(entries: [], policy: .never))
        #expect(instance.currentIndex == 1)
        #expect(instance.entries.count == 3)
    }

    @Test("a timeline over the entry limit is cut, with a warning")
    func entryLimit() throws {
        var s = noJitter()
        s.entryLimit = 100
        let h = Harness(settings: s)
        let first = try #require(h.add())
        h.answer(first, timeline(from: t0, count: 250, every: 60, policy: .atEnd))
        let instance = h.instances[0]
        #expect(instance.entries.count == 100)
        #expect(instance.warning == "timeline of 250 entries cut to 100")
        #expect(h.info()?.nextReload == t0.addingTimeInterval(99 * 60))
    }

    // Was: a past date waited minimumPolicyInterval (5 s). Issue 15 asks for WidgetKit's
    // minimum of about 5 minutes, so a provider dating entries from Date() cannot burn the budget.
    @Test("a policy date already past on arrival waits 5 minutes instead of spinning")
    func pastDateWaits() throws {
        let h = Harness(settings: noJitter())
        let first = try #require(h.add())
        h.answer(first, timeline(from: t0.addingTimeInterval(-600), policy: .atEnd))
        #expect(SchedulerSettings().pastReloadDateDelay == 300)
        #expect(h.info()?.nextReload == t0.addingTimeInterval(300))
        #expect(h.run(to: t0.addingTimeInterval(299)).isEmpty)
        #expect(h.run(to: t0.addingTimeInterval(300)).map(\.reason) == [.policy])
    }

    @Test("a policy date still ahead keeps its date, never sooner than the minimum interval")
    func futureDateKeepsItsDate() throws {
        let h = Harness(settings: noJitter())
        let first = try #require(h.add())
        h.answer(first, timeline(from: t0, policy: .after(t0.addingTimeInterval(60))))
        #expect(h.info()?.nextReload == t0.addingTimeInterval(60))
        let again = try #require(h.run(to: t0.addingTimeInterval(60)).first)
        h.answer(again, timeline(from: h.now, policy: .after(h.now.addingTimeInterval(1))))
        #expect(h.info()?.nextReload == h.now.addingTimeInterval(SchedulerSettings().minimumPolicyInterval))
    }

    @Test("the wait after a past date is in dashboard time, whatever the clock's speed")
    func pastDateUnderSpeed() throws {
        let h = Harness(settings: noJitter())
        h.scheduler.clockSpeed = 60
        let first = try #require(h.add())
        h.answer(first, timeline(from: t0.addingTimeInterval(-5), policy: .atEnd))
        #expect(h.info()?.nextReload == t0.addingTimeInterval(300))
    }
}

@Suite("Jitter")
struct JitterTests {
    @Test("offsets stay within [0, min(60 s, 5% of the time until d)]")
    func bounds() {
        let j = Jitter(seed: 42)
        for minutes in [1.0, 10, 20, 60, 600] {
            let d = t0.addingTimeInterval(minutes * 60)
            let window = min(60, 0.05 * minutes * 60)
            var spread = Set<Int>()
            for i in 0..<500 {
                let moved = j.apply(to: d, now: t0, instance: i, count: 1).timeIntervalSince(d)
                #expect(moved >= 0 && moved <= window)
                spread.insert(Int(moved / window * 10))
            }
            // Spread over the window, not stuck at one end.
            #expect(spread.count >= 8)
        }
    }

    @Test("the same seed gives the same offsets; another seed others; 0 turns it off")
    func determinism() {
        let d = t0.addingTimeInterval(3600)
        let a = (0..<50).map { Jitter(seed: 7).apply(to: d, now: t0, instance: $0, count: 3) }
        let b = (0..<50).map { Jitter(seed: 7).apply(to: d, now: t0, instance: $0, count: 3) }
        let c = (0..<50).map { Jitter(seed: 8).apply(to: d, now: t0, instance: $0, count: 3) }
        #expect(a == b)
        #expect(a != c)
        #expect(Jitter(maxWindow: 0, seed: 7).apply(to: d, now: t0, instance: 1, count: 1) == d)
    }

    @Test("the scheduler jitters after(d) reloads only")
    func schedulerUsesJitter() throws {
        let h = Harness()
        let first = try #require(h.add())
        let d = t0.addingTimeInterval(1800)
        h.answer(first, timeline(from: t0, policy: .after(d)))
        let next = try #require(h.info()?.nextReload)
        #expect(next >= d && next <= d.addingTimeInterval(60))
        #expect(next != d)
    }
}
