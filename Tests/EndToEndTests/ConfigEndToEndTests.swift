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
        #expect(out.contains("\(file.path):3:3: page 1: unknown family \"huge\""))
    }

    /// Runs the binary; its exit status, standard output and standard error.
    func run(_ binary: String, _ arguments: [String], environment: [String: String]) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = environment
        let (out, err) = (Pipe(), Pipe())
        process.standardOutput = out
        process.standardError = err
        try process.run()
        let outData = out.fileHandleForReading.readDataToEndOfFile()
        let errData = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: outData, as: UTF8.self), String(decoding: errData, as: UTF8.self))
    }

    /// Issue 17: `config check`, `themes check` and `snapshot --theme` echoed escape sequences.
    @Test func messagesQuotingTheFileNeverCarryEscapeSequences() throws {
        guard let binary = WidgetDashBinary.path else { Issue.record("the widgetdash binary is missing"); return }
        let env = WidgetDashBinary.isolatedEnvironment()
        let dir = URL(fileURLWithPath: env["XDG_CONFIG_HOME"] ?? "/tmp")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        func isClean(_ text: String) -> Bool { !text.unicodeScalars.contains { $0 == "\u{1B}" || $0 == "\u{9B}" || $0 == "\u{07}" } }

        let config = dir.appendingPathComponent("escapes.toml")
        try "[[page]]\nwidgets = [\"\\u001B[2J\\u001B]0;pwned\\u0007@small\", \"\\u009B31m@small\"]\n".write(to: config, atomically: true, encoding: .utf8)
        let check = try run(binary, ["config", "check", config.path], environment: env)
        #expect(check.status == 65)
        #expect(check.out.contains("\(config.path):2:12: page 1: unknown widget kind"), "\(check.out)")
        #expect(check.out.contains("\(config.path):2:51: page 1: unknown widget kind"), "\(check.out)")
        #expect(isClean(check.out) && isClean(check.err), "\(check.out.debugDescription)")

        let theme = dir.appendingPathComponent("escapes-theme.toml")
        try "[dark]\nbackground = \"\\u001B[2J\\u009B0m\"\nforeground = 15\naccent = 4\n".write(to: theme, atomically: true, encoding: .utf8)
        let themes = try run(binary, ["themes", "check", theme.path], environment: env)
        #expect(themes.status == 65)
        #expect(themes.err.contains("\(theme.path):2:14: expected a color for \"dark.background\""), "\(themes.err)")
        #expect(isClean(themes.out) && isClean(themes.err), "\(themes.err.debugDescription)")

        // A snapshot with a theme it cannot use fails as `themes check` does, rather than
        // quietly drawing the default theme.
        let snapshot = try run(binary, ["snapshot", "clock", "--theme", theme.path], environment: env)
        #expect(snapshot.status == 65)
        #expect(snapshot.err.contains("expected a color for \"dark.background\""), "\(snapshot.err)")
        #expect(isClean(snapshot.out) && isClean(snapshot.err))
        let unknown = try run(binary, ["snapshot", "clock", "--theme", "no-such\u{1B}[2J"], environment: env)
        #expect(unknown.status == 65)
        #expect(unknown.err.contains("unknown theme \"no-such"), "\(unknown.err)")
        #expect(isClean(unknown.err))
        let fine = try run(binary, ["snapshot", "clock", "--theme", "light"], environment: env)
        #expect(fine.status == 0)
    }
}
