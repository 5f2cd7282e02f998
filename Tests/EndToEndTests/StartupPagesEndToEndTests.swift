import DashTesting
import Foundation
import Testing

/// Once it has settled, the dashboard gives back the code pages start-up used, and goes on.
@Suite("Start-up pages end to end", .serialized)
struct StartupPagesEndToEndTests {
    @Test func fiveSecondsInTheStartUpCodeLeavesTheResidentSetAndTheClockStillTicks() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let pidFile = FileManager.default.temporaryDirectory.appendingPathComponent("widgetdash-sp-\(UUID().uuidString.prefix(8)).pid").path
        defer { unlink(pidFile) }
        // exec keeps the shell's pid, so the test reads the dashboard's own /proc entries.
        let tmux = try TmuxSession(command: ["sh", "-c", "echo $$ > \(pidFile); exec \(binary)"], width: 120, height: 40,
                                   environment: WidgetDashBinary.isolatedEnvironment())
        #expect(tmux.waitFor("Clock", timeout: 20), "\(tmux.screenText)")
        let pid = try #require(Int32((try String(contentsOfFile: pidFile, encoding: .utf8)).trimmingCharacters(in: .whitespacesAndNewlines)))
        let atFirstFrame = try #require(Self.residentCodeKiB(of: pid))

        // The release comes 5 s after the loop starts; the code idle runs faults back after it,
        // so the drop is caught as it happens. Without a release the code only grows; with one
        // it falls by about half, but a loaded machine may read smaps after the next tick has
        // faulted some back, hence three quarters.
        var lowest = atFirstFrame
        let dropped = tmux.waitUntil(timeout: 30) {
            lowest = min(lowest, Self.residentCodeKiB(of: pid) ?? lowest)
            return lowest < atFirstFrame * 3 / 4
        }
        #expect(dropped, "code resident at the first frame \(atFirstFrame) KiB, lowest since \(lowest) KiB")

        let before = tmux.screenText
        #expect(tmux.waitUntil(timeout: 10) { tmux.screenText != before }, "the clock stopped after the release: \(before)")
        #expect(kill(pid, 0) == 0)
    }

    /// KiB of the program's own code resident: the `r-xp` mapping of its executable in smaps.
    static func residentCodeKiB(of pid: Int32) -> Int? {
        guard let exe = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/\(pid)/exe"),
              let smaps = try? String(contentsOfFile: "/proc/\(pid)/smaps", encoding: .utf8) else { return nil }
        var inCode = false
        for line in smaps.split(separator: "\n") {
            let fields = line.split(separator: " ", omittingEmptySubsequences: true)
            if fields.count >= 6, fields[0].contains("-"), !fields[0].hasSuffix(":") {
                inCode = fields[1] == "r-xp" && fields[5...].joined(separator: " ") == exe
            } else if inCode, fields.first == "Rss:", fields.count >= 2 {
                return Int(fields[1])
            }
        }
        return nil
    }
}
