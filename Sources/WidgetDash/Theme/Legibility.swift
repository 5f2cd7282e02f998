/// The foreground/background pairs a palette is drawn with, and the contrast each must reach.
///
/// This is the list the contrast test walks for every theme and scheme, and what
/// `widgetdash themes check` reports; keep it in step with what the host draws.
package struct ContrastPair: Hashable, Sendable {
    /// "primary on widgetBackground".
    package var name: String
    package var foreground: TerminalColor
    package var background: TerminalColor
    /// The WCAG ratio this pair must reach.
    package var minimum: Double
}

extension Palette {
    /// Every pair of tokens drawn on top of one another, with its required contrast:
    /// primary text 4.5:1 (WCAG AA), secondary and tertiary text, the tint, hues and the focused
    /// border 3:1 (AA large text and non-text UI), and the status line 4.5:1. The mask over
    /// redacted text, invalidated (deliberately dimmed) content and plain borders are decoration
    /// that must stay visible (1.4:1) rather than readable.
    ///
    /// `hues` is false for themes in the terminal's own 16 colors, whose hues the terminal
    /// decides (see docs/DECISIONS.md).
    package func contrastPairs(hues: Bool = true) -> [ContrastPair] {
        var pairs: [ContrastPair] = []
        // Text sits on panels (system families) and on the screen itself (accessory families,
        // the lock screen).
        for (surfaceName, surface) in [("widgetBackground", widgetBackground), ("background", background)] {
            func add(_ name: String, _ color: TerminalColor, _ minimum: Double) {
                pairs.append(ContrastPair(name: "\(name) on \(surfaceName)", foreground: color, background: surface, minimum: minimum))
            }
            add("primary", primary, 4.5)
            add("secondary", secondary, 3)
            add("tertiary", tertiary, 3)
            add("tint", tint, 3)
            add("focusedBorder", focusedBorder, 3)
            add("redaction", redaction, 1.4)
            add("invalidated", invalidated, 1.4)
            add("border", border, 1.4)
            if hues {
                for (name, color) in [("red", red), ("orange", orange), ("yellow", yellow), ("green", green), ("teal", teal),
                                      ("blue", blue), ("indigo", indigo), ("purple", purple), ("pink", pink), ("gray", gray)] {
                    add(name, color, 3)
                }
            }
        }
        pairs.append(ContrastPair(name: "statusLineForeground on statusLineBackground",
                                  foreground: statusLineForeground, background: statusLineBackground, minimum: 4.5))
        // The help overlay draws primary text on a panel.
        return pairs
    }

    /// True when every color of the palette is one of the terminal's own 16.
    package var isANSI16: Bool {
        [background, widgetBackground, primary, secondary, tertiary, tint, border, focusedBorder, redaction, invalidated,
         statusLineForeground, statusLineBackground, red, orange, yellow, green, teal, blue, indigo, purple, pink, gray]
            .allSatisfy { if case .indexed(let i) = $0 { i < 16 } else { false } }
    }
}
