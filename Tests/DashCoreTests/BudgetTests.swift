import Foundation
import Testing
@testable import DashCore
import WidgetDash

@Suite("The reload budget")
struct BudgetTests {
    private func settings(budget: Int) -> SchedulerSettings {
        var s = SchedulerSettings()
        s.budget = budget
        s.maxJitter = 0
        return s
    }

    @Test("a rolling window: charges count for 24 hours each")
    func rolling() {
        var b = ReloadBudget(limit: 2)
        b.charge(at: t0)
        b.charge(at: t0.addingTimeInterval(3600))
        #expect(!b.hasRoom(at: t0.addingTimeInterval(7200)))
        #expect(b.nextRoom(at: t0.addingTimeInterval(7200)) == t0.addingTimeInterval(86_400))
        #expect(b.left(at: t0.addingTimeInterval(86_400)) == 1)
        #expect(b.left(at: t0.addingTimeInterval(86_400 + 3600)) == 2)
        #expect(ReloadBudget(limit: 0).nextRoom(at: t0) == nil)
    }

    @Test("policy reloads stop when the budget is spent, are deferred, and resume as it refills")
    func runsOutAndRefills() throws {
        let h = Harness(settings: settings(budget: 3))
        var request = try #require(h.add())
        var reloads: [ReloadRequest] = []
        // Every 10 minutes, for a day and a half.
        while h.now < t0.addingTimeInterval(36 * 3600) {
            h.answer(request, timeline(from: h.now, policy: .after(h.now.addingTimeInterval(600))))
            let target = h.scheduler.nextDeadline() ?? t0.addingTimeInterval(40 * 3600)
            let asked = h.run(to: target)
            guard let next = asked.first else { continue }
            reloads.append(next)
            request = next
        }
        let policyStarts = reloads.filter { $0.reason == .policy }.map(\.started)
        // 3 at 08:10, 08:20, 08:30; then deferred until 08:10 the next day.
        #expect(Array(policyStarts.prefix(3)) == [600, 1200, 1800].map { t0.addingTimeInterval($0) })
        #expect(policyStarts.dropFirst(3).first == t0.addingTimeInterval(86_400 + 600))
        #expect(h.log.contains(.deferred(instance: 0, cause: .budget, until: t0.addingTimeInterval(86_400 + 600))))
        // Never more than 3 in any 24 hours.
        for (i, s) in policyStarts.enumerated() {
            #expect(policyStarts[i...].prefix { $0 < s.addingTimeInterval(86_400) }.count <= 3)
        }
    }

    @Test("a provider that dates its timeline from a fixed past moment (Date() at launch) spends 12 reloads an hour, not the budget")
    func pastDatesDoNotBurnTheBudget() throws {
        let h = Harness(settings: settings(budget: 60))
        var request = try #require(h.add())
        // The provider's "Date()": real time, which the dashboard's clock has left behind.
        let stale = t0.addingTimeInterval(-60)
        var policyReloads = 0
        while h.now < t0.addingTimeInterval(3600) {
            h.answer(request, timeline(from: stale, count: 3, every: 10, policy: .atEnd))
            let asked = h.run(to: h.scheduler.nextDeadline() ?? t0.addingTimeInterval(7200))
            guard let next = asked.first else { break }
            if next.reason == .policy { policyReloads += 1 }
            request = next
        }
        // One every 5 minutes of dashboard time; 5 s apart would have spent all 60 in 5 minutes.
        #expect(policyReloads == 12)
        #expect(h.info()?.budgetLeft == 48)
        #expect(!h.log.contains { if case .deferred = $0 { true } else { false } })
    }

    /// A widget without a budget whose first policy reload came due, and was deferred.
    private func deferredWidget() throws -> Harness {
        let h = Harness(settings: settings(budget: 0))
        let first = try #require(h.add())
        h.answer(first, timeline(from: t0, policy: .after(t0.addingTimeInterval(60))))
        _ = h.run(to: t0.addingTimeInterval(120))
        #expect(h.instances[0].status == .deferred(until: nil))
        return h
    }

    @Test("a deferred widget shows it: status and inspector")
    func deferralIsShown() throws {
        let h = try deferredWidget()
        #expect(h.info()?.deferral == .budget)
        let row = InspectorScreen.row(for: h.instances[0], info: h.info(), now: h.now, calendar: Calendar(identifier: .gregorian))
        #expect(row.nextReload.hasPrefix("deferred"))
    }

    @Test("a deferred panel stops saying so when its next reload starts")
    func deferralEndsWithTheNextStart() throws {
        let h = try deferredWidget()
        // The user's reload is exempt, so it starts at once although the budget is spent.
        let asked = h.requests(h.scheduler.requestReload(0, reason: .user, at: h.now))
        #expect(asked.first?.reason == .user)
        #expect(h.instances[0].status == .ok)
        // A panel that was not deferred keeps its status when a reload starts.
        h.answer(try #require(asked.first), timeline(from: h.now, policy: .never))
        h.instances[0].status = .failed("boom")
        _ = h.requests(h.scheduler.requestReload(0, reason: .user, at: h.now))
        #expect(h.instances[0].status == .failed("boom"))
    }

    @Test("exempt reasons never spend the budget, even when it is spent", arguments: [
        ReloadReason.user, .intent, .appearance, .widgetCenter,
    ])
    func exempt(_ reason: ReloadReason) throws {
        let h = Harness(settings: settings(budget: 0))
        let first = try #require(h.add())
        #expect(first.reason == .initial)
        h.answer(first, timeline(from: t0, policy: .never))
        for _ in 0..<5 {
            h.now = h.now.addingTimeInterval(60)
            let asked = h.requests(h.scheduler.requestReload(0, reason: reason, at: h.now))
            let request = try #require(asked.first)
            #expect(request.reason == reason)
            h.answer(request, timeline(from: h.now, policy: .never))
        }
        #expect(h.info()?.budgetSpent == 0)
        #expect(!reason.isBudgeted)
        #expect(ReloadReason.policy.isBudgeted && ReloadReason.retry.isBudgeted && !ReloadReason.initial.isBudgeted)
    }

    @Test("protected data: reloads wait while locked; the first after the unlock is exempt")
    func unlock() throws {
        let h = Harness(settings: settings(budget: 1))
        let first = try #require(h.add(protected: true))
        h.answer(first, timeline(from: t0, policy: .after(t0.addingTimeInterval(600))))
        _ = h.requests(h.scheduler.setLocked(0, true, at: h.now))
        #expect(h.run(to: t0.addingTimeInterval(3600)).isEmpty)
        #expect(h.log.contains(.deferred(instance: 0, cause: .locked, until: nil)))
        #expect(h.info()?.deferral == .locked)
        let afterUnlock = h.requests(h.scheduler.setLocked(0, false, at: h.now))
        #expect(afterUnlock.map(\.reason) == [.unlock])
        #expect(h.info()?.budgetSpent == 0)
        // The next policy reload is budgeted again.
        h.answer(try #require(afterUnlock.first), timeline(from: h.now, policy: .after(h.now.addingTimeInterval(600))))
        #expect(h.run(to: h.now.addingTimeInterval(600)).map(\.reason) == [.policy])
        #expect(h.info()?.budgetSpent == 1)
    }

    @Test("an unprotected widget reloads while locked")
    func unprotectedIgnoresLock() throws {
        let h = Harness(settings: settings(budget: 5))
        let first = try #require(h.add(locked: true))
        h.answer(first, timeline(from: t0, policy: .after(t0.addingTimeInterval(600))))
        #expect(h.run(to: t0.addingTimeInterval(600)).map(\.reason) == [.policy])
    }

    @Test("a protected widget added while locked loads on unlock")
    func initialWaitsForUnlock() {
        let h = Harness()
        #expect(h.add(protected: true, locked: true) == nil)
        let asked = h.requests(h.scheduler.setLocked(0, false, at: t0.addingTimeInterval(60)))
        #expect(asked.map(\.reason) == [.initial])
    }
}
