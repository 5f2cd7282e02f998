/// Display width of text in terminal cells, per Unicode (East Asian Width, emoji presentation).
///
/// Widths are per grapheme cluster (a Swift `Character`), because that is what a canvas cell
/// holds. The rules, in order:
///
/// - Control characters are 0 cells (they must be removed by ``TextSanitizer`` anyway).
/// - A cluster that is only combining or invisible scalars (a lone U+0301, ZWJ, a variation
///   selector, a default-ignorable format character) is 0 cells.
/// - Emoji sequences are 2 cells: a regional-indicator pair (a flag), a keycap sequence
///   (`1️⃣`), an emoji ZWJ sequence, an emoji modifier sequence (skin tones never add), and a
///   text-default emoji followed by VS16 (U+FE0F). VS15 (U+FE0E) keeps a text-default
///   character at 1 cell; it does not narrow an East Asian Wide base, because terminals
///   and the C library's `wcwidth` still give such a base two columns.
/// - Otherwise the base (the first visible scalar) decides: East Asian Wide or Fullwidth is
///   2 cells, anything else 1, and each spacing mark (e.g. Devanagari "ि") after it adds one
///   cell, as terminals advance the cursor for it; the total is capped at 2.
///
/// The tables come from ``UnicodeWidthTables`` (see its header for the Unicode version).
///
/// ```swift
/// TextWidth.width(of: "日本語")            // 6
/// TextWidth.truncate("日本語テキスト", toWidth: 6) // "日本…"
/// TextWidth.wrap("hello wide world", toWidth: 10) // ["hello wide", "world"]
/// ```
public enum TextWidth {
    /// The classification of one Unicode scalar, before cluster rules are applied.
    @usableFromInline
    enum ScalarClass: UInt8 {
        case control, zero, spacingMark, narrow, wide
    }

    /// The Unicode version of the width tables.
    public static var unicodeVersion: String { UnicodeWidthTables.unicodeVersion }

    // MARK: - Width

    /// The number of cells a grapheme cluster occupies: 0, 1 or 2.
    @inlinable
    public static func width(of character: Character) -> Int {
        // The renderer calls this for every cell, and nearly every cell is printable ASCII:
        // answer that from the UTF-8 bytes without touching the scalar tables. Inlinable so
        // this check costs about a nanosecond in the caller instead of a call into String's
        // non-inlined paths (measured: ~13 ns per character when not inlined, ~1.5 ns inlined).
        let bytes = character.utf8
        if let first = bytes.first, first < 0x80, bytes.count == 1 {
            return first >= 0x20 && first != 0x7F ? 1 : 0
        }
        return clusterWidth(character.unicodeScalars)
    }

    /// The number of cells one Unicode scalar occupies on its own: 0, 1 or 2.
    ///
    /// Combining marks, spacing marks and invisible format characters are 0 here; inside a
    /// cluster use ``width(of:)-(Character)`` instead, which applies the cluster rules.
    public static func width(of scalar: Unicode.Scalar) -> Int {
        switch scalarClass(scalar.value) {
        case .control, .zero, .spacingMark: return 0
        case .narrow: return 1
        case .wide: return 2
        }
    }

    /// The number of cells a string occupies.
    @inlinable
    public static func width<S: StringProtocol>(of string: S) -> Int {
        // All-printable-ASCII strings (labels, numbers) are one cell per byte; checking the
        // bytes is much cheaper than breaking the string into grapheme clusters.
        var count = 0
        var allASCII = true
        for byte in string.utf8 {
            if byte < 0x20 || byte >= 0x7F {
                allASCII = false
                break
            }
            count += 1
        }
        if allASCII { return count }
        var total = 0
        for character in string { total += width(of: character) }
        return total
    }

    /// The width of a cluster of more than one scalar, or of one non-ASCII scalar.
    @usableFromInline
    static func clusterWidth(_ scalars: Character.UnicodeScalarView) -> Int {
        var base: UInt32 = 0
        var width = 0
        var haveBase = false
        for scalar in scalars {
            let v = scalar.value
            if !haveBase {
                switch scalarClass(v) {
                case .control:
                    // "\r\n" is one Character; a control never draws.
                    return 0
                case .zero, .spacingMark:
                    // A prepended format character, or marks with no base at all.
                    continue
                case .narrow:
                    width = 1
                case .wide:
                    width = 2
                }
                base = v
                haveBase = true
                continue
            }
            // Emoji rules: any of these makes the whole cluster one two-cell emoji.
            switch v {
            case 0xFE0F:
                if width == 2 || contains(UnicodeWidthTables.emojiVariationNarrow, base) { return 2 }
                continue
            case 0x20E3:
                if isKeycapBase(base) { return 2 }
            case 0x200D:
                if contains(UnicodeWidthTables.extendedPictographic, base) { return 2 }
                continue
            case 0x1F3FB...0x1F3FF:
                // Skin-tone modifiers never add width; after a pictograph they request
                // the emoji (two-cell) presentation.
                if contains(UnicodeWidthTables.extendedPictographic, base) { return 2 }
                continue
            case 0x1F1E6...0x1F1FF:
                if isRegionalIndicator(base) { return 2 }
                continue
            default:
                break
            }
            switch scalarClass(v) {
            case .control, .zero:
                break
            case .spacingMark, .narrow:
                width += 1
            case .wide:
                width += 2
            }
        }
        return min(width, 2)
    }

    @inline(__always)
    static func isRegionalIndicator(_ v: UInt32) -> Bool { v >= 0x1F1E6 && v <= 0x1F1FF }

    @inline(__always)
    static func isKeycapBase(_ v: UInt32) -> Bool {
        (v >= 0x30 && v <= 0x39) || v == 0x23 || v == 0x2A
    }

    /// The class of one scalar: control, zero width, spacing mark, narrow or wide.
    @inline(__always)
    static func scalarClass(_ v: UInt32) -> ScalarClass {
        if v < 0x7F { return v >= 0x20 ? .narrow : .control }
        if v < 0xA0 { return .control }
        // Latin-1 and the Latin extensions up to the combining diacritics are all narrow;
        // U+00AD (soft hyphen) is narrow too, as terminals show it.
        if v < 0x300 { return .narrow }
        return tableClass(v)
    }

    /// Binary search of the generated kind table; absent means narrow.
    static func tableClass(_ v: UInt32) -> ScalarClass {
        guard let entry = UnicodeWidthTables.kinds.withUnsafeBufferPointer({ range(in: $0, containing: v) }) else {
            return .narrow
        }
        switch UInt8(truncatingIfNeeded: entry) {
        case UnicodeWidthTables.kindZero: return .zero
        case UnicodeWidthTables.kindSpacingMark: return .spacingMark
        default: return .wide
        }
    }

    /// True when `v` lies in one of the packed ranges of `table`.
    static func contains(_ table: [UInt64], _ v: UInt32) -> Bool {
        table.withUnsafeBufferPointer { range(in: $0, containing: v) } != nil
    }

    /// The packed range (first in the top 32 bits, last in the next 24, a tag in the low 8)
    /// that holds `v`, by binary search over ranges sorted by their first scalar.
    @inline(__always)
    static func range(in table: UnsafeBufferPointer<UInt64>, containing v: UInt32) -> UInt64? {
        let key = UInt64(v)
        var lo = 0
        var hi = table.count - 1
        while lo <= hi {
            let mid = (lo &+ hi) >> 1
            let entry = table[mid]
            if key < entry >> 32 {
                hi = mid - 1
            } else if key > (entry >> 8) & 0xFF_FFFF {
                lo = mid + 1
            } else {
                return entry
            }
        }
        return nil
    }

    // MARK: - Truncation

    /// The longest prefix of `string` that fits in `width` cells, ending in "…" when cut.
    ///
    /// Never splits a grapheme cluster. When the text is cut and `ellipsis` is true, the
    /// result ends in "…" (one cell); a wide character that would straddle the ellipsis is
    /// dropped, so the result can be one cell narrower than `width`. Spaces just before the
    /// ellipsis are dropped too ("hello…", not "hello …").
    ///
    /// ```swift
    /// TextWidth.truncate("日本語", toWidth: 4)  // "日…" (width 3: "本" would not fit)
    /// TextWidth.truncate("hello", toWidth: 10) // "hello"
    /// ```
    public static func truncate(_ string: String, toWidth width: Int, ellipsis: Bool = true) -> String {
        guard width > 0 else { return "" }
        let budget = ellipsis ? width - 1 : width
        var used = 0
        // The end of the longest prefix that fits in `budget`, i.e. with room for "…".
        var cut = string.startIndex
        var index = string.startIndex
        while index < string.endIndex {
            let next = string.index(after: index)
            used += self.width(of: string[index])
            if used > width {
                var prefix = string[..<cut]
                if ellipsis {
                    while prefix.last == " " { prefix.removeLast() }
                    return String(prefix) + "…"
                }
                return String(prefix)
            }
            if used <= budget { cut = next }
            index = next
        }
        return string
    }

    // MARK: - Wrapping

    /// Lines of at most `width` cells: breaks at spaces where it can, between wide characters
    /// where it must, and inside a word only when the word alone is wider than a line.
    ///
    /// "\n" always starts a new line. At a break the spaces are dropped (trailing spaces are
    /// trimmed from the line, leading ones from the next). CJK text has no spaces, so the
    /// boundary before or after any wide character is a legal break. Grapheme clusters are
    /// never split. A character wider than `width` itself (a wide glyph with `width == 1`)
    /// can never be shown and is left out. Returns `[]` when `width <= 0`.
    ///
    /// ```swift
    /// TextWidth.wrap("the quick brown fox", toWidth: 10) // ["the quick", "brown fox"]
    /// TextWidth.wrap("日本語のテキスト", toWidth: 6)       // ["日本語", "のテキ", "スト"]
    /// ```
    public static func wrap(_ string: String, toWidth width: Int) -> [String] {
        guard width > 0 else { return [] }
        var lines: [String] = []
        var line: [Character] = []
        var widths: [Int] = []
        var used = 0
        // `line[..<breakAt]` may end a line: the last soft break opportunity seen.
        var breakAt: Int? = nil
        // After a soft break at spaces, further spaces belong to the break, not the next line.
        var skippingSpaces = false

        func emit<C: Collection<Character>>(_ characters: C) {
            var text = String(characters)
            while text.last == " " { text.removeLast() }
            lines.append(text)
        }
        func reset() {
            line.removeAll(keepingCapacity: true)
            widths.removeAll(keepingCapacity: true)
            used = 0
            breakAt = nil
        }

        for character in string {
            if character == "\n" || character == "\r\n" {
                lines.append(String(line))
                reset()
                skippingSpaces = false
                continue
            }
            if character == " " {
                if skippingSpaces { continue }
                if used + 1 > width {
                    // The space itself is the break; a line of only spaces is not worth a line.
                    if line.contains(where: { $0 != " " }) { emit(line) }
                    reset()
                    skippingSpaces = true
                    continue
                }
                line.append(character)
                widths.append(1)
                used += 1
                breakAt = line.count
                continue
            }
            let w = self.width(of: character)
            if w > width { continue }
            if w == 2 && !line.isEmpty { breakAt = line.count }
            if used + w > width {
                if let cut = breakAt, cut > 0 {
                    emit(line[..<cut])
                    var rest = Array(line[cut...])
                    var restWidths = Array(widths[cut...])
                    while rest.first == " " {
                        rest.removeFirst()
                        restWidths.removeFirst()
                    }
                    line = rest
                    widths = restWidths
                    used = restWidths.reduce(0, +)
                    breakAt = nil
                }
                if used + w > width {
                    // No break opportunity left: the word is longer than a line.
                    emit(line)
                    reset()
                }
            }
            line.append(character)
            widths.append(w)
            used += w
            if w == 2 { breakAt = line.count }
            if w > 0 { skippingSpaces = false }
        }
        if !(line.isEmpty && skippingSpaces) {
            lines.append(String(line))
        }
        return lines
    }
}
