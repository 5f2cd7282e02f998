import DashTerminal
import Testing
import WidgetDash

/// The ANSI text writer behind `snapshot --color`, `activity preview --color` and the render
/// benchmark: its bytes are the output, so these tests pin them.
@Suite("ANSI")
struct ANSITests {
    private let red = CellStyle(foreground: .indexed(196), background: .default, attributes: [.bold])
    private let panel = CellStyle(foreground: .rgb(1, 2, 3), background: .rgb(250, 251, 252), attributes: [.dim, .italic, .underline, .reverse])

    @Test("SGR: a reset, the attributes in a fixed order, then foreground and background")
    func sgr() {
        #expect(ANSI.sgr(.plain) == "\u{1B}[0m")
        #expect(ANSI.sgr(red) == "\u{1B}[0;1;38;5;196m")
        #expect(ANSI.sgr(panel) == "\u{1B}[0;2;3;4;7;38;2;1;2;3;48;2;250;251;252m")
    }

    @Test("lines: one SGR per change of style, wide glyphs once, a reset at the end of each row")
    func lines() {
        var canvas = Canvas(width: 5, height: 2)
        canvas.write("a", x: 0, y: 0, style: red)
        canvas.write("漢b", x: 1, y: 0, style: red)
        canvas.write("z", x: 4, y: 1, style: panel)
        #expect(ANSI.lines(of: canvas) == [
            "\u{1B}[0;1;38;5;196ma漢b\u{1B}[0m \u{1B}[0m",
            "\u{1B}[0m    \u{1B}[0;2;3;4;7;38;2;1;2;3;48;2;250;251;252mz\u{1B}[0m",
        ])
    }

    @Test("update: everything the first time, then cursor moves and the changed cells only")
    func update() {
        var before = Canvas(width: 4, height: 2)
        before.write("ab漢", x: 0, y: 0, style: .plain)
        #expect(String(decoding: ANSI.update(from: nil, to: before), as: UTF8.self)
                    == "\u{1B}[1;1H\u{1B}[0mab漢\u{1B}[2;1H    ")
        var after = before
        after.write("c", x: 1, y: 0, style: red)
        after.write("x", x: 3, y: 1, style: .plain)
        #expect(String(decoding: ANSI.update(from: before, to: after), as: UTF8.self)
                    == "\u{1B}[1;2H\u{1B}[0;1;38;5;196mc\u{1B}[2;4H\u{1B}[0mx")
        #expect(ANSI.update(from: after, to: after).isEmpty)
    }
}
