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

/// Decides when each widget's entry changes, when its provider is asked again, and when its
/// live text must be redrawn, and sleeps until the earliest of those moments.
///
/// The scheduler is pure logic over a clock's times: it never sleeps or runs providers itself.
/// ``advance(to:)`` returns what became due; the caller runs the reloads it asks for and hands
/// the results back with ``deliver(_:for:at:seconds:)``. The same scheduler drives the live
/// dashboard (providers run as tasks) and `widgetdash simulate` (providers answer on a virtual
/// clock).
///
/// Deadlines live in one heap: an instance's next entry, its next reload, its next live-text
/// frame and the time-out of its request in flight. When anything about an instance changes,
/// its deadlines are pushed again under a new generation and the old ones are dropped as they
/// surface (lazy deletion), which keeps every operation O(log n).
public final class TimelineScheduler {
    /// What became due.
    public enum Effect: Hashable, Sendable {
        /// Ask this instance's provider for a timeline.
        case reload(ReloadRequest)
        /// The entry on screen changed (a date came, or a new timeline arrived).
        case entryChanged(instance: Int)
        /// Live content (a timer) needs redrawing.
        case refresh(instance: Int)
        /// A due reload waits: until the date for the budget, until an unlock when locked.
        case deferred(instance: Int, cause: DeferralCause, until: Date?)
        /// A request took longer than the limit and was abandoned; a retry is scheduled.
        case timedOut(ReloadRequest)
    }

    private enum Kind: Int { case entry, reload, refresh, timeout }

    private struct Deadline: Comparable {
        var date: Date
        var sequence: Int
        var instance: Int
        var kind: Kind
        var generation: Int
        static func < (a: Deadline, b: Deadline) -> Bool {
            a.date != b.date ? a.date < b.date : a.sequence < b.sequence
        }
    }

    /// Per instance: the generation of its queued deadlines (older ones are ignored when they
    /// surface), and what is pending.
    private struct Slot {
        var generation = 0
        var inFlight: ReloadRequest?
        /// When the next system-started reload is due, and why (policy or retry).
        var nextReload: Date?
        var nextReloadReason: ReloadReason = .policy
        /// Set while a due reload waits; the reason it will run with.
        var deferral: DeferralCause?
        var heldReason: ReloadReason?
        var nextRefresh: Date?
        var budget: ReloadBudget
        var failures = 0
        var locked = false
        var isProtected: Bool
        /// The next reload after an unlock is exempt for protected widgets.
        var unlockCredit = false
        var timeout: TimeInterval
        var jitter: Jitter
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
        /// The next live-text frame (only while the widget is visible).
        public var nextRefresh: Date?
    }

    public var settings: SchedulerSettings
    /// How much faster than real time the clock runs. Provider time-outs are real seconds, so
    /// on a clock running N times faster they last N times longer in clock time.
    public var clockSpeed: Double = 1

    private var queue = Heap<Deadline>()
    private var sequence = 0
    private var serial = 0
    private var slots: [Int: Slot] = [:]
    public private(set) var instances: [Int: WidgetInstance] = [:]

    public init(settings: SchedulerSettings = SchedulerSettings()) {
        self.settings = settings
    }

    /// Starts tracking an instance and asks for its first timeline (held until an unlock when
    /// the device starts `locked` and the widget's data is protected).
    public func add(_ instance: WidgetInstance, at now: Date, settings custom: InstanceSettings = InstanceSettings(), locked: Bool = false) -> [Effect] {
        instances[instance.id] = instance
        let limit = custom.budget ?? settings.budgetByKind[instance.description.kind] ?? settings.budget
        slots[instance.id] = Slot(
            budget: ReloadBudget(limit: limit),
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

    /// Stops tracking an instance; its queued deadlines are dropped as they surface.
    public func remove(_ id: Int) {
        instances[id] = nil
        slots[id] = nil
    }

    /// The earliest moment something is due, if anything is.
    public func nextDeadline() -> Date? {
        while let top = queue.min, slots[top.instance]?.generation != top.generation {
            queue.removeMin()
        }
        return queue.min?.date
    }

    /// Everything due at or before `now`.
    public func advance(to now: Date) -> [Effect] {
        var effects: [Effect] = []
        var touched = Set<Int>()
        while let top = queue.min, top.date <= now {
            queue.removeMin()
            guard var slot = slots[top.instance], slot.generation == top.generation,
                  let instance = instances[top.instance] else { continue }
            touched.insert(top.instance)
            switch top.kind {
            case .entry:
                if instance.updateCurrentEntry(at: now) { effects.append(.entryChanged(instance: instance.id)) }
            case .reload:
                if slot.inFlight == nil, let due = slot.nextReload, due <= now {
                    start(instance.id, reason: slot.nextReloadReason, now: now, into: &effects)
                }
            case .refresh:
                slot.nextRefresh = nil
                slots[top.instance] = slot
                effects.append(.refresh(instance: instance.id))
            case .timeout:
                if let request = slot.inFlight, deadlineOfTimeout(request, slot) <= now {
                    slot.inFlight = nil
                    slot.failures += 1
                    slot.nextReload = now.addingTimeInterval(settings.retryDelay(failures: slot.failures))
                    slot.nextReloadReason = .retry
                    slots[top.instance] = slot
                    instance.lastError = "timed out after \(Self.seconds(slot.timeout))"
                    // What was on screen stays; the panel says it is stale.
                    instance.status = .stale("timed out")
                    effects.append(.timedOut(request))
                }
            }
        }
        for id in touched { reschedule(id, now: now) }
        return effects
    }

    /// Asks for a reload now, for a reason other than the policy (the user, an intent…).
    /// A reload already in flight absorbs the request.
    public func requestReload(_ id: Int, reason: ReloadReason, at now: Date) -> [Effect] {
        guard let slot = slots[id], slot.inFlight == nil else { return [] }
        var effects: [Effect] = []
        start(id, reason: reason, now: now, into: &effects)
        reschedule(id, now: now)
        return effects
    }

    /// Reloads every instance of a kind (nil: all of them), as WidgetCenter does.
    public func requestReload(kind: String?, reason: ReloadReason, at now: Date) -> [Effect] {
        instances.values
            .filter { kind == nil || $0.description.kind == kind }
            .sorted { $0.id < $1.id }
            .flatMap { requestReload($0.id, reason: reason, at: now) }
    }

    /// Takes a provider's answer (or failure) for a request.
    ///
    /// Returns nil when the request is no longer current (it timed out and was abandoned, or
    /// the instance is gone): a late answer never replaces what a retry brought.
    @discardableResult
    public func deliver(_ result: Result<ErasedTimeline, any Error>, for request: ReloadRequest, at now: Date, seconds: TimeInterval) -> [Effect]? {
        guard let instance = instances[request.instance], var slot = slots[request.instance],
              slot.inFlight?.serial == request.serial else { return nil }
        slot.inFlight = nil
        var effects: [Effect] = []
        switch result {
        case .success(let timeline):
            instance.apply(timeline, reason: request.reason, at: now, seconds: seconds, entryLimit: settings.entryLimit)
            if !timeline.entries.isEmpty { effects.append(.entryChanged(instance: request.instance)) }
            slot.failures = 0
            slot.nextReload = policyReloadDate(instance, slot: slot, now: now)
            slot.nextReloadReason = .policy
        case .failure(let error):
            let message = Self.message(of: error)
            instance.status = .failed(message)
            instance.lastError = message
            // Try again later, each time later, rather than hammering a failing provider.
            slot.failures += 1
            slot.nextReload = now.addingTimeInterval(settings.retryDelay(failures: slot.failures))
            slot.nextReloadReason = .retry
        }
        slots[request.instance] = slot
        reschedule(request.instance, now: now)
        return effects
    }

    /// Notes when an instance's drawn content next changes by itself (nil: it does not).
    public func setRefresh(_ id: Int, at date: Date?, now: Date) {
        guard var slot = slots[id], slot.nextRefresh != date else { return }
        slot.nextRefresh = date
        slots[id] = slot
        reschedule(id, now: now)
    }

    /// Locks or unlocks the device as one instance sees it.
    ///
    /// While locked, a protected instance's reloads wait; on unlock a waiting reload runs at
    /// once, and the first reload after the unlock is exempt from the budget.
    public func setLocked(_ id: Int, _ locked: Bool, at now: Date) -> [Effect] {
        guard var slot = slots[id], slot.locked != locked else { return [] }
        slot.locked = locked
        var effects: [Effect] = []
        if !locked && slot.isProtected {
            slot.unlockCredit = true
            let held = slot.deferral == .locked ? slot.heldReason : nil
            slot.deferral = nil
            slot.heldReason = nil
            slots[id] = slot
            if let held, slot.inFlight == nil { start(id, reason: held, now: now, into: &effects) }
        } else {
            slots[id] = slot
        }
        reschedule(id, now: now)
        return effects
    }

    /// Locks or unlocks every instance.
    public func setLocked(_ locked: Bool, at now: Date) -> [Effect] {
        instances.keys.sorted().flatMap { setLocked($0, locked, at: now) }
    }

    /// Tells the scheduler its clock jumped from `old` to `now` (time travel).
    ///
    /// Forward: requests in flight keep their time limit measured from now (the provider did
    /// not spend the skipped time), and whatever became due is returned by the next
    /// ``advance(to:)``. Backward: the future has not happened, so budget charges after `now`
    /// are forgotten, requests in flight are abandoned, and every instance reloads with
    /// `reason` so that it shows content for the new "now".
    public func clockJumped(from old: Date, to now: Date, reloadReason reason: ReloadReason = .user) -> [Effect] {
        let delta = now.timeIntervalSince(old)
        var effects: [Effect] = []
        for id in slots.keys.sorted() {
            guard var slot = slots[id] else { continue }
            if delta >= 0 {
                if var request = slot.inFlight {
                    request.started = request.started.addingTimeInterval(delta)
                    slot.inFlight = request
                    slots[id] = slot
                }
            } else {
                slot.budget.rewind(to: now)
                slot.inFlight = nil
                slot.deferral = nil
                slot.heldReason = nil
                slots[id] = slot
                instances[id]?.updateCurrentEntry(at: now)
                start(id, reason: reason, now: now, into: &effects)
            }
            reschedule(id, now: now)
        }
        return effects
    }

    /// The inspector's view of an instance's schedule.
    public func info(for id: Int, at now: Date) -> Info? {
        guard let slot = slots[id] else { return nil }
        return Info(
            nextReload: slot.inFlight == nil ? slot.nextReload : nil,
            nextReloadReason: slot.nextReload == nil ? nil : slot.nextReloadReason,
            deferral: slot.deferral,
            inFlight: slot.inFlight,
            budgetSpent: slot.budget.spent(at: now),
            budgetLeft: slot.budget.left(at: now),
            budgetLimit: slot.budget.limit,
            failures: slot.failures,
            locked: slot.locked,
            nextRefresh: slot.nextRefresh
        )
    }

    // MARK: Internals

    /// Starts a reload for `reason` unless the lock or the budget holds it back.
    private func start(_ id: Int, reason requested: ReloadReason, now: Date, into effects: inout [Effect]) {
        guard var slot = slots[id], slot.inFlight == nil, let instance = instances[id] else { return }
        var reason = requested
        if slot.isProtected && slot.locked {
            // Protected data cannot be read while locked: wait for the unlock.
            slot.nextReload = nil
            slot.heldReason = reason
            if slot.deferral != .locked {
                slot.deferral = .locked
                effects.append(.deferred(instance: id, cause: .locked, until: nil))
            }
            if instance.status == .ok { instance.status = .deferred(until: nil) }
            slots[id] = slot
            return
        }
        if reason.isBudgeted && slot.unlockCredit { reason = .unlock }
        if reason.isBudgeted {
            guard slot.budget.hasRoom(at: now) else {
                let until = slot.budget.nextRoom(at: now)
                slot.nextReload = until
                slot.nextReloadReason = requested
                if slot.deferral != .budget {
                    slot.deferral = .budget
                    effects.append(.deferred(instance: id, cause: .budget, until: until))
                }
                if instance.status == .ok { instance.status = .deferred(until: until) }
                slots[id] = slot
                return
            }
            slot.budget.charge(at: now)
        }
        if slot.isProtected && !slot.locked { slot.unlockCredit = false }
        if case .deferred = instance.status { instance.status = .ok }
        slot.deferral = nil
        slot.heldReason = nil
        slot.nextReload = nil
        serial += 1
        let request = ReloadRequest(instance: id, reason: reason, serial: serial, started: now)
        slot.inFlight = request
        slots[id] = slot
        effects.append(.reload(request))
    }

    /// When the instance's timeline asks for the next one: the policy date, jittered for
    /// `.after`, and never sooner than the minimum interval.
    private func policyReloadDate(_ instance: WidgetInstance, slot: Slot, now: Date) -> Date? {
        guard var date = instance.policyReloadDate() else { return nil }
        if case .after = instance.policy {
            date = slot.jitter.apply(to: date, now: now, instance: instance.id, count: instance.timelineCount)
        }
        return max(date, now.addingTimeInterval(settings.minimumPolicyInterval))
    }

    private func deadlineOfTimeout(_ request: ReloadRequest, _ slot: Slot) -> Date {
        request.started.addingTimeInterval(slot.timeout * max(clockSpeed, 0.001))
    }

    /// Requeues an instance's deadlines under a new generation, dropping its old ones.
    private func reschedule(_ id: Int, now: Date) {
        guard var slot = slots[id], let instance = instances[id] else { return }
        slot.generation += 1
        slots[id] = slot
        func push(_ date: Date?, _ kind: Kind) {
            guard let date else { return }
            sequence += 1
            queue.insert(Deadline(date: max(date, now), sequence: sequence, instance: id, kind: kind, generation: slot.generation))
        }
        push(instance.nextEntryDate(after: now), .entry)
        if let request = slot.inFlight {
            push(deadlineOfTimeout(request, slot), .timeout)
        } else if slot.deferral != .locked {
            push(slot.nextReload, .reload)
        }
        push(slot.nextRefresh, .refresh)
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
