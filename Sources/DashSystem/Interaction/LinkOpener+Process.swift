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

    private static func startProcess(_ command: [String], url: URL) throws {
        guard let program = command.first else { return }
        let process = Process()
        if program.contains("/") {
            process.executableURL = URL(fileURLWithPath: program)
            process.arguments = Array(command.dropFirst()) + [url.absoluteString]
        } else {
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            process.arguments = command + [url.absoluteString]
        }
        process.standardInput = FileHandle.nullDevice
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
    }
}
