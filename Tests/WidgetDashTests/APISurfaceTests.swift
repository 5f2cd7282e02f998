import Foundation
import Testing

/// docs/api-surface.md lists WidgetDash's public symbols; a change to the author API must show
/// up there, reviewed, so this test fails when the file no longer matches the built module.
@Suite("API surface")
struct APISurfaceTests {
    @Test("docs/api-surface.md matches WidgetDash's public symbols (else run scripts/api-surface.sh)")
    func listingIsCurrent() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        // The test bundle sits in the build directory, beside the modules it was built with.
        let executable = URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath()
        var directory = executable.deletingLastPathComponent()
        while directory.path != "/" && !FileManager.default.fileExists(atPath: directory.appendingPathComponent("Modules/WidgetDash.swiftmodule").path) {
            directory = directory.deletingLastPathComponent()
        }
        let modules = directory.appendingPathComponent("Modules")
        try #require(FileManager.default.fileExists(atPath: modules.appendingPathComponent("WidgetDash.swiftmodule").path),
                     "no WidgetDash.swiftmodule above \(executable.path)")

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/bash")
        process.arguments = [root.appendingPathComponent("scripts/api-surface.sh").path, "--check", "--modules", modules.path]
        let output = Pipe()
        process.standardOutput = output
        process.standardError = output
        try process.run()
        let text = String(decoding: output.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()
        #expect(process.terminationStatus == 0, "\(text)")
    }
}
