import Testing
import WidgetDash

/// Cell widths of characters and strings, truncation and wrapping.
@Suite("TextWidth")
struct TextWidthTests {
    /// The width of a single grapheme cluster, spelled as a Character to pick that overload.
    private func w(_ c: Character) -> Int { TextWidth.width(of: c) }

    // MARK: - Characters

    @Test func asciiIsOneCellAndControlsAreZero() {
        #expect(w("a") == 1)
        #expect(w(" ") == 1)
        #expect(w("~") == 1)
        #expect(w("\u{07}") == 0)
        #expect(w("\u{1B}") == 0)
        #expect(w("\u{7F}") == 0)
        #expect(w("\u{9B}") == 0)
        #expect(w("\r\n") == 0)
        #expect(TextWidth.width(of: "hello, world") == 12)
        #expect(TextWidth.width(of: "") == 0)
    }

    @Test func japaneseChineseKorean() {
        #expect(TextWidth.width(of: "日本語") == 6)
        #expect(TextWidth.width(of: "ひらがなカタカナ") == 16)
        #expect(TextWidth.width(of: "中文字符") == 8)
        #expect(TextWidth.width(of: "한국어") == 6)
        // Conjoining jamo (L V T) form one syllable cluster of two cells.
        #expect(w("\u{1112}\u{1161}\u{11AB}") == 2)
        // A mix of narrow and wide.
        #expect(TextWidth.width(of: "abc日本") == 7)
        // Half-width katakana is narrow.
        #expect(TextWidth.width(of: "ｶﾀｶﾅ") == 4)
    }

    @Test func fullwidthForms() {
        #expect(TextWidth.width(of: "ＡＢＣ") == 6)
        #expect(w("！") == 2)
        #expect(w("\u{3000}") == 2)  // ideographic space
    }

    @Test func emoji() {
        #expect(w("😀") == 2)
        #expect(w("❤") == 1)                   // text presentation by default
        #expect(w("❤\u{FE0F}") == 2)           // VS16 asks for emoji presentation
        #expect(w("☺\u{FE0E}") == 1)           // VS15 keeps text presentation
        #expect(w("👨‍👩‍👧") == 2)                  // ZWJ family
        #expect(w("🏳️‍🌈") == 2)                 // ZWJ with a text-default base and VS16
        #expect(w("🇯🇵") == 2)                  // regional-indicator pair
        #expect(w("👍🏽") == 2)                  // skin tone does not add
        #expect(w("1️⃣") == 2)                  // keycap
        #expect(w("#\u{20E3}") == 2)           // keycap without VS16
        #expect(w("🏴󠁧󠁢󠁳󠁣󠁴󠁿") == 2)                  // tag sequence (Scotland)
        #expect(TextWidth.width(of: "ok 👍🏽🇯🇵") == 7)
    }

    @Test func combiningMarksAndZeroWidth() {
        #expect(w("e\u{301}") == 1)
        #expect(TextWidth.width(of: "e\u{301}e\u{301}e\u{301}") == 3)
        #expect(TextWidth.width(of: "Ame\u{301}lie\u{308}") == 6)
        #expect(w("a\u{301}\u{302}\u{303}\u{304}") == 1)  // stacked marks
        #expect(w("\u{301}") == 0)             // a mark alone
        #expect(w("\u{200D}") == 0)            // ZWJ alone
        #expect(w("\u{200B}") == 0)            // zero width space
        #expect(w("\u{FE0F}") == 0)            // variation selector alone
        #expect(w("\u{2060}") == 0)            // word joiner
        #expect(w("\u{FEFF}") == 0)            // BOM / ZWNBSP
        #expect(w("日\u{301}") == 2)           // a mark on a wide base keeps it wide
    }

    @Test func thaiAndDevanagari() {
        #expect(TextWidth.width(of: "ที่") == 1)       // base + two non-spacing marks
        #expect(TextWidth.width(of: "ภาษาไทย") == 7)
        #expect(TextWidth.width(of: "नमस्ते") == 4)    // न म स्ते: the virama and e-sign are non-spacing
        // A spacing vowel sign (Mc) takes its own column on terminals.
        #expect(w("कि") == 2)
    }

    @Test func everyEmojiPresentationScalarIsWide() {
        // Cross-check the generated tables against the standard library's emoji data.
        var checked = 0
        for v in UInt32(0x2000)...0x1FFFF {
            guard let scalar = Unicode.Scalar(v), scalar.properties.isEmojiPresentation else { continue }
            // Regional indicators are Emoji_Presentation but a lone one is a narrow letter.
            if (0x1F1E6...0x1F1FF).contains(v) { continue }
            #expect(TextWidth.width(of: scalar) == 2, "U+\(String(v, radix: 16))")
            checked += 1
        }
        #expect(checked > 1000)
        #expect(!TextWidth.unicodeVersion.isEmpty)
    }

    @Test func everyCombiningScalarIsZeroAlone() {
        for v in UInt32(0x300)...0x2FFFF {
            guard let scalar = Unicode.Scalar(v) else { continue }
            let category = scalar.properties.generalCategory
            if category == .nonspacingMark || category == .enclosingMark {
                #expect(TextWidth.width(of: scalar) == 0, "U+\(String(v, radix: 16))")
            }
        }
    }

    // MARK: - Truncation

    @Test func truncateFitsUnchanged() {
        #expect(TextWidth.truncate("hello", toWidth: 5) == "hello")
        #expect(TextWidth.truncate("日本語", toWidth: 6) == "日本語")
        #expect(TextWidth.truncate("", toWidth: 3) == "")
        #expect(TextWidth.truncate("hello", toWidth: 0) == "")
    }

    @Test func truncateEndsInEllipsis() {
        #expect(TextWidth.truncate("hello world", toWidth: 8) == "hello w…")
        #expect(TextWidth.truncate("hello world", toWidth: 7) == "hello…")  // no space before …
        #expect(TextWidth.truncate("hello", toWidth: 1) == "…")
        #expect(TextWidth.truncate("hello", toWidth: 3, ellipsis: false) == "hel")
    }

    @Test(arguments: 1...12)
    func truncateMixedCJKNeverHalfAGlyph(width: Int) {
        let text = "ab日本語のcd テキスト"
        let result = TextWidth.truncate(text, toWidth: width)
        let resultWidth = TextWidth.width(of: result)
        #expect(resultWidth <= width)
        #expect(result.hasSuffix("…"))
        // At most one cell is lost, to a wide glyph that did not fit before the ellipsis.
        #expect(resultWidth >= width - 1)
        // The kept text is a prefix made of whole characters.
        #expect(text.hasPrefix(String(result.dropLast())))
    }

    @Test func truncateOddWidthDropsTheWideGlyph() {
        #expect(TextWidth.truncate("日本語", toWidth: 5) == "日本…")
        #expect(TextWidth.truncate("日本語", toWidth: 4) == "日…")
        #expect(TextWidth.truncate("日本語", toWidth: 2) == "…")
        #expect(TextWidth.truncate("日本語", toWidth: 3, ellipsis: false) == "日")
    }

    @Test func truncateKeepsClustersWhole() {
        let text = "e\u{301}👨‍👩‍👧🇯🇵x"
        #expect(TextWidth.truncate(text, toWidth: 4) == "e\u{301}👨‍👩‍👧…")
        #expect(TextWidth.truncate(text, toWidth: 3) == "e\u{301}…")
    }

    // MARK: - Wrapping

    @Test func wrapEnglishAtSpaces() {
        #expect(TextWidth.wrap("the quick brown fox jumps", toWidth: 10) == ["the quick", "brown fox", "jumps"])
        #expect(TextWidth.wrap("hello world", toWidth: 11) == ["hello world"])
        #expect(TextWidth.wrap("hello world", toWidth: 5) == ["hello", "world"])
        // Several spaces at a break are all dropped.
        #expect(TextWidth.wrap("hello     world", toWidth: 7) == ["hello", "world"])
        // Trailing spaces that overflow do not make an empty line.
        #expect(TextWidth.wrap("hello     ", toWidth: 5) == ["hello"])
    }

    @Test func wrapHonoursNewlines() {
        #expect(TextWidth.wrap("one\ntwo three", toWidth: 5) == ["one", "two", "three"])
        #expect(TextWidth.wrap("a\n\nb", toWidth: 5) == ["a", "", "b"])
        #expect(TextWidth.wrap("a\r\nb", toWidth: 5) == ["a", "b"])
        #expect(TextWidth.wrap("", toWidth: 5) == [""])
        #expect(TextWidth.wrap("abc", toWidth: 0) == [])
    }

    @Test func wrapCJKBetweenCharacters() {
        #expect(TextWidth.wrap("日本語のテキスト", toWidth: 6) == ["日本語", "のテキ", "スト"])
        // An odd width leaves one cell empty rather than splitting a glyph.
        #expect(TextWidth.wrap("日本語のテキスト", toWidth: 5) == ["日本", "語の", "テキ", "スト"])
    }

    @Test func wrapHardBreaksALongWord() {
        #expect(TextWidth.wrap("abcdefghij", toWidth: 4) == ["abcd", "efgh", "ij"])
        #expect(TextWidth.wrap("go supercalifragilistic now", toWidth: 8) == ["go", "supercal", "ifragili", "stic now"])
    }

    @Test func wrapMixed() {
        #expect(TextWidth.wrap("Tokyo 東京は大きい city", toWidth: 8) == ["Tokyo 東", "京は大き", "い city"])
        #expect(TextWidth.wrap("abc日本", toWidth: 4) == ["abc", "日本"])
    }

    @Test func wrapNeverSplitsClustersAndFitsWidth() {
        let text = "e\u{301}e\u{301} 👨‍👩‍👧👨‍👩‍👧 🇯🇵🇯🇵 ที่ที่ 日本語 keycap1️⃣"
        for width in 1...12 {
            let lines = TextWidth.wrap(text, toWidth: width)
            for line in lines {
                #expect(TextWidth.width(of: line) <= width, "width \(width): \(line)")
            }
            // Nothing is lost except spaces (and, at width 1, glyphs too wide for any line).
            let kept = lines.joined().filter { $0 != " " }
            if width >= 2 {
                #expect(kept == text.filter { $0 != " " }, "width \(width)")
            }
        }
    }

    @Test func wrapDropsAGlyphWiderThanTheLine() {
        #expect(TextWidth.wrap("a日b", toWidth: 1) == ["a", "b"])
    }
}
