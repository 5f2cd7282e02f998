import Foundation

/// How many budgeted reloads one widget instance has made over the last 24 hours, and when
/// it may make the next one.
///
/// WidgetKit gives each instance a budget over a rolling day (about 40–70 reloads). A charge
/// counts for exactly 24 hours from the moment it was made, so the budget refills one reload
/// at a time, not all at once at midnight.
///
/// ```swift
/// var budget = ReloadBudget(limit: 2)
/// budget.charge(at: t)
/// budget.charge(at: t + 60)
/// budget.hasRoom(at: t + 120)          // false
/// budget.nextRoom(at: t + 120)         // t + 24 h: the first charge drops out
/// ```
public struct ReloadBudget: Sendable, Equatable {
    /// The length of the rolling window.
    public static let window: TimeInterval = 24 * 60 * 60

    /// Reloads allowed per window; `Int.max` means unlimited.
    public var limit: Int
    /// Charge times, oldest first; those before `head` have left the window.
    private var charges: [Date] = []
    private var head = 0

    public init(limit: Int) { self.limit = max(0, limit) }

    /// Budgeted reloads made in the 24 hours up to `now`.
    public func spent(at now: Date) -> Int { charges.count - firstCounted(at: now) }

    /// Budgeted reloads still allowed at `now`.
    public func left(at now: Date) -> Int {
        limit == .max ? .max : max(0, limit - spent(at: now))
    }

    /// True when a budgeted reload may run at `now`.
    public func hasRoom(at now: Date) -> Bool { limit == .max || spent(at: now) < limit }

    /// The first moment after `now` with room again; nil when there is room now, or never
    /// will be (a limit of 0).
    public func nextRoom(at now: Date) -> Date? {
        guard !hasRoom(at: now), limit > 0 else { return nil }
        // Room comes back when enough of the counted charges have aged out.
        let first = firstCounted(at: now)
        let mustExpire = spent(at: now) - limit + 1
        let index = first + mustExpire - 1
        guard index < charges.count else { return nil }
        return charges[index].addingTimeInterval(Self.window)
    }

    /// Starts bringing the charges into the cache (their count, and the oldest still counted),
    /// for the scheduler's step after this one.
    @inline(__always)
    mutating func fetchAhead() {
        let head = head
        withUnsafeMutablePointer(to: &charges) { FetchAhead.storage(of: $0, element: head) }
    }

    /// Records a budgeted reload at `now`.
    public mutating func charge(at now: Date) {
        prune(at: now)
        // Room for a day's charges at the first one, rather than growing to the limit one
        // doubling at a time (a reallocation each, for every budgeted instance).
        if charges.capacity == 0 { charges.reserveCapacity(Swift.min(limit, 64)) }
        // Charges arrive in clock order; a clock that went back is handled by `rewind`.
        charges.append(now)
    }

    /// Forgets charges after `now` (the clock went back: they have not happened yet).
    public mutating func rewind(to now: Date) {
        while charges.count > head, let last = charges.last, last > now { charges.removeLast() }
    }

    /// Index of the oldest charge still inside the window (binary search: charges are sorted).
    private func firstCounted(at now: Date) -> Int {
        let cutoff = now.addingTimeInterval(-Self.window)
        // Most of the time no charge has left the window since the last prune: the oldest one
        // kept still counts, and so do all after it.
        if head < charges.count && charges[head] > cutoff { return head }
        var lo = head, hi = charges.count
        while lo < hi {
            let mid = (lo + hi) / 2
            if charges[mid] <= cutoff { lo = mid + 1 } else { hi = mid }
        }
        return lo
    }

    /// Drops charges that left the window, compacting now and then so memory stays bounded.
    private mutating func prune(at now: Date) {
        head = firstCounted(at: now)
        if head > 32 && head * 2 > charges.count {
            charges.removeFirst(head)
            head = 0
        }
    }
}
