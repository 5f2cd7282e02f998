import Testing
@testable import WidgetDash

@Suite("ColorDepth")
struct ColorDepthTests {
    // MARK: detect

    @Test("NO_COLOR set and non-empty wins over everything")
    func noColor() {
        #expect(ColorDepth.detect(environment: ["NO_COLOR": "1", "COLORTERM": "truecolor"], terminalColors: 256) == .monochrome)
        // An empty NO_COLOR does not count (no-color.org).
        #expect(ColorDepth.detect(environment: ["NO_COLOR": ""], terminalColors: 256) == .indexed256)
    }

    @Test("COLORTERM truecolor or 24bit means true color")
    func colorTerm() {
        #expect(ColorDepth.detect(environment: ["COLORTERM": "truecolor"], terminalColors: 8) == .trueColor)
        #expect(ColorDepth.detect(environment: ["COLORTERM": "24bit"], terminalColors: 256) == .trueColor)
        #expect(ColorDepth.detect(environment: ["COLORTERM": "yes"], terminalColors: 256) == .indexed256)
    }

    @Test("otherwise the terminal's color count decides", arguments: [
        (16_777_216, ColorDepth.indexed256), (256, .indexed256), (88, .ansi16), (16, .ansi16),
        (8, .ansi8), (2, .monochrome), (0, .monochrome), (-1, .monochrome),
    ])
    func byCount(colors: Int, expected: ColorDepth) {
        #expect(ColorDepth.detect(environment: [:], terminalColors: colors) == expected)
    }

    // MARK: map(color)

    @Test("default stays default at every depth")
    func defaultStays() {
        for depth in [ColorDepth.trueColor, .indexed256, .ansi16, .ansi8, .monochrome] {
            #expect(depth.map(TerminalColor.default) == .default)
        }
    }

    @Test("true color keeps rgb; monochrome drops every color")
    func extremes() {
        #expect(ColorDepth.trueColor.map(TerminalColor.rgb(1, 2, 3)) == .rgb(1, 2, 3))
        #expect(ColorDepth.monochrome.map(TerminalColor.rgb(255, 0, 0)) == .default)
        #expect(ColorDepth.monochrome.map(TerminalColor.indexed(4)) == .default)
    }

    @Test("rgb maps to the exact cube or gray entry when there is one", arguments: [
        (TerminalColor.rgb(255, 0, 0), UInt8(196)), (.rgb(0, 0, 0), 16), (.rgb(255, 255, 255), 231),
        (.rgb(95, 135, 175), 67), (.rgb(8, 8, 8), 232), (.rgb(238, 238, 238), 255), (.rgb(128, 128, 128), 244),
    ])
    func exact256(color: TerminalColor, index: UInt8) {
        #expect(ColorDepth.indexed256.map(color) == .indexed(index))
    }

    @Test("near colors land on the nearest entry")
    func nearest256() {
        // Slightly off pure red is still cube red.
        #expect(ColorDepth.indexed256.map(TerminalColor.rgb(250, 10, 5)) == .indexed(196))
        // A dark gray prefers the finer gray ramp over the cube's coarse 0/95 steps.
        #expect(ColorDepth.indexed256.map(TerminalColor.rgb(48, 48, 48)) == .indexed(236))
        // Indexed colors pass through unchanged in 256 mode.
        #expect(ColorDepth.indexed256.map(TerminalColor.indexed(42)) == .indexed(42))
    }

    @Test("16 and 8 color terminals get the nearest ANSI color")
    func ansi() {
        #expect(ColorDepth.ansi16.map(TerminalColor.rgb(255, 0, 0)) == .indexed(9))
        #expect(ColorDepth.ansi16.map(TerminalColor.rgb(200, 0, 0)) == .indexed(1))
        #expect(ColorDepth.ansi8.map(TerminalColor.rgb(255, 0, 0)) == .indexed(1))
        #expect(ColorDepth.ansi8.map(TerminalColor.rgb(250, 250, 250)) == .indexed(7))
        #expect(ColorDepth.ansi16.map(TerminalColor.indexed(12)) == .indexed(12))
        // Bright ANSI colors fold onto their normal variant with 8 colors.
        #expect(ColorDepth.ansi8.map(TerminalColor.indexed(12)) == .indexed(4))
        // A cube index goes through its RGB value: 196 is pure red.
        #expect(ColorDepth.ansi16.map(TerminalColor.indexed(196)) == .indexed(9))
        #expect(ColorDepth.ansi8.map(TerminalColor.indexed(21)) == .indexed(4))
    }

    @Test("xterm RGB of palette indices")
    func palette() {
        #expect(ColorDepth.xtermRGB(index: 1) == (205, 0, 0))
        #expect(ColorDepth.xtermRGB(index: 16) == (0, 0, 0))
        #expect(ColorDepth.xtermRGB(index: 67) == (95, 135, 175))
        #expect(ColorDepth.xtermRGB(index: 231) == (255, 255, 255))
        #expect(ColorDepth.xtermRGB(index: 232) == (8, 8, 8))
        #expect(ColorDepth.xtermRGB(index: 255) == (238, 238, 238))
    }

    // MARK: map(style)

    @Test("styles map both colors and keep attributes")
    func styleMapping() {
        let style = CellStyle(foreground: .rgb(255, 0, 0), background: .rgb(0, 0, 255), attributes: [.bold, .underline])
        let mapped = ColorDepth.indexed256.map(style)
        #expect(mapped == CellStyle(foreground: .indexed(196), background: .indexed(21), attributes: [.bold, .underline]))
    }

    @Test("distinct colors that collapse together keep the text readable")
    func contrastRescue() {
        // Both light grays become ANSI white (7) with 8 colors; the text turns black.
        let style = CellStyle(foreground: .rgb(200, 200, 200), background: .rgb(235, 235, 235))
        let mapped = ColorDepth.ansi8.map(style)
        #expect(mapped.background == .indexed(7))
        #expect(mapped.foreground == .indexed(0))
        // Deliberately equal colors (a solid block) are left alone.
        let block = CellStyle(foreground: .rgb(0, 0, 200), background: .rgb(0, 0, 200))
        #expect(ColorDepth.ansi8.map(block) == CellStyle(foreground: .indexed(4), background: .indexed(4)))
        // A picture's two pixels (a half block) that meet in one color stay that color: no
        // black or white stripe through a photo on a 256-color terminal.
        let pixels = CellStyle(foreground: .rgb(250, 250, 170), background: .rgb(252, 248, 168), attributes: .image)
        let picture = ColorDepth.indexed256.map(pixels)
        #expect(picture.foreground == picture.background)
    }

    @Test("monochrome turns highlight backgrounds into reverse video")
    func monochromeHighlight() {
        let focus = CellStyle(foreground: .rgb(255, 255, 255), background: .rgb(0, 90, 200), attributes: [.bold])
        #expect(ColorDepth.monochrome.map(focus) == CellStyle(attributes: [.bold, .reverse]))
        let selection = CellStyle(background: .indexed(240))
        #expect(ColorDepth.monochrome.map(selection) == CellStyle(attributes: [.reverse]))
    }

    @Test("monochrome leaves panel surfaces and plain text alone")
    func monochromeSurface() {
        let darkSurface = CellStyle(foreground: .rgb(220, 220, 220), background: .rgb(24, 24, 28))
        #expect(ColorDepth.monochrome.map(darkSurface) == .plain)
        let lightSurface = CellStyle(background: .rgb(250, 250, 250), attributes: [.dim])
        #expect(ColorDepth.monochrome.map(lightSurface) == CellStyle(attributes: [.dim]))
        #expect(ColorDepth.monochrome.map(CellStyle(foreground: .rgb(255, 0, 0), attributes: [.underline]))
            == CellStyle(attributes: [.underline]))
        // Already reversed stays reversed.
        #expect(ColorDepth.monochrome.map(CellStyle(attributes: [.reverse])) == CellStyle(attributes: [.reverse]))
    }
}
