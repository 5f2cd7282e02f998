import Foundation
import Testing
@testable import DashCore
import WidgetDash

/// An activity record for the rules: JSON payloads do not matter to them.
func activityRecord(start: Date, staleDate: Date? = nil, ended: Date? = nil, dismissal: ActivityUIDismissalPolicy = .default,
                    relevance: Double = 0, sequence: Int = 1, requested: Date? = nil) -> ActivityRecord {
    ActivityRecord(id: "a\(sequence)", activityType: "test", attributes: Data("{}".utf8), state: Data("{}".utf8), staleDate: staleDate,
                   relevanceScore: relevance, requested: requested ?? start, startDate: start, ended: ended, dismissalPolicy: dismissal,
                   sequence: sequence)
}

/// The life of a Live Activity, walked on a manual clock (WIDGETKIT.md §7).
@Suite("Live Activities: the rules under a manual clock")
struct ActivityRulesTests {
    let hour: TimeInterval = 3600

    /// The state at the clock's time.
    func state(_ record: ActivityRecord, _ clock: ManualClock) -> ActivityState { ActivityRules.state(of: record, at: clock.now()) }

    @Test func activeThenStaleAtItsStaleDate() {
        let clock = ManualClock(t0)
        let record = activityRecord(start: t0, staleDate: t0.addingTimeInterval(600))
        #expect(state(record, clock) == .active)
        clock.advance(by: 599)
        #expect(state(record, clock) == .active)
        clock.advance(by: 1)
        #expect(state(record, clock) == .stale)
        // An update with a later stale date makes it current again.
        var updated = record
        updated.staleDate = t0.addingTimeInterval(1200)
        #expect(state(updated, clock) == .active)
        #expect(ActivityRules.isRunning(.stale) && ActivityRules.acceptsUpdates(.stale))
    }

    @Test func endsAfterEightHoursActiveAndLeavesFourHoursLater() {
        let clock = ManualClock(t0)
        let record = activityRecord(start: t0)
        clock.advance(by: 8 * hour - 1)
        #expect(state(record, clock) == .active)
        clock.advance(by: 1)
        #expect(state(record, clock) == .ended)
        #expect(!ActivityRules.acceptsUpdates(state(record, clock)))
        clock.advance(by: 4 * hour - 1)
        #expect(state(record, clock) == .ended)
        clock.advance(by: 1)
        #expect(state(record, clock) == .dismissed)
        // Twelve hours in all, the most an activity lives.
        #expect(ActivityRules.removalDate(of: record) == t0.addingTimeInterval(12 * hour))
    }

    @Test func aStaleActivityEndsAtEightHoursToo() {
        let record = activityRecord(start: t0, staleDate: t0.addingTimeInterval(hour))
        #expect(ActivityRules.state(of: record, at: t0.addingTimeInterval(8 * hour - 1)) == .stale)
        #expect(ActivityRules.state(of: record, at: t0.addingTimeInterval(8 * hour)) == .ended)
    }

    @Test func defaultDismissalKeepsItFourHoursAfterTheEnd() {
        let clock = ManualClock(t0)
        let end = t0.addingTimeInterval(hour)
        let record = activityRecord(start: t0, ended: end, dismissal: .default)
        #expect(state(record, clock) == .active)
        clock.set(end)
        #expect(state(record, clock) == .ended)
        clock.set(end.addingTimeInterval(4 * hour - 1))
        #expect(state(record, clock) == .ended)
        clock.set(end.addingTimeInterval(4 * hour))
        #expect(state(record, clock) == .dismissed)
    }

    @Test func immediateDismissalRemovesItAtTheEnd() {
        let end = t0.addingTimeInterval(hour)
        let record = activityRecord(start: t0, ended: end, dismissal: .immediate)
        #expect(ActivityRules.state(of: record, at: end.addingTimeInterval(-1)) == .active)
        #expect(ActivityRules.state(of: record, at: end) == .dismissed)
    }

    @Test func dismissalAfterADateIsKeptBetweenTheEndAndFourHoursLater() {
        let end = t0.addingTimeInterval(hour)
        // Within the window: at the date.
        let inWindow = activityRecord(start: t0, ended: end, dismissal: .after(end.addingTimeInterval(30 * 60)))
        #expect(ActivityRules.state(of: inWindow, at: end.addingTimeInterval(30 * 60 - 1)) == .ended)
        #expect(ActivityRules.state(of: inWindow, at: end.addingTimeInterval(30 * 60)) == .dismissed)
        // Past the window: capped at four hours after the end.
        let late = activityRecord(start: t0, ended: end, dismissal: .after(end.addingTimeInterval(10 * hour)))
        #expect(ActivityRules.removalDate(of: late) == end.addingTimeInterval(4 * hour))
        #expect(ActivityRules.state(of: late, at: end.addingTimeInterval(4 * hour)) == .dismissed)
        // Before the end: it goes when it ends.
        let early = activityRecord(start: t0, ended: end, dismissal: .after(t0))
        #expect(ActivityRules.removalDate(of: early) == end)
    }

    @Test func anActivityEndedByTheEightHourLimitKeepsTheDefault() {
        // `end` was never called, so whatever policy is stored does not apply yet.
        let record = activityRecord(start: t0, dismissal: .immediate)
        #expect(ActivityRules.state(of: record, at: t0.addingTimeInterval(8 * hour + 1)) == .ended)
    }

    @Test func pendingUntilItsStartDate() {
        let clock = ManualClock(t0)
        let record = activityRecord(start: t0.addingTimeInterval(600), requested: t0)
        #expect(state(record, clock) == .pending)
        #expect(ActivityRules.isRunning(.pending))
        clock.advance(by: 600)
        #expect(state(record, clock) == .active)
        // Its eight hours count from the start, not the request.
        #expect(ActivityRules.endDate(of: record) == t0.addingTimeInterval(600 + 8 * hour))
    }

    @Test func nextChangeWalksThroughEveryState() {
        let record = activityRecord(start: t0.addingTimeInterval(60), staleDate: t0.addingTimeInterval(3600), requested: t0)
        var now = t0
        var seen: [ActivityState] = [ActivityRules.state(of: record, at: now)]
        while let next = ActivityRules.nextChange(of: record, after: now) {
            now = next
            seen.append(ActivityRules.state(of: record, at: now))
        }
        #expect(seen == [.pending, .active, .stale, .ended, .dismissed])
        #expect(now == t0.addingTimeInterval(60 + 12 * hour))
    }

    @Test func mostRelevantFirstTiesToTheOneStartedFirst() {
        let a = activityRecord(start: t0, relevance: 5, sequence: 1)
        let b = activityRecord(start: t0, relevance: 10, sequence: 2)
        let c = activityRecord(start: t0, relevance: 5, sequence: 3)
        let d = activityRecord(start: t0, relevance: 10, sequence: 4)
        #expect(ActivityRules.ordered([c, a, d, b]).map(\.id) == ["a2", "a4", "a1", "a3"])
    }

    @Test func shownLeavesOutPendingAndDismissed() {
        let pending = activityRecord(start: t0.addingTimeInterval(60), sequence: 1, requested: t0)
        let gone = activityRecord(start: t0.addingTimeInterval(-7200), ended: t0.addingTimeInterval(-3600), dismissal: .immediate, sequence: 2)
        let ended = activityRecord(start: t0.addingTimeInterval(-7200), ended: t0.addingTimeInterval(-3600), sequence: 3)
        let active = activityRecord(start: t0, sequence: 4)
        #expect(ActivityRules.shown([pending, gone, ended, active], at: t0).map(\.id) == ["a3", "a4"])
    }

    @Test func dismissalPoliciesReadAsScriptsWriteThem() {
        #expect(ActivityRules.parseDismissal("default") == .default)
        #expect(ActivityRules.parseDismissal("immediate") == .immediate)
        #expect(ActivityRules.parseDismissal("after:2026-11-22T09:00:00Z") == .after(t0.addingTimeInterval(3600)))
        #expect(ActivityRules.parseDismissal("after:tomorrow") == nil)
        #expect(ActivityRules.parseDismissal("later") == nil)
        for policy in [ActivityUIDismissalPolicy.default, .immediate, .after(t0)] {
            #expect(ActivityRules.parseDismissal(ActivityRules.text(of: policy)) == policy)
        }
    }
}
