import Foundation
import HeapModule
import WidgetDash

/// One request for a timeline: which instance, why, and a serial number that tells a late
/// answer (after a time-out) from the current one.
public struct ReloadRequest: Hashable, Sendable {
    public var instance: Int
    public var reason: ReloadReason
    public var serial: Int
    /// When it was asked for, on the scheduler's clock.
    public var started: Date
}

/// Why a due reload is waiting.
public enum DeferralCause: String, Hashable, Sendable {
    /// The instance's budget for the last 24 hours is spent.
    case budget
    /// The widget's data is protected and the device is locked.
    case locked
}

/// Decides when each widget's entry changes and when its provider is asked again, and sleeps
/// until the earliest of those moments.
///
/// What is drawn is not its business: live text asks for its next frame through the frame
/// that drew it (``Frame/nextRedraw``), so no render ever writes here.
///
/// The scheduler is pure logic over a clock's times: it never sleeps or runs providers itself.
/// ``advance(to:)`` returns what became due; the caller runs the reloads it asks for and hands
/// the results back with ``deliver(_:for:at:seconds:)``. The same scheduler drives the live
/// dashboard (providers run as tasks) and `widgetdash simulate` (providers answer on a virtual
/// clock).
///
/// Deadlines live in one heap: an instance's next entry, its next reload and the time-out of
/// its request in flight. When anything about an instance changes,
/// its deadlines are pushed again under a new generation and the old ones are dropped as they
/// surface (lazy deletion), which keeps every operation O(log n).
public final class TimelineScheduler {
    /// What became due.
    public enum Effect: Hashable, Sendable {
        /// Ask this instance's provider for a timeline.
        case reload(ReloadRequest)
        /// The entry on screen changed (a date came, or a new timeline arrived).
        case entryChanged(instance: Int)
        /// A due reload waits: until the date for the budget, until an unlock when locked.
        case deferred(instance: Int, cause: DeferralCause, until: Date?)
        /// A request took longer than the limit and was abandoned; a retry is scheduled.
        case timedOut(ReloadRequest)
    }

    private enum Kind: Int { case entry, reload, timeout }

    /// What is queued for one instance: per kind, the date and the generation of its deadline.
    /// A deadline that surfaces with an older generation was replaced and is ignored; a kind
    /// whose date did not change is not queued again, so the heap holds few stale entries.
    private struct Queued {
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
    private struct Deadline: Comparable {
        /// Seconds since the reference date.
        var time: Double
        /// The kind in the top byte, then the order it was queued in: at the same moment an
        /// entry comes before a reload (so the last entry of an `.atEnd` timeline is shown
        /// before the next timeline is asked for), then first queued, first out.
        var order: UInt64
        /// The instance in the high half, the generation's low 32 bits in the low half.
        var owner: UInt64

        static let sequenceMask: UInt64 = (1 << 56) - 1
        static let lowHalf: UInt64 = (1 << 32) - 1

        init(date: Date, sequence: Int, instance: Int, kind: Kind, generation: Int) {
            time = date.timeIntervalSinceReferenceDate
            let kindBits: UInt64 = UInt64(kind.rawValue) << 56
            let sequenceBits: UInt64 = UInt64(truncatingIfNeeded: sequence) & Self.sequenceMask
            order = kindBits | sequenceBits
            let instanceBits: UInt64 = UInt64(truncatingIfNeeded: instance) << 32
            owner = instanceBits | Self.truncated(generation)
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

        static func < (a: Deadline, b: Deadline) -> Bool {
            a.time != b.time ? a.time < b.time : a.order < b.order
        }
    }

    /// Per instance: the generation of its queued deadlines (older ones are ignored when they
    /// surface), and what is pending.
    private struct Slot {
        var queued = Queued()
        /// The `advance` pass that last touched this slot (so each is rescheduled once).
        var touchedInPass = 0
        var inFlight: ReloadRequest?
        /// When the next system-started reload is due, and why (policy or retry).
        var nextReload: Date?
        var nextReloadReason: ReloadReason = .policy
        /// Set while a due reload waits; the reason it will run with.
        var deferral: DeferralCause?
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

        /// The slot of an id with no instance.
        static let vacant = Slot(budget: ReloadBudget(limit: 0), isProtected: false, timeout: 0, jitter: Jitter())
    }

    /// Everything the inspector shows about an instance's schedule.
    public struct Info: Sendable {
        public var nextReload: Date?
        public var nextReloadReason: ReloadReason?
        public var deferral: DeferralCause?
        public var inFlight: ReloadRequest?
        public var budgetSpent: Int
        public var budgetLeft: Int
        public var budgetLimit: Int
        public var failures: Int
        public var locked: Bool
    }

    public var settings: SchedulerSettings {
        get { state.rules.settings }
        set { state.rules.settings = newValue }
    }
    /// How much faster than real time the clock runs. Provider time-outs are real seconds, so
    /// on a clock running N times faster they last N times longer in clock time.
    public var clockSpeed: Double {
        get { state.rules.clockSpeed }
        set { state.rules.clockSpeed = newValue }
    }

    /// Everything the scheduler knows, its settings included, in one value.
    ///
    /// Each public method below is one access to it, and the work inside runs on `inout`
    /// state, whose exclusive access the compiler checks statically. Kept as stored properties
    /// of this class, every step's dozens of reads and writes of slots and the heap were each
    /// checked at run time, which cost about a third of a simulated day.
    private var state: State

    /// The instances being scheduled, by id.
    public var instances: [Int: WidgetInstance] {
        var all: [Int: WidgetInstance] = [:]
        for (id, instance) in state.instanceTable.enumerated() { if let instance { all[id] = instance } }
        return all
    }

    /// The instance with this id, if it is scheduled.
    public func instance(_ id: Int) -> WidgetInstance? { state.instance(id) }

    public init(settings: SchedulerSettings = SchedulerSettings()) {
        state = State(rules: Rules(settings: settings, clockSpeed: 1))
    }

    /// Starts tracking an instance and asks for its first timeline (held until an unlock when
    /// the device starts `locked` and the widget's data is protected).
    public func add(_ instance: WidgetInstance, at now: Date, settings custom: InstanceSettings = InstanceSettings(), locked: Bool = false) -> [Effect] {
        return state.add(instance, at: now, custom: custom, locked: locked)
    }

    /// Stops tracking an instance; its queued deadlines are dropped as they surface.
    public func remove(_ id: Int) { state.remove(id) }

    /// The earliest moment something is due, if anything is.
    public func nextDeadline() -> Date? { state.nextDeadline() }

    /// Everything due at or before `now`.
    public func advance(to now: Date) -> [Effect] {
        return state.advance(to: now)
    }

    /// Asks for a reload now, for a reason other than the policy (the user, an intent…).
    /// A reload already in flight absorbs the request.
    public func requestReload(_ id: Int, reason: ReloadReason, at now: Date) -> [Effect] {
        return state.requestReload(id, reason: reason, at: now)
    }

    /// Reloads every instance of a kind (nil: all of them), as WidgetCenter does.
    public func requestReload(kind: String?, reason: ReloadReason, at now: Date) -> [Effect] {
        state.instanceTable.compactMap { $0 }
            .filter { kind == nil || $0.description.kind == kind }
            .flatMap { requestReload($0.id, reason: reason, at: now) }
    }

    /// Takes a provider's answer (or failure) for a request.
    ///
    /// Returns nil when the request is no longer current (it timed out and was abandoned, or
    /// the instance is gone): a late answer never replaces what a retry brought.
    @discardableResult
    public func deliver(_ result: Result<ErasedTimeline, any Error>, for request: ReloadRequest, at now: Date, seconds: TimeInterval) -> [Effect]? {
        return state.deliver(result, for: request, at: now, seconds: seconds)
    }

    /// Locks or unlocks the device as one instance sees it.
    ///
    /// While locked, a protected instance's reloads wait; on unlock a waiting reload runs at
    /// once, and the first reload after the unlock is exempt from the budget.
    public func setLocked(_ id: Int, _ locked: Bool, at now: Date) -> [Effect] {
        return state.setLocked(id, locked, at: now)
    }

    /// Locks or unlocks every instance.
    public func setLocked(_ locked: Bool, at now: Date) -> [Effect] {
        state.instanceTable.indices.filter { state.instanceTable[$0] != nil }.flatMap { setLocked($0, locked, at: now) }
    }

    /// Tells the scheduler its clock jumped from `old` to `now` (time travel).
    ///
    /// Forward: requests in flight keep their time limit measured from now (the provider did
    /// not spend the skipped time), and whatever became due is returned by the next
    /// ``advance(to:)``. Backward: the future has not happened, so budget charges after `now`
    /// are forgotten, requests in flight are abandoned, and every instance reloads with
    /// `reason` so that it shows content for the new "now".
    public func clockJumped(from old: Date, to now: Date, reloadReason reason: ReloadReason = .user) -> [Effect] {
        return state.clockJumped(from: old, to: now, reloadReason: reason)
    }

    /// Budgeted reloads an instance has left at `now` (`Int.max` when unlimited).
    public func budgetLeft(for id: Int, at now: Date) -> Int? { state.budgetLeft(for: id, at: now) }

    /// The inspector's view of an instance's schedule.
    public func info(for id: Int, at now: Date) -> Info? {
        guard let slot = state.slot(id) else { return nil }
        return Info(
            nextReload: slot.inFlight == nil ? slot.nextReload : nil,
            nextReloadReason: slot.nextReload == nil ? nil : slot.nextReloadReason,
            deferral: slot.deferral,
            inFlight: slot.inFlight,
            budgetSpent: slot.budget.spent(at: now),
            budgetLeft: slot.budget.left(at: now),
            budgetLimit: slot.budget.limit,
            failures: slot.failures,
            locked: slot.locked
        )
    }

    // MARK: Internals

    /// The dashboard's settings and the clock's speed.
    private struct Rules {
        var settings: SchedulerSettings
        var clockSpeed: Double

        /// When a request in flight times out: `timeout` real seconds, on a clock running at
        /// `clockSpeed`.
        static func deadlineOfTimeout(_ request: ReloadRequest, timeout: TimeInterval, clockSpeed: Double) -> Date {
            request.started.addingTimeInterval(timeout * max(clockSpeed, 0.001))
        }
    }

    /// The scheduler's state and the steps that change it.
    private struct State {
        var rules: Rules
        private var queue = Heap<Deadline>()
        private var pass = 0
        private var sequence = 0
        private var serial = 0
        /// Per-instance state, indexed by instance id (ids are small and dense: placement
        /// indices). Arrays rather than dictionaries, and mutated in place, so a scheduling step
        /// neither hashes nor copies a slot's budget.
        private var slots: [Slot] = []
        private(set) var instanceTable: [WidgetInstance?] = []
        /// The storage of `advance`'s list of touched instances, kept between passes.
        private var touchedScratch: [Int] = []

        init(rules: Rules) { self.rules = rules }

        func instance(_ id: Int) -> WidgetInstance? {
            id >= 0 && id < instanceTable.count ? instanceTable[id] : nil
        }

        func slot(_ id: Int) -> Slot? { instance(id) != nil ? slots[id] : nil }

        /// Mutates an existing slot in place.
        @discardableResult
        private mutating func update<R>(_ id: Int, _ body: (inout Slot) -> R) -> R? {
            // The instance table says whether a slot exists without copying the slot to look.
            guard id >= 0, id < instanceTable.count, instanceTable[id] != nil else { return nil }
            return body(&slots[id])
        }

        mutating func add(_ instance: WidgetInstance, at now: Date, custom: InstanceSettings, locked: Bool) -> [Effect] {
            let settings = rules.settings
            let id = instance.id
            precondition(id >= 0, "instance ids are non-negative")
            if id >= slots.count {
                slots += Array(repeating: .vacant, count: id + 1 - slots.count)
                instanceTable += Array(repeating: nil, count: id + 1 - instanceTable.count)
            }
            instanceTable[id] = instance
            let limit = custom.budget ?? settings.budgetByKind[instance.description.kind] ?? settings.budget
            slots[id] = Slot(
                budget: ReloadBudget(limit: limit),
                entryDates: instance.entryDates,
                locked: locked,
                isProtected: instance.description.dataProtection == .complete,
                timeout: custom.timeout ?? settings.timeout,
                jitter: Jitter(fraction: settings.jitterFraction, maxWindow: custom.maxJitter ?? settings.maxJitter, seed: settings.seed)
            )
            var effects: [Effect] = []
            start(instance.id, reason: .initial, now: now, into: &effects)
            reschedule(instance.id, now: now)
            return effects
        }

        mutating func remove(_ id: Int) {
            guard id >= 0, id < slots.count else { return }
            instanceTable[id] = nil
            slots[id] = .vacant
        }

        mutating func nextDeadline() -> Date? {
            while let top = queue.min, !isCurrent(top) {
                queue.removeMin()
            }
            return queue.min?.date
        }

        mutating func advance(to now: Date) -> [Effect] {
            var effects: [Effect] = []
            // Instances are rescheduled once everything due is handled, so a deadline due now is
            // never replaced before its turn (an entry and a reload at the same moment both run).
            // The list reuses the storage of the last pass.
            var touched: [Int] = []
            swap(&touched, &touchedScratch)
            defer {
                touched.removeAll(keepingCapacity: true)
                swap(&touched, &touchedScratch)
            }
            pass += 1
            let pass = self.pass
            let nowTime = now.timeIntervalSinceReferenceDate
            while let top = queue.min, top.time <= nowTime {
                queue.removeMin()
                let id = top.instance
                // One access: is this deadline still wanted, consume it, note the slot as touched.
                let state = update(id) { slot -> (current: Bool, first: Bool) in
                    guard top.has(generation: slot.queued.generation(top.kind)) else { return (false, false) }
                    // This deadline is consumed; rescheduling below queues the kind again if needed.
                    _ = slot.queued.set(top.kind, nil)
                    defer { slot.touchedInPass = pass }
                    return (true, slot.touchedInPass != pass)
                }
                guard let state, state.current, let instance = instance(id) else { continue }
                if state.first { touched.append(id) }
                switch top.kind {
                case .entry:
                    if instance.updateCurrentEntry(at: now) { effects.append(.entryChanged(instance: id)) }
                case .reload:
                    let due = update(id) { slot in slot.inFlight == nil ? slot.nextReload.map { ($0, slot.nextReloadReason) } : nil } ?? nil
                    if let (date, reason) = due, date <= now {
                        start(id, reason: reason, now: now, into: &effects)
                    }
                case .timeout:
                    let due = update(id) { slot in slot.inFlight.map { ($0, slot.timeout) } } ?? nil
                    if let (request, timeout) = due, Rules.deadlineOfTimeout(request, timeout: timeout, clockSpeed: rules.clockSpeed) <= now {
                        let settings = rules.settings
                        update(id) { slot in
                            slot.inFlight = nil
                            slot.failures += 1
                            slot.nextReload = now.addingTimeInterval(settings.retryDelay(failures: slot.failures))
                            slot.nextReloadReason = .retry
                        }
                        instance.lastError = "timed out after \(TimelineScheduler.seconds(timeout))"
                        // What was on screen stays; the panel says it is stale.
                        instance.status = .stale("timed out")
                        effects.append(.timedOut(request))
                    }
                }
            }
            for id in touched { reschedule(id, now: now) }
            return effects
        }

        /// True when a queued deadline is still the one its instance wants.
        private mutating func isCurrent(_ deadline: Deadline) -> Bool {
            update(deadline.instance) { deadline.has(generation: $0.queued.generation(deadline.kind)) } ?? false
        }

        mutating func requestReload(_ id: Int, reason: ReloadReason, at now: Date) -> [Effect] {
            guard update(id, { $0.inFlight == nil }) == true else { return [] }
            var effects: [Effect] = []
            start(id, reason: reason, now: now, into: &effects)
            reschedule(id, now: now)
            return effects
        }

        mutating func deliver(_ result: Result<ErasedTimeline, any Error>, for request: ReloadRequest, at now: Date, seconds: TimeInterval) -> [Effect]? {
            let id = request.instance
            guard let instance = instance(id),
                  let jitter = update(id, { slot in slot.inFlight?.serial == request.serial ? slot.jitter : nil }) ?? nil
            else { return nil }
            var effects: [Effect] = []
            switch result {
            case .success(let timeline):
                instance.apply(timeline, reason: request.reason, at: now, seconds: seconds, entryLimit: rules.settings.entryLimit)
                // An empty timeline keeps the entries shown (and their dates).
                let dates = timeline.entries.isEmpty ? nil : instance.entryDates
                if !timeline.entries.isEmpty { effects.append(.entryChanged(instance: id)) }
                let next = policyReloadDate(instance, jitter: jitter, now: now)
                update(id) { slot in
                    if let dates { slot.entryDates = dates }
                    slot.inFlight = nil
                    slot.failures = 0
                    slot.nextReload = next
                    slot.nextReloadReason = .policy
                }
            case .failure(let error):
                let message = TimelineScheduler.message(of: error)
                instance.status = .failed(message)
                instance.lastError = message
                let settings = rules.settings
                // Try again later, each time later, rather than hammering a failing provider.
                update(id) { slot in
                    slot.inFlight = nil
                    slot.failures += 1
                    slot.nextReload = now.addingTimeInterval(settings.retryDelay(failures: slot.failures))
                    slot.nextReloadReason = .retry
                }
            }
            reschedule(id, now: now)
            return effects
        }

        mutating func setLocked(_ id: Int, _ locked: Bool, at now: Date) -> [Effect] {
            guard let current = update(id, { slot in (slot.locked, slot.isProtected, slot.deferral, slot.heldReason, slot.inFlight) }),
                  current.0 != locked else { return [] }
            var effects: [Effect] = []
            if !locked && current.1 {
                let held = current.2 == .locked ? current.3 : nil
                update(id) { slot in
                    slot.locked = false
                    slot.unlockCredit = true
                    slot.deferral = nil
                    slot.heldReason = nil
                }
                if let held, current.4 == nil { start(id, reason: held, now: now, into: &effects) }
            } else {
                update(id) { $0.locked = locked }
            }
            reschedule(id, now: now)
            return effects
        }

        mutating func clockJumped(from old: Date, to now: Date, reloadReason reason: ReloadReason) -> [Effect] {
            let delta = now.timeIntervalSince(old)
            var effects: [Effect] = []
            for id in instanceTable.indices where instanceTable[id] != nil {
                if delta >= 0 {
                    update(id) { slot in
                        if let started = slot.inFlight?.started { slot.inFlight?.started = started.addingTimeInterval(delta) }
                    }
                    // An entry whose date the jump passed is current now: `reschedule` below queues
                    // the entry after `now`, replacing the deadline that would have shown it.
                    if instance(id)?.updateCurrentEntry(at: now) == true { effects.append(.entryChanged(instance: id)) }
                } else {
                    update(id) { slot in
                        slot.budget.rewind(to: now)
                        slot.inFlight = nil
                        slot.deferral = nil
                        slot.heldReason = nil
                    }
                    instance(id)?.updateCurrentEntry(at: now)
                    start(id, reason: reason, now: now, into: &effects)
                }
                reschedule(id, now: now)
            }
            return effects
        }

        mutating func budgetLeft(for id: Int, at now: Date) -> Int? {
            update(id) { $0.budget.left(at: now) }
        }

        /// Starts a reload for `reason` unless the lock or the budget holds it back.
        private mutating func start(_ id: Int, reason requested: ReloadReason, now: Date, into effects: inout [Effect]) {
            typealias Current = (idle: Bool, isProtected: Bool, locked: Bool, unlockCredit: Bool, deferral: DeferralCause?, hasRoom: Bool, nextRoom: Date?)
            guard let instance = instance(id),
                  let current: Current = update(id, { slot in
                      let room = slot.budget.hasRoom(at: now)
                      return (slot.inFlight == nil, slot.isProtected, slot.locked, slot.unlockCredit, slot.deferral,
                              room, room ? nil : slot.budget.nextRoom(at: now))
                  }),
                  current.idle else { return }
            if current.isProtected && current.locked {
                // Protected data cannot be read while locked: wait for the unlock.
                update(id) { slot in
                    slot.nextReload = nil
                    slot.heldReason = requested
                    slot.deferral = .locked
                }
                if current.deferral != .locked { effects.append(.deferred(instance: id, cause: .locked, until: nil)) }
                if instance.status == .ok { instance.status = .deferred(until: nil) }
                return
            }
            var reason = requested
            if reason.isBudgeted && current.unlockCredit { reason = .unlock }
            if reason.isBudgeted {
                guard current.hasRoom else {
                    let until = current.nextRoom
                    update(id) { slot in
                        slot.nextReload = until
                        slot.nextReloadReason = requested
                        slot.deferral = .budget
                    }
                    if current.deferral != .budget { effects.append(.deferred(instance: id, cause: .budget, until: until)) }
                    if instance.status == .ok { instance.status = .deferred(until: until) }
                    return
                }
            }
            if case .deferred = instance.status { instance.status = .ok }
            serial += 1
            let request = ReloadRequest(instance: id, reason: reason, serial: serial, started: now)
            update(id) { slot in
                if reason.isBudgeted { slot.budget.charge(at: now) }
                if slot.isProtected && !slot.locked { slot.unlockCredit = false }
                slot.deferral = nil
                slot.heldReason = nil
                slot.nextReload = nil
                slot.inFlight = request
            }
            effects.append(.reload(request))
        }

        /// When the instance's timeline asks for the next one: the policy date, jittered for
        /// `.after`, and never sooner than the minimum interval.
        private func policyReloadDate(_ instance: WidgetInstance, jitter: Jitter, now: Date) -> Date? {
            let policy = instance.policyReload()
            guard var date = policy.date else { return nil }
            if policy.isAfter {
                date = jitter.apply(to: date, now: now, instance: instance.id, count: policy.timelineCount)
            }
            return max(date, now.addingTimeInterval(rules.settings.minimumPolicyInterval))
        }

        /// Queues the deadlines an instance now wants, replacing those that changed.
        private mutating func reschedule(_ id: Int, now: Date) {
            let clockSpeed = rules.clockSpeed
            guard instance(id) != nil else { return }
            var pushes: ((Date, Int)?, (Date, Int)?, (Date, Int)?) = (nil, nil, nil)
            // One in-place access: holding a copy of the slot would make its budget's storage
            // shared (the next charge would copy it).
            update(id) { slot in
                func want(_ kind: Kind, _ date: Date?) -> (Date, Int)? {
                    let clamped = date.map { max($0, now) }
                    guard clamped != slot.queued.date(kind) else { return nil }
                    let generation = slot.queued.set(kind, clamped)
                    return clamped.map { ($0, generation) }
                }
                pushes.0 = want(.entry, TimelineState.firstDate(after: now, in: slot.entryDates))
                pushes.1 = want(.reload, slot.inFlight == nil && slot.deferral != .locked ? slot.nextReload : nil)
                pushes.2 = want(.timeout, slot.inFlight.map { Rules.deadlineOfTimeout($0, timeout: slot.timeout, clockSpeed: clockSpeed) })
            }
            push(id, .entry, pushes.0)
            push(id, .reload, pushes.1)
            push(id, .timeout, pushes.2)
        }

        private mutating func push(_ id: Int, _ kind: Kind, _ deadline: (Date, Int)?) {
            guard let (date, generation) = deadline else { return }
            sequence += 1
            queue.insert(Deadline(date: date, sequence: sequence, instance: id, kind: kind, generation: generation))
        }
    }

    /// A provider's error as one line for a panel.
    static func message(of error: any Error) -> String {
        // `String(describing:)` uses a custom description when the error has one.
        String(describing: error)
    }

    static func seconds(_ value: TimeInterval) -> String {
        value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}
