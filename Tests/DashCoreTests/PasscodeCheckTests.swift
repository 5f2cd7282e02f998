import DashCatalog
@testable import DashCore
import DashSystem
import DashTesting
import Dispatch
import Foundation
import Testing
import WidgetDash

/// Unlocking with a passcode: the check runs off the run loop (the clock keeps ticking and the
/// prompt says it is checking), and a PBKDF2 file from before yescrypt is rewritten on unlock.
///
/// The limit only stops a check that hangs: the check is a detached task that hashes on a thread
/// of the test process's pool, shared with hundreds of tests, so on a loaded machine it can
/// wait minutes for one (three minutes has been seen at a load average of 30).
@Suite(.timeLimit(.minutes(10))) struct PasscodeCheckTests {
    static let size = CellSize(width: 100, height: 30)

    /// A verifier that answers only when the test opens its gate.
    final class GatedVerifier: PasscodeVerifier {
        let started = DispatchSemaphore(value: 0)
        let gate = DispatchSemaphore(value: 0)
        func verify(_ passcode: String, against hash: PasscodeHash) -> Bool {
            started.signal()
            gate.wait()
            return passcode == "2468"
        }
        func upgrade(_ passcode: String, from hash: PasscodeHash) -> PasscodeHash? { nil }
    }

    func dashboard(clock: ManualClock, passcode: PasscodeHash, verifier: any PasscodeVerifier) async -> Dashboard {
        var env = EnvironmentValues()
        env.timeZone = TimeZone(identifier: "UTC") ?? .current
        let options = PresentationOptions(passcode: passcode, passcodeVerifier: verifier,
                                          lockScreen: [WidgetPlacement(kind: "bank", family: .accessoryInline)])
        let d = Dashboard(widgets: BuiltinWidgets().widgetDescriptions,
                          placements: [WidgetPlacement(kind: "clock", family: .systemSmall)],
                          clock: clock, environment: env, presentation: options)
        _ = d.handle(.resize(Self.size))
        await d.settle()
        d.advance()
        return d
    }

    func text(_ d: Dashboard) -> String { d.render(size: Self.size).lines.joined(separator: "\n") }

    func enter(_ passcode: String, into d: Dashboard) {
        _ = d.handle(.key(.character("l")))   // locks
        _ = d.handle(.key(.character("l")))   // opens the prompt
        for c in passcode { _ = d.handle(.key(.character(c))) }
        _ = d.handle(.key(.enter))
    }

    /// Not a timing test: the verifier blocks until the test lets it go, so a check on the loop
    /// would hang here; instead the clock's minute changes on screen while it waits.
    @Test func theClockTicksWhileAPasscodeIsChecked() async throws {
        let clock = ManualClock(t0)
        let verifier = GatedVerifier()
        let d = await dashboard(clock: clock, passcode: .crypt("$y$j9T$salt$hash"), verifier: verifier)
        enter("2468", into: d)
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            DispatchQueue.global().async {
                verifier.started.wait()
                done.resume()
            }
        }
        let before = text(d)
        #expect(before.contains("Checking"))
        for _ in 0..<3 {
            clock.advance(by: 60)
            d.advance()
            _ = d.handle(.key(.character("x")))   // keys are taken (and ignored) meanwhile
        }
        let during = text(d)
        #expect(during != before, "the lock screen's clock must move while the check runs")
        #expect(during.contains("Checking"))
        #expect(d.isLocked)
        verifier.gate.signal()
        await d.settlePasscodeCheck()
        #expect(!d.isLocked)
    }

    /// The file from before yescrypt unlocks; that unlock leaves a `$y$` file behind.
    @Test func aPBKDF2PasscodeIsRewrittenAsYescryptOnUnlock() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("widgetdash-test-\(UUID().uuidString.prefix(8))")
        defer { try? FileManager.default.removeItem(at: dir) }
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let store = PasscodeStore(directory: dir)
        try (PasscodeHash.make("2468", salt: Array("salty".utf8), iterations: 50).encoded + "\n")
            .write(to: store.fileURL, atomically: true, encoding: .utf8)
        let old = try #require(store.load())
        let clock = ManualClock(t0)
        let d = await dashboard(clock: clock, passcode: old, verifier: store)

        // A wrong passcode changes nothing, and waits as before.
        enter("1357", into: d)
        await d.settlePasscodeCheck()
        #expect(d.isLocked && d.presentation.lock.failures == 1)
        #expect(store.load() == old)

        clock.advance(by: 1)
        d.advance()
        for c in "2468" { _ = d.handle(.key(.character(c))) }
        _ = d.handle(.key(.enter))
        await d.settlePasscodeCheck()
        #expect(!d.isLocked)
        let upgraded = try #require(store.load())
        #expect(upgraded.encoded.hasPrefix("$y$"))
        #expect(d.presentation.lock.passcode == upgraded)
        #expect(store.verify("2468", against: upgraded))
        let attributes = try FileManager.default.attributesOfItem(atPath: store.fileURL.path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)

        // The next unlock checks the yescrypt hash.
        _ = d.handle(.key(.character("l")))
        _ = d.handle(.key(.character("l")))
        for c in "2468" { _ = d.handle(.key(.character(c))) }
        _ = d.handle(.key(.enter))
        await d.settlePasscodeCheck()
        #expect(!d.isLocked)
    }
}
