/// Display width of text in terminal cells, per Unicode (East Asian Width, emoji presentation).
///
/// Stub: replaced by the full implementation.
public enum TextWidth {
    /// The number of cells a grapheme cluster occupies: 0, 1 or 2.
    public static func width(of character: Character) -> Int {
        character.unicodeScalars.first.map { $0.value < 0x1100 ? 1 : 2 } ?? 0
    }

    /// The number of cells a string occupies.
    public static func width<S: StringProtocol>(of string: S) -> Int {
        var total = 0
        for c in string { total += width(of: c) }
        return total
    }

    /// The longest prefix of `string` that fits in `width` cells, ending in "…" when cut.
    public static func truncate(_ string: String, toWidth width: Int, ellipsis: Bool = true) -> String {
        if self.width(of: string) <= width { return string }
        if width <= 0 { return "" }
        let budget = ellipsis ? width - 1 : width
        var out = ""
        var used = 0
        for c in string {
            let w = self.width(of: c)
            if used + w > budget { break }
            out.append(c)
            used += w
        }
        return ellipsis ? out + "…" : out
    }

    /// Lines of at most `width` cells: breaks at spaces where it can, between wide characters
    /// where it must, and inside a word only when the word alone is wider than a line.
    public static func wrap(_ string: String, toWidth width: Int) -> [String] {
        if width <= 0 { return [] }
        var lines: [String] = []
        for paragraph in string.split(separator: "\n", omittingEmptySubsequences: false) {
            var line = ""
            var used = 0
            for c in paragraph {
                let w = self.width(of: c)
                if used + w > width {
                    lines.append(line)
                    line = ""
                    used = 0
                }
                line.append(c)
                used += w
            }
            lines.append(line)
        }
        return lines
    }
}
