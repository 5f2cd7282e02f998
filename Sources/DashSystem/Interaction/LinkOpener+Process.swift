import DashCore
import Foundation

extension LinkOpener {
    /// An opener that starts `command` with the URL appended, without waiting for it.
    ///
    /// The URL is one argument of the command, never passed through a shell, so a widget's URL
    /// cannot run anything. Its output goes nowhere, so it cannot scribble over the dashboard.
    public init(command: [String]) {
        self.init(command: command) { url in try Self.startProcess(command, url: url) }
    }

    /// An opener from `--opener CMD` ("none" or empty: no opener), else `xdg-open` when it is on
    /// the PATH.
    public static func resolve(option: String?, environment: [String: String] = ProcessInfo.processInfo.environment) -> LinkOpener? {
        if let option {
            let words = option.split(separator: " ").map(String.init)
            if words.isEmpty || words == ["none"] { return nil }
            return LinkOpener(command: words)
        }
        guard let path = find("xdg-open", path: environment["PATH"]) else { return nil }
        return LinkOpener(command: [path])
    }

    /// The executable `name` on `path`, if any.
    static func find(_ name: String, path: String?) -> String? {
        for dir in (path ?? "/usr/bin:/bin").split(separator: ":") {
            let candidate = "\(dir)/\(name)"
            if FileManager.default.isExecutableFile(atPath: candidate) { return candidate }
        }
        return nil
    }

    /// Starts the opener through ``ChildProcess`` in a process group of its own (the hang-up a
    /// closing terminal sends the dashboard's group does not reach a browser it started) and
    /// reaps it on a thread that waits for nothing else. Foundation's `Process` did the same
    /// with two threads that stayed for the rest of the session.
    private static func startProcess(_ command: [String], url: URL) throws {
        guard !command.isEmpty else { return }
        let spawned = ChildProcess.spawn(
            command + [url.absoluteString],
            standardOutput: .file("/dev/null"),
            standardError: .file("/dev/null"),
            newProcessGroup: true
        )
        switch spawned {
        case .success(let pid):
            // Blocked in waitpid until the opener ends: no wake-up before then.
            let reaper = Thread {
                Thread.current.name = "link opener"
                _ = ChildProcess.wait(pid)
            }
            reaper.start()
        case .failure(let error):
            throw OpenerError(program: command[0], reason: error.description)
        }
    }

    /// Why the opener could not be started.
    struct OpenerError: Error, CustomStringConvertible {
        let program: String
        let reason: String
        var description: String { "\(program): \(reason)" }
    }
}
