import Foundation
import WidgetDash

/// The scheduler's state and the steps that change it (see ``TimelineScheduler`` for why it
/// is one value).
extension TimelineScheduler {
    /// The scheduler's state and the steps that change it.
    ///
    /// The answers to outside events are in SchedulerEvents.swift; `update`, `start`,
    /// `retryLater` and `reschedule` are internal rather than private only for them.
    struct State {
        var rules: Rules
        private var queue = MinHeap<Deadline>()
        /// Time-outs queued since the last `advance`, held out of the heap until it runs.
        ///
        /// Nearly every request is answered before its time-out, which then only surfaces in the
        /// heap to be dropped as stale: a push and a pop for nothing, a seventh of a simulated
        /// day. Held here, one answered before the next `advance` is dropped for the cost of a
        /// sequence check; the others enter the heap with their original order, so what is
        /// due, and in which order, is the same as if they had been queued at once.
        private var stagedTimeouts: [Deadline] = []
        /// The earliest time among `stagedTimeouts` (infinity when there are none): while the
        /// heap's first deadline is no later, `nextDeadline` has no need to look at them.
        private var stagedEarliest = Double.infinity
        private var pass = 0
        private var sequence = 0
        private var serial = 0
        /// Per-instance state, indexed by instance id (ids are small and dense: placement
        /// indices). A table rather than a dictionary, and mutated in place, so a scheduling step
        /// neither hashes nor copies a slot's budget. Its first `instanceTable.count` slots are
        /// the instances' (vacant where there is none).
        private var slots = SlotTable(capacity: 0)
        private(set) var instanceTable: [WidgetInstance?] = []
        /// The storage of `advance`'s list of touched instances, kept between passes.
        private var touchedScratch: [Int] = []

        init(rules: Rules) { self.rules = rules }

        func instance(_ id: Int) -> WidgetInstance? {
            id >= 0 && id < instanceTable.count ? instanceTable[id] : nil
        }

        func slot(_ id: Int) -> Slot? { instance(id) != nil ? slots.base[id] : nil }

        /// The slot of an id with an instance, to read and write in place (valid until the next
        /// `add`); nil for any other id.
        @inline(__always)
        private func slotPointer(_ id: Int) -> UnsafeMutablePointer<Slot>? {
            // The instance table says whether a slot exists without copying the slot to look.
            guard id >= 0, id < instanceTable.count, instanceTable[id] != nil else { return nil }
            return slots.base + id
        }

        /// Runs `body` on the instance with this id, lent without a retain and a release.
        ///
        /// Safe: a slot's `owner` is set in `add` just after `instanceTable` takes the instance,
        /// and cleared (with the whole slot) in `remove` as the table lets go of it, so while a
        /// slot names an instance the table keeps it alive; and `body` only calls the instance,
        /// which holds no scheduler and cannot reach `remove` (see ``TimelineScheduler/state``).
        @inline(__always)
        private func borrow<R>(_ id: Int, _ body: (WidgetInstance) -> R) -> R? {
            guard let owner = slotPointer(id)?.pointee.owner else { return nil }
            return owner._withUnsafeGuaranteedRef(body)
        }

        /// Mutates an existing slot in place.
        @discardableResult @inline(__always)
        mutating func update<R>(_ id: Int, _ body: (inout Slot) -> R) -> R? {
            guard let slot = slotPointer(id) else { return nil }
            return body(&slot.pointee)
        }

        mutating func add(_ instance: WidgetInstance, at now: Date, custom: InstanceSettings, locked: Bool) -> [Effect] {
            let settings = rules.settings
            let id = instance.id
            precondition(id >= 0 && id < Deadline.instanceLimit, "instance ids are non-negative and below \(Deadline.instanceLimit)")
            if id >= instanceTable.count {
                if id >= slots.capacity { slots = SlotTable(capacity: max(id + 1, 2 * slots.capacity), copying: slots) }
                // Appended in place: a temporary array per instance was an allocation and a free.
                instanceTable.append(contentsOf: repeatElement(nil, count: id + 1 - instanceTable.count))
            }
            instanceTable[id] = instance
            // Read once: each read of the instance's description is checked and copies it.
            let description = instance.description
            // Without budgets by kind (as in simulate) the kind's name need not be hashed.
            let kindBudget = settings.budgetByKind.isEmpty ? nil : settings.budgetByKind[description.kind]
            let limit = custom.budget ?? kindBudget ?? settings.budget
            slots.base[id] = Slot(
                budget: ReloadBudget(limit: limit),
                entryDates: instance.entryDates,
                locked: locked,
                isProtected: description.dataProtection == .complete,
                timeout: custom.timeout ?? description.reloadRules?.timeout ?? settings.timeout,
                jitter: Jitter(fraction: settings.jitterFraction, maxWindow: custom.maxJitter ?? settings.maxJitter, seed: settings.seed)
            )
            slots.base[id].owner = Unmanaged.passUnretained(instance)
            var effects: [Effect] = []
            start(instance.id, reason: .initial, now: now, into: &effects)
            reschedule(instance.id, now: now)
            return effects
        }

        mutating func remove(_ id: Int) {
            guard id >= 0, id < instanceTable.count else { return }
            instanceTable[id] = nil
            slots.base[id] = .vacant
        }

        mutating func nextDeadline() -> Date? {
            while let top = queue.min, !isCurrent(top) {
                queue.popMin()
            }
            if let top = queue.min, top.time <= stagedEarliest { return top.date }
            var earliest = queue.min
            // The staged time-outs still wanted, kept in order; any earlier than the heap's first wins.
            var kept = 0
            for i in stagedTimeouts.indices {
                let staged = stagedTimeouts[i]
                guard isCurrent(staged) else { continue }
                stagedTimeouts[kept] = staged
                kept += 1
                if earliest.map({ staged < $0 }) ?? true { earliest = staged }
            }
            while stagedTimeouts.count > kept { stagedTimeouts.removeLast() }
            stagedEarliest = stagedTimeouts.reduce(.infinity) { min($0, $1.time) }
            return earliest?.date
        }

        /// Moves the staged time-outs still wanted into the heap.
        private mutating func queueStagedTimeouts() {
            guard !stagedTimeouts.isEmpty else { return }
            for staged in stagedTimeouts where isCurrent(staged) { queue.insert(staged) }
            stagedTimeouts.removeAllKeepingStorage()
            stagedEarliest = .infinity
        }

        mutating func advance(to now: Date, into effects: inout [Effect]) {
            // Instances are rescheduled once everything due is handled, so a deadline due now is
            // never replaced before its turn (an entry and a reload at the same moment both run).
            // Most passes touch one instance, kept apart; the list of any others reuses the
            // storage of the last pass that needed one, taken only then.
            var firstTouched = -1
            var touched: [Int]?
            if !stagedTimeouts.isEmpty { queueStagedTimeouts() }
            pass += 1
            let pass = self.pass
            let nowTime = now.timeIntervalSinceReferenceDate
            while let top = queue.min, top.time <= nowTime {
                queue.popMin()
                fetchAhead()
                let id = top.instance
                // One access: is this deadline still wanted, consume it, note the slot as touched.
                let state = update(id) { slot -> (current: Bool, first: Bool) in
                    guard top.isCurrent(in: slot.queued) else { return (false, false) }
                    // This deadline is consumed; rescheduling below queues the kind again if needed.
                    slot.queued.set(top.kind, nil, sequence: 0)
                    defer { slot.touchedInPass = pass }
                    return (true, slot.touchedInPass != pass)
                }
                // A slot is there only for an instance: `update` returned a state, so `instance(id)` is not nil.
                guard let state, state.current else { continue }
                if state.first {
                    if firstTouched < 0 {
                        firstTouched = id
                    } else {
                        if touched == nil { touched = []; swap(&touched!, &touchedScratch) }
                        touched?.append(id)
                    }
                }
                switch top.kind {
                case .entry:
                    // Lent, not read from the table: each read retained and released it.
                    if borrow(id, { $0.updateCurrentEntry(at: now) }) == true { effects.append(.entryChanged(instance: id)) }
                case .reload:
                    let due = update(id) { slot in slot.inFlight == nil ? slot.nextReload.map { ($0, slot.nextReloadReason) } : nil } ?? nil
                    if let (date, reason) = due, date <= now {
                        start(id, reason: reason, now: now, into: &effects)
                    }
                case .timeout:
                    let due = update(id) { slot in slot.inFlight.map { ($0, slot.timeout) } } ?? nil
                    if let (request, timeout) = due, Rules.deadlineOfTimeout(request, timeout: timeout, clockSpeed: rules.clockSpeed) <= now,
                       let instance = instance(id) {
                        retryLater(id, now: now)
                        instance.lastError = "timed out after \(TimelineScheduler.seconds(timeout))"
                        // What was on screen stays; the panel says it is stale.
                        instance.status = .stale("timed out")
                        effects.append(.timedOut(request))
                    }
                }
            }
            if firstTouched >= 0 { reschedule(firstTouched, now: now) }
            if var others = touched {
                // Let go of the optional's reference, or emptying the list would copy it.
                touched = nil
                for id in others { reschedule(id, now: now) }
                others.removeAllKeepingStorage()
                swap(&others, &touchedScratch)
            }
        }

        /// Starts bringing in the slots of the instances whose deadlines come next (the heap's
        /// first three hold the next two), so that the steps for them find them in the cache.
        ///
        /// A simulated day visits instances in no useful order, and each step waited for its slot
        /// to come from memory; fetched one or two steps ahead, the wait overlaps this step's work.
        ///
        /// The next one's slot was fetched at the step before (it was second or third then), so
        /// its instance is known without waiting: its timeline, its entries' dates and, for a
        /// reload, its budget are fetched too.
        @inline(__always)
        private func fetchAhead() {
            for index in 0..<3 {
                guard let next = queue.element(at: index) else { return }
                guard let slot = slotPointer(next.instance) else { continue }
                let raw = UnsafeRawPointer(slot)
                // The fields a step reads span the slot's first cache lines.
                FetchAhead.line(raw)
                FetchAhead.line(raw + 64)
                FetchAhead.line(raw + 128)
                guard index == 0 else { continue }
                slot.pointee.owner?._withUnsafeGuaranteedRef { $0.fetchTimelineAhead() }
                withUnsafeMutablePointer(to: &slot.pointee.entryDates) { FetchAhead.storage(of: $0) }
                if next.kind == .reload { slot.pointee.budget.fetchAhead() }
            }
        }

        /// Calls `body` with the instances of the heap's first three deadlines (see
        /// ``TimelineScheduler/withUpcomingInstances(_:)``). Mutating only so that the
        /// scheduler calls it in place: a non-mutating call copied the whole state to call it on.
        mutating func withUpcomingInstances(_ body: (_ instance: Int, _ position: Int, _ isReload: Bool) -> Void) {
            for position in 0..<3 {
                guard let deadline = queue.element(at: position) else { return }
                body(deadline.instance, position, deadline.kind == .reload)
            }
        }

        /// True when a queued deadline is still the one its instance wants.
        private mutating func isCurrent(_ deadline: Deadline) -> Bool {
            update(deadline.instance) { deadline.isCurrent(in: $0.queued) } ?? false
        }

        mutating func requestReload(_ id: Int, reason: ReloadReason, at now: Date, into effects: inout [Effect]) {
            guard update(id, { $0.inFlight == nil }) == true else { return }
            start(id, reason: reason, now: now, into: &effects)
            reschedule(id, now: now)
        }

        mutating func budgetLeft(for id: Int, at now: Date) -> Int? {
            update(id) { $0.budget.left(at: now) }
        }

        /// Starts a reload for `reason` unless the lock or the budget holds it back.
        mutating func start(_ id: Int, reason requested: ReloadReason, now: Date, into effects: inout [Effect]) {
            typealias Current = (idle: Bool, isProtected: Bool, locked: Bool, unlockCredit: Bool, deferral: DeferralCause?, hasRoom: Bool, nextRoom: Date?)
            guard let current: Current = update(id, { slot in
                let room = slot.budget.hasRoom(at: now)
                return (slot.inFlight == nil, slot.isProtected, slot.locked, slot.unlockCredit, slot.deferral,
                        room, room ? nil : slot.budget.nextRoom(at: now))
            }), current.idle else { return }
            if current.isProtected && current.locked {
                // Protected data cannot be read while locked: wait for the unlock.
                holdBack(id, cause: .locked, until: nil, was: current.deferral, into: &effects) { $0.heldReason = requested }
                return
            }
            var reason = requested
            if reason.isBudgeted && current.unlockCredit { reason = .unlock }
            if reason.isBudgeted {
                guard current.hasRoom else {
                    holdBack(id, cause: .budget, until: current.nextRoom, was: current.deferral, into: &effects) {
                        $0.nextReloadReason = requested
                    }
                    return
                }
            }
            // Only `holdBack` marks a panel deferred, and it says so in the slot: the instance is
            // not read otherwise (a cache miss on most reloads).
            if update(id, { $0.markedDeferred }) == true {
                borrow(id) { instance in
                    if case .deferred = instance.status { instance.status = .ok }
                }
            }
            serial += 1
            let request = ReloadRequest(instance: id, reason: reason, serial: serial, started: now)
            update(id) { slot in
                if reason.isBudgeted { slot.budget.charge(at: now) }
                if slot.isProtected && !slot.locked { slot.unlockCredit = false }
                slot.deferral = nil
                slot.heldReason = nil
                slot.nextReload = nil
                slot.inFlight = request
                slot.markedDeferred = false
            }
            effects.append(.reload(request))
        }

        /// Ends the reload in flight as failed and schedules a retry, each failure waiting longer
        /// than the last rather than hammering a failing provider.
        mutating func retryLater(_ id: Int, now: Date) {
            let settings = rules.settings
            // An extension's widget retries on its own schedule (1 s, 2 s, 4 s … 5 min).
            let own = instance(id)?.description.reloadRules
            update(id) { slot in
                slot.inFlight = nil
                slot.failures += 1
                let delay = own?.retryDelay(failures: slot.failures) ?? settings.retryDelay(failures: slot.failures)
                slot.nextReload = now.addingTimeInterval(delay)
                slot.nextReloadReason = .retry
            }
        }

        /// Holds a reload back for `cause` until `until` (nil: until the unlock), with `keep` noting
        /// the reason to use when it runs; the deferral is announced only when its cause is new.
        private mutating func holdBack(_ id: Int, cause: DeferralCause, until: Date?,
                                       was previous: DeferralCause?, into effects: inout [Effect], keep: (inout Slot) -> Void) {
            update(id) { slot in
                keep(&slot)
                slot.nextReload = until
                slot.deferral = cause
            }
            if previous != cause { effects.append(.deferred(instance: id, cause: cause, until: until)) }
            let marked = borrow(id) { instance in
                guard instance.status == .ok else { return false }
                instance.status = .deferred(until: until)
                return true
            }
            if marked == true { update(id) { $0.markedDeferred = true } }
        }

        /// Queues the deadlines an instance now wants, replacing those that changed.
        mutating func reschedule(_ id: Int, now: Date) {
            // Nothing is pushed for an id without an instance.
            guard let slot = slotPointer(id) else { return }
            let clockSpeed = rules.clockSpeed
            // Read and written in place: holding a copy of the slot would make its budget's storage
            // shared (the next charge would copy it), and a closure here was not inlined.
            let entry = slot.pointee.queued.want(.entry, TimelineState.firstDate(after: now, in: slot.pointee.entryDates), now: now)
            let wantsReload = slot.pointee.inFlight == nil && slot.pointee.deferral != .locked
            let reload = slot.pointee.queued.want(.reload, wantsReload ? slot.pointee.nextReload : nil, now: now)
            let timeout = slot.pointee.inFlight.map { Rules.deadlineOfTimeout($0, timeout: slot.pointee.timeout, clockSpeed: clockSpeed) }
            let timeoutPush = slot.pointee.queued.want(.timeout, timeout, now: now)
            // A request answered before the next `advance` (nearly all of them) leaves its
            // time-out staged, last, and no longer wanted: dropped here, it is not looked at again.
            if timeout == nil, let last = stagedTimeouts.last, last.instance == id,
               !last.isCurrent(in: slot.pointee.queued) {
                stagedTimeouts.removeLast()
                if stagedTimeouts.isEmpty { stagedEarliest = .infinity }
            }
            push(id, .entry, entry, slot)
            push(id, .reload, reload, slot)
            push(id, .timeout, timeoutPush, slot)
        }

        @inline(__always)
        private mutating func push(_ id: Int, _ kind: Kind, _ date: Date?, _ slot: UnsafeMutablePointer<Slot>) {
            guard let date else { return }
            sequence = Deadline.sequence(after: sequence)
            let deadline = Deadline(date: date, sequence: sequence, instance: id, kind: kind)
            slot.pointee.queued.queued(kind, sequence: deadline.sequence)
            if kind == .timeout {
                stagedTimeouts.append(deadline)
                stagedEarliest = min(stagedEarliest, deadline.time)
            } else {
                queue.insert(deadline)
            }
        }
    }
}
