import Foundation
import Synchronization
import WidgetDash
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// Widget state kept in a small JSON file in the data directory, until the shared store takes
/// it over: the backing of `WidgetSharedDefaults` for `widgetdash run` and the CLI.
///
/// The file is `state.json` (mode 0600) in a 0700 directory: `{"suites": {"counter": {"count":
/// 3}}}`. Every change is a read-modify-write under an exclusive `flock` on `state.lock`, written
/// to a temporary file and renamed over the old one, so a crash or a second process (say
/// `widgetdash todo add` while the dashboard runs) never leaves half a file or loses a write.
/// Reads use a copy kept in memory, re-read when the file's size or modification time changed.
public final class JSONFileStateStore: WidgetStateStore {
    public let fileURL: URL
    private let lockURL: URL

    private struct Snapshot {
        var stamp: FileStamp?
        var suites: [String: [String: WidgetStateValue]] = [:]
    }
    private struct FileStamp: Equatable {
        var size: Int64
        var seconds: Int
        var nanoseconds: Int
    }
    private struct FileFormat: Codable {
        var suites: [String: [String: WidgetStateValue]]
    }

    private let cache = Mutex(Snapshot())

    /// A store in `directory` (created 0700 when missing).
    public init(directory: URL) throws {
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
        fileURL = directory.appendingPathComponent("state.json")
        lockURL = directory.appendingPathComponent("state.lock")
    }

    /// The data directory: `$WIDGETDASH_HOME`, else `$XDG_DATA_HOME/widgetdash`, else
    /// `~/.local/share/widgetdash`.
    public static func dataDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> URL {
        if let home = environment["WIDGETDASH_HOME"], !home.isEmpty { return URL(fileURLWithPath: home) }
        if let xdg = environment["XDG_DATA_HOME"], xdg.hasPrefix("/") {
            return URL(fileURLWithPath: xdg).appendingPathComponent("widgetdash")
        }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return URL(fileURLWithPath: home).appendingPathComponent(".local/share/widgetdash")
    }

    public func values(in suite: String) -> [String: WidgetStateValue] {
        cache.withLock { snapshot in
            refresh(&snapshot)
            return snapshot.suites[suite] ?? [:]
        }
    }

    @discardableResult
    public func modify(_ suite: String, _ change: (inout [String: WidgetStateValue]) -> Void) -> [String: WidgetStateValue] {
        cache.withLock { snapshot in
            let lockFD = open(lockURL.path, O_RDWR | O_CREAT | O_CLOEXEC, 0o600)
            if lockFD >= 0 { _ = flock(lockFD, LOCK_EX) }
            defer {
                if lockFD >= 0 {
                    _ = flock(lockFD, LOCK_UN)
                    close(lockFD)
                }
            }
            // Under the lock, the file is the truth: another process may have written it.
            snapshot.stamp = nil
            refresh(&snapshot)
            var values = snapshot.suites[suite] ?? [:]
            change(&values)
            snapshot.suites[suite] = values.isEmpty ? nil : values
            write(snapshot.suites)
            snapshot.stamp = stamp()
            return values
        }
    }

    private func stamp() -> FileStamp? {
        var info = stat()
        guard stat(fileURL.path, &info) == 0 else { return nil }
        #if canImport(Darwin)
        return FileStamp(size: Int64(info.st_size), seconds: info.st_mtimespec.tv_sec, nanoseconds: info.st_mtimespec.tv_nsec)
        #else
        return FileStamp(size: Int64(info.st_size), seconds: info.st_mtim.tv_sec, nanoseconds: info.st_mtim.tv_nsec)
        #endif
    }

    private func refresh(_ snapshot: inout Snapshot) {
        let current = stamp()
        if current == snapshot.stamp && snapshot.stamp != nil { return }
        snapshot.stamp = current
        guard current != nil, let data = try? Data(contentsOf: fileURL) else {
            snapshot.suites = [:]
            return
        }
        if let decoded = try? JSONDecoder().decode(FileFormat.self, from: data) {
            snapshot.suites = decoded.suites
        } else {
            // A damaged file is kept aside rather than overwritten by the next change.
            let aside = fileURL.deletingLastPathComponent().appendingPathComponent("state.json.damaged")
            try? FileManager.default.removeItem(at: aside)
            try? FileManager.default.moveItem(at: fileURL, to: aside)
            snapshot.suites = [:]
            snapshot.stamp = nil
        }
    }

    private func write(_ suites: [String: [String: WidgetStateValue]]) {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys]
        guard let data = try? encoder.encode(FileFormat(suites: suites)) else { return }
        let temp = fileURL.deletingLastPathComponent().appendingPathComponent(".state.json.\(getpid()).tmp")
        let fd = open(temp.path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o600)
        guard fd >= 0 else { return }
        #if canImport(Glibc)
        let written = data.withUnsafeBytes { Glibc.write(fd, $0.baseAddress, $0.count) }
        #else
        let written = data.withUnsafeBytes { Darwin.write(fd, $0.baseAddress, $0.count) }
        #endif
        _ = fsync(fd)
        close(fd)
        guard written == data.count else {
            unlink(temp.path)
            return
        }
        if rename(temp.path, fileURL.path) != 0 { unlink(temp.path) }
    }
}
