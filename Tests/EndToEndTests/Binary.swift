import Foundation

/// Finds the `widgetdash` executable that this test run was built with.
///
/// `swift test` builds every product into the same directory as the test bundle, so the binary
/// sits beside the runner; `WIDGETDASH_BIN` overrides that (for a release build, say).
enum WidgetDashBinary {
    static var path: String? {
        let fm = FileManager.default
        if let override = ProcessInfo.processInfo.environment["WIDGETDASH_BIN"], fm.isExecutableFile(atPath: override) {
            return override
        }
        var candidates: [URL] = []
        // The runner (or the .xctest bundle) lives in the build products directory.
        for argument in CommandLine.arguments.prefix(2) {
            var url = URL(fileURLWithPath: argument)
            for _ in 0..<4 {
                url = url.deletingLastPathComponent()
                candidates.append(url.appendingPathComponent("widgetdash"))
            }
        }
        // Fallback: the package's default build directory, from this source file.
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        candidates.append(root.appendingPathComponent(".build/debug/widgetdash"))
        return candidates.first { fm.isExecutableFile(atPath: $0.path) }?.path
    }

    /// A fresh, private set of XDG directories so an end-to-end test never reads or writes the
    /// user's config, data or state.
    ///
    /// The Swift runtime's crash reporter is off (`SWIFT_BACKTRACE`): a fixture extension that
    /// traps on purpose would otherwise symbolicate its debug build before it exits, about 1 s
    /// on a busy machine and more than the host's 2 s render limit at a load average of 30,
    /// which then reported a hang instead of the crash. The runtime's "Fatal error" line, which
    /// the host quotes, comes either way.
    static func isolatedEnvironment() -> [String: String] {
        let base = FileManager.default.temporaryDirectory.appendingPathComponent("widgetdash-e2e-\(UUID().uuidString.prefix(8))")
        var env: [String: String] = ["TERM": "xterm-256color", "LANG": "C.UTF-8", "LC_ALL": "C.UTF-8", "TZ": "UTC",
                                     "SWIFT_BACKTRACE": "enable=no"]
        for (key, dir) in [("XDG_CONFIG_HOME", "config"), ("XDG_DATA_HOME", "data"), ("XDG_STATE_HOME", "state"), ("XDG_RUNTIME_DIR", "run")] {
            let url = base.appendingPathComponent(dir)
            try? FileManager.default.createDirectory(at: url, withIntermediateDirectories: true, attributes: [.posixPermissions: 0o700])
            env[key] = url.path
        }
        return env
    }
}
