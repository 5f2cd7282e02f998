import DashCore
import Foundation
import WidgetDash

/// The shell's config and theme files on disk, watched with inotify (``ConfigWatcher``).
package struct DiskConfigFiles: ConfigFiles {
    package let environment: [String: String]

    package init(environment: [String: String] = ProcessInfo.processInfo.environment) {
        self.environment = environment
    }

    package var defaultConfigFile: URL { ConfigLocation.defaultFile(environment: environment) }

    package func exists(_ file: URL) -> Bool { FileManager.default.fileExists(atPath: file.path) }

    /// The file's text, read bounded: nil for a device or FIFO, and past the cap only the first
    /// bytes beyond it, which the config reader refuses as too big (never a read without end).
    package func text(of file: URL) -> String? { try? TextFile.read(file, keepingExcess: true).get() }

    package func write(_ text: String, to file: URL) throws {
        try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
        try text.write(to: file.resolvingSymlinksInPath(), atomically: true, encoding: .utf8)
    }

    package func watch(_ file: URL) -> (any ConfigWatching)? { ConfigWatcher(file: file) }

    package func theme(at file: URL) -> Result<Theme, ThemeError> { ThemeLibrary.loadFile(file) }
}
