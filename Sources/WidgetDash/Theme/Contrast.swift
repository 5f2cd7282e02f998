import Foundation

/// WCAG 2 contrast between two colors, for checking that a theme stays readable.
///
/// ```swift
/// Contrast.ratio(.rgb(0, 0, 0), .rgb(255, 255, 255))   // 21.0
/// ```
package enum Contrast {
    /// WCAG relative luminance of a color (indexed colors at xterm's values); nil for `.default`,
    /// whose value only the terminal knows.
    package static func luminance(_ color: TerminalColor) -> Double? {
        guard let c = ColorDepth.rgb(of: color) else { return nil }
        func linear(_ v: UInt8) -> Double {
            let s = Double(v) / 255
            return s <= 0.04045 ? s / 12.92 : pow((s + 0.055) / 1.055, 2.4)
        }
        return 0.2126 * linear(c.r) + 0.7152 * linear(c.g) + 0.0722 * linear(c.b)
    }

    /// The contrast ratio (1 to 21) of two colors; nil when either is the terminal's default.
    package static func ratio(_ a: TerminalColor, _ b: TerminalColor) -> Double? {
        guard let la = luminance(a), let lb = luminance(b) else { return nil }
        return (max(la, lb) + 0.05) / (min(la, lb) + 0.05)
    }
}
