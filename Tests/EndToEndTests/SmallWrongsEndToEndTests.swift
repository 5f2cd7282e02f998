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

    /// Columns as tmux counts them for the characters this test expects on screen: the stand-ins
    /// are single code points of settled width (CJK and emoji two, combining marks none).
    static func columns(_ text: Substring) -> Int {
        text.unicodeScalars.reduce(0) { total, scalar in
            switch scalar.value {
            case 0x0300...0x036F, 0x20E3: total
            case 0x1100...0x115F, 0x2E80...0xA4CF, 0xAC00...0xD7A3, 0xF900...0xFAFF, 0xFF00...0xFF60, 0x1F300...0x1FAFF: total + 2
            default: total + 1
            }
        }
    }

    @Test func aNoteMixingClustersKeepsItsBordersInTmux() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let env = WidgetDashBinary.isolatedEnvironment()
        let note = "漢字 e\u{301}te 👨‍👩‍👧‍👦 family 👩‍💻 dev 🧑🏽‍🚀 🇯🇵 🇺🇦 flags 👍🏽 ❤️ ✈︎ 1️⃣ end"
        let set = try StoreEndToEndTests.run(binary, ["set", "notes.text", note], environment: env)
        #expect(set.status == 0, "\(set.err)")
        let tmux = try TmuxSession(command: [binary, "--widget", "notes@large"], width: 100, height: 30, environment: env)
        #expect(tmux.waitFor("end", timeout: 10), "\(tmux.screenText)")
        let rows = tmux.capture()
        let top = try #require(rows.firstIndex { $0.contains("┌ Notes") }, "\(tmux.screenText)")
        let bottom = try #require(rows[top...].firstIndex { $0.contains("└") }, "\(tmux.screenText)")
        let panel = rows[top...bottom]
        let screen = panel.joined(separator: "\n")
        // tmux 3.x does not answer 2027: every cluster is drawn as its stand-in, none is lost.
        for standIn in ["漢字", "e\u{301}te", "👨 family", "👩 dev", "🧑", "JP", "UA", "👍", "❤", "✈", "1\u{20E3}", "end"] {
            #expect(screen.contains(standIn), "\(standIn) in \(screen)")
        }
        // No joiner, selector, skin tone, regional indicator or replacement character reached it.
        let stray = screen.unicodeScalars.filter {
            [0x200D, 0xFE0E, 0xFE0F, 0xFFFD].contains($0.value) || (0x1F3FB...0x1F3FF).contains($0.value) || (0x1F1E6...0x1F1FF).contains($0.value)
        }
        #expect(stray.isEmpty, "\(stray.map { String($0.value, radix: 16) }) in \(screen)")
        // Every row's right border sits in the same column.
        let borders = panel.map { row -> Int? in
            guard let last = row.lastIndex(where: { "┐│┘".contains($0) }) else { return nil }
            return Self.columns(row[..<last])
        }
        #expect(borders.allSatisfy { $0 != nil } && Set(borders).count == 1, "\(borders) in\n\(screen)")
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }
}
