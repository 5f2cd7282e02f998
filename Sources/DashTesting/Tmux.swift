import DashSystem
import Foundation

/// A program running in a detached tmux pane, for end-to-end tests that read the screen as text.
///
/// Each session runs its own tmux server on a private socket (`tmux -L <unique>`) with an empty
/// configuration, so tests never see the user's tmux and never collide with each other. The pane
/// stays after the program exits (`remain-on-exit`), so a test can still read the last screen and
/// the exit status.
///
/// ```swift
/// guard TmuxSession.isAvailable else { return }   // skip where tmux is missing
/// let tmux = try TmuxSession(command: [binary, "demo"], width: 80, height: 24,
///                            environment: ["TERM": "xterm-256color"])
/// #expect(tmux.waitFor("Calendar", timeout: 5))
/// tmux.send(keys: "q")
/// #expect(tmux.waitForExit(timeout: 5) == 0)
/// #expect(!tmux.isAlternateScreenActive)
/// ```
///
/// Waiting polls the screen every 50 ms: fine for tests, never a model for the app itself.
/// Assert on what the program shows while it runs: tmux 3.3 sometimes drops the last output
/// of a process that just exited, so a dead pane may show only "Pane is dead".
public final class TmuxSession {
    /// Why a session could not start.
    public struct StartError: Error, CustomStringConvertible {
        public var description: String
    }

    /// The private socket name (`tmux -L`), unique per session.
    public let socket: String
    /// The pane the command runs in.
    public let target = "dash:0.0"
    private let configURL: URL
    /// Where the wrapper shell writes the program's exit status.
    private let statusPath: String
    private var killed = false

    /// Whether a `tmux` executable is on `PATH`; tests skip themselves when it is not.
    public static var isAvailable: Bool {
        let path = ProcessInfo.processInfo.environment["PATH"] ?? "/usr/bin:/bin"
        return path.split(separator: ":").contains { dir in
            FileManager.default.isExecutableFile(atPath: "\(dir)/tmux")
        }
    }

    /// Starts `command` (argv, no shell) in a new detached `width`×`height` session.
    ///
    /// `environment` is added to the command's environment (use it for `TERM`, `LANG`,
    /// `NO_COLOR`...). The pane's `TERM` defaults to tmux's own unless given here.
    public init(command: [String], width: Int = 80, height: Int = 24, environment: [String: String] = [:]) throws {
        guard !command.isEmpty else { throw StartError(description: "empty command") }
        socket = "widgetdash-test-\(getpid())-\(UUID().uuidString.prefix(8))"
        configURL = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).conf")
        statusPath = FileManager.default.temporaryDirectory.appendingPathComponent("\(socket).status").path
        // Applied when the server starts, before the command can exit: keeps a dead pane readable.
        let config = """
            set -g remain-on-exit on
            set -g status off
            set -g history-limit 0
            """
        try config.write(to: configURL, atomically: true, encoding: .utf8)

        // tmux runs the command through a shell; quote every word so argv arrives intact. A
        // wrapper shell waits for the program and writes its status to a file: tmux 3.3
        // sometimes marks a pane dead without ever reaping its process, so #{pane_dead_status}
        // is not reliable. The program stays the terminal's foreground process.
        let assignments = environment.sorted { $0.key < $1.key }.map { "\($0.key)=\(Self.shellQuote($0.value))" }
        let program = (["env"] + assignments + command.map(Self.shellQuote)).joined(separator: " ")
        let shellCommand = "\(program); echo $? > \(Self.shellQuote(statusPath))"
        let result = run(["-f", configURL.path, "new-session", "-d", "-s", "dash",
                          "-x", String(width), "-y", String(height), shellCommand])
        guard result.status == 0 else {
            try? FileManager.default.removeItem(at: configURL)
            killed = true
            throw StartError(description: "tmux new-session failed: \(result.output)")
        }
    }

    deinit { kill() }

    // MARK: - Reading the screen

    /// The visible screen, one string per row (tmux trims trailing spaces).
    public func capture() -> [String] {
        let output = run(["capture-pane", "-p", "-t", target]).output
        var lines = output.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The visible screen with its colours and attributes as SGR escapes (`capture-pane -e`).
    public func captureStyled() -> [String] {
        var lines = run(["capture-pane", "-p", "-e", "-t", target]).output.components(separatedBy: "\n")
        if lines.last == "" { lines.removeLast() }
        return lines
    }

    /// The screen as one string, rows joined with newlines (handy in failure messages).
    public var screenText: String { capture().joined(separator: "\n") }

    /// Polls the screen every 50 ms until `text` appears; false after `timeout` seconds.
    @discardableResult
    public func waitFor(_ text: String, timeout: Double = 5) -> Bool {
        waitUntil(timeout: timeout) { self.capture().contains { $0.contains(text) } }
    }

    /// Polls `condition` every 50 ms; false if it is still false after `timeout` seconds.
    @discardableResult
    public func waitUntil(timeout: Double, _ condition: () -> Bool) -> Bool {
        let deadline = Date().addingTimeInterval(timeout)
        while true {
            if condition() { return true }
            if Date() >= deadline { return false }
            usleep(50_000)
        }
    }

    // MARK: - Input

    /// Sends keys by tmux name: `"q"`, `"Enter"`, `"C-c"`, `"Tab"`, `"BTab"`, `"Up"`, `"F5"`.
    public func send(keys: String...) {
        _ = run(["send-keys", "-t", target] + keys)
    }

    /// Types `text` literally (no key-name lookup).
    public func send(text: String) {
        _ = run(["send-keys", "-t", target, "-l", text])
    }

    /// Clicks the left button at a cell (0-based): a press and a release, encoded as the
    /// program asked the terminal to report them (SGR 1006, or the X10 bytes of mode 1000), as
    /// tmux itself does when it forwards a real click.
    public func click(x: Int, y: Int) {
        guard x >= 0, y >= 0 else { return }
        if format("#{mouse_sgr_flag}") == "1" {
            send(text: "\u{1B}[<0;\(x + 1);\(y + 1)M\u{1B}[<0;\(x + 1);\(y + 1)m")
            return
        }
        // Each coordinate is one byte, offset by 33: cells beyond 222 cannot be reported.
        guard x <= 222, y <= 222, let column = Unicode.Scalar(33 + x), let row = Unicode.Scalar(33 + y) else { return }
        let at = String(column) + String(row)
        send(text: "\u{1B}[M " + at + "\u{1B}[M#" + at)
    }

    /// Resizes the window, which sends SIGWINCH to the program.
    public func resize(width: Int, height: Int) {
        _ = run(["resize-window", "-t", "dash", "-x", String(width), "-y", String(height)])
    }

    // MARK: - State

    /// Whether the pane shows the alternate screen (tmux's `#{alternate_on}`); a program that
    /// restored the terminal has left it.
    public var isAlternateScreenActive: Bool { format("#{alternate_on}") == "1" }

    /// The path of the pane's terminal device, which a test may draw on directly.
    public var paneTTY: String { format("#{pane_tty}") }

    /// Whether the program has exited (the pane is kept, dead, for inspection).
    public var paneDead: Bool { format("#{pane_dead}") == "1" }

    /// The process id of the program (the wrapper shell's child), while it runs.
    public var pid: Int32? {
        guard !paneDead, let shell = Int32(format("#{pane_pid}")),
              let children = try? String(contentsOfFile: "/proc/\(shell)/task/\(shell)/children", encoding: .utf8)
        else { return nil }
        return children.split(separator: " ").first.flatMap { Int32($0) }
    }

    /// Waits until the program exits; its exit status, or nil on time-out. A death by signal
    /// reads as 128 + the signal number, as the shell reports it.
    public func waitForExit(timeout: Double = 5) -> Int32? {
        var result: Int32?
        waitUntil(timeout: timeout) {
            let text = try? String(contentsOfFile: self.statusPath, encoding: .utf8)
            result = text.flatMap { Int32($0.trimmingCharacters(in: .whitespacesAndNewlines)) }
            return result != nil
        }
        return result
    }

    /// Sends `signal` to the program.
    public func signal(_ signal: Int32) {
        if let pid { Foundation.kill(pid, signal) }
    }

    /// Ends the tmux server and the program with it; called by deinit, safe to repeat.
    public func kill() {
        guard !killed else { return }
        killed = true
        _ = run(["kill-server"])
        try? FileManager.default.removeItem(at: configURL)
        unlink(statusPath)
    }

    // MARK: - Running tmux

    private func format(_ format: String) -> String {
        run(["display-message", "-p", "-t", target, format]).output.trimmingCharacters(in: .whitespacesAndNewlines)
    }

    /// Runs one tmux command and returns its exit status and combined output.
    ///
    /// Spawned with posix_spawn rather than Foundation's `Process`, for two reasons: the first
    /// command forks the tmux server, which inherits the client's output and would keep a pipe
    /// open forever (so output goes to a temporary file instead), and the child must start with
    /// an empty signal mask and default dispositions: a test runner's blocked signals would
    /// otherwise be inherited by tmux and by the program under test, which could then never
    /// see SIGWINCH or SIGTERM.
    @discardableResult
    private func run(_ arguments: [String]) -> (status: Int32, output: String) {
        let outputPath = FileManager.default.temporaryDirectory
            .appendingPathComponent("\(socket)-\(UUID().uuidString.prefix(8)).out").path
        defer { unlink(outputPath) }

        let spawned = ChildProcess.spawn(["tmux", "-L", socket] + arguments,
                                         standardOutput: .file(outputPath), standardError: .standardOutput)
        let pid: pid_t
        switch spawned {
        case .success(let child): pid = child
        case .failure(let error): return (-1, "posix_spawnp tmux: \(error)")
        }
        guard let ending = ChildProcess.wait(pid) else { return (-1, "waitpid: \(String(cString: strerror(errno)))") }
        let output = (try? String(contentsOfFile: outputPath, encoding: .utf8)) ?? ""
        switch ending {
        case .exited(let code): return (code, output)
        case .signaled(let signal): return (128 + signal, output)
        }
    }

    /// Wraps `word` in single quotes for `sh`, escaping embedded single quotes.
    static func shellQuote(_ word: String) -> String {
        "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }
}
