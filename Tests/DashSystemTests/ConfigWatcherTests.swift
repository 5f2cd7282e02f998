import DashSystem
import Foundation
import Synchronization
import Testing
import DashTesting

/// The config watcher: inotify on the file's directory, no polling.
@Suite("Config watcher")
struct ConfigWatcherTests {
    @Test func watcherSeesASaveWithoutPolling() async throws {
        let dir = TestDirectories.path("wd-watch")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("config.toml")
        try "[[page]]\nwidgets = [\"clock@small\"]\n".write(to: file, atomically: true, encoding: .utf8)
        let watcher = try #require(ConfigWatcher(file: file))
        let woke = WakeCounter()
        watcher.setWaker { woke.bump() }
        // An editor's save: a new file renamed over the old one.
        let temp = file.deletingLastPathComponent().appendingPathComponent(".config.toml.swp")
        try "[[page]]\nwidgets = []\n".write(to: temp, atomically: false, encoding: .utf8)
        _ = rename(temp.path, file.path)
        for _ in 0..<200 where woke.count == 0 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(woke.count > 0)
        #expect(watcher.takeChange())
        #expect(!watcher.takeChange())
        watcher.stop()
    }

    /// The watcher's descriptors (inotify and its stop pipe) close on exec, so a program the
    /// dashboard starts does not hold them.
    @Test func watcherDescriptorsCloseOnExec() async throws {
        let dir = TestDirectories.path("wd-watch")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // Descriptors with what they point to: listing the directory opens one, whose number
        // the watcher's may then reuse.
        func descriptors() throws -> Set<String> {
            Set(try FileManager.default.contentsOfDirectory(atPath: "/proc/self/fd").map { fd in
                fd + " " + ((try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + fd)) ?? "")
            })
        }
        let before = try descriptors()
        let watcher = try #require(ConfigWatcher(file: dir.appendingPathComponent("config.toml")))
        defer { watcher.stop() }
        let opened = try descriptors().subtracting(before)
        func isWatcherKind(_ fd: String) -> Bool {
            let target = (try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/fd/" + fd)) ?? ""
            return target.hasPrefix("pipe:") || target.contains("inotify")
        }
        func closesOnExec(_ fd: String) -> Bool { Int32(fd).map { fcntl($0, F_GETFD) & FD_CLOEXEC != 0 } ?? true }
        let candidates = opened.compactMap { $0.split(separator: " ").first.map(String.init) }.filter(isWatcherKind)
        // At least the stop pipe's two ends (new inodes); the inotify descriptor reads the same
        // as another watcher's whose number it reuses, so it may not be told apart.
        #expect(candidates.count >= 2)
        // Tests running beside this one make pipes too, and set close-on-exec a moment later:
        // a descriptor still without it after that moment is the watcher's.
        var open = candidates.filter { !closesOnExec($0) }
        if !open.isEmpty { try await Task.sleep(for: .milliseconds(100)) }
        open = open.filter { !closesOnExec($0) && isWatcherKind($0) }
        #expect(open.isEmpty, "descriptors without close-on-exec: \(open.sorted())")
    }
}

final class WakeCounter: Sendable {
    private let value = Mutex(0)
    func bump() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}
