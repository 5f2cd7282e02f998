import Foundation

/// Moves `.after(d)` reloads by a small, seeded random offset, so that widgets sharing a
/// moment (a market opening at 9:30) do not all fetch at once.
///
/// The offset is drawn in `[0, window]` with `window = min(maxWindow, fraction × (d − now))`:
/// only later, never earlier, because WidgetKit's `.after(d)` is the *earliest* moment a reload
/// may happen. The draw is a hash of (seed, instance, reload number), not a shared random
/// stream, so it does not depend on the order in which widgets happen to be processed: the same
/// seed gives the same schedule in the dashboard, in tests and in `simulate`.
public struct Jitter: Sendable, Equatable {
    /// The share of the time until `d` that the window may span (0.05 = 5%).
    public var fraction: Double
    /// The widest window, in seconds; 0 turns jitter off.
    public var maxWindow: TimeInterval
    public var seed: UInt64

    public init(fraction: Double = 0.05, maxWindow: TimeInterval = 60, seed: UInt64 = 0) {
        self.fraction = max(0, fraction)
        self.maxWindow = max(0, maxWindow)
        self.seed = seed
    }

    /// The window for a reload asked for at `date` when it is `now`.
    public func window(until date: Date, now: Date) -> TimeInterval {
        min(maxWindow, fraction * max(0, date.timeIntervalSince(now)))
    }

    /// The jittered reload date for `.after(date)`, for an instance's `count`-th timeline.
    public func apply(to date: Date, now: Date, instance: Int, count: Int) -> Date {
        let w = window(until: date, now: now)
        guard w > 0 else { return date }
        return date.addingTimeInterval(w * Self.unit(seed, UInt64(bitPattern: Int64(instance)), UInt64(bitPattern: Int64(count))))
    }

    /// A number in [0, 1) determined by three inputs (SplitMix64 finalisers).
    static func unit(_ a: UInt64, _ b: UInt64, _ c: UInt64) -> Double {
        var x = mix(a &+ 0x9E37_79B9_7F4A_7C15)
        x = mix((x ^ b) &+ 0x9E37_79B9_7F4A_7C15)
        x = mix((x ^ c) &+ 0x9E37_79B9_7F4A_7C15)
        return Double(x >> 11) / Double(UInt64(1) << 53)
    }

    private static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}
