import DashSystem
import Foundation
import Synchronization
import Testing

/// The config watcher: inotify on the file's directory, no polling.
@Suite("Config watcher")
struct ConfigWatcherTests {
    @Test func watcherSeesASaveWithoutPolling() async throws {
        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("wd-watch-\(UUID().uuidString.prefix(8))")
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
}

final class WakeCounter: Sendable {
    private let value = Mutex(0)
    func bump() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}
