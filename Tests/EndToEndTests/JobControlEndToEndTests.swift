import DashTesting
import Foundation
import Testing

/// Stopped and continued from an interactive shell, the dashboard takes keys at once again.
///
/// Before the fix, `kill -TSTP`, `kill -CONT` and `fg` left the terminal in the shell's line
/// mode: the dashboard redrew, but `?` echoed and did nothing until Enter.
@Suite("Job control end to end", .serialized)
struct JobControlEndToEndTests {
    @Test func afterTSTPContinueAndFgAKeyActsWithoutEnter() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        var env = WidgetDashBinary.isolatedEnvironment()
        env["PS1"] = "jobshell$ "
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("widgetdash-jc-\(UUID().uuidString.prefix(8)).pid").path
        defer { unlink(pidFile) }
        let tmux = try TmuxSession(command: ["bash", "--norc", "--noprofile", "-i"], width: 100, height: 30, environment: env)
        #expect(tmux.waitFor("jobshell$", timeout: 10), "\(tmux.screenText)")
        // exec keeps the pid the shell's job has, so the test can signal the dashboard itself.
        tmux.send(text: "sh -c 'echo $$ > \(pidFile); exec \(binary) --widget clock@small'")
        tmux.send(keys: "Enter")
        #expect(tmux.waitFor("Clock", timeout: 10), "\(tmux.screenText)")
        let pid = try #require(Int32((try String(contentsOfFile: pidFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))

        // kill -TSTP, kill -CONT (it runs on in the background), then fg.
        kill(pid, SIGTSTP)
        #expect(tmux.waitUntil(timeout: 5) { Self.state(of: pid) == "T" } && tmux.waitFor("Stopped", timeout: 5), "\(tmux.screenText)")
        // Continued in the background, it runs until setting the terminal's modes stops it again
        // with SIGTTOU, which can be too brief to see in /proc: count that it ran instead.
        let switchesWhenStopped = Self.contextSwitches(of: pid)
        kill(pid, SIGCONT)
        #expect(tmux.waitUntil(timeout: 5) { Self.state(of: pid) != "T" || Self.contextSwitches(of: pid) > switchesWhenStopped },
                "\(tmux.screenText)")
        tmux.send(text: "fg")
        tmux.send(keys: "Enter")
        #expect(tmux.waitFor("Clock", timeout: 5), "\(tmux.screenText)")
        tmux.send(keys: "?")
        #expect(tmux.waitFor("Keys", timeout: 5), "a key must act without Enter after fg:\n\(tmux.screenText)")
        tmux.send(keys: "Escape")
        #expect(tmux.waitUntil(timeout: 5) { !tmux.capture().contains { $0.contains("Keys") } }, "\(tmux.screenText)")

        // kill -TSTP then fg alone, as Ctrl-Z in another terminal would be.
        kill(pid, SIGTSTP)
        #expect(tmux.waitUntil(timeout: 5) { Self.state(of: pid) == "T" } && tmux.waitFor("Stopped", timeout: 5), "\(tmux.screenText)")
        tmux.send(text: "fg")
        tmux.send(keys: "Enter")
        #expect(tmux.waitFor("Clock", timeout: 5), "\(tmux.screenText)")
        tmux.send(keys: "?")
        #expect(tmux.waitFor("Keys", timeout: 5), "\(tmux.screenText)")
        tmux.send(keys: "Escape")
        tmux.send(keys: "q")
        #expect(tmux.waitUntil(timeout: 5) { kill(pid, 0) != 0 }, "\(tmux.screenText)")
        tmux.send(text: "exit")
        tmux.send(keys: "Enter")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }

    /// A terminal that hangs up ends the dashboard even when no SIGHUP reaches it (run under
    /// `setsid`, as `runuser` or a service manager may leave it): the hung-up terminal polls as
    /// readable and reads nothing, which once spun the loop at full speed for ever.
    @Test func aTerminalThatHangsUpEndsTheDashboardWithoutSIGHUP() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path,
              FileManager.default.isExecutableFile(atPath: "/usr/bin/setsid") else {
            Issue.record("tmux, setsid or the widgetdash binary is missing")
            return
        }
        // setsid, a child of tmux's wrapper shell and so no group leader, execs in place: the
        // pane's program is the dashboard, in a session the terminal's hang-up signals not.
        let tmux = try TmuxSession(command: ["/usr/bin/setsid", binary, "--widget", "clock@small"], width: 100, height: 30,
                                   environment: WidgetDashBinary.isolatedEnvironment())
        #expect(tmux.waitFor("Clock", timeout: 20), "\(tmux.screenText)")
        let pid = try #require(tmux.pid)
        tmux.kill()
        let ended = tmux.waitUntil(timeout: 10) { Self.state(of: pid).map { $0 == "Z" } ?? true }
        let state = Self.state(of: pid).map(String.init) ?? "gone"
        if !ended { kill(pid, SIGKILL) }
        #expect(ended, "still running (state \(state)) 10 s after its terminal hung up")
    }

    /// How often the process's threads have been switched to or from: it grows only while the
    /// process runs.
    static func contextSwitches(of pid: Int32) -> Int {
        let tasks = (try? FileManager.default.contentsOfDirectory(atPath: "/proc/\(pid)/task")) ?? []
        return tasks.reduce(0) { total, task in
            guard let status = try? String(contentsOfFile: "/proc/\(pid)/task/\(task)/status", encoding: .utf8) else { return total }
            return status.split(separator: "\n").reduce(total) { sum, line in
                guard line.contains("ctxt_switches:"), let value = line.split(separator: ":").last.flatMap({ Int($0.trimmingCharacters(in: .whitespaces)) })
                else { return sum }
                return sum + value
            }
        }
    }

    /// The process's state letter from /proc (`T` stopped, `S` sleeping, `R` running).
    static func state(of pid: Int32) -> Character? {
        guard let stat = try? String(contentsOfFile: "/proc/\(pid)/stat", encoding: .utf8),
              let close = stat.lastIndex(of: ")") else { return nil }
        return stat[close...].dropFirst().first { $0 != " " }
    }
}
