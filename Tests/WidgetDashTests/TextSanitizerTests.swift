import Testing
import WidgetDash

/// Untrusted text loses every escape sequence and shows its control characters harmlessly.
@Suite("TextSanitizer")
struct TextSanitizerTests {
    private func clean(_ s: String) -> String { TextSanitizer.sanitize(s) }

    /// Nothing that reaches a terminal may be a control character or ESC.
    private func expectInert(_ s: String, sourceLocation: SourceLocation = #_sourceLocation) {
        for scalar in s.unicodeScalars {
            let v = scalar.value
            let isControl = v < 0x20 && v != 0x0A || (0x7F...0x9F).contains(v)
            #expect(!isControl, "control U+\(String(v, radix: 16)) left in \(s.debugDescription)",
                    sourceLocation: sourceLocation)
        }
    }

    @Test func normalTextPassesUnchanged() {
        let samples = [
            "hello, world", "日本語のテキスト", "한국어", "😀 👨‍👩‍👧 🇯🇵 👍🏽 1️⃣ ❤️",
            "e\u{301}", "ภาษาไทย", "नमस्ते", "line one\nline two", "", "price: 5 € — ok…",
        ]
        for s in samples {
            #expect(clean(s) == s)
        }
    }

    @Test func csiCursorMovesAreRemoved() {
        #expect(clean("a\u{1B}[2J\u{1B}[H\u{1B}[10;20Hb") == "ab")
        #expect(clean("\u{1B}[1;31mred\u{1B}[0m") == "red")
        #expect(clean("up\u{1B}[3Aleft\u{1B}[5D") == "upleft")
        #expect(clean("\u{1B}[?1049h\u{1B}[?25l") == "")  // alternate screen, hide cursor
        #expect(clean("x\u{1B}[38;2;255;0;0my") == "xy")
    }

    @Test func oscTitleWithBellAndStringTerminator() {
        #expect(clean("\u{1B}]0;pwned\u{07}ok") == "ok")
        #expect(clean("\u{1B}]2;pwned\u{1B}\\ok") == "ok")
        #expect(clean("\u{1B}]8;;https://example.com\u{1B}\\link\u{1B}]8;;\u{1B}\\") == "link")
        #expect(clean("\u{9D}0;pwned\u{9C}ok") == "ok")  // 8-bit OSC and ST
        // Unterminated: swallowed to the end, as a terminal would.
        #expect(clean("before\u{1B}]0;never ends") == "before")
    }

    @Test func dcsAndOtherStringsAreRemoved() {
        #expect(clean("a\u{1B}P1$r0m\u{1B}\\b") == "ab")   // DCS
        #expect(clean("a\u{1B}_Gf=100;AAAA\u{1B}\\b") == "ab")  // APC (kitty graphics)
        #expect(clean("a\u{1B}^pm\u{1B}\\b") == "ab")      // PM
        #expect(clean("a\u{1B}Xsos\u{1B}\\b") == "ab")     // SOS
        #expect(clean("a\u{90}dcs\u{9C}b") == "ab")        // 8-bit DCS
    }

    @Test func twoCharacterAndBareEscapes() {
        #expect(clean("a\u{1B}cb") == "ab")        // RIS, full reset
        #expect(clean("a\u{1B}7b\u{1B}8") == "ab") // save/restore cursor
        #expect(clean("a\u{1B}(0b") == "ab")       // line-drawing charset
        #expect(clean("a\u{1B}#8b") == "ab")       // DECALN: fill the screen with E
        #expect(clean("a\u{1B}") == "a")           // bare ESC at the end
        #expect(clean("a\u{1B}\u{1B}[Hb") == "ab") // ESC ESC [
        #expect(clean("a\u{1B}日本") == "a日本")    // bare ESC before text
    }

    @Test func c1ControlsAreRemovedOrReplaced() {
        #expect(clean("a\u{9B}2Jb") == "ab")        // 8-bit CSI
        #expect(clean("a\u{9B}31mb") == "ab")
        #expect(clean("a\u{85}b") == "a\u{FFFD}b")  // NEL
        #expect(clean("a\u{8D}b") == "a\u{FFFD}b")  // reverse index
        #expect(clean("a\u{9C}b") == "ab")          // stray ST
    }

    @Test func c0ControlsBecomeVisible() {
        #expect(clean("ding\u{07}") == "ding␇")
        #expect(clean("abc\u{08}\u{08}x") == "abc␈␈x")
        #expect(clean("over\rwrite") == "over␍write")
        #expect(clean("nul\u{0}") == "nul␀")
        #expect(clean("del\u{7F}") == "del␡")
        #expect(clean("a\tb") == "a b")
        #expect(clean("a\u{0C}b") == "a␌b")         // form feed
        #expect(clean("one\r\ntwo") == "one\ntwo")  // CRLF is a line ending
    }

    @Test func newlinesKeptOrFlattened() {
        #expect(TextSanitizer.sanitize("a\nb") == "a\nb")
        #expect(TextSanitizer.sanitize("a\nb", keepNewlines: false) == "a b")
        #expect(TextSanitizer.sanitize("a\r\nb", keepNewlines: false) == "a b")
        #expect(TextSanitizer.sanitize("a\u{2028}b", keepNewlines: false) == "a b")
    }

    @Test func bidiOverridesAreRemoved() {
        #expect(clean("abc\u{202E}fed") == "abcfed")
        #expect(clean("\u{202A}\u{202B}\u{202C}\u{202D}x") == "x")
        #expect(clean("\u{2066}\u{2067}\u{2068}y\u{2069}") == "y")
        #expect(clean("file\u{202E}gnp.exe") == "filegnp.exe")
    }

    @Test func invalidUTF8BecomesReplacementCharacters() {
        #expect(TextSanitizer.sanitize(bytes: [0x61, 0xFF, 0x62]) == "a\u{FFFD}b")
        #expect(TextSanitizer.sanitize(bytes: [0x61, 0xC3]) == "a\u{FFFD}")       // truncated
        #expect(TextSanitizer.sanitize(bytes: [0xC0, 0xAF]) == "\u{FFFD}\u{FFFD}") // overlong "/"
        // A raw 8-bit CSI byte is not UTF-8, so it cannot act as CSI either.
        #expect(TextSanitizer.sanitize(bytes: [0x9B, 0x32, 0x4A]) == "\u{FFFD}2J")
        #expect(TextSanitizer.sanitize(bytes: Array("日本 😀".utf8)) == "日本 😀")
        #expect(TextSanitizer.sanitize(bytes: Array("\u{1B}[2Jx".utf8)) == "x")
    }

    @Test func hostileSamplesLeaveNoControls() {
        let hostile = [
            "\u{1B}[2J\u{1B}[H\u{1B}]0;owned\u{07}\u{07}\u{1B}c",
            "\u{9B}6n\u{9D}52;c;AAAA\u{07}",
            "\u{1B}[", "\u{1B}]", "\u{1B}P", "\u{9B}", "\u{1B}[1;\u{7}2H",
            "a\u{1B}[31\u{1B}]0;x\u{1B}\\b\u{0}\u{1F}\u{7F}\u{80}\u{9F}",
        ]
        for s in hostile {
            expectInert(clean(s))
            expectInert(TextSanitizer.sanitize(s, keepNewlines: false))
        }
        // Every single scalar in the control ranges on its own, between text.
        for v in Array(UInt32(0)..<0x20) + Array(UInt32(0x7F)...0x9F) {
            guard let scalar = Unicode.Scalar(v) else { continue }
            expectInert(clean("a\(Character(scalar))b"))
        }
    }
}
