import Foundation
import Synchronization

/// Temporary directories for tests, removed when the test process exits.
///
/// Tests make stores, configs and extension folders in the temporary directory and many hand
/// the path to code that outlives the test function (a helper returning a location, a child
/// process still writing), so nothing removes them in the test itself. Removing every one at
/// exit keeps a test run from leaving a hundred-odd folders in /tmp each time.
public enum TestDirectories {
    private static let made = Mutex<[URL]>([])

    /// A new path `prefix-XXXXXXXX` in the temporary directory (not created), removed with
    /// everything in it when the process exits.
    public static func path(_ prefix: String) -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("\(prefix)-\(UUID().uuidString.prefix(8))")
        made.withLock { paths in
            if paths.isEmpty { atexit { TestDirectories.removeAll() } }
            paths.append(url)
        }
        return url
    }

    private static func removeAll() {
        for url in made.withLock({ $0 }) { try? FileManager.default.removeItem(at: url) }
    }
}
