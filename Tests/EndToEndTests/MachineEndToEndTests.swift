import DashTesting
import Foundation
import Testing

/// Battery, disks, network, uptime and mail on a running dashboard, through the real binary.
@Suite("Machine widgets end to end", .serialized)
struct MachineEndToEndTests {
    /// Writes a message file into a Maildir folder, named by its delivery time.
    static func deliver(_ text: String, to maildir: String, folder: String = "new", at time: Int, flags: String = "") throws {
        let name = "\(time).M\(time % 1000)P1.e2e" + (folder == "cur" ? ":2,\(flags)" : "")
        try text.write(toFile: maildir + "/" + folder + "/" + name, atomically: true, encoding: .utf8)
    }

    @Test func theFiveShowTheirDataAndMailFollowsAReloadFromAFetcherHook() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let env = WidgetDashBinary.isolatedEnvironment()
        let maildir = try #require(env["XDG_DATA_HOME"]) + "/Maildir"
        for folder in ["new", "cur", "tmp"] {
            try FileManager.default.createDirectory(atPath: maildir + "/" + folder, withIntermediateDirectories: true)
        }
        let now = Int(Date().timeIntervalSince1970)
        try Self.deliver("From: \"Ana Lima\" <ana@example.com>\nSubject: Lunch on\n Friday?\n\nbody\n", to: maildir, at: now - 60)
        try Self.deliver("From: =?UTF-8?B?SsO2cmc=?= <j@example.de>\nSubject: =?ISO-8859-1?Q?Gr=FC=DFe?=\n\n", to: maildir, folder: "cur", at: now - 3600)
        try Self.deliver("From: old@example.com\nSubject: Already read\n\n", to: maildir, folder: "cur", at: now - 7200, flags: "S")

        let tmux = try TmuxSession(command: [binary, "--widget", "battery@small", "--widget", "disk@medium", "--widget", "network@medium",
                                             "--widget", "uptime@small", "--widget", "mail@medium:maildir=\(maildir)"],
                                   width: 120, height: 40, environment: env)
        #expect(tmux.waitFor("2 new", timeout: 10), "\(tmux.screenText)")
        // The network widget reads twice, half a second apart, for its first rate.
        #expect(tmux.waitFor("B/s", timeout: 5), "\(tmux.screenText)")
        let screen = tmux.screenText
        #expect(screen.contains("Ana Lima") && screen.contains("Lunch on Friday?"), "\(screen)")
        #expect(screen.contains("Jörg") && screen.contains("Grüße"), "\(screen)")
        #expect(!screen.contains("Already read"), "\(screen)")
        // The others show their data or their deliberate empty state, never an error.
        #expect(screen.contains("┌ Battery") && screen.contains("┌ Disks") && screen.contains("┌ Network") && screen.contains("┌ Uptime"), "\(screen)")
        #expect(screen.contains("since "), "\(screen)")
        #expect(!screen.contains("⚠"), "\(screen)")

        // A message arrives; the fetcher's hook asks running dashboards to reload the kind.
        try Self.deliver("From: =?UTF-8?Q?Zo=C3=AB_Park?= <zoe@example.org>\nSubject: Tickets\n\n", to: maildir, at: now)
        let reload = try StoreEndToEndTests.run(binary, ["reload", "mail"], environment: env)
        #expect(reload.status == 0, "\(reload.err)")
        #expect(tmux.waitFor("3 new", timeout: 5), "\(tmux.screenText)")
        #expect(tmux.screenText.contains("Zoë Park"), "\(tmux.screenText)")
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }
}
