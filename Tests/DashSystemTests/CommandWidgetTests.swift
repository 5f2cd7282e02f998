import Foundation
import Testing
@testable import DashCore
import DashSystem
import WidgetDash
import DashTesting

/// Command widgets: process groups, time-outs, caps, output kinds, errors.
@Suite("Command widgets")
struct CommandWidgetTests {
    @Test func plainOutputBecomesTheBody() async throws {
        let outcome = try await CommandRunner.run("printf 'one\\ntwo\\n'; echo warn >&2", timeout: 5).get()
        #expect(outcome.ending == .exited(0))
        let t = try CommandProvider.timeline(from: outcome, now: t0, every: 30, timeout: 5)
        #expect(t.entries.map(\.text) == ["one\ntwo"])
        #expect(t.policy == .after(t0.addingTimeInterval(30)))
    }

    /// `timeout = "1e300"` in the config is a time-out never reached, not a trap.
    @Test func aTimeOutTooLongToCountIsNeverReached() async throws {
        let outcome = try await CommandRunner.run("echo hi", timeout: 1e300).get()
        #expect(outcome.ending == .exited(0))
        #expect(String(decoding: outcome.stdout, as: UTF8.self) == "hi\n")
    }

    @Test func aJSONTimelineIsDetected() async throws {
        let outcome = try await CommandRunner.run(#"echo '{"entries": [{"date": 1800000000, "value": "later"}, {"date": 1700000000, "value": 5}], "policy": "never"}'"#, timeout: 5).get()
        let t = try CommandProvider.timeline(from: outcome, now: t0, every: 30, timeout: 5)
        #expect(t.entries.map(\.text) == ["5", "later"])
        #expect(t.policy == .never)
    }

    @Test func escapesInOutputAreRemoved() async throws {
        let outcome = try await CommandRunner.run(#"printf 'ok\033]0;pwned\007\033[2J\033[H\a!'"#, timeout: 5).get()
        let t = try CommandProvider.timeline(from: outcome, now: t0, every: 30, timeout: 5)
        #expect(t.entries.first?.text == "ok␇!")
    }

    @Test func aFailureIsAnErrorWithStderr() async throws {
        let outcome = try await CommandRunner.run("echo partial; echo 'no such branch' >&2; exit 3", timeout: 5).get()
        #expect(outcome.ending == .exited(3))
        #expect(throws: (any Error).self) { try CommandProvider.timeline(from: outcome, now: t0, every: 30, timeout: 5) }
        do { _ = try CommandProvider.timeline(from: outcome, now: t0, every: 30, timeout: 5) } catch {
            #expect("\(error)" == "exit 3: no such branch")
        }
    }

    @Test func theTimeOutKillsTheWholeGroup() async throws {
        let marker = TestDirectories.path("wd-cmd").path
        // A grandchild in the background that would write the marker after 2 s if it survived.
        let outcome = try await CommandRunner.run("(sleep 2; touch \(marker)) & sleep 30", timeout: 0.5).get()
        // Killed, not finished: `.timedOut` is reported only by the runner that killed the group
        // (a finished command ends `.exited`), and the marker below shows the grandchild died too.
        // No wall-clock bound: under load it failed a correct runner (40 s on a busy machine).
        #expect(outcome.ending == .timedOut)
        try await Task.sleep(for: .milliseconds(2500))
        #expect(!FileManager.default.fileExists(atPath: marker))
        #expect(throws: (any Error).self) { try CommandProvider.timeline(from: outcome, now: t0, every: 30, timeout: 0.5) }
    }

    @Test func outputIsCapped() async throws {
        let outcome = try await CommandRunner.run("yes 0123456789", timeout: 5).get()
        #expect(outcome.ending == .outputTooLarge)
        #expect(outcome.stdout.count == CommandRunner.outputLimit)
    }

    @Test func oneRunPerWidgetAtATime() async throws {
        let counter = TestDirectories.path("wd-gate").path
        let command = "echo x >> \(counter); sleep 0.3; echo done"
        let gate = CommandGate()
        async let a = gate.run(key: "same") { await CommandRunner.run(command, timeout: 5) }
        async let b = gate.run(key: "same") { await CommandRunner.run(command, timeout: 5) }
        _ = await (a, b)
        #expect(try String(contentsOfFile: counter, encoding: .utf8) == "x\n")
    }

    @Test func durations() {
        #expect(DurationText.seconds("30s") == 30)
        #expect(DurationText.seconds("5m") == 300)
        #expect(DurationText.seconds("1.5") == 1.5)
        #expect(DurationText.seconds("-1s") == nil)
        #expect(DurationText.seconds("soon") == nil)
    }
}
