import DashTesting
import Foundation
import Testing

/// The demo and the gallery in a real terminal.
@Suite("Config, demo and gallery end to end", .serialized)
struct ConfigEndToEndTests {
    @Test func demoOfTheCircularFamily() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let tmux = try TmuxSession(command: [binary, "demo", "--family", "circular"], width: 100, height: 30,
                                   environment: WidgetDashBinary.isolatedEnvironment())
        #expect(tmux.waitFor("accessoryCircular · 10×5 cells", timeout: 10))
        let screen = tmux.capture().joined(separator: "\n")
        #expect(screen.contains("╭────────╮"))
        #expect(screen.contains("Not in circular: Calendar"))
        tmux.send(keys: "f")
        #expect(tmux.waitFor("accessoryRectangular · 22×5 cells", timeout: 5))
        tmux.send(keys: "Escape")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }

    @Test func galleryAddsAWidgetThatSurvivesARestart() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let env = WidgetDashBinary.isolatedEnvironment()
        let config = URL(fileURLWithPath: env["XDG_CONFIG_HOME"] ?? "/nonexistent").appendingPathComponent("widgetdash/config.toml")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "# my page\n[[page]]\nwidgets = [\"clock@small\"]  # mine\n".write(to: config, atomically: true, encoding: .utf8)
        var tmux = try TmuxSession(command: [binary], width: 100, height: 30, environment: env)
        #expect(tmux.waitFor("┌ Clock ", timeout: 10))
        tmux.send(keys: "g")
        #expect(tmux.waitFor("Gallery · Clock", timeout: 5))
        tmux.send(keys: "Down")
        #expect(tmux.waitFor("Gallery · Calendar", timeout: 5))
        tmux.send(keys: "Enter")
        #expect(tmux.waitFor("Added Calendar (small)", timeout: 5))
        #expect(tmux.waitFor("┌ Calendar ", timeout: 5))
        let text = try String(contentsOf: config, encoding: .utf8)
        #expect(text == "# my page\n[[page]]\nwidgets = [\"clock@small\", \"calendar@small\"]  # mine\n")
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
        tmux = try TmuxSession(command: [binary], width: 100, height: 30, environment: env)
        #expect(tmux.waitFor("┌ Calendar ", timeout: 10))
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }

    @Test func configCheckReportsLinesAndExits65() throws {
        guard let binary = WidgetDashBinary.path else { Issue.record("the widgetdash binary is missing"); return }
        let env = WidgetDashBinary.isolatedEnvironment()
        let file = URL(fileURLWithPath: env["XDG_CONFIG_HOME"] ?? "/tmp").appendingPathComponent("bad.toml")
        try "[[page]]\nwidgets = [\n  \"clock@huge\",\n]\n".write(to: file, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = ["config", "check", file.path]
        process.environment = env
        let pipe = Pipe()
        process.standardOutput = pipe
        try process.run()
        process.waitUntilExit()
        let out = String(data: pipe.fileHandleForReading.readDataToEndOfFile(), encoding: .utf8) ?? ""
        #expect(process.terminationStatus == 65)
        #expect(out.contains("\(file.path):3: page 1: unknown family \"huge\""))
    }
}
