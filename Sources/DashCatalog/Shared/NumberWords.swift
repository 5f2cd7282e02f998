import Foundation

/// Whole numbers as the catalog writes them, without a locale, so that a panel (and its golden)
/// reads the same on every machine.
enum NumberWords {
    /// "1,234,567", "−5,412": thousands grouped with commas, and a minus sign (U+2212) before a
    /// negative number.
    static func grouped<N: BinaryInteger>(_ n: N) -> String {
        var digits = String(n.magnitude)
        var out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits = String(digits.dropLast(3))
        }
        return (n < 0 ? "−" : "") + digits + out
    }
}
