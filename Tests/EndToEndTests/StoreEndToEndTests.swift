import DashTesting
import Foundation
import Testing

/// Scripts feeding a running dashboard, and the store's CLI, through the real binary.
@Suite("Store end to end", .serialized)
struct StoreEndToEndTests {
    /// Runs the binary to completion; standard input from `input`.
    static func run(_ binary: String, _ arguments: [String], environment: [String: String], input: String? = nil) throws -> (status: Int32, out: String, err: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = environment
        let out = Pipe(), err = Pipe(), inPipe = Pipe()
        process.standardOutput = out
        process.standardError = err
        process.standardInput = inPipe
        try process.run()
        if let input { inPipe.fileHandleForWriting.write(Data(input.utf8)) }
        try inPipe.fileHandleForWriting.close()
        let o = out.fileHandleForReading.readDataToEndOfFile()
        let e = err.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: o, as: UTF8.self), String(decoding: e, as: UTF8.self))
    }

    @Test func aValueSetFromAnotherProcessShows() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let env = WidgetDashBinary.isolatedEnvironment()
        let tmux = try TmuxSession(command: [binary, "--widget", "notes@medium"], width: 100, height: 30, environment: env)
        #expect(tmux.waitFor("No notes yet", timeout: 10), "\(tmux.screenText)")
        let set = try Self.run(binary, ["set", "notes.text", "Deploy at 15:00 — from a script"], environment: env)
        #expect(set.status == 0, "\(set.err)")
        #expect(tmux.waitFor("Deploy at 15:00", timeout: 5), "\(tmux.screenText)")
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }

    @Test func anEscapeSequencePushedIntoAWidgetLeavesTheScreenIntact() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let env = WidgetDashBinary.isolatedEnvironment()
        let tmux = try TmuxSession(command: [binary, "--widget", "notes@medium", "--widget", "gauge@small:key=cpu.temp,title=CPU"],
                                   width: 100, height: 30, environment: env)
        #expect(tmux.waitFor("No notes yet", timeout: 10), "\(tmux.screenText)")
        let before = tmux.capture()
        // Clear screen, cursor home, a title change, red, a bell, cursor movement, a DCS string.
        let evil = #"{"entries": [{"date": "2020-01-01T00:00:00Z", "value": "safe\u001b[2J\u001b[H\u001b]0;pwned\u0007\u001b[31mtext\u0007\u001b[10;10Hend\u001bPq#0;2;0;0;0\u001b\\"}], "policy": "never"}"#
        let push = try Self.run(binary, ["push", "notes", "--timeline", "-"], environment: env, input: evil)
        #expect(push.status == 0, "\(push.err)")
        #expect(tmux.waitFor("safetext␇end", timeout: 2), "\(tmux.screenText)")
        let after = tmux.capture()
        // Everything but the note's own line is as it was: the frame, the other widget, the status line.
        #expect(after.count == before.count)
        // Only the note's text rows changed, and in them only the note's panel: the CPU panel to
        // the right of it is cell for cell what it was.
        let changed = zip(before, after).enumerated().filter { $0.element.0 != $0.element.1 }.map(\.offset)
        #expect((1...2).contains(changed.count), "\(tmux.screenText)")
        let header = try #require(before.first { $0.contains("┌ CPU") })
        let cpuColumn = Array(header).firstIndex(of: "┌").map { _ in header.components(separatedBy: "┌ CPU")[0].count } ?? 0
        for row in changed {
            #expect(before[row].dropFirst(cpuColumn) == after[row].dropFirst(cpuColumn), "row \(row): \(tmux.screenText)")
            #expect(after[row].contains("│"))
        }
        #expect(after.contains { $0.contains("┌ Notes") } && after.contains { $0.contains("┌ CPU") })
        #expect(!after.joined().contains("pwned"))
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }

    @Test func theCommandLineReadsWritesAndRefusesBadJSON() throws {
        guard let binary = WidgetDashBinary.path else {
            Issue.record("the widgetdash binary is missing")
            return
        }
        let env = WidgetDashBinary.isolatedEnvironment()
        #expect(try Self.run(binary, ["set", "cpu.temp", "71"], environment: env).status == 0)
        #expect(try Self.run(binary, ["set", "build.steps", #"["lint", "test"]"#], environment: env).status == 0)
        #expect(try Self.run(binary, ["set", "build.id", "--string", "0042"], environment: env).status == 0)
        #expect(try Self.run(binary, ["set", "notes.text", "plain words"], environment: env).status == 0)
        #expect(try Self.run(binary, ["get", "cpu.temp"], environment: env).out == "71\n")
        #expect(try Self.run(binary, ["get", "build.steps"], environment: env).out == #"["lint","test"]"# + "\n")
        #expect(try Self.run(binary, ["get", "build.id"], environment: env).out == "\"0042\"\n")
        #expect(try Self.run(binary, ["get", "notes.text", "--raw"], environment: env).out == "plain words\n")
        #expect(try Self.run(binary, ["get", "nothing.here"], environment: env).status == 1)
        #expect(try Self.run(binary, ["keys", "build"], environment: env).out == "build.id\nbuild.steps\n")

        let bad = try Self.run(binary, ["set", "cpu.temp", #"{"value": 72,, }"#], environment: env)
        #expect(bad.status == 65)
        #expect(bad.err.contains("line 1, column 14"), "\(bad.err)")
        #expect(try Self.run(binary, ["get", "cpu.temp"], environment: env).out == "71\n")

        let badPush = try Self.run(binary, ["push", "notes", "--timeline", "-"], environment: env, input: "{\"entries\": [\n  {\"date\": \"soon\", \"value\": 1}\n]}")
        #expect(badPush.status == 65)
        #expect(badPush.err.contains("entries[0].date"), "\(badPush.err)")
        #expect(try Self.run(binary, ["set", "nodot", "1"], environment: env).status == 64)
        #expect(try Self.run(binary, ["unset", "cpu.temp"], environment: env).status == 0)
        #expect(try Self.run(binary, ["get", "cpu.temp"], environment: env).status == 1)
        #expect(try Self.run(binary, ["reload", "notes"], environment: env).status == 0)
    }

    @Test func eightProcessesWritingAtOnceLoseNothing() throws {
        guard let binary = WidgetDashBinary.path else {
            Issue.record("the widgetdash binary is missing")
            return
        }
        let env = WidgetDashBinary.isolatedEnvironment()
        // Eight shells at once, each running its own `widgetdash set` processes one after another.
        let log = TestDirectories.path("wd-8-log")
        #expect(FileManager.default.createFile(atPath: log.path, contents: nil))
        var shellEnv = env
        shellEnv["WD"] = binary
        shellEnv["PATH"] = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        let shells = try (0..<8).map { w in
            let shell = Process()
            shell.executableURL = URL(fileURLWithPath: "/bin/sh")
            shell.arguments = ["-c", "i=0; while [ $i -lt 25 ]; do \"$WD\" set w\(w).k$i \"{\\\"w\\\": \(w), \\\"i\\\": $i}\" || echo FAIL; i=$((i+1)); done"]
            shell.environment = shellEnv
            shell.standardOutput = try FileHandle(forWritingTo: log)
            shell.standardError = FileHandle.nullDevice
            try shell.run()
            return shell
        }
        for shell in shells { shell.waitUntilExit() }
        let printed = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        #expect(!printed.contains("FAIL"))
        let keys = try Self.run(binary, ["keys"], environment: env).out.split(separator: "\n")
        #expect(keys.count == 200)
        #expect(try Self.run(binary, ["get", "w7.k24"], environment: env).out == #"{"i":24,"w":7}"# + "\n")
    }
}
