import DashTesting
import Foundation
import Testing

/// The real binary in a real terminal (tmux): what a person sees.
@Suite("Home screen end to end", .serialized)
struct HomeScreenEndToEndTests {
    @Test func dashboardDrawsPanelsAndQuitsCleanly() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let tmux = try TmuxSession(command: [binary], width: 100, height: 30, environment: WidgetDashBinary.isolatedEnvironment())
        #expect(tmux.waitFor("Clock", timeout: 10))
        #expect(tmux.waitFor("System", timeout: 5))
        // A frame reaches tmux in more than one write on a loaded machine, the status line (the
        // last row) last: wait for it before reading the screen.
        #expect(tmux.waitFor("q quit", timeout: 5))
        let screen = tmux.capture()
        #expect(tmux.isAlternateScreenActive)
        // Panels are boxed, with their names in the top border.
        #expect(screen.contains { $0.contains("┌ Clock ") })
        #expect(screen.contains { $0.contains("┌ Calendar ") })
        // The default home screen leads with this machine's own data; no made-up figures there.
        #expect(screen.contains { $0.contains("┌ Disks ") } && screen.contains { $0.contains("┌ Network ") }, "\(screen)")
        #expect(!screen.contains { $0.contains("┌ Health ") })
        // The status line names the program and the keys.
        #expect(screen.last?.contains("widgetdash") == true)
        #expect(screen.last?.contains("q quit") == true)
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
        #expect(!tmux.isAlternateScreenActive)
    }

    @Test func helpOverlayListsTheKeys() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let tmux = try TmuxSession(command: [binary], width: 100, height: 30, environment: WidgetDashBinary.isolatedEnvironment())
        #expect(tmux.waitFor("Clock", timeout: 10))
        tmux.send(keys: "?")
        #expect(tmux.waitFor("Keys", timeout: 5))
        #expect(tmux.capture().contains { $0.contains("quit") })
        tmux.send(keys: "Escape")
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }

    @Test func oneOffScreenFromWidgetOptions() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let tmux = try TmuxSession(command: [binary, "--widget", "calendar@medium", "--widget", "clock@circular"],
                                   width: 80, height: 24, environment: WidgetDashBinary.isolatedEnvironment())
        #expect(tmux.waitFor("Calendar", timeout: 10))
        // The clock's first entry can come a moment after the calendar's (its placeholder is
        // redacted cells until then), so wait for the circular face before reading the screen.
        #expect(tmux.waitFor("╭", timeout: 10))
        let screen = tmux.capture().joined(separator: "\n")
        #expect(!screen.contains("┌ Clock "))
        #expect(screen.contains("╭"))
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }

    @Test func tooSmallTerminalSaysSo() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        // A large widget (46×23) in a 40×12 terminal: nothing fits.
        let tmux = try TmuxSession(command: [binary, "--widget", "clock@large"], width: 40, height: 12,
                                   environment: WidgetDashBinary.isolatedEnvironment())
        #expect(tmux.waitFor("too small", timeout: 10))
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }

    @Test func sigtermAndSighupRestoreTheTerminal() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        for (name, signal) in [("TERM", SIGTERM), ("HUP", SIGHUP)] {
            let tmux = try TmuxSession(command: [binary], width: 100, height: 30, environment: WidgetDashBinary.isolatedEnvironment())
            #expect(tmux.waitFor("Clock", timeout: 10))
            #expect(tmux.isAlternateScreenActive)
            tmux.signal(signal)
            #expect(tmux.waitForExit(timeout: 5) != nil, "SIG\(name) should end widgetdash")
            #expect(!tmux.isAlternateScreenActive, "SIG\(name) should leave the alternate screen")
        }
    }
}
