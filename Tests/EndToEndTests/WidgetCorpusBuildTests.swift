import Foundation
import XCTest

/// The widget corpus (Tests/WidgetCorpus: WidgetKit widgets with only their imports changed to
/// `import WidgetDash`) built as its own package, in Swift 6 and then Swift 5 language mode.
///
/// An XCTest case for the reason ExampleEndToEndTests gives: the compiler must not run beside
/// the timing-sensitive Swift Testing suites. Both modes share one scratch directory
/// (`.build/corpus`): the mode only changes the corpus's own targets, so switching recompiles
/// those and not widgetdash. The builds run before the first case of the run, beside the
/// other packages' (`SuiteBuilds`).
final class WidgetCorpusBuildTests: XCTestCase {
    override class func setUp() { SuiteBuilds.startAndWait() }

    func testEveryCorpusWidgetCompilesInSwift6AndSwift5Modes() throws {
        let corpus = WidgetCorpus()
        let folders = try corpus.folders()
        XCTAssertGreaterThanOrEqual(folders.enabled.count, 8, "the corpus lost widgets: \(folders)")
        for disabled in folders.disabled {
            let source = (try? String(contentsOfFile: corpus.widgets.appendingPathComponent(disabled).appendingPathComponent("SOURCE.md").path, encoding: .utf8)) ?? ""
            XCTAssertTrue(source.contains("DISABLED"), "\(disabled) is left out of the build but its SOURCE.md does not say why")
        }
        for result in try SuiteBuilds.corpus.get() {
            let mode = result.mode
            print("widget corpus, Swift \(mode) mode: \(folders.enabled.count) widgets built in \(result.seconds) s (exit \(result.status))")
            guard result.status != 0 else { continue }
            let errors = WidgetCorpus.errorsByWidget(result.output)
            if errors.isEmpty {
                XCTFail("swift build of the corpus in Swift \(mode) mode exited with \(result.status):\n\(result.output.suffix(4000))")
            }
            for (widget, lines) in errors.sorted(by: { $0.key < $1.key }) {
                XCTFail("\(widget) does not compile in Swift \(mode) mode:\n" + lines.joined(separator: "\n"))
            }
        }
    }
}

/// The corpus package and its build.
struct WidgetCorpus {
    let root = ExamplePackage.root
    var package: URL { root.appendingPathComponent("Tests/WidgetCorpus") }
    var widgets: URL { package.appendingPathComponent("Widgets") }
    var scratch: URL { root.appendingPathComponent(".build/corpus") }

    /// The widget folders, split by whether a DISABLED marker leaves them out.
    func folders() throws -> (enabled: [String], disabled: [String]) {
        let all = try FileManager.default.contentsOfDirectory(atPath: widgets.path).filter { !$0.hasPrefix(".") }.sorted()
        let disabled = all.filter { FileManager.default.fileExists(atPath: widgets.appendingPathComponent($0).appendingPathComponent("DISABLED").path) }
        return (all.filter { !disabled.contains($0) }, disabled)
    }

    /// Builds every enabled widget in Swift 6 and then Swift 5 mode: each mode's exit status,
    /// output and the seconds it took.
    func buildBothModes() throws -> [(mode: String, status: Int32, output: String, seconds: Int)] {
        try ["6", "5"].map { mode in
            let started = Date()
            let result = try build(mode: mode)
            return (mode, result.status, result.output, Int(Date().timeIntervalSince(started)))
        }
    }

    /// Builds every enabled widget in a language mode ("5" or "6"); the exit status and output.
    ///
    /// A build that fails with no error in a widget is tried once more from an empty scratch
    /// directory, for the reason `ExamplePackage.build()` gives (a file added to widgetdash since
    /// the last run).
    func build(mode: String) throws -> (status: Int32, output: String) {
        let first = try buildOnce(mode: mode)
        if first.status == 0 || !Self.errorsByWidget(first.output).isEmpty { return first }
        try? FileManager.default.removeItem(at: scratch)
        return try buildOnce(mode: mode)
    }

    private func buildOnce(mode: String) throws -> (status: Int32, output: String) {
        try FileManager.default.createDirectory(at: scratch, withIntermediateDirectories: true)
        // SwiftPM keeps its build plan while the manifest's text is unchanged, so a widget folder
        // (or a widgetdash file) added since the last run would not be built: the plan is made
        // again each time (it takes a second; what was compiled is kept).
        for plan in ["debug.yaml", "x86_64-unknown-linux-gnu/debug/description.json", "aarch64-unknown-linux-gnu/debug/description.json"] {
            try? FileManager.default.removeItem(at: scratch.appendingPathComponent(plan))
        }
        // The manifest lists the folders on disk, but SwiftPM caches its evaluation by the
        // manifest's text: a DISABLED marker added or removed would not be seen.
        let outcome = try SuiteBuilds.run(["swift", "build", "--package-path", package.path, "--scratch-path", scratch.path, "--manifest-cache", "none"],
                                          log: scratch.appendingPathComponent("test-build-swift\(mode).log").path, nice: true,
                                          environment: ["WIDGET_CORPUS_SWIFT_MODE": mode])
        return (outcome.code, outcome.output)
    }

    /// The compiler's error lines (with the lines under each that show the code), by widget folder.
    static func errorsByWidget(_ output: String) -> [String: [String]] {
        var errors: [String: [String]] = [:]
        var current: String?
        for line in output.split(separator: "\n", omittingEmptySubsequences: false).map(String.init) {
            if line.contains(": error: "), let range = line.range(of: "/Widgets/") {
                let widget = String(line[range.upperBound...].prefix { $0 != "/" })
                current = widget
                errors[widget, default: []].append(String(line[range.lowerBound...]))
            } else if line.contains(": warning: ") || line.contains(": note: ") || line.hasPrefix("[") {
                current = nil
            } else if let widget = current, errors[widget, default: []].count < 200 {
                errors[widget, default: []].append(line)
            }
        }
        return errors
    }
}
