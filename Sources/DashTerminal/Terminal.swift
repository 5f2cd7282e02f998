import CNcursesw
import DashCore
import WidgetDash

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif


/// Why the terminal could not be used.
public enum TerminalError: Error, Equatable, CustomStringConvertible {
    /// Standard input or output is not a terminal (piped, redirected, no tty).
    case notATerminal
    /// ncurses could not start (unknown `TERM`, missing terminfo).
    case startFailed(term: String)
    /// A system call failed with this errno.
    case system(String, Int32)

    public var description: String {
        switch self {
        case .notATerminal: return "standard input and output must be a terminal"
        case .startFailed(let term): return "cannot start the terminal (TERM=\(term))"
        case .system(let call, let code): return "\(call) failed: \(String(cString: strerror(code)))"
        }
    }
}

/// Where a ``Terminal`` draws and reads.
package enum TerminalDevice: Sendable {
    /// The process's standard input and output, with the locale and `TERM` of its environment:
    /// what the dashboard runs on.
    case standard
    /// Another terminal device, open read-write at `fd` (a tmux pane's tty, in tests), of the
    /// terminfo type `term`, with text in `locale` (such as "C.UTF-8").
    case other(fd: Int32, term: String, locale: String)
}

/// The screen, through ncurses: draws canvases as differences, reads input, restores on exit.
///
/// All calls must come from one thread (ncurses has one global screen); the run loop owns the
/// only instance. ``start()`` installs the signal relay before ncurses starts, so ncurses keeps
/// its hands off SIGINT/SIGTERM/SIGWINCH/SIGTSTP; ``stop()`` undoes everything exactly once.
public final class Terminal {
    /// The file descriptor ncurses reads keys from.
    public let inputFD: Int32
    /// The file descriptor ncurses writes to.
    public let outputFD: Int32
    /// The terminal this one draws on.
    let device: TerminalDevice
    /// The stream ncurses reads and writes on a device other than standard input and output.
    var deviceStream: UnsafeMutablePointer<FILE>?

    /// The color depth in use, after fitting the environment to what terminfo offers.
    package internal(set) var colorDepth: ColorDepth = .monochrome
    /// Signal bytes arrive here; nil until started.
    var signals: SignalRelay?

    var screen: OpaquePointer?
    var started = false
    var environment: [String: String]

    /// True when terminfo has a direct-color entry (COLORS ≥ 2^24): color numbers are RGB.
    var directColor = false
    var colorCount: Int32 = 0
    var pairs: [PairKey: Int32] = [:]
    var nextPair: Int32 = 1
    var pairLimit: Int32 = 0

    /// The canvas on screen, for drawing only what changed.
    var previous: Canvas?
    /// Set after a resize or SIGCONT: the next draw writes every cell.
    var needsFullRepaint = true
    /// Set after SIGCONT: the physical screen was scribbled on, clear it before repainting.
    var needsClear = false
    /// The size last delivered as a `.resize` event, to send each change once.
    var reportedSize: CellSize?
    var utf8Locale = true
    /// A reusable buffer for one cell's wide string: CCHARW_MAX (5) scalars plus the NUL.
    var wideBuffer = [wchar_t](repeating: 0, count: 6)

    /// `[terminal] graphemes` from the config; the environment's `WIDGETDASH_GRAPHEMES` wins.
    public var configuredGraphemes: GraphemeMode?
    /// How clusters are drawn, decided at start.
    package internal(set) var graphemeDrawing: GraphemeDrawing = .legacy
    /// What the terminal answered about mode 2027 at start (nil: not asked).
    package internal(set) var graphemeProbeAnswer: GraphemeProbe.Answer?
    /// True when this terminal set mode 2027 and so resets it when it lets go.
    var clusteringEnabled = false
    /// The rows the last frame wrote to ncurses.
    var rowsWritten: [Int] = []

    /// Creates a terminal on standard input and output that is not started yet.
    ///
    /// `environment` is consulted for `NO_COLOR` and `COLORTERM`; nil reads the process's.
    public convenience init(environment: [String: String]? = nil) {
        self.init(environment: environment, device: .standard)
    }

    /// Creates a terminal on `device` that is not started yet.
    package init(environment: [String: String]?, device: TerminalDevice) {
        self.device = device
        switch device {
        case .standard: (inputFD, outputFD) = (0, 1)
        case .other(let fd, _, _): (inputFD, outputFD) = (fd, fd)
        }
        if let environment {
            self.environment = environment
        } else {
            var env: [String: String] = [:]
            for name in ["NO_COLOR", "COLORTERM", "TERM", GraphemeMode.environmentVariable] {
                if let value = getenv(name) { env[name] = String(cString: value) }
            }
            self.environment = env
        }
    }

    deinit { stop() }

    // MARK: - Starting and stopping

    /// Takes over the terminal: locale, signal relay, curses modes, colors and mouse.
    public func start() throws(TerminalError) {
        guard !started else { return }
        guard isatty(inputFD) == 1, isatty(outputFD) == 1 else { throw .notATerminal }
        // Before anything else: ncurses reads the locale to decide whether UTF-8 is wide text.
        switch device {
        case .standard: setlocale(LC_ALL, "")
        case .other(_, _, let locale): setlocale(LC_ALL, locale)
        }
        if let codeset = nl_langinfo(nl_item(CODESET)) {
            let name = String(cString: codeset).uppercased()
            utf8Locale = name == "UTF-8" || name == "UTF8"
        }
        // Installed before newterm: ncurses only installs its own handlers for signals that are
        // still at SIG_DFL, and its SIGINT/SIGTERM handlers would exit behind our back.
        let relay = try SignalRelay(terminalFD: outputFD)
        // Before ncurses reads input, so the answers are read here and never decoded as keys;
        // after the relay, so a Ctrl-C during the probe is the loop's to handle, and a failure
        // to install it cannot leave mode 2027 set.
        chooseGraphemeDrawing()
        // Prefer the kernel's window size over stale LINES/COLUMNS variables.
        use_tioctl(true)
        guard let screen = openScreen() else {
            relay.uninstall()
            resetClustering()
            if case .other(_, let term, _) = device { throw .startFailed(term: term) }
            throw .startFailed(term: environment["TERM"] ?? "")
        }
        self.screen = screen
        signals = relay
        started = true

        raw()  // Ctrl-C and Ctrl-Z arrive as keys; the run loop decides what they mean.
        noecho()
        nonl()
        intrflush(wd_stdscr(), false)
        keypad(wd_stdscr(), true)
        nodelay(wd_stdscr(), true)  // Reads happen only after poll() said input is there.
        scrollok(wd_stdscr(), false)  // Writing the bottom-right cell must never scroll.
        leaveok(wd_stdscr(), true)  // The cursor is hidden; don't spend bytes moving it.
        curs_set(0)
        set_escdelay(25)  // A lone Esc is a key; 25 ms is plenty for a sequence's bytes.
        setUpColors()
        enableMouse()
        needsFullRepaint = true
        previous = nil
    }

    /// Gives the terminal back: leaves curses mode and restores the signal dispositions.
    ///
    /// Idempotent, so every exit path (quit, signal, thrown error, deinit) may call it.
    public func stop() {
        guard started else { return }
        started = false
        endwin()
        resetClustering()
        if let screen { delscreen(screen) }
        screen = nil
        if let deviceStream { fclose(deviceStream) }
        deviceStream = nil
        signals?.uninstall()
        signals = nil
    }

    /// Whether ``start()`` succeeded and ``stop()`` has not run yet.
    public var isActive: Bool { started }

    /// Starts ncurses on the device; nil when terminfo has no entry for it.
    private func openScreen() -> OpaquePointer? {
        guard case .other(let fd, let term, _) = device else { return wd_newterm() }
        // A stream of its own over a duplicate, so closing it leaves the caller's descriptor open.
        let copy = dup(fd)
        guard copy >= 0 else { return nil }
        guard let stream = fdopen(copy, "r+") else {
            close(copy)
            return nil
        }
        guard let screen = newterm(term, stream, stream) else {
            fclose(stream)
            return nil
        }
        deviceStream = stream
        return screen
    }

    func enableMouse() {
        // Clicked too: even with no click interval, ncurses merges a press and a release that
        // arrive in one read into a click, and drops it when the mask lacks that bit.
        let mask = wd_button1_pressed() | wd_button1_released() | wd_button1_clicked() | wd_button4_pressed() | wd_button5_pressed()
        mousemask(mask, nil)
        mouseinterval(0)  // No click detection delay: presses are reported at once.
    }

    // MARK: - Size

    /// The screen's size as ncurses knows it.
    public var size: CellSize { CellSize(width: Int(wd_cols()), height: Int(wd_lines())) }

    /// Asks the kernel for the window size, resizes curses if it changed, and returns the new
    /// size when it differs from the last one reported (nil otherwise).
    public func checkResize() -> CellSize? {
        var ws = winsize()
        if ioctl(outputFD, UInt(TIOCGWINSZ), &ws) == 0, ws.ws_row > 0, ws.ws_col > 0,
           Int32(ws.ws_row) != wd_lines() || Int32(ws.ws_col) != wd_cols() {
            resizeterm(Int32(ws.ws_row), Int32(ws.ws_col))
        }
        return takeSizeChange()
    }

    /// The current size when it was not reported yet; marks it reported.
    func takeSizeChange() -> CellSize? {
        let now = size
        guard now != reportedSize else { return nil }
        reportedSize = now
        needsFullRepaint = true
        return now
    }

    // MARK: - Suspend and continue

    /// Restores the terminal, stops the process (as Ctrl-Z would), and takes the terminal back
    /// when it continues.
    public func suspend() {
        guard started else { return }
        endwin()
        resetClustering()
        signals?.stopProcess()
        resumeAfterContinue()
    }

    /// Called after SIGCONT: whatever stopped the process (Ctrl-Z, `kill -TSTP`, SIGSTOP, a
    /// shell's job control), the terminal may now be in the shell's line mode and show anything,
    /// so put curses' program mode back and repaint all of it.
    ///
    /// Continued in the background (`kill -CONT`, `bg`), setting the modes makes the kernel stop
    /// us with SIGTTOU (the loop's thread lets it through; see ``SignalRelay``) until the shell's
    /// `fg` continues us as the foreground job, and the modes are set then.
    public func resumeAfterContinue() {
        guard started else { return }
        // Not only after our own endwin: a shell's `fg` leaves its own modes on the terminal.
        reset_prog_mode()
        curs_set(0)
        enableMouse()
        restoreClustering()
        needsClear = true
        needsFullRepaint = true
    }
}
