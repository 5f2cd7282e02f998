import DashCore
import WidgetDash

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How a run of the terminal loop ended.
public enum TerminalExit: Hashable, Sendable {
    /// The host asked to quit.
    case quit
    /// A signal (SIGTERM, SIGHUP, SIGINT) asked the process to end; exit with 128 + number.
    case signal(Int32)
    /// The terminal went away (standard input hung up).
    case hangup
}

/// A pipe that wakes the run loop from any thread.
///
/// Sendable because it is immutable: two file descriptors fixed at creation. They are closed
/// only in deinit, i.e. when no waker closure can reference this object any more, so a late
/// `wake()` can never write into a reused descriptor.
final class WakePipe: Sendable {
    let readFD: Int32
    let writeFD: Int32

    init() throws(TerminalError) {
        (readFD, writeFD) = try makeNonBlockingPipe()
    }

    deinit {
        close(readFD)
        close(writeFD)
    }

    /// Writes one byte; a full pipe (EAGAIN) already guarantees a wake-up, so errors are moot.
    func wake() {
        var byte: UInt8 = 1
        _ = write(writeFD, &byte, 1)
    }

    /// Empties the pipe so the next poll blocks again.
    func drain() {
        var buffer = [UInt8](repeating: 0, count: 256)
        while buffer.withUnsafeMutableBytes({ read(readFD, $0.baseAddress, $0.count) }) > 0 {}
    }
}

/// The loop that owns the terminal: draws when the host changed, sleeps in `poll()` until
/// input, a signal, a wake-up or the host's next deadline, and restores the terminal however
/// it ends.
///
/// ```swift
/// let exit = try TerminalRunLoop.run(host: dashboard)
/// if case .signal(let signo) = exit { Glibc.exit(128 + signo) }
/// ```
///
/// Idle is idle: with nothing due the loop blocks in `poll` with an infinite timeout, and a
/// deadline costs at most one wake-up (the time-out is rounded *up* to whole milliseconds, so
/// the loop never wakes a hair early and spins until the deadline). With a seconds clock on
/// screen, deadlines and providers' answers wait for the clock's tick (``wakeDelay(deadline:tick:)``,
/// ``LoopLink``), and quick providers run on the loop's own thread (`LoopExecutor`).
public final class TerminalRunLoop {
    /// The key that suspends the process like a shell's Ctrl-Z (raw mode delivers it as a key).
    /// nil passes it to the host instead.
    public var suspendKey: Key? = .control("z")
    /// Told when the dashboard comes to the screen and leaves it (start, suspend, resume,
    /// quit) and on each wake-up; the screen-time recorder listens.
    public var foregroundObserver: (any ForegroundObserver)?
    /// Run once, on the loop's thread, when the dashboard has been on screen for
    /// ``settleDelay`` seconds: start-up is over by then (the dashboard gives back the memory
    /// start-up used, `StartupPages`).
    public var settled: (() -> Void)?
    /// How long after the loop starts ``settled`` runs: the first frame and the first
    /// timelines have arrived well before.
    public static let settleDelay: Duration = .seconds(5)

    private let terminal: Terminal

    /// Creates a loop over a terminal that is not started yet.
    public init(terminal: Terminal = Terminal()) {
        self.terminal = terminal
    }

    /// Runs `host` on a new terminal until it quits or a signal ends it.
    @discardableResult
    public static func run(host: some InteractiveHost) throws -> TerminalExit {
        try TerminalRunLoop().run(host: host)
    }

    /// Takes over the terminal and drives `host` until it quits; the terminal is restored on
    /// every way out, including thrown errors.
    @discardableResult
    public func run(host: some InteractiveHost) throws -> TerminalExit {
        try terminal.start()
        defer { terminal.stop() }
        foregroundObserver?.enteredForeground()
        defer { foregroundObserver?.leavingForeground() }
        guard let signals = terminal.signals else { throw TerminalError.notATerminal }

        let wake = try LoopWake()
        wake.loopStarted()
        let executor = LoopExecutor(wake: wake)
        host.attach(LoopLink(wake: { [wake] in wake.wake() }, wakeSoon: { [wake] in wake.wakeSoon() }, executor: executor))

        if let size = terminal.checkResize(), host.handle(.resize(size)) == .quit { return .quit }

        var fds = [
            pollfd(fd: terminal.inputFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: signals.readFD, events: Int16(POLLIN), revents: 0),
            pollfd(fd: wake.readFD, events: Int16(POLLIN), revents: 0),
        ]
        // Set when the screen must be repainted whatever the host thinks (resize, continue).
        var forceRender = true
        var settleAt = settled == nil ? nil : ContinuousClock.now.advanced(by: Self.settleDelay)
        while true {
            if host.needsDisplay || forceRender {
                terminal.draw(host.render(size: terminal.size))
                forceRender = false
            }
            if host.takeBell() { terminal.bell() }

            for i in fds.indices { fds[i].revents = 0 }
            let tick = host.secondsUntilNextTick()
            let delay = Self.wakeDelay(deadline: host.secondsUntilNextDeadline(), tick: tick)
            // Settling waits for the tick too, so it costs no wake-up of its own.
            let untilSettled = settleAt.flatMap { Self.wakeDelay(deadline: Self.seconds(ContinuousClock.now.duration(to: $0)), tick: tick) }
            let wait = [delay, executor.secondsUntilNextTimer(), untilSettled].compactMap { $0 }.min()
            let timeout = executor.hasPending ? 0 : Self.pollTimeout(seconds: wait)
            wake.sleeping(milliseconds: timeout)
            let ready = poll(&fds, nfds_t(fds.count), timeout)
            wake.woke()
            if ready < 0 {
                let code = errno
                // A signal interrupted the wait; its byte is in the pipe for the next turn.
                if code != EINTR && code != EAGAIN { throw TerminalError.system("poll", code) }
            }

            if fds[1].revents & Int16(POLLIN) != 0 {
                for signo in signals.drain() {
                    switch signo {
                    case SIGWINCH:
                        if let size = terminal.checkResize() {
                            if host.handle(.resize(size)) == .quit { return .quit }
                            forceRender = true
                        }
                    case SIGTERM, SIGHUP, SIGINT:
                        return .signal(signo)
                    case SIGTSTP:
                        suspend()
                    case SIGCONT:
                        terminal.resumeAfterContinue()
                        if let size = terminal.checkResize(), host.handle(.resize(size)) == .quit { return .quit }
                        forceRender = true
                    default:
                        break
                    }
                }
            }

            let input = fds[0].revents
            // A hung-up terminal polls as readable too (POLLIN with POLLHUP), and reads nothing.
            let hungUp = input & Int16(POLLHUP | POLLERR | POLLNVAL) != 0
            if input & Int16(POLLIN) != 0 {
                let events = terminal.readEvents()
                // Keys typed before the hang-up are handled first; then nothing more will come,
                // and polling again would return at once, for ever.
                if events.isEmpty && hungUp { return .hangup }
                for event in events {
                    if case .resize = event { forceRender = true }
                    if case .key(let key) = event, key == suspendKey {
                        suspend()
                        continue
                    }
                    if host.handle(event) == .quit { return .quit }
                }
            } else if hungUp {
                return .hangup
            }

            if fds[2].revents & Int16(POLLIN) != 0 { wake.drain() }

            host.advance()
            // What the turn started on the loop runs now, and its answers are taken in at once.
            if executor.runPending() { host.advance() }
            foregroundObserver?.loopWoke()
            if let at = settleAt, ContinuousClock.now >= at {
                settleAt = nil
                settled?()
            }
        }
    }

    /// Stops the process as Ctrl-Z does; off screen until it continues.
    private func suspend() {
        foregroundObserver?.leavingForeground()
        terminal.suspend()
        foregroundObserver?.enteredForeground()
    }

    /// How long the loop sleeps: until `deadline`, or, when the frame ticks (`tick`) less
    /// than a second after it, until that tick, so that a deadline the scheduler's jitter put
    /// between two ticks costs no wake-up of its own (served up to one tick later; see
    /// docs/DECISIONS.md). Both in seconds from now; nil: none.
    public static func wakeDelay(deadline: Double?, tick: Double?) -> Double? {
        guard let deadline, let tick, tick > deadline, tick - deadline <= tickSlack else { return deadline }
        return tick
    }

    /// How much later than its time ``wakeDelay(deadline:tick:)`` serves a deadline, at most.
    public static let tickSlack: Double = 1

    /// A duration in seconds, for the time-outs the host counts in seconds.
    static func seconds(_ duration: Duration) -> Double {
        let (seconds, attoseconds) = duration.components
        return Double(seconds) + Double(attoseconds) * 1e-18
    }

    /// The `poll` time-out for a deadline `seconds` away: -1 (infinite) for nil, otherwise
    /// whole milliseconds rounded up and clamped to 0...Int32.max.
    public static func pollTimeout(seconds: Double?) -> Int32 {
        guard let seconds else { return -1 }
        guard seconds.isFinite else { return seconds > 0 ? -1 : 0 }
        let milliseconds = (seconds * 1000).rounded(.up)
        if milliseconds <= 0 { return 0 }
        if milliseconds >= Double(Int32.max) { return Int32.max }
        return Int32(milliseconds)
    }
}

