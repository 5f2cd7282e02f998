import CNcursesw

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// MARK: - Global state the signal handlers read

// Signal handlers are C functions that may run on any thread at any instruction, so they can
// only touch plain global memory. Every global below follows one protocol, which is why
// `nonisolated(unsafe)` is sound here:
//   1. `SignalRelay.install` writes them all, on the run loop's thread, *before* the first
//      `sigaction` call makes any handler reachable (sigaction is a full barrier for the
//      handlers it installs).
//   2. While handlers are installed, nothing writes them; handlers only read.
//   3. `SignalRelay.uninstall` restores the previous dispositions first and only then resets
//      the globals, so no handler can observe a half-written value.
// The values are trivial (Int32, raw pointers): reading them allocates nothing and takes no
// lock, so the handlers stay async-signal-safe.

/// The write end of the signal self-pipe; -1 while no relay is installed.
nonisolated(unsafe) private var signalPipeWriteFD: Int32 = -1
/// The terminal's file descriptor, for the crash-time reset.
nonisolated(unsafe) private var crashResetFD: Int32 = -1
/// The termios in effect before curses started, restored on a crash (tcsetattr is async-signal-safe).
nonisolated(unsafe) private var savedTermios: UnsafeMutablePointer<termios>? = nil
/// The dispositions that were in place before ours, indexed by signal number.
nonisolated(unsafe) private var previousActions: UnsafeMutablePointer<sigaction>? = nil
/// The escape sequences that put a terminal back into a usable state, as raw bytes.
nonisolated(unsafe) private var crashResetBytes: UnsafeMutableRawBufferPointer? = nil

/// Leave the alternate screen, show the cursor, reset attributes, leave keypad-transmit mode
/// and switch off every mouse reporting mode ncurses may have enabled.
private let terminalResetSequence =
    "\u{1B}[?1049l\u{1B}[?25h\u{1B}[0m\u{1B}[?1l\u{1B}>\u{1B}[?1000l\u{1B}[?1002l\u{1B}[?1003l\u{1B}[?1006l"

private let signalSlots = 65

/// The handler for the signals the run loop handles: writes the signal number as one byte.
private let relayHandler: @convention(c) (Int32) -> Void = { signo in
    let savedErrno = errno
    var byte = UInt8(truncatingIfNeeded: signo)
    // Non-blocking: if the pipe is full the loop has plenty of wake-ups pending already.
    _ = write(signalPipeWriteFD, &byte, 1)
    errno = savedErrno
}

/// The handler for fatal signals: resets the terminal with raw writes, then lets the signal
/// take its previous course (the Swift runtime's backtracer, or the default action).
private let crashHandler: @convention(c) (Int32) -> Void = { signo in
    if crashResetFD >= 0 {
        if let termiosPointer = savedTermios { _ = tcsetattr(crashResetFD, TCSAFLUSH, termiosPointer) }
        if let bytes = crashResetBytes, let base = bytes.baseAddress { _ = write(crashResetFD, base, bytes.count) }
    }
    if let previous = previousActions, signo >= 0, signo < signalSlots {
        _ = sigaction(signo, previous + Int(signo), nil)
    } else {
        signal(signo, SIG_DFL)
    }
    // The signal is blocked while this handler runs; re-raised, it is delivered to the restored
    // disposition as soon as we return. A hardware fault would recur on return anyway.
    raise(signo)
}

/// Relays signals into a self-pipe the run loop polls, and resets the terminal on a crash.
///
/// Only one relay exists at a time (there is only one terminal). Install it before curses
/// starts, so ncurses sees our handlers and installs none of its own, and uninstall it after
/// curses has stopped.
final class SignalRelay {
    /// Signals whose byte the run loop acts on.
    static let relayed: [Int32] = [SIGWINCH, SIGTERM, SIGHUP, SIGINT, SIGCONT, SIGTSTP]
    /// Signals that end the process: reset the terminal first.
    static let fatal: [Int32] = [SIGSEGV, SIGABRT, SIGBUS, SIGILL, SIGFPE, SIGTRAP]

    /// The read end, for `poll`; each byte is a signal number.
    let readFD: Int32
    private let writeFD: Int32
    private var installed = false

    /// Creates the pipe and installs the handlers. `terminalFD` is where a crash writes its reset.
    init(terminalFD: Int32) throws(TerminalError) {
        let (r, w) = try makeNonBlockingPipe()
        readFD = r
        writeFD = w

        // Step 1 of the protocol above: every global is written before any handler exists.
        signalPipeWriteFD = w
        crashResetFD = terminalFD
        let t = UnsafeMutablePointer<termios>.allocate(capacity: 1)
        if tcgetattr(terminalFD, t) == 0 {
            savedTermios = t
        } else {
            t.deallocate()
        }
        let bytes = Array(terminalResetSequence.utf8)
        let buffer = UnsafeMutableRawBufferPointer.allocate(byteCount: bytes.count, alignment: 1)
        buffer.copyBytes(from: bytes)
        crashResetBytes = buffer
        let previous = UnsafeMutablePointer<sigaction>.allocate(capacity: signalSlots)
        previous.initialize(repeating: sigaction(), count: signalSlots)
        previousActions = previous

        for signo in Self.relayed { Self.install(relayHandler, for: signo, flags: SA_RESTART, saving: previous) }
        // SA_NODEFER is not set: the re-raise in the crash handler must wait until it returns.
        for signo in Self.fatal { Self.install(crashHandler, for: signo, flags: 0, saving: previous) }
        installed = true

        // A blocked signal mask is inherited across exec: a parent that blocks signals (some
        // test runners and process spawners do) would leave us deaf to resize and SIGTERM.
        // Unblock ours on this thread, which is the one that polls. SIGTTOU and SIGTTIN too:
        // continued in the background, this thread's mode change must stop the process (their
        // default action) until `fg`, not take the terminal from the shell behind its back.
        var unblock = sigset_t()
        sigemptyset(&unblock)
        for signo in Self.relayed + Self.fatal + [SIGTTOU, SIGTTIN] { sigaddset(&unblock, signo) }
        pthread_sigmask(SIG_UNBLOCK, &unblock, nil)
    }

    deinit { uninstall() }

    /// Restores the previous dispositions and closes the pipe; safe to call more than once.
    func uninstall() {
        guard installed else { return }
        installed = false
        if let previous = previousActions {
            for signo in Self.relayed + Self.fatal { _ = sigaction(signo, previous + Int(signo), nil) }
        }
        // Step 3: handlers are gone, now the globals may change.
        signalPipeWriteFD = -1
        crashResetFD = -1
        savedTermios?.deallocate()
        savedTermios = nil
        crashResetBytes?.deallocate()
        crashResetBytes = nil
        previousActions?.deallocate()
        previousActions = nil
        close(readFD)
        close(writeFD)
    }

    /// Reads every pending signal number (the pipe is non-blocking).
    func drain() -> [Int32] {
        var result: [Int32] = []
        var buffer = [UInt8](repeating: 0, count: 64)
        while true {
            let n = buffer.withUnsafeMutableBytes { read(readFD, $0.baseAddress, $0.count) }
            if n <= 0 { break }
            result += buffer[0..<n].map { Int32($0) }
        }
        return result
    }

    /// Stops the process the way SIGTSTP would, after the caller restored the terminal.
    ///
    /// Our handler only relayed the signal, so the default action (stop) is applied here:
    /// switch to SIG_DFL, raise, and reinstall once SIGCONT resumes us.
    func stopProcess() {
        signal(SIGTSTP, SIG_DFL)
        raise(SIGTSTP)
        // Execution continues here after SIGCONT; the saved previous disposition stays as it was.
        Self.install(relayHandler, for: SIGTSTP, flags: SA_RESTART, saving: nil)
    }

    private static func install(
        _ handler: @convention(c) (Int32) -> Void, for signo: Int32, flags: Int32,
        saving previous: UnsafeMutablePointer<sigaction>?
    ) {
        var action = sigaction()
        #if canImport(Glibc)
        action.__sigaction_handler.sa_handler = handler
        #else
        action.__sigaction_u.__sa_handler = handler
        #endif
        sigemptyset(&action.sa_mask)
        action.sa_flags = flags
        _ = sigaction(signo, &action, previous.map { $0 + Int(signo) })
    }
}

/// A pipe whose ends are non-blocking and close-on-exec (children never inherit them).
func makeNonBlockingPipe() throws(TerminalError) -> (read: Int32, write: Int32) {
    var fds: [Int32] = [-1, -1]
    guard wd_pipe_nonblock_cloexec(&fds) == 0 else { throw TerminalError.system("pipe", errno) }
    return (fds[0], fds[1])
}
