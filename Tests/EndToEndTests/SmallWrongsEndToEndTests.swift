import DashTesting
import Foundation
import Testing

/// Issue 17's small wrongs and grapheme clusters, through the real binary.
@Suite("Snapshots, list --json, Smart Stack memory and clusters end to end", .serialized)
struct SmallWrongsEndToEndTests {
    @Test func aSnapshotReadsTheStoreAsTheDashboardDoes() throws {
        guard let binary = WidgetDashBinary.path else {
            Issue.record("the widgetdash binary is missing")
            return
        }
        let env = WidgetDashBinary.isolatedEnvironment()
        let set = try StoreEndToEndTests.run(binary, ["set", "notes.text", "Pick up the keys"], environment: env)
        #expect(set.status == 0, "\(set.err)")
        let snapshot = try StoreEndToEndTests.run(binary, ["snapshot", "notes", "--family", "medium"], environment: env)
        #expect(snapshot.status == 0, "\(snapshot.err)")
        #expect(snapshot.out.contains("Pick up the keys"), "\(snapshot.out)")
        #expect(!snapshot.out.contains("No notes yet"))
        // Another data directory is another user's state.
        var other = env
        other["XDG_DATA_HOME"] = (env["XDG_DATA_HOME"] ?? "/tmp") + "-other"
        let elsewhere = try StoreEndToEndTests.run(binary, ["snapshot", "notes", "--family", "medium"], environment: other)
        #expect(elsewhere.out.contains("No notes yet"), "\(elsewhere.out)")
    }

    @Test func aSmartStackRemembersTheMemberChosenAcrossARestart() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let env = WidgetDashBinary.isolatedEnvironment()
        let config = URL(fileURLWithPath: try #require(env["XDG_CONFIG_HOME"])).appendingPathComponent("widgetdash")
        try FileManager.default.createDirectory(at: config, withIntermediateDirectories: true)
        try "[[page]]\nwidgets = [\"clock@small | uptime@small\"]\n".write(to: config.appendingPathComponent("config.toml"), atomically: true, encoding: .utf8)

        let first = try TmuxSession(command: [binary], width: 100, height: 30, environment: env)
        #expect(first.waitFor("●○", timeout: 10), "\(first.screenText)")
        first.send(keys: ">")
        #expect(first.waitFor("○●", timeout: 5), "\(first.screenText)")
        first.send(keys: "q")
        #expect(first.waitForExit(timeout: 5) == 0)

        let second = try TmuxSession(command: [binary], width: 100, height: 30, environment: env)
        #expect(second.waitFor("○●", timeout: 10), "\(second.screenText)")
        #expect(!second.screenText.contains("●○"))
        second.send(keys: "q")
        #expect(second.waitForExit(timeout: 5) == 0)
    }

}
