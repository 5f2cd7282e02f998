import Foundation
import Synchronization
import WidgetDash

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Why a request to an extension brought no answer; the description is what a panel shows
/// after "stopped:" and what `snapshot` prints.
public enum ExtensionFailure: Error, Hashable, Sendable, CustomStringConvertible {
    /// The executable could not be started.
    case cannotStart(String)
    /// It was killed by a signal (a trap: force-unwrap, index out of range, `fatalError`).
    case crashed(signal: Int32, during: String, detail: String)
    /// It exited before answering in full.
    case exited(status: Int32, during: String, detail: String)
    /// It went past its time limit and was killed.
    case hung(limit: TimeInterval, during: String)
    /// It wrote something that is not the protocol.
    case garbage(String)
    /// It answered with an error: the provider or the intent threw.
    case failed(String)
    /// The dashboard is closing and starts no more extensions.
    case closing

    public var description: String {
        func tail(_ detail: String) -> String { detail.isEmpty ? "" : ": " + detail }
        switch self {
        case .cannotStart(let why): return "the extension could not be started: \(why)"
        case .crashed(let signal, let during, let detail):
            return "the extension crashed (signal \(signal), \(Self.signalName(signal))) \(during)\(tail(detail))"
        case .exited(let status, let during, let detail):
            return "the extension exited with status \(status) \(during) without answering\(tail(detail))"
        case .hung(let limit, let during):
            let shown = limit == limit.rounded() ? "\(Int(limit))" : String(format: "%.1f", limit)
            return "the extension did not answer within \(shown) s \(during) and was stopped"
        case .garbage(let what): return what
        case .failed(let message): return message
        case .closing: return "the dashboard is closing"
        }
    }

    static func signalName(_ signal: Int32) -> String {
        switch signal {
        case SIGILL: "SIGILL"
        case SIGTRAP: "SIGTRAP"
        case SIGABRT: "SIGABRT"
        case SIGBUS: "SIGBUS"
        case SIGFPE: "SIGFPE"
        case SIGKILL: "SIGKILL"
        case SIGSEGV: "SIGSEGV"
        case SIGPIPE: "SIGPIPE"
        case SIGALRM: "SIGALRM"
        case SIGTERM: "SIGTERM"
        default: "signal \(signal)"
        }
    }
}

/// Reads the answer lines of one request; tells the process what it is waiting for next.
protocol AnswerCollector: Sendable {
    /// What the extension is doing while the next line is awaited ("while rendering entry 4").
    var during: String { get }
    /// Takes one line; true when the answer is complete.
    mutating func take(_ line: Data) throws -> Bool
}

/// The extension processes one host has alive, so that every way it ends can kill them.
///
/// A service, not a global: the command that runs the dashboard makes one, hands it to the
/// extension loader (each remote widget registers the processes of its requests in it) and
/// kills them all on its way out. That way out is one place: `run` returns whatever ends it,
/// because signals (SIGTERM, SIGHUP, SIGINT) only write a byte to the run loop's self-pipe and
/// the loop returns, so the command's `defer` runs; nothing here is touched from a signal
/// handler. Other commands make one each: their requests end before they do.
public final class ExtensionChildren: Sendable {
    private let state = Mutex<(pids: Set<pid_t>, closed: Bool)>(([], false))

    public init() {}

    /// Kills every extension process (and its process group) and starts no more.
    public func killAll() {
        let pids = state.withLock { state in
            state.closed = true
            return state.pids
        }
        for pid in pids { kill(-pid, SIGKILL) }
    }

    /// How many extension processes are alive now (for tests and the benchmark).
    public var count: Int { state.withLock { $0.pids.count } }

    func register(_ pid: pid_t) -> Bool {
        state.withLock { state in
            if state.closed { return false }
            state.pids.insert(pid)
            return true
        }
    }

    func unregister(_ pid: pid_t) { _ = state.withLock { $0.pids.remove(pid) } }
    var isClosed: Bool { state.withLock { $0.closed } }
}

/// Runs one request against an extension: spawn, read answer lines within time limits, reap.
enum ExtensionProcess {
    /// Time limits: for the first line (the provider's timeline) and for each line after it
    /// (one entry's rendering).
    struct Limits: Sendable {
        var first: TimeInterval
        var next: TimeInterval
    }

    /// Sends `request` to the extension at `path` on a thread of its own (the wait never holds
    /// a task thread) and returns the collector with what it took, and the failure when the
    /// answer did not complete (what arrived before it is in the collector).
    static func exchange<C: AnswerCollector>(path: String, request: ExtensionRequest, limits: Limits, children: ExtensionChildren,
                                             collector: C, services: ExtensionServiceHandler? = nil) async -> (collector: C, failure: (any Error)?) {
        await withCheckedContinuation { (continuation: CheckedContinuation<(collector: C, failure: (any Error)?), Never>) in
            let thread = Thread {
                var collected = collector
                do {
                    try exchangeNow(path: path, request: request, limits: limits, children: children, collector: &collected, services: services)
                    continuation.resume(returning: (collected, nil))
                } catch {
                    continuation.resume(returning: (collected, error))
                }
            }
            thread.start()
        }
    }

    /// Runs the exchange on this thread; `collector` keeps what it took even when this throws.
    /// With `services`, the extension's service calls are answered on its standard input.
    static func exchangeNow<C: AnswerCollector>(path: String, request: ExtensionRequest, limits: Limits, children: ExtensionChildren,
                                                collector: inout C, services: ExtensionServiceHandler? = nil) throws {
        if children.isClosed { throw ExtensionFailure.closing }
        var request = request
        if services != nil { request.hostServices = true }
        let requestText = String(decoding: try ExtensionProtocol.encode(request), as: UTF8.self)
        let replies = services == nil ? nil : ReplyPipe()
        defer { replies?.close() }
        var out: [Int32] = [0, 0], err: [Int32] = [0, 0]
        guard pipe(&out) == 0 else { throw ExtensionFailure.cannotStart(String(cString: strerror(errno))) }
        guard pipe(&err) == 0 else {
            close(out[0]); close(out[1])
            throw ExtensionFailure.cannotStart(String(cString: strerror(errno)))
        }
        // The child gets only the write ends; ours must not leak into other children.
        for fd in [out[0], err[0]] { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        var spawned = ChildProcess.spawn([path, ExtensionProtocol.requestFlag, requestText],
                                         standardOutput: .descriptor(out[1]), standardError: .descriptor(err[1]), newProcessGroup: true,
                                         standardInput: replies?.childEnd)
        // "Text file busy": the executable is still open for writing somewhere (being rebuilt,
        // or inherited by another child mid-spawn); that passes in a moment.
        for _ in 0..<50 {
            guard case .failure(let error) = spawned, error.code == ETXTBSY else { break }
            usleep(10_000)
            spawned = ChildProcess.spawn([path, ExtensionProtocol.requestFlag, requestText],
                                         standardOutput: .descriptor(out[1]), standardError: .descriptor(err[1]), newProcessGroup: true,
                                         standardInput: replies?.childEnd)
        }
        close(out[1]); close(err[1])
        replies?.closeChildEnd()
        defer { close(out[0]); close(err[0]) }
        let pid: pid_t
        switch spawned {
        case .success(let p): pid = p
        case .failure(let error): throw ExtensionFailure.cannotStart("\(path): \(error)")
        }
        guard children.register(pid) else {
            kill(-pid, SIGKILL)
            _ = ChildProcess.wait(pid)
            throw ExtensionFailure.closing
        }
        defer { children.unregister(pid) }
        // Readable once the extension has ended: every wait below wakes on its end itself.
        let exitSignal = ProcessDescriptor.open(pid)
        defer { if exitSignal >= 0 { close(exitSignal) } }
        /// Sleeps until the extension ends or `seconds` pass (without a process descriptor: 2 ms).
        func waitForEnd(upTo seconds: TimeInterval) {
            guard exitSignal >= 0 else {
                usleep(2_000)
                return
            }
            var fd = pollfd(fd: exitSignal, events: Int16(POLLIN), revents: 0)
            _ = poll(&fd, 1, Int32(max(0, min(seconds, 60) * 1000).rounded(.up)))
        }

        var pending = Data(), errors = Data()
        var deadline = Date().addingTimeInterval(limits.first)
        var limit = limits.first
        var outOpen = true, errOpen = true
        var done = false
        /// How the extension ended, once it has (it may end before its last lines are read).
        var ending: ChildProcess.Ending?
        func stop() {
            kill(-pid, SIGKILL)
            if ending == nil { _ = ChildProcess.wait(pid) }
        }
        func readErrors() {
            errOpen = readSome(err[0], into: &errors)
            // The runtime's "Fatal error" line comes first and a backtrace after it: the first
            // 4 KB and the last 4 KB are kept, so a chatty extension costs 12 KB at most.
            if errors.count > 12_288 { errors = Data(errors.prefix(4096) + errors.suffix(4096)) }
        }
        /// Hands the collector every complete line read so far.
        func takeLines() throws {
            if pending.count > maximumLine {
                stop()
                throw ExtensionFailure.garbage(ProtocolError.malformed("an answer line longer than 64 MB").description)
            }
            while !done, let newline = pending.firstIndex(of: 0x0A) {
                let line = Data(pending[pending.startIndex..<newline])
                pending = Data(pending[(newline + 1)...])
                // A call to the host's services is answered, not collected; it does not count
                // as progress, so the time limit of what is being made still runs.
                if let services, let replies, ServiceCall.mayBe(line),
                   let call = try? ExtensionProtocol.decode(ServiceCall.self, from: line), call.answer == "service" {
                    if let reply = try? ExtensionProtocol.encode(services.reply(to: call)) { replies.write(reply, until: deadline) }
                    continue
                }
                do {
                    done = try collector.take(line)
                } catch let error as ProtocolError {
                    stop()
                    throw ExtensionFailure.garbage(error.description)
                } catch {
                    stop()
                    throw error
                }
                limit = limits.next
                deadline = Date().addingTimeInterval(limits.next)
            }
        }
        while outOpen && !done && ending == nil {
            let remaining = deadline.timeIntervalSinceNow
            if remaining <= 0 {
                stop()
                throw ExtensionFailure.hung(limit: limit, during: collector.during)
            }
            var fds = [pollfd(fd: out[0], events: Int16(POLLIN), revents: 0),
                       pollfd(fd: errOpen ? err[0] : -1, events: Int16(POLLIN), revents: 0),
                       pollfd(fd: exitSignal, events: Int16(POLLIN), revents: 0)]
            // An extension that died while something it started holds its output open is noticed
            // by its process descriptor; without one, by waking every 50 ms to look.
            let wait = exitSignal >= 0 ? remaining * 1000 : min(remaining * 1000, 50)
            let ready = poll(&fds, 3, Int32(wait.rounded(.up)))
            if ready < 0 && errno != EINTR { stop(); throw ExtensionFailure.cannotStart(String(cString: strerror(errno))) }
            if ready > 0 && fds[1].revents != 0 { readErrors() }
            if ready > 0 && fds[0].revents != 0 {
                outOpen = readSome(out[0], into: &pending)
                try takeLines()
            } else {
                ending = reapNow(pid)
            }
        }
        if ending != nil {
            // It ended; what it wrote before is still in the pipe.
            while outOpen && !done {
                var fd = pollfd(fd: out[0], events: Int16(POLLIN), revents: 0)
                guard poll(&fd, 1, 0) > 0 else { break }
                outOpen = readSome(out[0], into: &pending)
                try takeLines()
            }
        }
        if done {
            // Answered in full: it has a moment to exit by itself, then it is stopped.
            let grace = Date().addingTimeInterval(1)
            while ending == nil {
                ending = reapNow(pid)
                if ending == nil && Date() >= grace { stop(); break }
                if ending == nil { waitForEnd(upTo: grace.timeIntervalSinceNow) }
            }
            // Whatever it left running in its group goes with it.
            kill(-pid, SIGKILL)
            return
        }
        if !pending.isEmpty {
            stop()
            throw ExtensionFailure.garbage(ProtocolError.garbage(ExtensionProtocol.previewText(pending)).description)
        }
        // Standard output closed before the answer was complete: how did it end? It has what is
        // left of its time limit to end; something it started may hold standard error open.
        while ending == nil {
            if deadline.timeIntervalSinceNow <= 0 {
                stop()
                throw ExtensionFailure.hung(limit: limit, during: collector.during)
            }
            if errOpen {
                var fds = [pollfd(fd: err[0], events: Int16(POLLIN), revents: 0), pollfd(fd: exitSignal, events: Int16(POLLIN), revents: 0)]
                let wait = exitSignal >= 0 ? deadline.timeIntervalSinceNow * 1000 : 5
                if poll(&fds, 2, Int32(max(0, wait).rounded(.up))) > 0 && fds[0].revents != 0 { readErrors() }
            } else {
                waitForEnd(upTo: deadline.timeIntervalSinceNow)
            }
            ending = reapNow(pid)
        }
        kill(-pid, SIGKILL)
        while errOpen {
            var fd = pollfd(fd: err[0], events: Int16(POLLIN), revents: 0)
            guard poll(&fd, 1, 0) > 0 else { break }
            readErrors()
        }
        let detail = lastLine(of: errors)
        switch ending {
        case .signaled(let signal): throw ExtensionFailure.crashed(signal: signal, during: collector.during, detail: detail)
        case .exited(let status): throw ExtensionFailure.exited(status: status, during: collector.during, detail: detail)
        case nil: throw ExtensionFailure.exited(status: -1, during: collector.during, detail: detail)
        }
    }

    /// The longest answer line read: a rendering of the largest family is well under 1 MB.
    static let maximumLine = 64 << 20

    /// How `pid` ended, if it has (reaping it); nil while it runs. A child that cannot be
    /// waited for counts as ended with status -1.
    static func reapNow(_ pid: pid_t) -> ChildProcess.Ending? {
        var status: Int32 = 0
        let result = waitpid(pid, &status, WNOHANG)
        if result == pid {
            // Decoded by hand: WIFEXITED/WEXITSTATUS are macros Swift cannot import.
            return status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
        }
        if result < 0 && errno != EINTR { return .exited(-1) }
        return nil
    }

    /// Reads what is there; false at end of file. Keeps the last 4 KB of `buffer` for stderr
    /// (only its last line is shown) and all of it for answers.
    private static func readSome(_ fd: Int32, into buffer: inout Data) -> Bool {
        var chunk = [UInt8](repeating: 0, count: 65_536)
        let n = read(fd, &chunk, chunk.count)
        if n < 0 { return errno == EINTR || errno == EAGAIN }
        if n == 0 { return false }
        buffer.append(contentsOf: chunk[0..<n])
        return true
    }

    /// What the extension last said on standard error, printable: the Swift runtime's
    /// "Fatal error: …" line when there is one (a backtrace follows it), else the last line.
    static func lastLine(of data: Data) -> String {
        let text = TextSanitizer.sanitize(bytes: data, keepNewlines: true)
        let lines = text.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }.filter { !$0.isEmpty }
        let line = lines.last { $0.contains("Fatal error:") } ?? lines.last ?? ""
        return String(line.prefix(200))
    }
}

/// `pidfd_open(2)`: a descriptor that becomes readable when a process ends, so that a wait
/// wakes on the end itself rather than polling for it.
///
/// Looked up at run time: Swift cannot call the variadic `syscall`, and glibc has the wrapper
/// only since 2.36. Where libc or the kernel lacks it, `open` returns -1 and the waits poll.
enum ProcessDescriptor {
    private typealias Open = @convention(c) (pid_t, UInt32) -> Int32

    private static let openFunction: Open? = {
        guard let handle = dlopen(nil, RTLD_NOW), let symbol = dlsym(handle, "pidfd_open") else { return nil }
        return unsafeBitCast(symbol, to: Open.self)
    }()

    /// A descriptor for the child `pid` (close-on-exec, as pidfd_open makes it), or -1.
    static func open(_ pid: pid_t) -> Int32 {
        guard let openFunction else { return -1 }
        return openFunction(pid, 0)
    }
}
