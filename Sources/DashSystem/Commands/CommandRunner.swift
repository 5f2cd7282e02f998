import DashCore
import WidgetDash
import Foundation

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Runs a shell command in its own process group, with a time-out and capped output.
///
/// ```swift
/// let outcome = await CommandRunner.run("git status --short", timeout: 5)
/// if case .exited(0) = outcome.ending { print(String(decoding: outcome.stdout, as: UTF8.self)) }
/// ```
///
/// `/bin/sh -c COMMAND` is started with `posix_spawn` and `POSIX_SPAWN_SETPGROUP`, so the shell
/// and everything it starts share a new process group. Standard input is `/dev/null`; output
/// and error are pipes read by one dedicated thread blocked in `poll()` (never a thread of the
/// cooperative pool, which the providers share). At the time-out, or when either stream passes
/// the limit, the whole group gets SIGKILL. When the output ends the rest of the group is
/// killed too, so no run leaves processes behind.
public enum CommandRunner {
    /// The most bytes kept of each stream.
    public static let outputLimit = 64 * 1024

    /// Runs `command`; returns an error only when it could not be started at all.
    public static func run(_ command: String, timeout: TimeInterval, limit: Int = outputLimit,
                           environment: [String: String] = [:]) async -> Result<CommandOutcome, CommandError> {
        await withCheckedContinuation { continuation in
            let thread = Thread {
                Thread.current.name = "command runner"
                continuation.resume(returning: runBlocking(command, timeout: timeout, limit: limit, environment: environment))
            }
            thread.start()
        }
    }

    /// The blocking run, on the calling thread.
    public static func runBlocking(_ command: String, timeout: TimeInterval, limit: Int = outputLimit,
                                   environment extra: [String: String] = [:]) -> Result<CommandOutcome, CommandError> {
        runBlocking(arguments: ["/bin/sh", "-c", command], timeout: timeout, limit: limit, environment: extra)
    }

    /// Runs the program `arguments[0]` (looked up on `PATH` unless it has a slash) without a
    /// shell, the same way: its own process group, the time-out, the output capped.
    public static func runBlocking(arguments: [String], timeout: TimeInterval, limit: Int = outputLimit,
                                   environment extra: [String: String] = [:]) -> Result<CommandOutcome, CommandError> {
        var outPipe: [Int32] = [-1, -1]
        var errPipe: [Int32] = [-1, -1]
        guard makePipe(&outPipe) else { return .failure(.spawn("pipe: \(String(cString: strerror(errno)))")) }
        guard makePipe(&errPipe) else {
            close(outPipe[0]); close(outPipe[1])
            return .failure(.spawn("pipe: \(String(cString: strerror(errno)))"))
        }

        var env = ProcessInfo.processInfo.environment
        for (k, v) in extra { env[k] = v }
        let spawned = ChildProcess.spawn(arguments, environment: env,
                                         standardOutput: .descriptor(outPipe[1]), standardError: .descriptor(errPipe[1]),
                                         newProcessGroup: true)
        close(outPipe[1])
        close(errPipe[1])
        let pid: pid_t
        switch spawned {
        case .success(let child): pid = child
        case .failure(let error):
            close(outPipe[0]); close(errPipe[0])
            return .failure(.spawn("\(arguments.first ?? ""): \(error)"))
        }

        var outcome = CommandOutcome(ending: .exited(0), stdout: [], stderr: [])
        var endedByUs: CommandOutcome.Ending?
        var fds = [pollfd(fd: outPipe[0], events: Int16(POLLIN), revents: 0),
                   pollfd(fd: errPipe[0], events: Int16(POLLIN), revents: 0)]
        // A time-out beyond what milliseconds count (`timeout = "1e300"`) is simply never reached.
        let deadline = ContinuousClock.now + .milliseconds(Int(clamping: max(0, timeout) * 1000))
        var buffer = [UInt8](repeating: 0, count: 16 * 1024)
        while fds.contains(where: { $0.fd >= 0 }) {
            let left = ContinuousClock.now.duration(to: deadline)
            if left <= .zero {
                endedByUs = .timedOut
                break
            }
            let ms = Int32(clamping: left.components.seconds * 1000 + left.components.attoseconds / 1_000_000_000_000_000 + 1)
            for i in fds.indices { fds[i].revents = 0 }
            let ready = poll(&fds, nfds_t(fds.count), ms)
            if ready < 0 {
                if errno == EINTR { continue }
                endedByUs = .timedOut
                break
            }
            for i in fds.indices where fds[i].fd >= 0 && fds[i].revents != 0 {
                let n = buffer.withUnsafeMutableBytes { read(fds[i].fd, $0.baseAddress, $0.count) }
                if n > 0 {
                    if i == 0 { outcome.stdout.append(contentsOf: buffer[0..<n]) } else { outcome.stderr.append(contentsOf: buffer[0..<n]) }
                } else if n == 0 || (errno != EINTR && errno != EAGAIN) {
                    // A negative fd is skipped by poll: this stream is finished.
                    fds[i].fd = -1
                }
            }
            if outcome.stdout.count > limit || outcome.stderr.count > limit {
                endedByUs = .outputTooLarge
                break
            }
        }
        // Before reaping, so the group id cannot have been reused: the leader is at worst a zombie.
        kill(-pid, SIGKILL)
        close(outPipe[0])
        close(errPipe[0])
        let ending = ChildProcess.wait(pid)
        outcome.stdout = Array(outcome.stdout.prefix(limit))
        outcome.stderr = Array(outcome.stderr.prefix(limit))
        if let endedByUs {
            outcome.ending = endedByUs
        } else {
            switch ending {
            case .exited(let code)?: outcome.ending = .exited(code)
            case .signaled(let signal)?: outcome.ending = .signaled(signal)
            case nil: outcome.ending = .signaled(SIGKILL)
            }
        }
        return .success(outcome)
    }
}

/// A pipe whose ends close on exec, so they do not leak into other children the dashboard
/// starts (Glibc's `pipe2` is not imported without _GNU_SOURCE; the window between `pipe` and
/// `fcntl` matters only to a concurrent spawn, which would merely hold a copy until it execs).
private func makePipe(_ fds: inout [Int32]) -> Bool {
    guard pipe(&fds) == 0 else { return false }
    for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
    return true
}

/// The command widgets' runner in a real dashboard: ``CommandRunner`` behind the core's
/// ``CommandRunning``.
public struct ProcessCommandRunner: CommandRunning {
    public init() {}

    public func run(_ command: String, timeout: TimeInterval, environment: [String: String]) async -> Result<CommandOutcome, CommandError> {
        await CommandRunner.run(command, timeout: timeout, environment: environment)
    }
}
