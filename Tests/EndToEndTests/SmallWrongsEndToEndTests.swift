import DashTesting
import Foundation
import Testing

/// Issue 17's small wrongs and grapheme clusters, through the real binary.
@Suite("Snapshots, list --json, Smart Stack memory and clusters end to end", .serialized)
struct SmallWrongsEndToEndTests {
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
