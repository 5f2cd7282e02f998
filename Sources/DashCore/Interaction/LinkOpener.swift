import Foundation

/// Hands http(s) URLs to a program that opens them (`xdg-open`, a browser), as the system
/// opens a widget's web link.
///
/// The URL is one argument of the command, never passed through a shell, so a widget's URL
/// cannot run anything. Only http and https URLs are handed over.
public struct LinkOpener: Sendable {
    /// The program and its first arguments; the URL is appended.
    public let command: [String]

    public init(command: [String]) { self.command = command }

    /// True for the URLs an opener may get: http and https.
    public static func isWebURL(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
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

    /// Starts the command for `url` without waiting for it; its output goes nowhere, so it
    /// cannot scribble over the dashboard.
    public func open(_ url: URL) throws {
        guard Self.isWebURL(url), let program = command.first else { return }
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
