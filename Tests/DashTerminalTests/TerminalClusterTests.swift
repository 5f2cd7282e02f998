import DashCore
import DashTesting
@testable import DashTerminal
import Testing
import WidgetDash

extension RealTerminalTests {
    /// Grapheme clusters drawn into tmux 3.x, which answers DA1 but not DECRQM 2027, clusters ZWJ
    /// sequences and flags, and draws skin tones and VS16 apart.
    ///
    /// Every row fills the pane's width exactly, so a cluster that took a column more or less
    /// than the canvas counted would push or cut the rest of its row, and the row would differ.
    @Suite("Grapheme clusters in a tmux pane")
    struct TerminalClusterTests {
        init() throws {
            try #require(TmuxSession.isAvailable, "these tests need tmux on PATH")
        }

        private func canvas(width: Int, _ rows: [String]) -> Canvas {
            var canvas = Canvas(width: width, height: rows.count)
            for (y, row) in rows.enumerated() { canvas.write(row, x: 0, y: y, style: .plain) }
            return canvas
        }

        @Test("tmux does not answer 2027: each cluster is drawn as its stand-in, every row in place")
        func legacyStandIns() throws {
            let pane = try PaneTerminal(width: 12, height: 8)
            defer { pane.stop() }
            #expect(pane.terminal.graphemeProbeAnswer == .notSupported)
            #expect(pane.terminal.graphemeDrawing == .legacy)
            pane.terminal.draw(canvas(width: 12, [
                "👨‍👩‍👧‍👦abcdefghij",
                "👩‍💻abcdefghij",
                "🇯🇵abcdefghij",
                "👍🏽abcdefghij",
                "❤️abcdefghij",
                "1️⃣abcdefghij",
                "漢e\u{301}🇺🇦abcdefg",
                "✈︎abcdefghijk",
            ]))
            let expected = [
                "👨abcdefghij",
                "👩abcdefghij",
                "JPabcdefghij",
                "👍abcdefghij",
                "❤ abcdefghij",
                "1\u{20E3} abcdefghij",
                "漢e\u{301}UAabcdefg",
                "✈abcdefghijk",
            ]
            #expect(pane.screen(showing: expected) == expected)
        }

        @Test("forced cluster mode writes ZWJ sequences and flags whole, and keeps them through partial redraws")
        func wholeClusters() throws {
            let pane = try PaneTerminal(width: 12, height: 3, environment: [GraphemeMode.environmentVariable: "clusters"])
            defer { pane.stop() }
            #expect(pane.terminal.graphemeDrawing == .clusters)
            // A family of three: tmux 3.3 keeps at most 21 bytes of a cluster in a cell, so a
            // family of four (25 bytes) loses its last member there even when written whole.
            var frame = canvas(width: 12, ["👨‍👩‍👧abcdefghij", "a🇯🇵bcdefghij", "👩‍💻abcdefghij"])
            pane.terminal.draw(frame)
            let first = ["👨‍👩‍👧abcdefghij", "a🇯🇵bcdefghij", "👩‍💻abcdefghij"]
            #expect(pane.screen(showing: first) == first)

            // A change beside a cluster: ncurses rewrites that row, and the cluster is written again.
            frame.write("X", x: 2, y: 0, style: .plain)
            frame.write("Y", x: 0, y: 1, style: .plain)
            pane.terminal.draw(frame)
            let second = ["👨‍👩‍👧Xbcdefghij", "Y🇯🇵bcdefghij", "👩‍💻abcdefghij"]
            #expect(pane.screen(showing: second) == second)

            // A cluster replaced by plain text leaves nothing of it behind.
            frame.write("ok", x: 0, y: 2, style: .plain)
            pane.terminal.draw(frame)
            let third = ["👨‍👩‍👧Xbcdefghij", "Y🇯🇵bcdefghij", "okabcdefghij"]
            #expect(pane.screen(showing: third) == third)
        }
    }
}
