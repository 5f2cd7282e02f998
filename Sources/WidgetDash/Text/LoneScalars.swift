/// Strings read a scalar at a time where each scalar is a grapheme cluster of its own.
///
/// Breaking a string into `Character`s asks the grapheme-break tables at every scalar past
/// U+02FF (an arrow, a box-drawing line, "…", "·", a sparkline's blocks): a few hundred
/// instructions a character, for texts and titles drawn every frame. When no scalar of a string
/// can join a neighbour, its Characters are exactly its scalars, and the tables are not needed.
extension TextWidth {
    /// True for a scalar that is a cluster of its own whatever surrounds it: printable, and of
    /// grapheme break property Other (no mark, joiner, selector, prepended or control character,
    /// jamo or regional indicator), so UAX #29 breaks on both sides of it (GB999; the emoji
    /// sequences of GB11 need a joiner, which is none of these). Unicode 14 has no mark, format
    /// or control character in these ranges (a test checks every one against `Character`).
    @inline(__always)
    static func standsAlone(_ v: UInt32) -> Bool {
        switch v {
        case 0x20...0x7E, 0xA0...0xAC, 0xAE...0x2FF: true
        case 0x2010...0x2027, 0x2030...0x205E, 0x2070...0x20CF, 0x2100...0x2BFF: true
        default: false
        }
    }

    /// True when every scalar of `string` stands alone (``standsAlone(_:)``) or, with
    /// `newlines`, is a line feed (a cluster of its own too): its Characters are its scalars.
    static func scalarsStandAlone<S: StringProtocol>(_ string: S, newlines: Bool = false) -> Bool {
        for scalar in string.unicodeScalars where !(standsAlone(scalar.value) || (newlines && scalar.value == 0x0A)) {
            return false
        }
        return true
    }
}

extension GraphemeStorage {
    /// The cluster of one scalar: its UTF-8 bytes, as ``init(_:)-(String)`` packs them.
    init(_ scalar: Unicode.Scalar) {
        let v = UInt64(scalar.value)
        let raw: UInt64
        switch v {
        case ..<0x80:
            raw = v
        case ..<0x800:
            raw = (0xC0 | v >> 6) | (0x80 | v & 0x3F) << 8
        case ..<0x10000:
            raw = (0xE0 | v >> 12) | (0x80 | v >> 6 & 0x3F) << 8 | (0x80 | v & 0x3F) << 16
        default:
            raw = (0xF0 | v >> 18) | (0x80 | v >> 12 & 0x3F) << 8 | (0x80 | v >> 6 & 0x3F) << 16 | (0x80 | v & 0x3F) << 24
        }
        self.init(packed: raw)
    }
}
