import DashTesting
import Foundation
import Testing

/// The golden helper itself: re-recording is explicit and never lets a run pass silently.
@Suite("Golden recorder")
struct GoldenRecorderTests {
    /// A scratch test file path whose `Goldens/` folder is fresh.
    private func scratchTestFile() throws -> (file: String, goldens: URL) {
        let folder = FileManager.default.temporaryDirectory.appendingPathComponent("golden-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
        return (folder.appendingPathComponent("SomeTests.swift").path, folder.appendingPathComponent("Goldens"))
    }

    @Test func aMismatchFailsWithALineDiff() throws {
        let (file, goldens) = try scratchTestFile()
        try FileManager.default.createDirectory(at: goldens, withIntermediateDirectories: true)
        try "one\ntwo\n".write(to: goldens.appendingPathComponent("pair.txt"), atomically: true, encoding: .utf8)
        withKnownIssue {
            Golden.assertMatches(["one", "three"], named: "pair", recording: false, filePath: file)
        } matching: { issue in
            let text = String(describing: issue)
            return text.contains("-two") && text.contains("+three")
        }
        Golden.assertMatches(["one", "two"], named: "pair", recording: false, filePath: file)
    }

    @Test func recordingWritesTheGoldenAndStillFails() throws {
        let (file, goldens) = try scratchTestFile()
        withKnownIssue {
            Golden.assertMatches(["fresh"], named: "new", recording: true, filePath: file)
        } matching: { String(describing: $0).contains("recorded new") }
        #expect(try String(contentsOf: goldens.appendingPathComponent("new.txt"), encoding: .utf8) == "fresh\n")
        withKnownIssue {
            Golden.assertMatches(["changed"], named: "new", recording: true, filePath: file)
        } matching: { String(describing: $0).contains("recorded new (changed") }
        // What was recorded now checks, and recording what is already there changes nothing.
        Golden.assertMatches(["changed"], named: "new", recording: false, filePath: file)
        Golden.assertMatches(["changed"], named: "new", recording: true, filePath: file)
    }

    @Test func aMissingGoldenFails() throws {
        let (file, _) = try scratchTestFile()
        withKnownIssue {
            Golden.assertMatches(["x"], named: "absent", recording: false, filePath: file)
        } matching: { String(describing: $0).contains("missing golden") }
    }
}
