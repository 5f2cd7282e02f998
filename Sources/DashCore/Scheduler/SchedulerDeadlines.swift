import Foundation
import WidgetDash

/// How the scheduler queues its moments: per instance, the kinds of deadline it waits for and
/// which deadline is current for each, packed small because the heap moves them on every step.
extension TimelineScheduler {
    enum Kind: Int { case entry, reload, timeout }

    /// What is queued for one instance: per kind, the date and the sequence number of its
    /// deadline. A deadline that surfaces with another sequence number was replaced (or its kind
    /// consumed) and is ignored; a kind whose date did not change is not queued again, so the
    /// heap holds few stale entries.
    struct Queued {
        var dates: (Date?, Date?, Date?) = (nil, nil, nil)
        /// The `Deadline.sequence` of each kind's queued deadline; 0 when none is current.
        var sequences: (UInt64, UInt64, UInt64) = (0, 0, 0)

        func date(_ kind: Kind) -> Date? {
            switch kind {
            case .entry: dates.0
            case .reload: dates.1
            case .timeout: dates.2
            }
        }

        func sequence(_ kind: Kind) -> UInt64 {
            switch kind {
            case .entry: sequences.0
            case .reload: sequences.1
            case .timeout: sequences.2
            }
        }

        /// Notes that `date` (no earlier than `now`) is wanted for `kind`: the date to queue, or
        /// nil when that is what is queued already (or nothing is wanted and nothing queued).
        /// The deadline queued before, if any, is no longer current. Inlined: `reschedule` asks
        /// three times a step.
        @inline(__always)
        mutating func want(_ kind: Kind, _ date: Date?, now: Date) -> Date? {
            let clamped = date.map { max($0, now) }
            guard clamped != self.date(kind) else { return nil }
            set(kind, clamped, sequence: 0)
            return clamped
        }

        /// Records a kind's date and the sequence number of its deadline (0: none current).
        mutating func set(_ kind: Kind, _ date: Date?, sequence: UInt64) {
            switch kind {
            case .entry: dates.0 = date; sequences.0 = sequence
            case .reload: dates.1 = date; sequences.1 = sequence
            case .timeout: dates.2 = date; sequences.2 = sequence
            }
        }

        /// Records the sequence number of the deadline just queued for `kind`.
        mutating func queued(_ kind: Kind, sequence: UInt64) {
            switch kind {
            case .entry: sequences.0 = sequence
            case .reload: sequences.1 = sequence
            case .timeout: sequences.2 = sequence
            }
        }
    }

    /// A queued moment, packed into 16 bytes (four to a cache line): the heap moves these
    /// around on every step, and its deep levels are out of the nearest cache.
    struct Deadline: Comparable {
        /// The moment (seconds since the reference date) as an unsigned integer in the same
        /// order (see ``key(of:)``), so that a comparison is one 128-bit comparison.
        var timeKey: UInt64
        /// The kind in the top two bits, then the sequence number, then the instance: at the
        /// same moment an entry comes before a reload (so the last entry of an `.atEnd`
        /// timeline is shown before the next timeline is asked for), then first queued, first
        /// out (sequence numbers are unique, so the instance never decides).
        var tag: UInt64

        static let instanceBits: UInt64 = 24
        /// Instances a scheduler can hold: ids are placement indices, and a slot table of
        /// this many would take gigabytes.
        static let instanceLimit = 1 << 24
        /// 2^38 deadlines before the numbers come round: a year of 10,000 simulated widgets
        /// queues fewer than 10^9.
        static let sequenceMask: UInt64 = (1 << 38) - 1
        static let signBit: UInt64 = 1 << 63

        /// A deadline; `sequence` is the scheduler's count of deadlines queued (kept modulo 2^38).
        init(date: Date, sequence: Int, instance: Int, kind: Kind) {
            timeKey = Self.key(of: date.timeIntervalSinceReferenceDate)
            tag = UInt64(kind.rawValue) << 62
                | (UInt64(truncatingIfNeeded: sequence) & Self.sequenceMask) << Self.instanceBits
                | UInt64(truncatingIfNeeded: instance) & (UInt64(Self.instanceLimit) - 1)
        }

        /// The sequence number after `sequence`, never one that is 0 modulo 2^38: `Queued`
        /// records 0 for "no deadline current", which a deadline numbered so would match once
        /// the numbers came round.
        static func sequence(after sequence: Int) -> Int {
            let next = sequence &+ 1
            return UInt64(truncatingIfNeeded: next) & sequenceMask == 0 ? next &+ 1 : next
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

        var date: Date { Date(timeIntervalSinceReferenceDate: time) }
        var instance: Int { Int(truncatingIfNeeded: tag & (UInt64(Self.instanceLimit) - 1)) }
        var kind: Kind { Kind(rawValue: Int(truncatingIfNeeded: tag >> 62)) ?? .entry }
        /// The sequence number, as `Queued` records it for the current deadline of a kind.
        var sequence: UInt64 { (tag >> Self.instanceBits) & Self.sequenceMask }

        /// True when this is the deadline `queued` holds current for its kind.
        func isCurrent(in queued: Queued) -> Bool { sequence == queued.sequence(kind) }

        /// By time, then tag: one comparison of both as a 128-bit number, without a branch
        /// (which of two children is smaller is a coin toss the processor guessed wrong half of
        /// the time, at every level of every removal).
        static func < (a: Deadline, b: Deadline) -> Bool {
            (UInt128(a.timeKey) << 64 | UInt128(a.tag)) < (UInt128(b.timeKey) << 64 | UInt128(b.tag))
        }
    }

    /// Per instance: which of its queued deadlines are current (others are ignored when they
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
