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

    @Test func listJSONCarriesEachWidgetsParameters() throws {
        guard let binary = WidgetDashBinary.path else {
            Issue.record("the widgetdash binary is missing")
            return
        }
        let list = try StoreEndToEndTests.run(binary, ["list", "--json"], environment: WidgetDashBinary.isolatedEnvironment())
        #expect(list.status == 0, "\(list.err)")
        let items = try #require(try JSONSerialization.jsonObject(with: Data(list.out.utf8)) as? [[String: Any]])
        let worldclock = try #require(items.first { $0["kind"] as? String == "worldclock" })
        let parameters = try #require(worldclock["parameters"] as? [[String: Any]])
        let zone = try #require(parameters.first { $0["name"] as? String == "zone" })
        #expect(zone["type"] as? String == "entity")
        #expect(zone["default"] as? String == "America/New_York")
        #expect(zone["required"] as? Bool == false)
        // A widget with nothing to configure has no "parameters" key.
        let clock = try #require(items.first { $0["kind"] as? String == "clock" })
        #expect(clock["parameters"] == nil)
        // Choices are listed with their values.
        let withChoices = items.flatMap { ($0["parameters"] as? [[String: Any]]) ?? [] }.filter { $0["type"] as? String == "choice" }
        for parameter in withChoices {
            let choices = try #require(parameter["choices"] as? [[String: Any]])
            #expect(!choices.isEmpty && choices.allSatisfy { $0["value"] is String })
        }
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
