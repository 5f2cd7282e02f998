import DashTesting
import Foundation
import Testing

/// `l` in a real terminal: the balance disappears behind the lock screen and comes back.
@Suite("Lock end to end", .serialized)
struct LockEndToEndTests {
    @Test func lockHidesTheBalanceAndUnlockBringsItBack() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let tmux = try TmuxSession(command: [binary, "--widget", "bank@small"], width: 120, height: 40,
                                   environment: WidgetDashBinary.isolatedEnvironment())
        #expect(tmux.waitFor("$128.45", timeout: 10), "\(tmux.screenText)")

        tmux.send(keys: "l")
        #expect(tmux.waitFor("locked", timeout: 5), "\(tmux.screenText)")
        #expect(tmux.waitUntil(timeout: 5) { !tmux.capture().contains { $0.contains("$128.45") } }, "\(tmux.screenText)")
        let locked = tmux.capture()
        // The lock screen: big clock digits, the unlock hint, the masked balance of the inline
        // bank accessory, and no home-screen panel.
        #expect(locked.contains { $0.contains("l to unlock") })
        #expect(locked.contains { $0.contains("▒▒▒") })
        #expect(!locked.contains { $0.contains("┌ Bank") })

        tmux.send(keys: "l")
        #expect(tmux.waitFor("$128.45", timeout: 5), "\(tmux.screenText)")
        #expect(!tmux.capture().contains { $0.contains("■ locked") })
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }

    @Test func aBalanceSetByAScriptReplacesTheSampleAndLockingHidesIt() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let env = WidgetDashBinary.isolatedEnvironment()
        let tmux = try TmuxSession(command: [binary, "--widget", "bank@medium"], width: 100, height: 30, environment: env)
        #expect(tmux.waitFor("sample", timeout: 10), "\(tmux.screenText)")
        let set = try StoreEndToEndTests.run(binary, ["set", "bank.account", #"{"name": "Joint", "number": "12345678", "balance": 2310.07, "currency": "€"}"#],
                                             environment: env)
        #expect(set.status == 0, "\(set.err)")
        #expect(tmux.waitFor("€2,310.07", timeout: 5), "\(tmux.screenText)")
        #expect(!tmux.screenText.contains("sample") && tmux.screenText.contains("··5678"), "\(tmux.screenText)")
        tmux.send(keys: "l")
        #expect(tmux.waitFor("locked", timeout: 5), "\(tmux.screenText)")
        #expect(tmux.waitUntil(timeout: 5) { !tmux.capture().contains { $0.contains("2,310.07") } }, "\(tmux.screenText)")
        tmux.send(keys: "l")
        #expect(tmux.waitFor("€2,310.07", timeout: 5), "\(tmux.screenText)")
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }
}
