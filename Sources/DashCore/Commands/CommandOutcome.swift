import Foundation

/// Runs a command widget's shell line: DashSystem's ``ProcessCommandRunner`` starts
/// `/bin/sh -c` in a process group of its own; a test hands in a fake.
///
/// The core decides what a command's output means (``CommandWidget``); starting processes is
/// the system's, so the runner is handed in through the widget's ``CommandGate``.
public protocol CommandRunning: Sendable {
    /// Runs `command` with `environment` added to the process's; an error only when it could
    /// not be started at all.
    func run(_ command: String, timeout: TimeInterval, environment: [String: String]) async -> Result<CommandOutcome, CommandError>
}

/// How a command run ended, and what it wrote.
public struct CommandOutcome: Sendable, Equatable {
    public enum Ending: Sendable, Equatable {
        /// The shell exited with this status.
        case exited(Int32)
        /// The shell was ended by this signal (not by us).
        case signaled(Int32)
        /// It ran past its time-out; the whole process group was killed.
        case timedOut
        /// It wrote more than the limit; the whole process group was killed.
        case outputTooLarge
    }

    public var ending: Ending
    /// Standard output and error, each at most the limit.
    public var stdout: [UInt8]
    public var stderr: [UInt8]

    public init(ending: Ending, stdout: [UInt8], stderr: [UInt8]) {
        self.ending = ending
        self.stdout = stdout
        self.stderr = stderr
    }
}

/// A command that could not be started.
public enum CommandError: Error, Equatable, CustomStringConvertible {
    case spawn(String)
    public var description: String {
        switch self {
        case .spawn(let why): "cannot start the command: \(why)"
        }
    }
}
