import DashCore
@testable import DashSystem
import Foundation
import Testing
import WidgetDash

/// Config and theme files are read bounded: a device, a FIFO or a huge file is refused at once.
@Suite struct TextFileTests {
    @Test func devicesAndHugeFilesAreRefused() throws {
        #expect(ThemeLibrary.loadFile(URL(fileURLWithPath: "/dev/zero")).failureMessage == "expected a regular file")
        let load = ConfigReader(widgets: []).read(URL(fileURLWithPath: "/dev/zero"))
        #expect(load.problems.map(\.description) == ["/dev/zero: expected a regular file"])

        let dir = FileManager.default.temporaryDirectory.appendingPathComponent("textfile-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        let big = dir.appendingPathComponent("big.toml")
        try Data(repeating: 0x23, count: (1 << 20) + 1).write(to: big)
        #expect(ThemeLibrary.loadFile(big).failureMessage == "expected at most 1048576 bytes, found more")
        // The dashboard reads through DiskConfigFiles: a device is no text, a huge file is cut
        // just past the cap so the reader says it is too big.
        #expect(DiskConfigFiles().text(of: URL(fileURLWithPath: "/dev/zero")) == nil)
        let cut = try #require(DiskConfigFiles().text(of: big))
        #expect(ConfigReader(widgets: []).parse(cut, file: "big.toml").problems.map(\.description) == ["big.toml: expected at most 1048576 bytes, found 1048577"])
        let fine = dir.appendingPathComponent("fine.toml")
        try "[dark]\nbackground = 0\nforeground = 15\naccent = 4\n".write(to: fine, atomically: true, encoding: .utf8)
        #expect(ThemeLibrary.loadFile(fine).failureMessage == nil)
    }
}

extension Result where Failure == ThemeError {
    var failureMessage: String? { if case .failure(let e) = self { e.message } else { nil } }
}
