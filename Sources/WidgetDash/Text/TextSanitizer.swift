/// Makes untrusted text safe to put into canvas cells and so onto the terminal.
///
/// Text from a provider, a command, the store or a config file may carry terminal control:
/// escape sequences that move the cursor, set the window title, clear the screen or switch
/// character sets, bells, backspaces and carriage returns that overwrite what was drawn, and
/// bidi overrides that visually reorder the rest of a line. After sanitising, none of that
/// is left:
///
/// - Escape sequences are removed whole: CSI (`ESC [ … final`), OSC (`ESC ] … BEL|ST`),
///   DCS/SOS/PM/APC strings (`ESC P|X|^|_ … ST`), two-character `ESC x` sequences (with any
///   intermediates), and the 8-bit C1 forms (U+009B CSI, U+009D OSC, U+0090 DCS, …).
///   A string sequence that is never terminated runs to the end of the text, as it would on
///   a terminal. A bare ESC is dropped.
/// - Other controls become visible: tab → a space; "\n" (and "\r\n") → "\n" when
///   `keepNewlines`, else a space; other C0 → its control picture (BEL → "␇"); DEL → "␡";
///   other C1 → "�". U+2028/U+2029 are treated like "\n".
/// - Bidi embeddings, overrides and isolates (U+202A–U+202E, U+2066–U+2069) are removed.
///
/// Text with none of these is returned unchanged (the common case, checked on the bytes).
///
/// ```swift
/// TextSanitizer.sanitize("\u{1B}]0;pwned\u{07}ok\u{1B}[2J") // "ok"
/// TextSanitizer.sanitize("ding\u{07}")                      // "ding␇"
/// ```
public enum TextSanitizer {
    /// Removes escape sequences and replaces control characters in `s` with visible stand-ins.
    public static func sanitize(_ s: String, keepNewlines: Bool = true) -> String {
        if isClean(s, keepNewlines: keepNewlines) { return s }
        return clean(Array(s.unicodeScalars), keepNewlines: keepNewlines)
    }

    /// Decodes `bytes` as UTF-8 (each invalid sequence becomes U+FFFD) and sanitises the result.
    public static func sanitize(bytes: some Sequence<UInt8>, keepNewlines: Bool = true) -> String {
        // `String(decoding:as:)` repairs invalid UTF-8 with U+FFFD; it needs a Collection.
        let decoded = String(decoding: Array(bytes), as: UTF8.self)
        return sanitize(decoded, keepNewlines: keepNewlines)
    }

    /// True when the UTF-8 of `s` has no byte pattern that sanitising would change.
    private static func isClean(_ s: String, keepNewlines: Bool) -> Bool {
        // Over the bytes in place where the string keeps them contiguous (native strings, small
        // ones included): every `Text` is checked, and the UTF-8 view's iterator cost several
        // times as much per byte.
        if let clean = s.utf8.withContiguousStorageIfAvailable({ isClean(bytes: $0, keepNewlines: keepNewlines) }) {
            return clean
        }
        return isClean(bytes: s.utf8, keepNewlines: keepNewlines)
    }

    /// ``isClean(_:keepNewlines:)`` over UTF-8 bytes.
    private static func isClean(bytes: some Sequence<UInt8>, keepNewlines: Bool) -> Bool {
        var previous: UInt8 = 0
        var beforePrevious: UInt8 = 0
        for byte in bytes {
            if byte < 0x20 {
                if !(byte == 0x0A && keepNewlines) { return false }
            } else if byte == 0x7F {
                return false
            } else if previous == 0xC2 && byte >= 0x80 && byte <= 0x9F {
                return false  // C1 control U+0080–U+009F
            } else if beforePrevious == 0xE2 && previous == 0x80 && byte >= 0xA8 && byte <= 0xAE {
                return false  // U+2028–U+202E: line/paragraph separators, bidi embeddings
            } else if beforePrevious == 0xE2 && previous == 0x81 && byte >= 0xA6 && byte <= 0xA9 {
                return false  // U+2066–U+2069: bidi isolates
            }
            beforePrevious = previous
            previous = byte
        }
        return true
    }

    private static func clean(_ scalars: [Unicode.Scalar], keepNewlines: Bool) -> String {
        var out = String.UnicodeScalarView()
        let newline: Unicode.Scalar = keepNewlines ? "\n" : " "
        let count = scalars.count
        var i = 0
        while i < count {
            let v = scalars[i].value
            switch v {
            case 0x1B:
                i = skipEscape(scalars, from: i + 1)
                continue
            case 0x9B:
                i = skipControlSequence(scalars, from: i + 1)
                continue
            case 0x9D:
                i = skipString(scalars, from: i + 1, bellEnds: true)
                continue
            case 0x90, 0x98, 0x9E, 0x9F:
                i = skipString(scalars, from: i + 1, bellEnds: false)
                continue
            case 0x9C:
                break  // a stray string terminator: nothing to show
            case 0x0A, 0x2028, 0x2029:
                out.append(newline)
            case 0x0D:
                if i + 1 < count && scalars[i + 1].value == 0x0A {
                    // CRLF is a line ending, not an overwrite.
                    out.append(newline)
                    i += 1
                } else {
                    out.append("\u{240D}")
                }
            case 0x09:
                out.append(" ")
            case 0x00..<0x20:
                // Control pictures: U+2400 + the C0 code (BEL → ␇). Always a valid scalar.
                out.append(Unicode.Scalar(0x2400 + v) ?? "\u{FFFD}")
            case 0x7F:
                out.append("\u{2421}")
            case 0x80...0x9F:
                out.append("\u{FFFD}")
            case 0x202A...0x202E, 0x2066...0x2069:
                break
            default:
                out.append(scalars[i])
            }
            i += 1
        }
        return String(out)
    }

    /// Skips what follows an ESC at `start`; returns the index of the first scalar after it.
    private static func skipEscape(_ s: [Unicode.Scalar], from start: Int) -> Int {
        guard start < s.count else { return start }
        switch s[start].value {
        case 0x5B:  // [
            return skipControlSequence(s, from: start + 1)
        case 0x5D:  // ]
            return skipString(s, from: start + 1, bellEnds: true)
        case 0x50, 0x58, 0x5E, 0x5F:  // P X ^ _
            return skipString(s, from: start + 1, bellEnds: false)
        case 0x20...0x2F:
            // nF sequences: intermediates, then one final byte (ESC ( B, ESC # 8, …).
            var k = start
            while k < s.count, (0x20...0x2F).contains(s[k].value) { k += 1 }
            if k < s.count, (0x30...0x7E).contains(s[k].value) { k += 1 }
            return k
        case 0x30...0x7E:
            // Two-character sequences: ESC 7, ESC c (full reset), ESC M (reverse index), …
            return start + 1
        default:
            // A bare ESC before text or another control: drop only the ESC.
            return start
        }
    }

    /// Skips a CSI's parameters, intermediates and final byte, starting after the introducer.
    ///
    /// A scalar that cannot be part of a CSI ends it early and is then handled as text, so a
    /// broken sequence never swallows the rest of the line.
    private static func skipControlSequence(_ s: [Unicode.Scalar], from start: Int) -> Int {
        var k = start
        while k < s.count {
            let v = s[k].value
            if v >= 0x20 && v <= 0x3F {
                k += 1
            } else if v >= 0x40 && v <= 0x7E {
                return k + 1
            } else {
                return k
            }
        }
        return k
    }

    /// Skips the body of an OSC/DCS/SOS/PM/APC string through its terminator.
    ///
    /// ST is `ESC \` or U+009C; OSC also ends at BEL (what xterm and every title-setting
    /// script use). An ESC not followed by "\" ends the string and starts a new sequence.
    private static func skipString(_ s: [Unicode.Scalar], from start: Int, bellEnds: Bool) -> Int {
        var k = start
        while k < s.count {
            switch s[k].value {
            case 0x07 where bellEnds, 0x9C:
                return k + 1
            case 0x1B:
                if k + 1 < s.count && s[k + 1].value == 0x5C { return k + 2 }
                return k
            default:
                k += 1
            }
        }
        return k
    }
}
