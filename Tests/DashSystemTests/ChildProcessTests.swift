import DashSystem
import Foundation
import Testing

#if canImport(Glibc)
import Glibc
import DashTesting
#endif

/// What a child started by ``ChildProcess`` inherits from the process that starts it.
@Suite("Child processes")
struct ChildProcessTests {
    /// A descriptor opened without close-on-exec (as a library, or a file being written on
    /// another thread, may have one) does not reach the child: a long-lived child holding a
    /// script's write end makes running that script fail with "Text file busy" (the likely
    /// cause of a CI run that could not start a freshly written fake extension).
    @Test func aChildGetsStandardInputOutputAndErrorOnly() throws {
        let dir = TestDirectories.path("wd-spawn")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: dir) }
        // Without O_CLOEXEC on purpose.
        let held = open(dir.appendingPathComponent("held").path, O_CREAT | O_WRONLY, 0o600)
        try #require(held > 2)
        defer { close(held) }
        let out = dir.appendingPathComponent("out").path
        let script = "[ -e /proc/$$/fd/\(held) ] && echo inherited || echo closed; [ -e /proc/$$/fd/1 ] && echo has-output"
        let pid = try ChildProcess.spawn(["/bin/sh", "-c", script], standardOutput: .file(out), standardError: .file(out + ".err")).get()
        #expect(ChildProcess.wait(pid) == .exited(0))
        #expect(try String(contentsOfFile: out, encoding: .utf8) == "closed\nhas-output\n")
    }
}
