import Foundation
import Testing
@testable import DashCatalog

/// The catalog's trimming without CoreFoundation answers exactly as Foundation's does.
@Suite struct PlainTextTests {
    @Test func theSetsAreFoundationsOverEveryScalar() {
        for value in UInt32(0)...0x10FFFF {
            guard let scalar = Unicode.Scalar(value) else { continue }
            #expect(PlainText.isWhitespace(scalar) == CharacterSet.whitespaces.contains(scalar), "U+\(String(value, radix: 16))")
            #expect(PlainText.isWhitespaceOrNewline(scalar) == CharacterSet.whitespacesAndNewlines.contains(scalar), "U+\(String(value, radix: 16))")
        }
    }

    @Test func trimmingMatchesFoundation() {
        // Members and non-members at the edges, combining marks beside spaces, emoji, text
        // that is all spaces, and Substrings cut from a longer string.
        let pieces = [" ", "\t", "\n", "\r\n", "\u{85}", "\u{A0}", "\u{200B}", "\u{2028}", "\u{3000}", "\u{301}", "e\u{301}",
                      "x", "🇵🇹", "👩‍👩‍👧", "\u{FEFF}", "\u{180E}", "a b", ""]
        var generator = SystemRandomNumberGenerator()
        var samples = pieces + ["", "   ", " \u{301}x ", "\n\u{2029} eth0 \t"]
        for _ in 0..<3000 {
            samples.append((0..<Int.random(in: 0...6, using: &generator)).map { _ in pieces.randomElement(using: &generator) ?? "" }.joined())
        }
        for text in samples {
            #expect(text.trimmingWhitespace() == text.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
            #expect(text.trimmingWhitespaceAndNewlines() == text.trimmingCharacters(in: .whitespacesAndNewlines), "\(Array(text.unicodeScalars))")
            let cut = ("<" + text + ">").dropFirst().dropLast()
            #expect(cut.trimmingWhitespace() == cut.trimmingCharacters(in: .whitespaces), "\(Array(text.unicodeScalars))")
        }
    }

    /// NetDev and Mounts look for one ASCII character as a `Character`, as Foundation's
    /// `contains` found it: not where a combining mark makes it part of another character.
    @Test func aCharacterSearchAgreesWithFoundationsContains() {
        for text in ["a|b", "a|\u{301}b", "|", "", "\\040", "\\\u{301}040", "x\u{200D}|", "a \u{301}b", "a b"] {
            #expect(text.contains("|" as Character) == text.contains("|"), "\(Array(text.unicodeScalars))")
            #expect(text.contains("\\" as Character) == text.contains("\\"), "\(Array(text.unicodeScalars))")
            #expect(text.contains(" " as Character) == text.contains(" "), "\(Array(text.unicodeScalars))")
        }
    }
}
