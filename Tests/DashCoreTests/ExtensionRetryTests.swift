import Foundation
import Testing
@testable import DashCore
import WidgetDash

@Suite("Extension widgets' own reload rules")
struct ExtensionRetryTests {
    @Test("an extension's widget retries after 1 s, 2 s, 4 s … up to 5 min, each retry budgeted")
    func backoff() throws {
        let h = Harness()
        let first = try #require(h.add(rules: .extensionWidget))
        h.fail(first)
        #expect(h.info()?.nextReload == t0.addingTimeInterval(1))
        let second = try #require(h.run(to: t0.addingTimeInterval(1)).first)
        #expect(second.reason == .retry)
        h.fail(second)
        #expect(h.info()?.nextReload == t0.addingTimeInterval(3))
        let third = try #require(h.run(to: t0.addingTimeInterval(3)).first)
        h.fail(third)
        #expect(h.info()?.nextReload == t0.addingTimeInterval(7))
        // The initial load is exempt; the two retries are charged.
        #expect(h.info()?.budgetSpent == 2)
        #expect(ReloadRules.extensionWidget.retryDelay(failures: 30) == 5 * 60)
        // Other widgets keep the dashboard's backoff.
        let other = try #require(h.add("other"))
        h.fail(other)
        #expect(h.info(1)?.nextReload == h.now.addingTimeInterval(30))
    }

    @Test("an extension's widget waits 60 s before the scheduler abandons it (the process has its own limits)")
    func timeout() throws {
        let h = Harness()
        let first = try #require(h.add(rules: .extensionWidget))
        _ = h.run(to: t0.addingTimeInterval(30))
        #expect(h.info()?.inFlight == first)
        _ = h.run(to: t0.addingTimeInterval(61))
        #expect(h.log.contains(.timedOut(first)))
    }
}
