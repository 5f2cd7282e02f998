import DashTesting
import Foundation
import Testing

/// A data widget's thresholds through the real binary: a value set by a script crosses
/// critical, the panel is tinted, the island shows the alert and `on_alert` runs; recovery
/// ends it all.
@Suite("Alerts end to end", .serialized)
struct AlertEndToEndTests {
    /// The panel's background on a styled row: the last background colour (SGR 40–47, 100–107,
    /// 48;5;N, 48;2;R;G;B) set before the panel's left border, or "default".
    static func panelBackground(in line: String) -> String {
        var found: [String] = []
        var rest = line.components(separatedBy: "│")[0][...]
        while let start = rest.range(of: "\u{1B}[") {
            rest = rest[start.upperBound...]
            guard let end = rest.firstIndex(of: "m") else { break }
            let parts = rest[..<end].split(separator: ";").map(String.init)
            var i = 0
            while i < parts.count {
                if parts[i] == "48", i + 1 < parts.count {
                    let count = parts[i + 1] == "5" ? 3 : 5
                    found.append(parts[i..<min(parts.count, i + count)].joined(separator: ";"))
                    i += count
                    continue
                }
                if let n = Int(parts[i]), (40...47).contains(n) || (100...107).contains(n) { found.append(parts[i]) }
                i += 1
            }
            rest = rest[end...]
        }
        return found.last ?? "default"
    }

    @Test func aValueCrossingCriticalTintsShowsTheIslandAndRunsOnAlertUntilItRecovers() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        var env = WidgetDashBinary.isolatedEnvironment()
        // The tint is a colour: a NO_COLOR the test run inherits is emptied (empty asks nothing).
        env["NO_COLOR"] = ""
        let home = URL(fileURLWithPath: env["XDG_CONFIG_HOME"] ?? "/nonexistent")
        let config = home.appendingPathComponent("widgetdash/config.toml")
        let log = home.appendingPathComponent("alerts.log")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try """
            [[widget]]
            name = "cpu"
            type = "data"
            style = "gauge"
            key = "cpu.temp"
            label = "temperature"
            warn = 80
            critical = 95
            alert = "activity"
            on_alert = 'echo "$WIDGETDASH_WIDGET $WIDGETDASH_PREVIOUS_LEVEL $WIDGETDASH_LEVEL $WIDGETDASH_VALUE" >> \(log.path)'
            [[page]]
            widgets = ["cpu@small"]
            """.write(to: config, atomically: true, encoding: .utf8)
        let check = try StoreEndToEndTests.run(binary, ["config", "check"], environment: env)
        #expect(check.status == 0, "\(check.out)\(check.err)")

        _ = try StoreEndToEndTests.run(binary, ["set", "cpu.temp", "41"], environment: env)
        let tmux = try TmuxSession(command: [binary], width: 100, height: 30, environment: env)
        #expect(tmux.waitFor("│ 41 ", timeout: 10), "\(tmux.screenText)")
        // The styled row whose text (escapes left out) has the panel's value.
        func row(_ value: String) -> String? {
            tmux.captureStyled().first { $0.replacing(/\u{1B}\[[0-9;]*m/, with: "").contains("│ \(value) ") }
        }
        let normalRow = try #require(row("41"), "\(tmux.screenText)")
        let normal = Self.panelBackground(in: normalRow)

        let hot = try StoreEndToEndTests.run(binary, ["set", "cpu.temp", "97"], environment: env)
        #expect(hot.status == 0, "\(hot.err)")
        #expect(tmux.waitFor("⚠ cpu", timeout: 10), "the island shows the alert: \(tmux.screenText)")
        #expect(tmux.waitFor("│ 97 ", timeout: 5))
        let critical = Self.panelBackground(in: try #require(row("97"), "\(tmux.screenText)"))
        #expect(critical != normal, "the panel is tinted: \(critical) against \(normal): \(tmux.captureStyled().prefix(4).joined(separator: "\n"))")
        #expect(tmux.waitUntil(timeout: 10) { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("cpu normal critical 97") },
                "on_alert ran with the value: \((try? String(contentsOf: log, encoding: .utf8)) ?? "no log")")

        _ = try StoreEndToEndTests.run(binary, ["set", "cpu.temp", "85"], environment: env)
        #expect(tmux.waitFor("│ 85 ", timeout: 10), "\(tmux.screenText)")
        let warning = Self.panelBackground(in: try #require(row("85"), "\(tmux.screenText)"))
        #expect(warning != critical && warning != normal, "warning has its own tint: \(warning), \(critical), \(normal)")

        _ = try StoreEndToEndTests.run(binary, ["set", "cpu.temp", "50"], environment: env)
        #expect(tmux.waitUntil(timeout: 10) { !tmux.capture().contains { $0.contains("⚠ cpu") } }, "recovery ends the activity: \(tmux.screenText)")
        #expect(tmux.waitFor("│ 50 ", timeout: 5))
        let recoveredRow = try #require(row("50"), "\(tmux.screenText)")
        #expect(Self.panelBackground(in: recoveredRow) == normal)
        #expect(tmux.waitUntil(timeout: 10) { ((try? String(contentsOf: log, encoding: .utf8)) ?? "").contains("cpu warning normal 50") })
        let lines = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(lines == ["cpu normal critical 97", "cpu critical warning 85", "cpu warning normal 50"], "once per change of level: \(lines)")
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }
}
