/// Foundation's trimming, written over Unicode scalars for the widgets that refresh all day.
///
/// `trimmingCharacters(in:)` and `contains(_:)` on a string go through NSString and
/// CoreFoundation (its string search and the Unicode tables it reads stay resident), and the
/// system, network and disk widgets called them at every refresh. These answer as Foundation
/// does: the same two sets, scalar by scalar, as NSString trims UTF-16 units (every member is in
/// the Basic Multilingual Plane); `PlainTextTests` compares them with Foundation over every
/// scalar. See docs/DECISIONS.md, "What the idle dashboard touches".
enum PlainText {
    /// A member of `CharacterSet.whitespaces`: tab, and the space separators with U+200B.
    static func isWhitespace(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x09, 0x20, 0xA0, 0x1680, 0x2000...0x200B, 0x202F, 0x205F, 0x3000: true
        default: false
        }
    }

    /// A member of `CharacterSet.whitespacesAndNewlines`: the above, U+000A-U+000D, NEL and the
    /// line and paragraph separators.
    static func isWhitespaceOrNewline(_ scalar: Unicode.Scalar) -> Bool {
        switch scalar.value {
        case 0x0A...0x0D, 0x85, 0x2028, 0x2029: true
        default: isWhitespace(scalar)
        }
    }
}

extension StringProtocol {
    /// `trimmingCharacters(in: .whitespaces)`, without CoreFoundation.
    func trimmingWhitespace() -> String { trimmingScalars(where: PlainText.isWhitespace) }

    /// `trimmingCharacters(in: .whitespacesAndNewlines)`, without CoreFoundation.
    func trimmingWhitespaceAndNewlines() -> String { trimmingScalars(where: PlainText.isWhitespaceOrNewline) }

    private func trimmingScalars(where drop: (Unicode.Scalar) -> Bool) -> String {
        let scalars = unicodeScalars
        guard let first = scalars.firstIndex(where: { !drop($0) }), let last = scalars.lastIndex(where: { !drop($0) }) else {
            return ""
        }
        var kept = String.UnicodeScalarView()
        kept.append(contentsOf: scalars[first...last])
        return String(kept)
    }
}
