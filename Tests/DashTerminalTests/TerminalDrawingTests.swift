import DashTesting
import DashTerminal
import Testing
import WidgetDash

extension RealTerminalTests {
    /// The Terminal's drawing through real ncurses into a real terminal (a tmux pane), asserted on
    /// the text the pane shows, never on the bytes written.
    ///
    /// Rows are built to fill the pane's width exactly, so a glyph that took a column more or less
    /// on screen than on the canvas would push or pull the rest of its row, and the row would differ.
    @Suite("Terminal drawing in a tmux pane")
    struct TerminalDrawingTests {
        init() throws {
            try #require(TmuxSession.isAvailable, "these tests need tmux on PATH")
        }

        private func canvas(width: Int, _ rows: [String], style: CellStyle = .plain) -> Canvas {
            var canvas = Canvas(width: width, height: rows.count)
            for (y, row) in rows.enumerated() { canvas.write(row, x: 0, y: y, style: style) }
            return canvas
        }

        @Test("wide CJK, emoji, an emoji ZWJ sequence and a combining mark keep every column in place")
        func wideText() throws {
            let pane = try PaneTerminal(width: 12, height: 5)
            defer { pane.stop() }
            let frame = canvas(width: 12, [
                "漢字かな1234",
                "a😀b😀cdefgh",
                "👩‍💻abcdefghij",
                "e\u{301}xyz0123456",
                "0123456789AB",
            ])
            pane.terminal.draw(frame)
            // An ncurses cell holds one spacing character and its combining marks, so the ZWJ
            // sequence shows its first emoji, in its two columns; nothing of it leaks elsewhere.
            let expected = ["漢字かな1234", "a😀b😀cdefgh", "👩abcdefghij", "e\u{301}xyz0123456", "0123456789AB"]
            #expect(pane.screen(showing: expected) == expected)
        }

        @Test("a wide glyph in the last two columns, and one cut by the right edge, never wrap")
        func rightEdge() throws {
            let pane = try PaneTerminal(width: 10, height: 3)
            defer { pane.stop() }
            // One column wider than the screen: the glyph at column 9 has only its left half on
            // screen, so the Terminal shows a blank there, not half a glyph and not a wrap.
            var frame = canvas(width: 11, ["abcdefgh漢", "abcdefghi漢", "second row"])
            frame.write("x", x: 10, y: 2, style: .plain)
            pane.terminal.draw(frame)
            let expected = ["abcdefgh漢", "abcdefghi", "second row"]
            #expect(pane.screen(showing: expected) == expected)
        }

        @Test("after a full frame, a one-cell change shows exactly that change")
        func oneCellChange() throws {
            let pane = try PaneTerminal(width: 13, height: 3)
            defer { pane.stop() }
            var frame = canvas(width: 13, ["10:41:59 漢字", "battery 80%", "ok"])
            pane.terminal.draw(frame)
            let first = PaneTerminal.rows(of: frame)
            #expect(pane.screen(showing: first) == first)

            frame.write("8", x: 7, y: 0, style: .plain)
            pane.terminal.draw(frame)
            let second = ["10:41:58 漢字", "battery 80%", "ok"]
            #expect(pane.screen(showing: second) == second)

            // A wide glyph replaced by two narrow ones, a narrow pair by a wide glyph, and one
            // narrow cell elsewhere.
            frame.write("ab", x: 9, y: 0, style: .plain)
            frame.write("字", x: 0, y: 2, style: .plain)
            frame.write("9", x: 8, y: 1, style: .plain)
            pane.terminal.draw(frame)
            let third = ["10:41:58 ab字", "battery 90%", "字"]
            #expect(pane.screen(showing: third) == third)
        }

        @Test("colors and attributes at every depth leave the text as drawn")
        func colors() throws {
            let styles: [CellStyle] = [
                CellStyle(foreground: .rgb(255, 128, 0), background: .rgb(20, 20, 30)),
                CellStyle(foreground: .indexed(196), background: .indexed(21), attributes: [.bold]),
                CellStyle(foreground: .indexed(9), background: .default, attributes: [.underline, .italic]),
                CellStyle(foreground: .rgb(200, 200, 200), background: .rgb(200, 200, 200)),
                CellStyle(foreground: .default, background: .rgb(0, 120, 255), attributes: [.reverse, .dim]),
            ]
            for (environment, depth) in [([:], ColorDepth.indexed256), (["COLORTERM": "truecolor"], .indexed256),
                                         (["NO_COLOR": "1"], .monochrome)] {
                let pane = try PaneTerminal(width: 14, height: styles.count, environment: environment)
                defer { pane.stop() }
                // tmux-256color has no direct-color entry, so truecolor maps to the nearest of 256.
                #expect(pane.terminal.colorDepth == depth, "\(environment)")
                var frame = Canvas(width: 14, height: styles.count)
                for (y, style) in styles.enumerated() {
                    frame.write("row \(y) 漢字 ok", x: 0, y: y, style: style)
                }
                pane.terminal.draw(frame)
                let expected = PaneTerminal.rows(of: frame)
                #expect(pane.screen(showing: expected) == expected, "\(environment)")
            }
        }

        @Test("stopping gives the screen back: the pane leaves the alternate screen")
        func stopRestores() throws {
            let pane = try PaneTerminal(width: 10, height: 2)
            defer { pane.stop() }
            pane.terminal.draw(canvas(width: 10, ["drawn", ""]))
            #expect(pane.screen(showing: ["drawn", ""]) == ["drawn", ""])
            #expect(pane.tmux.isAlternateScreenActive)
            pane.terminal.stop()
            #expect(pane.tmux.waitUntil(timeout: 5) { !pane.tmux.isAlternateScreenActive })
        }
    }
}
