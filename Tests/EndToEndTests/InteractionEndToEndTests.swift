import DashTesting
import Foundation
import Testing

/// Tapping a real widget in a real terminal, and its state surviving a restart.
@Suite("Interactivity end to end", .serialized)
struct InteractionEndToEndTests {
    @Test("counter@small: Tab to the increment button, Enter three times reads 3; after a restart still 3")
    func counterSurvivesRestart() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        // One environment (one data directory) for both runs.
        let environment = WidgetDashBinary.isolatedEnvironment()
        var tmux = try TmuxSession(command: [binary, "--widget", "counter@small"], width: 80, height: 24, environment: environment)
        #expect(tmux.waitFor("Counter", timeout: 10))
        #expect(tmux.waitFor("0 taps", timeout: 5))
        tmux.send(keys: "Tab")
        for _ in 0..<3 {
            tmux.send(keys: "Enter")
            // Let each tap land, as a person pressing three times would.
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(tmux.waitFor("3 taps", timeout: 5), "screen:\n\(tmux.screenText)")
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)

        tmux = try TmuxSession(command: [binary, "--widget", "counter@small"], width: 80, height: 24, environment: environment)
        #expect(tmux.waitFor("3 taps", timeout: 10), "screen:\n\(tmux.screenText)")
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }

    @Test("a mouse click on +1 taps it, and a click on Reset resets")
    func mouseClicks() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let tmux = try TmuxSession(command: [binary, "--widget", "counter@small"], width: 80, height: 24, environment: WidgetDashBinary.isolatedEnvironment())
        #expect(tmux.waitFor("[Reset]", timeout: 10))
        func cell(of text: String) -> (x: Int, y: Int)? {
            for (y, line) in tmux.capture().enumerated() {
                // The panel is ASCII up to the buttons, so a character offset is a column.
                if let range = line.range(of: text) { return (line.distance(from: line.startIndex, to: range.lowerBound) + 1, y) }
            }
            return nil
        }
        let plus = try #require(cell(of: "[+1]"))
        for _ in 0..<2 {
            tmux.click(x: plus.x, y: plus.y)
            Thread.sleep(forTimeInterval: 0.2)
        }
        #expect(tmux.waitFor("2 taps", timeout: 5), "screen:\n\(tmux.screenText)")
        let reset = try #require(cell(of: "[Reset]"))
        tmux.click(x: reset.x, y: reset.y)
        #expect(tmux.waitFor("0 taps", timeout: 5), "screen:\n\(tmux.screenText)")
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }

    @Test("c opens the control center with the light and the flashlight; Esc closes it")
    func controlCenter() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let tmux = try TmuxSession(command: [binary, "--widget", "counter@small"], width: 80, height: 24, environment: WidgetDashBinary.isolatedEnvironment())
        #expect(tmux.waitFor("Counter", timeout: 10))
        tmux.send(keys: "c")
        #expect(tmux.waitFor("Control Center", timeout: 5))
        #expect(tmux.waitFor("Flashlight", timeout: 5))
        tmux.send(keys: "Enter")
        #expect(tmux.waitFor("● On", timeout: 5), "screen:\n\(tmux.screenText)")
        tmux.send(keys: "Escape")
        #expect(tmux.waitUntil(timeout: 5) { !tmux.screenText.contains("Control Center") })
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }
}
