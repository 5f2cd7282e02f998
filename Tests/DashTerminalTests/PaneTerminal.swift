import DashTesting
import DashTerminal
import Foundation
import Testing
import WidgetDash

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The suites that run a real ``Terminal`` on a tmux pane, nested here so that they run one at a
/// time: ncurses has a single global screen.
@Suite("The real Terminal in a tmux pane", .serialized)
enum RealTerminalTests {}

/// A real ``Terminal`` drawing on a tmux pane's tty: the dashboard's own ncurses code path, with
/// tmux as the terminal that interprets the bytes, read back as text with `capture-pane`.
///
/// The pane runs `sleep`, which never reads or writes, so everything on it is what the Terminal
/// drew. ncurses has one global screen and the Terminal sets the process's locale, so only one
/// exists at a time: suites that use it are nested in ``RealTerminalTests``, and ``stop()`` puts
/// the locale back.
///
/// ```swift
/// let pane = try PaneTerminal(width: 12, height: 3)
/// defer { pane.stop() }
/// pane.terminal.draw(canvas)
/// #expect(pane.screen(showing: ["漢字", "", ""]) == ["漢字", "", ""])
/// ```
final class PaneTerminal {
    struct OpenError: Error, CustomStringConvertible {
        var description: String
    }

    let tmux: TmuxSession
    let terminal: Terminal
    private let fd: Int32
    private let savedLocale: String?
    private var stopped = false

    /// Starts a `width`×`height` pane and a Terminal on it (TERM=tmux-256color, UTF-8 text).
    ///
    /// `environment` is the Terminal's (for `NO_COLOR`, `COLORTERM`).
    init(width: Int, height: Int, environment: [String: String] = [:]) throws {
        tmux = try TmuxSession(command: ["sleep", "600"], width: width, height: height)
        let path = tmux.paneTTY
        fd = open(path, O_RDWR | O_NOCTTY)
        guard fd >= 0 else {
            tmux.kill()
            throw OpenError(description: "open \(path): \(String(cString: strerror(errno)))")
        }
        savedLocale = setlocale(LC_ALL, nil).map { String(cString: $0) }
        terminal = Terminal(environment: environment, device: .other(fd: fd, term: "tmux-256color", locale: "C.UTF-8"))
        do {
            try terminal.start()
        } catch {
            close(fd)
            tmux.kill()
            throw error
        }
    }

    deinit { stop() }

    /// Stops the Terminal (the pane keeps what it shows), then ends the pane.
    func stop() {
        guard !stopped else { return }
        stopped = true
        terminal.stop()
        if let savedLocale { setlocale(LC_ALL, savedLocale) }
        close(fd)
        tmux.kill()
    }

    /// The pane's rows once they equal `expected`, or the last rows read after `timeout` seconds
    /// (tmux reads the pty on its own schedule). Trailing spaces are trimmed, as tmux does.
    func screen(showing expected: [String], timeout: Double = 5) -> [String] {
        var rows: [String] = []
        tmux.waitUntil(timeout: timeout) {
            rows = tmux.capture()
            return rows == expected
        }
        return rows
    }

    /// The rows of `canvas` as the pane shows them: its text with trailing spaces trimmed.
    static func rows(of canvas: Canvas) -> [String] {
        canvas.lines.map { line in
            var line = line
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}
