import Testing
import WidgetDash

/// Wide glyphs on the cell canvas: clipping, overwriting and copying never leave half a glyph.
@Suite("Canvas")
struct CanvasTests {
    private let sentinel = Cell(text: "·")

    /// Every row spans exactly the canvas's columns: continuations follow wide leads, and only them.
    private func expectWellFormed(_ canvas: Canvas, sourceLocation: SourceLocation = #_sourceLocation) {
        for y in 0..<canvas.height {
            var x = 0
            while x < canvas.width {
                let cell = canvas[x, y]
                #expect(!cell.isContinuation, "orphan continuation at (\(x), \(y))", sourceLocation: sourceLocation)
                if cell.width == 2 {
                    #expect(x + 1 < canvas.width, "wide glyph in last column", sourceLocation: sourceLocation)
                    if x + 1 < canvas.width {
                        #expect(canvas[x + 1, y].isContinuation, "wide glyph without continuation at (\(x), \(y))",
                                sourceLocation: sourceLocation)
                    }
                    x += 2
                } else {
                    x += 1
                }
            }
        }
    }

    @Test func linesShowWideGlyphsOnce() {
        var canvas = Canvas(width: 6, height: 2)
        canvas.write("a日b", x: 0, y: 0, style: .plain)
        canvas.write("😀e\u{301}", x: 1, y: 1, style: .plain)
        #expect(canvas.lines == ["a日b  ", " 😀é  "])
        #expect(canvas[1, 0].width == 2)
        #expect(canvas[2, 0].isContinuation)
        expectWellFormed(canvas)
    }

    @Test func cjkAtTheRightEdgeLeavesABlank() {
        var canvas = Canvas(width: 5, height: 1, fill: sentinel)
        let used = canvas.write("日本語", x: 0, y: 0, style: .plain)
        #expect(canvas.lines == ["日本 "])
        #expect(used == 6)
        expectWellFormed(canvas)
    }

    @Test func cjkAtARightClipEdgeLeavesABlank() {
        var canvas = Canvas(width: 8, height: 1, fill: sentinel)
        canvas.withClip(CellRect(x: 0, y: 0, width: 5, height: 1)) { c in
            _ = c.write("日本語", x: 0, y: 0, style: .plain)
        }
        #expect(canvas.lines == ["日本 ···"])
        expectWellFormed(canvas)
    }

    @Test func overwritingHalfAWideGlyphBlanksTheOtherHalf() {
        var canvas = Canvas(width: 6, height: 1)
        canvas.write("日本語", x: 0, y: 0, style: .plain)
        canvas.write("x", x: 1, y: 0, style: .plain)   // right half of 日
        #expect(canvas.lines == [" x本語"])
        canvas.write("y", x: 2, y: 0, style: .plain)   // left half of 本
        #expect(canvas.lines == [" xy 語"])
        canvas.write("中", x: 3, y: 0, style: .plain)  // straddles the halves of 本 and 語
        #expect(canvas.lines == [" xy中 "])
        expectWellFormed(canvas)
    }

    @Test func rewritingAWideGlyphInPlaceKeepsIt() {
        // A redraw writes the same glyphs over themselves every frame.
        var canvas = Canvas(width: 4, height: 1)
        canvas.write("日本", x: 0, y: 0, style: .plain)
        canvas.write("日本", x: 0, y: 0, style: .plain)
        #expect(canvas.lines == ["日本"])
        canvas.write("語", x: 0, y: 0, style: .plain)
        #expect(canvas.lines == ["語本"])
        expectWellFormed(canvas)
    }

    @Test func wideGlyphCutByTheLeftClipEdge() {
        var canvas = Canvas(width: 6, height: 1, fill: sentinel)
        canvas.withClip(CellRect(x: 2, y: 0, width: 4, height: 1)) { c in
            _ = c.write("日本語", x: 1, y: 0, style: .plain)
        }
        #expect(canvas.lines == ["·· 本 "])
        expectWellFormed(canvas)
    }

    @Test func drawClipsWideGlyphs() {
        var source = Canvas(width: 6, height: 1)
        source.write("日本語", x: 0, y: 0, style: .plain)

        // Right edge: 語 would straddle the destination's edge.
        var right = Canvas(width: 5, height: 1, fill: sentinel)
        right.draw(source, at: CellPoint(x: 0, y: 0))
        #expect(right.lines == ["日本 "])
        expectWellFormed(right)

        // Left edge: the source starts one column off-canvas, so 日 loses its left half.
        var left = Canvas(width: 5, height: 1, fill: sentinel)
        left.draw(source, at: CellPoint(x: -1, y: 0))
        #expect(left.lines == [" 本語"])
        expectWellFormed(left)

        // A clip inside the destination cuts both ends.
        var clipped = Canvas(width: 8, height: 1, fill: sentinel)
        clipped.withClip(CellRect(x: 2, y: 0, width: 3, height: 1)) { c in
            c.draw(source, at: CellPoint(x: 1, y: 0))
        }
        #expect(clipped.lines == ["·· 本···"])
        expectWellFormed(clipped)
    }

    @Test func drawOverAWideGlyphBlanksItsOtherHalf() {
        var canvas = Canvas(width: 4, height: 1)
        canvas.write("日本", x: 0, y: 0, style: .plain)
        var patch = Canvas(width: 1, height: 1)
        patch.write("x", x: 0, y: 0, style: .plain)
        canvas.draw(patch, at: CellPoint(x: 1, y: 0))
        #expect(canvas.lines == [" x本"])
        expectWellFormed(canvas)
    }

    @Test func nothingIsWrittenOutsideTheClip() {
        var canvas = Canvas(width: 10, height: 3, fill: sentinel)
        let clip = CellRect(x: 2, y: 1, width: 5, height: 1)
        canvas.withClip(clip) { c in
            c.write("日本語テキスト and more", x: 1, y: 1, style: .plain)
            c.write("above", x: 0, y: 0, style: .plain)
            c.write("below", x: 0, y: 2, style: .plain)
            c.fill(CellRect(x: 0, y: 0, width: 10, height: 1), style: .plain)
            var wide = Canvas(width: 10, height: 3)
            wide.write("😀😀😀😀😀", x: 0, y: 0, style: .plain)
            c.draw(wide, at: CellPoint(x: -5, y: -5))
        }
        #expect(canvas.lines == [
            "··········",
            "·· 本語···",
            "··········",
        ])
        for y in 0..<canvas.height {
            for x in 0..<canvas.width where !clip.contains(CellPoint(x: x, y: y)) {
                #expect(canvas[x, y] == sentinel, "cell (\(x), \(y)) written outside the clip")
            }
        }
        expectWellFormed(canvas)
    }

    @Test func clipIsKeptInsideTheCanvas() {
        var canvas = Canvas(width: 4, height: 1)
        canvas.clip = CellRect(x: -3, y: -3, width: 100, height: 100)
        #expect(canvas.clip == canvas.bounds)
        canvas.write("abc日", x: 0, y: 0, style: .plain)
        #expect(canvas.lines == ["abc "])
        canvas.fill(CellRect(x: 0, y: 0, width: 50, height: 50), style: .plain)
        #expect(canvas.lines == ["    "])
        expectWellFormed(canvas)
    }

    @Test func zeroWidthAndControlClustersAreNotDrawn() {
        var canvas = Canvas(width: 4, height: 1)
        // A lone combining mark, BEL, and U+200B (a cluster of its own) take no cells.
        let used = canvas.write("\u{301}a\u{7}b\u{200B}", x: 0, y: 0, style: .plain)
        #expect(canvas.lines == ["ab  "])
        #expect(used == 2)
    }

    @Test("a cell holds every class of grapheme cluster whole, eight-byte flags and skin tones included")
    func clustersRoundTrip() {
        let clusters = ["a", "漢", "e\u{301}", "👨‍👩‍👧‍👦", "👩‍💻", "🧑🏽‍🚀", "🇯🇵", "🇺🇦", "👍🏽", "👋🏿", "❤️", "✈︎", "1️⃣",
                        "🏴󠁧󠁢󠁳󠁣󠁴󠁿", "a\u{308}\u{323}\u{301}\u{302}", "\u{1F3F3}\u{FE0F}\u{200D}\u{1F308}"]
        for text in clusters {
            #expect(Cell(text: text).text == text, "\(text.unicodeScalars.map { String($0.value, radix: 16) })")
        }
        var canvas = Canvas(width: 40, height: 1)
        let row = clusters.joined()
        canvas.write(row, x: 0, y: 0, style: .plain)
        #expect(canvas.line(0).hasPrefix(row))
    }
}

