import CNcursesw
import DashHost
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

/// The screen, through ncurses: draws canvases as differences, reads input, restores on exit.
///
/// All calls must come from one thread (ncurses has one global screen); the run loop owns the
/// only instance. ``start()`` installs the signal relay before ncurses starts, so ncurses keeps
/// its hands off SIGINT/SIGTERM/SIGWINCH/SIGTSTP; ``stop()`` undoes everything exactly once.
public final class Terminal {
    /// The file descriptor ncurses reads keys from.
    public let inputFD: Int32 = 0
    /// The file descriptor ncurses writes to.
    public let outputFD: Int32 = 1

    /// The color depth in use, after fitting the environment to what terminfo offers.
    public private(set) var colorDepth: ColorDepth = .monochrome
    /// Signal bytes arrive here; nil until started.
    var signals: SignalRelay?

    private var screen: OpaquePointer?
    private var started = false
    private var environment: [String: String]

    /// True when terminfo has a direct-color entry (COLORS ≥ 2^24): color numbers are RGB.
    private var directColor = false
    private var colorCount: Int32 = 0
    private var pairs: [PairKey: Int32] = [:]
    private var nextPair: Int32 = 1
    private var pairLimit: Int32 = 0

    /// The canvas on screen, for drawing only what changed.
    private var previous: Canvas?
    /// Set after a resize or SIGCONT: the next draw writes every cell.
    private var needsFullRepaint = true
    /// Set after SIGCONT: the physical screen was scribbled on, clear it before repainting.
    private var needsClear = false
    /// The size last delivered as a `.resize` event, to send each change once.
    private var reportedSize: CellSize?
    private var utf8Locale = true

    private struct PairKey: Hashable {
        var foreground: Int32
        var background: Int32
    }

    /// Creates a terminal that is not started yet.
    ///
    /// `environment` is consulted for `NO_COLOR` and `COLORTERM`; nil reads the process's.
    public init(environment: [String: String]? = nil) {
        if let environment {
            self.environment = environment
        } else {
            var env: [String: String] = [:]
            for name in ["NO_COLOR", "COLORTERM", "TERM"] {
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
        setlocale(LC_ALL, "")
        if let codeset = nl_langinfo(nl_item(CODESET)) {
            let name = String(cString: codeset).uppercased()
            utf8Locale = name == "UTF-8" || name == "UTF8"
        }
        // Installed before newterm: ncurses only installs its own handlers for signals that are
        // still at SIG_DFL, and its SIGINT/SIGTERM handlers would exit behind our back.
        let relay = try SignalRelay(terminalFD: outputFD)
        // Prefer the kernel's window size over stale LINES/COLUMNS variables.
        use_tioctl(true)
        guard let screen = wd_newterm() else {
            relay.uninstall()
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
        if let screen { delscreen(screen) }
        screen = nil
        signals?.uninstall()
        signals = nil
    }

    /// Whether ``start()`` succeeded and ``stop()`` has not run yet.
    public var isActive: Bool { started }

    private func setUpColors() {
        pairs = [:]
        nextPair = 1
        guard has_colors() else {
            colorDepth = .monochrome
            return
        }
        start_color()
        use_default_colors()  // Color -1 is the terminal's own foreground/background.
        colorCount = wd_colors()
        pairLimit = wd_color_pairs()
        directColor = colorCount >= 1 << 24
        var depth = ColorDepth.detect(environment: environment, terminalColors: Int(colorCount))
        if depth == .trueColor && !directColor {
            // ncurses can only emit 24-bit colors through a direct-color terminfo entry
            // (e.g. TERM=xterm-direct); with a palette terminfo we map to the nearest of 256.
            var withoutColorTerm = environment
            withoutColorTerm["COLORTERM"] = nil
            depth = ColorDepth.detect(environment: withoutColorTerm, terminalColors: Int(colorCount))
        }
        colorDepth = depth
    }

    private func enableMouse() {
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
        signals?.stopProcess()
        resumeAfterContinue()
    }

    /// Called after SIGCONT: the screen may show anything now, so clear and repaint all of it.
    public func resumeAfterContinue() {
        guard started else { return }
        // After endwin, the next doupdate restores program mode; re-assert what it may not.
        curs_set(0)
        enableMouse()
        needsClear = true
        needsFullRepaint = true
    }

    // MARK: - Drawing

    /// Shows `canvas`, writing only the cells that differ from the previous one.
    ///
    /// A change of size, a resize or a continue after suspend repaints every cell. The canvas
    /// is clipped to the screen if their sizes disagree.
    public func draw(_ canvas: Canvas) {
        guard started, let window = wd_stdscr() else { return }
        if !drawCells(canvas, window: window, allowPairRecycling: true) {
            // The pair table was recycled mid-frame, so cells drawn earlier this frame may now
            // point at re-initialized pairs: repaint them all, without recycling again.
            needsFullRepaint = true
            _ = drawCells(canvas, window: window, allowPairRecycling: false)
        }
        if needsClear, let current = wd_curscr() {
            clearok(current, true)
            needsClear = false
        }
        wnoutrefresh(window)
        doupdate()
        previous = canvas
        needsFullRepaint = false
    }

    /// Writes the changed cells; false if the color pairs had to be recycled.
    private func drawCells(_ canvas: Canvas, window: UnsafeMutablePointer<WINDOW>, allowPairRecycling: Bool) -> Bool {
        let rows = min(canvas.height, Int(wd_lines()))
        let cols = min(canvas.width, Int(wd_cols()))
        let full = needsFullRepaint || previous?.size != canvas.size
        let old = full ? nil : previous
        if full { werase(window) }
        var recycled = false
        for y in 0..<max(0, rows) {
            var x = 0
            while x < cols {
                let cell = canvas[x, y]
                if cell.isContinuation {
                    // Only reached when the wide glyph's left half lies off screen or was
                    // skipped; a lone continuation shows as a blank.
                    if x == 0 || canvas[x - 1, y].width != 2 {
                        if old?[x, y] != cell { recycled = put(.blank(cell.style), x: x, y: y, in: window, allowPairRecycling) || recycled }
                    }
                    x += 1
                    continue
                }
                let span = cell.width == 2 ? 2 : 1
                if let old, old[x, y] == cell, span == 1 || old[x + 1, y] == canvas[x + 1, y] {
                    x += span
                    continue
                }
                if span == 2 && x + 1 >= cols {
                    // Cut by the screen's right edge: never half a glyph.
                    recycled = put(.blank(cell.style), x: x, y: y, in: window, allowPairRecycling) || recycled
                } else {
                    recycled = put(cell, x: x, y: y, in: window, allowPairRecycling) || recycled
                }
                x += span
            }
        }
        return !recycled
    }

    /// A reusable buffer for one cell's wide string: CCHARW_MAX (5) scalars plus the NUL.
    private var wideBuffer = [wchar_t](repeating: 0, count: 6)

    /// Writes one cell at (x, y); returns true if the color pairs were recycled for it.
    private func put(_ cell: Cell, x: Int, y: Int, in window: UnsafeMutablePointer<WINDOW>, _ allowPairRecycling: Bool) -> Bool {
        let style = colorDepth.map(cell.style)
        var recycled = false
        let pair = pairNumber(foreground: colorNumber(style.foreground), background: colorNumber(style.background),
                              allowRecycling: allowPairRecycling, recycled: &recycled)
        let attrs = attributes(style.attributes)

        // What ncurses (through the C library's wcwidth) thinks the glyph's width is decides
        // where it moves its cursor; when that disagrees with the canvas we adjust, so ncurses'
        // idea of the screen stays aligned with ours.
        var count = 0
        var glyphWidth: Int32 = 1
        for scalar in cell.text.unicodeScalars {
            if count == 5 { break }  // CCHARW_MAX: a base plus four combining marks.
            let wc = wchar_t(bitPattern: scalar.value)
            if count == 0 {
                glyphWidth = wd_wcwidth(wc)
                if glyphWidth < 0 || (!utf8Locale && scalar.value > 0x7F) {
                    // Unprintable here (a control, or any non-ASCII in a non-UTF-8 locale).
                    wideBuffer[0] = wchar_t(UInt8(ascii: "?"))
                    count = 1
                    glyphWidth = 1
                    break
                }
                if glyphWidth == 0 {
                    // A stray combining mark cannot start a cell.
                    wideBuffer[0] = wchar_t(UInt8(ascii: " "))
                    count = 1
                    glyphWidth = 1
                    break
                }
            }
            wideBuffer[count] = wc
            count += 1
        }
        if count == 0 {
            wideBuffer[0] = wchar_t(UInt8(ascii: " "))
            count = 1
            glyphWidth = 1
        }
        if cell.width != 2 && glyphWidth == 2 {
            // The canvas gave it one column but it needs two: show a placeholder instead of
            // letting it push the rest of the row.
            wideBuffer[0] = wchar_t(UInt8(ascii: "?"))
            count = 1
            glyphWidth = 1
        }
        wideBuffer[count] = 0
        let cy = Int32(y), cx = Int32(x)
        wideBuffer.withUnsafeBufferPointer { buffer in
            // ERR at the bottom-right corner is expected and harmless (see shim.h).
            _ = wd_put_wide(window, cy, cx, buffer.baseAddress, attrs, pair)
        }
        if cell.width == 2 && glyphWidth == 1 {
            // The canvas reserved two columns but ncurses will advance one: fill the second.
            wideBuffer[0] = wchar_t(UInt8(ascii: " "))
            wideBuffer[1] = 0
            wideBuffer.withUnsafeBufferPointer { buffer in
                _ = wd_put_wide(window, cy, cx + 1, buffer.baseAddress, attrs, pair)
            }
        }
        return recycled
    }

    private func attributes(_ a: CellStyle.Attributes) -> attr_t {
        var result = wd_a_normal()
        if a.contains(.bold) { result |= wd_a_bold() }
        if a.contains(.dim) { result |= wd_a_dim() }
        if a.contains(.underline) { result |= wd_a_underline() }
        if a.contains(.reverse) { result |= wd_a_reverse() }
        if a.contains(.italic) { result |= wd_a_italic() }
        return result
    }

    /// The ncurses color number for an already depth-mapped color; -1 is the default.
    private func colorNumber(_ color: TerminalColor) -> Int32 {
        switch color {
        case .default:
            return -1
        case .indexed(let i):
            if directColor {
                // Direct-color terminfo keeps 0...7 as ANSI colors and reads larger numbers as RGB.
                if i < 8 { return Int32(i) }
                let rgb = ColorDepth.xtermRGB(index: i)
                return Int32(rgb.red) << 16 | Int32(rgb.green) << 8 | Int32(rgb.blue)
            }
            if Int32(i) < colorCount { return Int32(i) }
            // A palette smaller than the index (e.g. an 88-color terminal): nearest ANSI color.
            let ansi = (colorCount >= 16 ? ColorDepth.ansi16 : ColorDepth.ansi8).map(color)
            if case .indexed(let j) = ansi { return Int32(j) }
            return -1
        case .rgb(let r, let g, let b):
            if directColor { return Int32(r) << 16 | Int32(g) << 8 | Int32(b) }
            return colorNumber(ColorDepth.indexed256.map(color))
        }
    }

    /// The pair for (foreground, background), allocated on first use.
    ///
    /// When the terminal's pair table is full the cache starts over from pair 1 (and reports
    /// `recycled`, so the caller repaints); without recycling, overflow falls back to pair 0.
    private func pairNumber(foreground: Int32, background: Int32, allowRecycling: Bool, recycled: inout Bool) -> Int32 {
        if foreground == -1 && background == -1 { return 0 }
        guard colorDepth != .monochrome else { return 0 }
        let key = PairKey(foreground: foreground, background: background)
        if let pair = pairs[key] { return pair }
        if nextPair >= pairLimit {
            guard allowRecycling, pairLimit > 1 else { return 0 }
            pairs = [:]
            nextPair = 1
            recycled = true
        }
        let pair = nextPair
        guard init_extended_pair(pair, foreground, background) == wd_ok() else { return 0 }
        nextPair += 1
        pairs[key] = pair
        return pair
    }

    // MARK: - Input

    /// Reads and decodes everything pending on input, without blocking.
    ///
    /// Consecutive printable scalars are joined into grapheme clusters first, so a base letter
    /// and its combining mark arrive as one `.character`. A size change seen here (KEY_RESIZE)
    /// becomes a `.resize` event only if the size differs from the last one reported.
    public func readEvents(limit: Int = 4096) -> [InputEvent] {
        guard started, let window = wd_stdscr() else { return [] }
        var events: [InputEvent] = []
        var text = String.UnicodeScalarView()
        func flushText() {
            guard !text.isEmpty else { return }
            for character in String(text) { events.append(.key(.character(character))) }
            text.removeAll()
        }
        // Bounded, so a flood of pasted input cannot starve signals and deadlines; whatever is
        // left keeps stdin readable and is read on the next turn of the loop.
        for _ in 0..<limit {
            var wch: wint_t = 0
            let result = wget_wch(window, &wch)
            if result == wd_err() { break }
            let decoded = KeyMapping.decode(code: UInt32(wch), isKeyCode: result == wd_key_code_yes())
            if case .scalar(let scalar) = decoded {
                text.append(scalar)
                continue
            }
            flushText()
            switch decoded {
            case .key(let key):
                events.append(.key(key))
            case .mouse:
                var mx: Int32 = 0, my: Int32 = 0
                var state: mmask_t = 0
                if wd_getmouse(&mx, &my, &state) == wd_ok(),
                   let event = KeyMapping.mouseEvent(x: Int(mx), y: Int(my), buttonState: UInt(state)) {
                    events.append(.mouse(event))
                }
            case .resize:
                if let newSize = checkResize() { events.append(.resize(newSize)) }
            case .scalar, .ignored:
                break
            }
        }
        flushText()
        return events
    }
}
