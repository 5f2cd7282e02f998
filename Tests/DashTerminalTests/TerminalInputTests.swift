import DashCore
import DashTesting
import DashTerminal
import Testing
import WidgetDash

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

extension RealTerminalTests {
    /// The Terminal's input through real ncurses: keys and clicks typed into a tmux pane arrive as
    /// the events the dashboard handles.
    @Suite("Terminal input from a tmux pane")
    struct TerminalInputTests {
        init() throws {
            try #require(TmuxSession.isAvailable, "these tests need tmux on PATH")
        }

        /// Reads events until `count` have arrived or 5 seconds pass (tmux writes on its own schedule).
        private func events(from pane: PaneTerminal, count: Int) -> [InputEvent] {
            var events: [InputEvent] = []
            pane.tmux.waitUntil(timeout: 5) {
                events += pane.terminal.readEvents()
                return events.count >= count
            }
            return events
        }

        @Test("text, a combining mark, wide characters and named keys")
        func keys() throws {
            let pane = try PaneTerminal(width: 20, height: 4)
            defer { pane.stop() }
            pane.tmux.send(text: "ae\u{301}漢😀")
            pane.tmux.send(keys: "Up", "Enter", "F5", "BTab", "C-c")
            #expect(events(from: pane, count: 9) == [
                .key(.character("a")), .key(.character("e\u{301}")), .key(.character("漢")), .key(.character("😀")),
                .key(.up), .key(.enter), .key(.function(5)), .key(.backTab), .key(.control("c")),
            ])
        }

        @Test("a click reaches the Terminal at its cell")
        func click() throws {
            let pane = try PaneTerminal(width: 20, height: 4)
            defer { pane.stop() }
            // ncurses asks for mouse reports with its first update: once the pane shows the frame,
            // tmux has read the request too.
            var frame = Canvas(width: 20, height: 4)
            frame.write("ready", x: 0, y: 0, style: .plain)
            pane.terminal.draw(frame)
            #expect(pane.screen(showing: ["ready", "", "", ""]) == ["ready", "", "", ""])
            pane.tmux.click(x: 7, y: 2)
            let received = events(from: pane, count: 1)
            #expect(received.first == .mouse(MouseEvent(kind: .click, location: CellPoint(x: 7, y: 2))))
        }
    }
}
