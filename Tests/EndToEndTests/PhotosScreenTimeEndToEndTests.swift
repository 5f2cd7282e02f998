import DashTesting
import Foundation
import Testing

/// The photos widget decoding real files through the binary's codec, and screen time
/// measured by a real run and kept across a restart.
@Suite("Photos and screen time end to end", .serialized)
struct PhotosScreenTimeEndToEndTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .appendingPathComponent("DashImagesTests/Fixtures")

    /// A folder holding copies of the named fixtures.
    static func folder(_ names: [String]) throws -> String {
        let path = NSTemporaryDirectory() + "photos-e2e-\(UUID().uuidString.prefix(8))"
        try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
        for name in names {
            try FileManager.default.copyItem(atPath: fixtures.appendingPathComponent(name).path, toPath: path + "/" + name)
        }
        return path
    }

    @Test func photosDecodeRealFilesAndNameTheBrokenOnes() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let good = try Self.folder(["baseline.jpg"])
        let broken = try Self.folder(["truncated.jpg"])
        defer {
            try? FileManager.default.removeItem(atPath: good)
            try? FileManager.default.removeItem(atPath: broken)
        }
        let env = WidgetDashBinary.isolatedEnvironment()
        let tmux = try TmuxSession(command: [binary, "--widget", "photos@medium:folder=\(good)", "--widget", "photos@medium:folder=\(broken)",
                                             "--widget", "photos@small:folder=\(good)/nope"],
                                   width: 100, height: 30, environment: env)
        #expect(tmux.waitFor("64×32 JPEG", timeout: 10), "\(tmux.screenText)")
        #expect(tmux.screenText.contains("baseline.jpg"))
        #expect(tmux.screenText.contains("▀"))
        #expect(tmux.waitFor("truncated.jpg cannot be", timeout: 5), "\(tmux.screenText)")
        #expect(tmux.screenText.contains("JPEG: truncated (premature"), "\(tmux.screenText)")
        #expect(tmux.screenText.contains("no such folder"), "\(tmux.screenText)")
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }

    @Test func screenTimeIsMeasuredAndKeptAcrossARestart() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let env = WidgetDashBinary.isolatedEnvironment()
        let state = try #require(env["XDG_DATA_HOME"]) + "/widgetdash/state.json"
        func stored() throws -> Double {
            let data = try Data(contentsOf: URL(fileURLWithPath: state))
            let json = try JSONSerialization.jsonObject(with: data) as? [String: Any]
            let days = (json?["suites"] as? [String: Any])?["screentime"] as? [String: Double] ?? [:]
            return days.values.reduce(0, +)
        }
        let first = try TmuxSession(command: [binary, "--widget", "screentime@small"], width: 60, height: 20, environment: env)
        #expect(first.waitFor("now 0:02", timeout: 10), "\(first.screenText)")
        first.send(keys: "q")
        #expect(first.waitForExit(timeout: 5) == 0)
        let afterFirst = try stored()
        #expect(afterFirst >= 1.5 && afterFirst < 30, "\(afterFirst)")

        // A second run starts from the stored total and counts on.
        let second = try TmuxSession(command: [binary, "--widget", "screentime@rectangular"], width: 60, height: 20, environment: env)
        #expect(second.waitFor("Today", timeout: 10), "\(second.screenText)")
        Thread.sleep(forTimeInterval: 2)
        // SIGTERM ends the run through the same path as q: the time is written.
        second.signal(SIGTERM)
        _ = second.waitForExit(timeout: 5)
        let afterSecond = try stored()
        #expect(afterSecond >= afterFirst + 1.5, "\(afterSecond)")
    }
}
