/// Whole numbers from `Double`s that came from outside, without the trap.
extension Int {
    /// `value` rounded by `rule`, clamped to the range of `Int`, and 0 for NaN.
    ///
    /// `Int(_:)` traps on a value it cannot hold, and a value pushed by a script or answered by a
    /// server (1e300, or a span between two huge numbers that overflows to infinity) reaches
    /// the drawing code that turns amounts, dates and levels into cells: one such number would
    /// stop the dashboard. Callers clamp the result to the range they draw.
    ///
    /// Always inlined: layout converts every frame's sizes and gaps through it (about 770 times
    /// in `bench render`'s frame), and called with the rule as an argument it cost about 110
    /// instructions each, where inlined the rule is known and it is a few.
    @inline(__always)
    package init(clamping value: Double, rounding rule: FloatingPointRoundingRule = .toNearestOrAwayFromZero) {
        let rounded = value.rounded(rule)
        if rounded.isNaN {
            self = 0
        } else if rounded >= Double(Int.max) {
            // Double(Int.max) is 2^63, one more than Int.max, so equality is out of range too.
            self = .max
        } else if rounded <= Double(Int.min) {
            self = .min
        } else {
            self = Int(rounded)
        }
    }
}
