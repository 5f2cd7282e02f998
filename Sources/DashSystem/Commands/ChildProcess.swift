import DashCore
import Foundation

#if canImport(Glibc)
import CSpawn
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Starts child processes with `posix_spawn`, cleanly: standard input from `/dev/null`, no
/// blocked or ignored signals inherited, no descriptor but standard input, output and error
/// (on Linux), and optionally in a process group of their own.
///
/// Foundation's `Process` passes on the parent's signal mask (a test runner blocks signals the
/// child then never sees) and can leave a pipe open to a daemon such as a tmux server; this is
/// the one place widgetdash starts programs, for command widgets and for the tmux test harness.
public enum ChildProcess {
    /// Where a child's standard output or error goes.
    public enum Output: Sendable {
        /// A file descriptor of ours (a pipe's write end).
        case descriptor(Int32)
        /// A file, created or truncated, mode 0600.
        case file(String)
        /// Wherever standard output goes.
        case standardOutput
    }

    /// Starts `arguments[0]` (looked up on `PATH` unless it contains a slash) and returns its pid;
    /// standard input is `/dev/null` unless a descriptor of ours (a pipe's read end) is given.
    public static func spawn(
        _ arguments: [String],
        environment: [String: String] = ProcessInfo.processInfo.environment,
        standardOutput: Output,
        standardError: Output,
        newProcessGroup: Bool = false,
        standardInput: Int32? = nil
    ) -> Result<pid_t, SpawnError> {
        guard let program = arguments.first else { return .failure(SpawnError(code: EINVAL)) }
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        if let standardInput {
            posix_spawn_file_actions_adddup2(&actions, standardInput, 0)
        } else {
            posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        }
        for (fd, output) in [(Int32(1), standardOutput), (Int32(2), standardError)] {
            switch output {
            case .descriptor(let source): posix_spawn_file_actions_adddup2(&actions, source, fd)
            case .file(let path): posix_spawn_file_actions_addopen(&actions, fd, path, O_WRONLY | O_CREAT | O_TRUNC, 0o600)
            case .standardOutput: posix_spawn_file_actions_adddup2(&actions, 1, fd)
            }
        }
        #if canImport(Glibc)
        // Last, after the descriptors above are in place. A descriptor opened elsewhere in the
        // process without close-on-exec (by a library, or a file being written on another thread
        // at this moment) would otherwise live as long as the child: a long-lived child holding
        // a copy of an executable's write end makes running that file fail with "Text file
        // busy", and one holding a pipe's write end keeps its reader from ever seeing the end.
        posix_spawn_file_actions_addclosefrom_np(&actions, 3)
        #endif

        var attributes = posix_spawnattr_t()
        posix_spawnattr_init(&attributes)
        defer { posix_spawnattr_destroy(&attributes) }
        var noSignals = sigset_t()
        sigemptyset(&noSignals)
        posix_spawnattr_setsigmask(&attributes, &noSignals)
        var allSignals = sigset_t()
        sigfillset(&allSignals)
        posix_spawnattr_setsigdefault(&attributes, &allSignals)
        var flags = POSIX_SPAWN_SETSIGMASK | POSIX_SPAWN_SETSIGDEF
        if newProcessGroup {
            // Group 0: the child leads a new group whose id is its pid, so kill(-pid) reaches all.
            posix_spawnattr_setpgroup(&attributes, 0)
            flags |= POSIX_SPAWN_SETPGROUP
        }
        posix_spawnattr_setflags(&attributes, Int16(flags))

        var cArgv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        var cEnvp: [UnsafeMutablePointer<CChar>?] = environment.map { strdup("\($0.key)=\($0.value)") } + [nil]
        defer {
            for p in cArgv { free(p) }
            for p in cEnvp { free(p) }
        }
        var pid: pid_t = 0
        let result = program.contains("/")
            ? posix_spawn(&pid, program, &actions, &attributes, &cArgv, &cEnvp)
            : posix_spawnp(&pid, program, &actions, &attributes, &cArgv, &cEnvp)
        return result == 0 ? .success(pid) : .failure(SpawnError(code: result))
    }

    /// Why a child could not be started.
    public struct SpawnError: Error, CustomStringConvertible {
        /// The `errno` value.
        public let code: Int32
        public var description: String { String(cString: strerror(code)) }
    }

    /// How a child ended.
    public enum Ending: Sendable, Equatable {
        case exited(Int32)
        case signaled(Int32)
    }

    /// Waits for `pid` to end (retrying on EINTR); nil when it cannot be waited for.
    public static func wait(_ pid: pid_t) -> Ending? {
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 {
            if errno != EINTR { return nil }
        }
        // Decoded by hand: WIFEXITED/WEXITSTATUS are macros Swift cannot import.
        return status & 0x7F == 0 ? .exited((status >> 8) & 0xFF) : .signaled(status & 0x7F)
    }
}
