import Foundation
import WidgetDash

/// How the scheduler queues its moments: per instance, the kinds of deadline it waits for and
/// their generations, packed small because the heap moves them on every step.
extension TimelineScheduler {
    enum Kind: Int { case entry, reload, timeout }

    /// What is queued for one instance: per kind, the date and the generation of its deadline.
    /// A deadline that surfaces with an older generation was replaced and is ignored; a kind
    /// whose date did not change is not queued again, so the heap holds few stale entries.
    struct Queued {
        var dates: (Date?, Date?, Date?) = (nil, nil, nil)
        var generations: (Int, Int, Int) = (0, 0, 0)

        func date(_ kind: Kind) -> Date? {
            switch kind {
            case .entry: dates.0
            case .reload: dates.1
            case .timeout: dates.2
            }
        }

        func generation(_ kind: Kind) -> Int {
            switch kind {
            case .entry: generations.0
            case .reload: generations.1
            case .timeout: generations.2
            }
        }

        /// Notes that `date` (no earlier than `now`) is wanted for `kind`: the deadline to queue
        /// and its generation, or nil when that is what is queued already (or nothing is wanted
        /// and nothing queued). Inlined: `reschedule` asks three times a step.
        @inline(__always)
        mutating func want(_ kind: Kind, _ date: Date?, now: Date) -> (Date, Int)? {
            let clamped = date.map { max($0, now) }
            guard clamped != self.date(kind) else { return nil }
            let generation = set(kind, clamped)
            return clamped.map { ($0, generation) }
        }

        /// Records a new date for a kind; returns its new generation.
        mutating func set(_ kind: Kind, _ date: Date?) -> Int {
            switch kind {
            case .entry: dates.0 = date; generations.0 += 1; return generations.0
            case .reload: dates.1 = date; generations.1 += 1; return generations.1
            case .timeout: dates.2 = date; generations.2 += 1; return generations.2
            }
        }
    }

    /// A queued moment, packed into 24 bytes: the heap moves these around on every step.
    struct Deadline: Comparable {
        /// The moment (seconds since the reference date) as an unsigned integer in the same
        /// order (see ``key(of:)``), so that a comparison is one 128-bit comparison.
        var timeKey: UInt64
        /// The kind in the top byte, then the order it was queued in: at the same moment an
        /// entry comes before a reload (so the last entry of an `.atEnd` timeline is shown
        /// before the next timeline is asked for), then first queued, first out.
        var order: UInt64
        /// The instance in the high half, the generation's low 32 bits in the low half.
        var owner: UInt64

        static let sequenceMask: UInt64 = (1 << 56) - 1
        static let lowHalf: UInt64 = (1 << 32) - 1
        static let signBit: UInt64 = 1 << 63

        init(date: Date, sequence: Int, instance: Int, kind: Kind, generation: Int) {
            timeKey = Self.key(of: date.timeIntervalSinceReferenceDate)
            let kindBits: UInt64 = UInt64(kind.rawValue) << 56
            let sequenceBits: UInt64 = UInt64(truncatingIfNeeded: sequence) & Self.sequenceMask
            order = kindBits | sequenceBits
            let instanceBits: UInt64 = UInt64(truncatingIfNeeded: instance) << 32
            owner = instanceBits | Self.truncated(generation)
        }

        /// A time's bits made to sort as the times do: a positive time's with the sign bit set,
        /// a negative one's inverted. (−0 is made +0 first, as the two are equal times; a NaN
        /// date, which no comparison of times could place, sorts after every time.)
        static func key(of time: Double) -> UInt64 {
            let bits = (time.isNaN ? Double.nan : time + 0.0).bitPattern
            return bits & signBit == 0 ? bits | signBit : ~bits
        }

        /// Seconds since the reference date.
        var time: Double {
            Double(bitPattern: timeKey & Self.signBit != 0 ? timeKey & ~Self.signBit : ~timeKey)
        }

        /// A generation as a deadline stores it.
        static func truncated(_ generation: Int) -> UInt64 {
            UInt64(truncatingIfNeeded: generation) & lowHalf
        }

        var date: Date { Date(timeIntervalSinceReferenceDate: time) }
        var instance: Int { Int(truncatingIfNeeded: owner >> 32) }
        var kind: Kind { Kind(rawValue: Int(truncatingIfNeeded: order >> 56)) ?? .entry }

        /// True when this deadline carries `generation` (compared on the stored low bits).
        func has(generation: Int) -> Bool { owner & Self.lowHalf == Self.truncated(generation) }

        /// By time, then order: one comparison of both as a 128-bit number, without a branch
        /// (which of two children is smaller is a coin toss the processor guessed wrong half of
        /// the time, at every level of every removal).
        static func < (a: Deadline, b: Deadline) -> Bool {
            (UInt128(a.timeKey) << 64 | UInt128(a.order)) < (UInt128(b.timeKey) << 64 | UInt128(b.order))
        }
    }

    /// Per instance: the generation of its queued deadlines (older ones are ignored when they
    /// surface), and what is pending.
    struct Slot {
        /// The instance, not retained: `State.instanceTable` holds it (see `State.borrow`).
        var owner: Unmanaged<WidgetInstance>?
        var queued = Queued()
        /// The `advance` pass that last touched this slot (so each is rescheduled once).
        var touchedInPass = 0
        var inFlight: ReloadRequest?
        /// When the next system-started reload is due, and why (policy or retry).
        var nextReload: Date?
        var nextReloadReason: ReloadReason = .policy
        /// Set while a due reload waits; the reason it will run with.
        var deferral: DeferralCause?
        /// Set when `holdBack` marked the panel deferred, until the next start (which unmarks it).
        var markedDeferred = false
        var heldReason: ReloadReason?
        var budget: ReloadBudget
        /// The instance's entry dates, copied when a timeline arrives: `reschedule` finds the
        /// next one on every step, and reading the instance costs a run-time access check.
        var entryDates: [Date] = []
        var failures = 0
        var locked = false
        var isProtected: Bool
        /// The next reload after an unlock is exempt for protected widgets.
        var unlockCredit = false
        var timeout: TimeInterval
        var jitter: Jitter

        /// The slot of an id with no instance (made on each use: a slot holds an unretained
        /// instance, so it is not `Sendable` and cannot be a stored static).
        static var vacant: Slot { Slot(budget: ReloadBudget(limit: 0), isProtected: false, timeout: 0, jitter: Jitter()) }
    }

    /// The slots' memory, written in place: an array's subscript asks the runtime whether its
    /// storage is shared before every write, and this memory is never shared.
    ///
    /// Safe as used: only `State` holds a table, one per scheduler, and never copies itself (it
    /// is the private state of one `TimelineScheduler`); every index is checked against
    /// `instanceTable.count`, which never exceeds `capacity`; and the table is replaced only in
    /// `add`, never while a slot is being written.
    final class SlotTable {
        /// `capacity` initialised slots (vacant until an instance takes one).
        let base: UnsafeMutablePointer<Slot>
        let capacity: Int

        /// A table of `capacity` slots, the first ones copied from `old`.
        init(capacity: Int, copying old: SlotTable? = nil) {
            self.capacity = capacity
            base = .allocate(capacity: capacity)
            let kept = min(old?.capacity ?? 0, capacity)
            if let old { base.initialize(from: old.base, count: kept) }
            (base + kept).initialize(repeating: .vacant, count: capacity - kept)
        }

        deinit {
            base.deinitialize(count: capacity)
            base.deallocate()
        }
    }
}
