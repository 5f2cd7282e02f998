import Foundation

/// Hands http(s) URLs to a program that opens them (`xdg-open`, a browser), as the system
/// opens a widget's web link.
///
/// The dashboard decides which links go out (``isWebURL(_:)``) and when; starting the program
/// is DashSystem's (`LinkOpener(command:)` and `LinkOpener.resolve(option:)` there), handed in
/// as `start`, so a test can hand in a fake and see what would have been opened.
public struct LinkOpener: Sendable {
    /// The program and its first arguments; the URL is appended.
    public let command: [String]
    private let start: @Sendable (URL) throws -> Void

    /// An opener that calls `start` with each web URL it is asked to open.
    public init(command: [String], start: @escaping @Sendable (URL) throws -> Void) {
        self.command = command
        self.start = start
    }

    /// True for the URLs an opener may get: http and https.
    public static func isWebURL(_ url: URL) -> Bool {
        guard let scheme = url.scheme?.lowercased() else { return false }
        return scheme == "http" || scheme == "https"
    }

    /// Opens `url` when it is a web URL and there is a program to open it with.
    public func open(_ url: URL) throws {
        guard Self.isWebURL(url), !command.isEmpty else { return }
        try start(url)
    }
}
