import Foundation
import Synchronization
import WidgetDash

/// The files a shell reads, writes and watches: its config and the theme files it names.
///
/// The shell decides what to read and when, what a missing or broken file means and what to
/// write; DashSystem's `DiskConfigFiles` does the reading, writing and watching on disk, and
/// ``InMemoryConfigFiles`` keeps them in memory for a test or a demo.
package protocol ConfigFiles: Sendable {
    /// Where the config goes when none was named (`<config directory>/config.toml`).
    var defaultConfigFile: URL { get }
    /// The process's environment, which picks a theme's default and its scheme (`COLORFGBG`).
    var environment: [String: String] { get }
    /// True when `file` exists (it may still be unreadable).
    func exists(_ file: URL) -> Bool
    /// The text of `file`; nil when it is missing or unreadable.
    func text(of file: URL) -> String?
    /// Writes `text` to `file` at once (no half-written file), creating its directory; through
    /// a symlink, to the file it points to.
    func write(_ text: String, to file: URL) throws
    /// Starts watching `file`; nil when it cannot be watched (it is then not reloaded by itself).
    func watch(_ file: URL) -> (any ConfigWatching)?
    /// Reads the theme file `file` (`theme = "~/mine.toml"`).
    func theme(at file: URL) -> Result<Theme, ThemeError>
}

/// Tells the run loop that a watched file changed.
package protocol ConfigWatching: Sendable {
    /// Sets the function that wakes the run loop.
    func setWaker(_ wake: @escaping @Sendable () -> Void)
    /// True once if the file changed since the last call.
    func takeChange() -> Bool
}

/// Config and theme files kept in memory: what a shell reads when it is handed no files.
package final class InMemoryConfigFiles: ConfigFiles {
    package let defaultConfigFile: URL
    package let environment: [String: String]
    private let texts: Mutex<[URL: String]>

    package init(_ texts: [URL: String] = [:], defaultConfigFile: URL = URL(fileURLWithPath: "/widgetdash/config.toml"),
                environment: [String: String] = [:]) {
        self.texts = Mutex(texts)
        self.defaultConfigFile = defaultConfigFile
        self.environment = environment
    }

    package func exists(_ file: URL) -> Bool { texts.withLock { $0[file] != nil } }

    package func text(of file: URL) -> String? { texts.withLock { $0[file] } }

    package func write(_ text: String, to file: URL) throws { texts.withLock { $0[file] = text } }

    package func watch(_ file: URL) -> (any ConfigWatching)? { nil }

    package func theme(at file: URL) -> Result<Theme, ThemeError> {
        guard let text = text(of: file) else { return .failure(ThemeError(file: file.path, line: 0, message: "cannot read the file")) }
        do { return .success(try Theme.parse(text, name: file.deletingPathExtension().lastPathComponent, file: file.path)) } catch { return .failure(error) }
    }
}
