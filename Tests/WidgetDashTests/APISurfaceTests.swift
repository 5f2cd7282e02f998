import Foundation
import Testing

/// docs/api-surface.md lists WidgetDash's public symbols; a change to the author API must show
/// up there, reviewed, so this test fails when the file no longer matches the built module.
@Suite("API surface")
struct APISurfaceTests {
    @Test("docs/api-surface.md matches WidgetDash's public symbols (else run scripts/api-surface.sh)")
    func listingIsCurrent() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        // The test bundle sits in the build directory, beside the modules it was built with;
        // the default build directory is the fallback.
        let starts = [URL(fileURLWithPath: "/proc/self/exe").resolvingSymlinksInPath(), Bundle.main.bundleURL,
                      root.appendingPathComponent(".build/debug/widgetdash")]
        let modules = try #require(starts.lazy.compactMap(Self.modulesDirectory(above:)).first,
                                   "no Modules/WidgetDash.swiftmodule above \(starts.map(\.path))")

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

    /// The nearest `Modules` directory holding WidgetDash's module, at or above `start`.
    private static func modulesDirectory(above start: URL) -> URL? {
        var directory = start.deletingLastPathComponent()
        while directory.path != "/" {
            let modules = directory.appendingPathComponent("Modules")
            if FileManager.default.fileExists(atPath: modules.appendingPathComponent("WidgetDash.swiftmodule").path) { return modules }
            directory = directory.deletingLastPathComponent()
        }
        return nil
    }
}
