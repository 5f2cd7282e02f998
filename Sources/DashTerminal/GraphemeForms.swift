import DashCore

/// The form of a grapheme cluster that a terminal which does not cluster draws at the width
/// the canvas counted.
///
/// An ncurses cell holds one spacing character and up to four combining marks, and a terminal
/// without grapheme clustering (mode 2027) advances its cursor per code point, so a whole ZWJ
/// sequence, a flag or a skin-tone sequence would take more columns there than the two the
/// canvas gave it (or lose its tail to ncurses and leave a joiner behind). The stand-in keeps
/// what is visible and has a width every terminal agrees on:
///
/// - a flag (two regional indicators) becomes its two letters, the country code ("🇯🇵" → "JP");
/// - an emoji ZWJ sequence becomes its first emoji ("👩‍💻" → "👩"), never a lone joiner;
/// - skin-tone modifiers, VS15/VS16 and emoji tag characters are dropped, so the base is drawn
///   at its own width ("❤️" → "❤", then a blank fills the second column);
/// - combining marks (an accent, the keycap's U+20E3) stay with their base.
///
/// ```swift
/// GraphemeForm.legacy(of: "🇯🇵", scalarWidth: { _ in 1 }) // [0x4A, 0x50] ("JP")
/// ```
package enum GraphemeForm {
    /// The scalars to draw for `cluster` on a terminal that does not cluster, at most
    /// `cellWidth` columns wide as `scalarWidth` (the C library's `wcwidth`) counts them.
    ///
    /// Each scalar of non-zero width starts a new ncurses cell; the zero-width ones after it
    /// join that cell. Empty when nothing in the cluster can be drawn (a lone combining mark).
    package static func legacy(of cluster: String, cellWidth: Int = 2, scalarWidth: (UInt32) -> Int32) -> [UInt32] {
        var values: [UInt32] = []
        values.reserveCapacity(4)
        for scalar in cluster.unicodeScalars { values.append(scalar.value) }
        if let first = values.first, isRegionalIndicator(first) {
            // A flag, or a lone regional indicator: the letters it stands for.
            return values.prefix(2).filter(isRegionalIndicator).map { 0x41 + $0 - 0x1F1E6 }
        }
        var out: [UInt32] = []
        var columns = 0
        var marks = 0
        for v in values {
            let w = Int(scalarWidth(v))
            if out.isEmpty {
                // A prepended format character or marks with no base: nothing to attach to.
                if w == 0 { continue }
                // Unprintable here (w < 0) is kept: the drawing shows its placeholder.
                out.append(v)
                columns = max(w, 1)
                continue
            }
            switch v {
            case 0x200D:
                // The joiner and all it joins: the first emoji stands for the sequence.
                return out
            case 0xFE0E, 0xFE0F, 0x1F3FB...0x1F3FF, 0xE0020...0xE007F:
                // Presentation selectors, skin tones and tag characters change how the base
                // looks, not what it is; a terminal that does not cluster draws them apart.
                continue
            default:
                break
            }
            if w == 0 {
                // CCHARW_MAX: a base and four combining marks per ncurses cell.
                if marks < 4 { out.append(v) }
                marks += 1
            } else if w > 0 && columns + w <= cellWidth {
                // A spacing mark the canvas counted (Devanagari "ि"): a cell of its own.
                out.append(v)
                columns += w
                marks = 0
            } else {
                break
            }
        }
        return out
    }

    /// True when drawing `cluster` as its ``legacy(of:cellWidth:scalarWidth:)`` form would
    /// change it: only then does a clustering terminal need the cluster written whole.
    package static func needsWholeCluster(_ cluster: String, cellWidth: Int, scalarWidth: (UInt32) -> Int32) -> Bool {
        let form = legacy(of: cluster, cellWidth: cellWidth, scalarWidth: scalarWidth)
        var count = 0
        for scalar in cluster.unicodeScalars {
            if count >= form.count || form[count] != scalar.value { return true }
            count += 1
        }
        if count != form.count { return true }
        // Same scalars, but the terminal's width differs from the canvas's (a text-default
        // emoji the canvas counted wide): written whole, a clustering terminal agrees.
        var columns = 0
        for v in form { columns += max(0, Int(scalarWidth(v))) }
        return columns != cellWidth
    }

    @inline(__always)
    static func isRegionalIndicator(_ v: UInt32) -> Bool { v >= 0x1F1E6 && v <= 0x1F1FF }
}

/// How grapheme clusters reach the screen, after the configured mode and the terminal's answer.
package enum GraphemeDrawing: Equatable, Sendable {
    /// Every cluster is drawn whole: the terminal clusters (mode 2027), or the user said so.
    case clusters
    /// Clusters a non-clustering terminal would draw wider are drawn as their stand-ins.
    case legacy

    /// The drawing for `mode` (from the config or `WIDGETDASH_GRAPHEMES`) given the probe's answer.
    package static func resolve(_ mode: GraphemeMode, probe: GraphemeProbe.Answer?) -> GraphemeDrawing {
        switch mode {
        case .clusters: return .clusters
        case .legacy: return .legacy
        case .auto: return probe?.clusters == true ? .clusters : .legacy
        }
    }
}
