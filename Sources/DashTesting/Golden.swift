import Foundation
import Testing
import WidgetDash

/// Golden text files: expected screens kept beside the tests, compared line by line.
///
/// Set `WIDGETDASH_RECORD=1` to write the actual output as the new golden instead of comparing.
/// A recording run still fails for every golden it wrote (new or changed), so the switch can
/// never turn a mismatch into a pass: run again without it to check what was written.
/// A mismatch prints a line diff: `-` expected, `+` actual, with line numbers.
public enum Golden {
    /// True when goldens should be re-recorded rather than checked.
    public static var isRecording: Bool {
        let v = ProcessInfo.processInfo.environment["WIDGETDASH_RECORD"] ?? ""
        return !v.isEmpty && v != "0"
    }

    /// Checks `lines` against `Goldens/<name>.txt` in the directory of the calling test file;
    /// `recording` (the switch, unless a test of this helper says otherwise) writes it instead.
    public static func assertMatches(
        _ lines: [String],
        named name: String,
        recording: Bool = isRecording,
        filePath: String = #filePath,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        let directory = URL(fileURLWithPath: filePath).deletingLastPathComponent().appendingPathComponent("Goldens")
        let url = directory.appendingPathComponent(name + ".txt")
        let actual = lines.joined(separator: "\n") + "\n"
        let expected = try? String(contentsOf: url, encoding: .utf8)
        if recording {
            guard expected != actual else { return }
            try? FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
            do { try actual.write(to: url, atomically: true, encoding: .utf8) } catch {
                Issue.record("could not record golden \(url.path): \(error)", sourceLocation: sourceLocation)
                return
            }
            Issue.record("""
                recorded \(name) (\(expected == nil ? "new" : "changed"); run again without WIDGETDASH_RECORD to check it):
                \(lineDiff(expected: expected ?? "", actual: actual))
                """, sourceLocation: sourceLocation)
            return
        }
        guard let expected else {
            Issue.record("missing golden \(url.path); run with WIDGETDASH_RECORD=1 to record it", sourceLocation: sourceLocation)
            return
        }
        if expected != actual {
            Issue.record("""
                \(name) differs from its golden (WIDGETDASH_RECORD=1 re-records):
                \(lineDiff(expected: expected, actual: actual))
                """, sourceLocation: sourceLocation)
        }
    }

    /// A readable diff: unchanged lines as context, changed ones as `-` expected / `+` actual.
    public static func lineDiff(expected: String, actual: String) -> String {
        let e = expected.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        let a = actual.split(separator: "\n", omittingEmptySubsequences: false).map(String.init)
        var out: [String] = []
        for i in 0..<max(e.count, a.count) {
            let l = i < e.count ? e[i] : nil
            let r = i < a.count ? a[i] : nil
            let n = String(format: "%3d", i + 1)
            if l == r { out.append("\(n)  \(l ?? "")") } else {
                if let l { out.append("\(n) -\(l)") }
                if let r { out.append("\(n) +\(r)") }
            }
        }
        return out.joined(separator: "\n")
    }
}

extension Canvas {
    /// A canvas whose cells are the characters of `lines` (padded with spaces), for tests.
    public init(lines: [String]) {
        let width = lines.map { TextWidth.width(of: $0) }.max() ?? 0
        self.init(width: width, height: lines.count)
        for (y, line) in lines.enumerated() { write(line, x: 0, y: y, style: .plain) }
    }
}
