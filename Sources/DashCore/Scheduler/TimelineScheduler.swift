import Foundation
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
/// its deadlines are pushed again under new sequence numbers and the old ones are dropped as they
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
    /// The most entries kept from one timeline, read without copying the settings (their
    /// `budgetByKind` would be retained and released).
    var entryLimit: Int { state.rules.settings.entryLimit }
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
    ///
    /// The one access per call is not checked at run time either (about 90 instructions, four
    /// or five times per simulated event). No two accesses can overlap: `state` is private, the
    /// class is not `Sendable` (one isolation domain at a time uses it), and no `State` method
    /// calls anything that can reach this scheduler: they touch their own values and the
    /// `WidgetInstance`s (which hold no scheduler), and the only outside code they run, an
    /// entry's `date` and an error's description, is written against WidgetDash, which cannot
    /// name a scheduler.
    @exclusivity(unchecked) private var state: State

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

    /// Calls `body` with the instances of the first three queued deadlines, their places (0 is
    /// due first; 1 and 2 hold the one after it) and whether each is a reload, so that a caller
    /// can fetch what it keeps for them ahead of time.
    func withUpcomingInstances(_ body: (_ instance: Int, _ position: Int, _ isReload: Bool) -> Void) {
        state.withUpcomingInstances(body)
    }

    /// Everything due at or before `now`.
    public func advance(to now: Date) -> [Effect] {
        var effects: [Effect] = []
        state.advance(to: now, into: &effects)
        return effects
    }

    /// Everything due at or before `now`, appended to `effects`: a caller that keeps one buffer
    /// for its steps allocates nothing per step.
    public func advance(to now: Date, into effects: inout [Effect]) {
        state.advance(to: now, into: &effects)
    }

    /// Asks for a reload now, for a reason other than the policy (the user, an intent…).
    /// A reload already in flight absorbs the request.
    public func requestReload(_ id: Int, reason: ReloadReason, at now: Date) -> [Effect] {
        var effects: [Effect] = []
        state.requestReload(id, reason: reason, at: now, into: &effects)
        return effects
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
        var effects: [Effect] = []
        return state.deliver(result, for: request, at: now, seconds: seconds, into: &effects) ? effects : nil
    }

    /// ``deliver(_:for:at:seconds:)`` appending its effects to `effects`; false (and nothing
    /// appended) when the request is no longer current.
    public func deliver(_ result: Result<ErasedTimeline, any Error>, for request: ReloadRequest, at now: Date, seconds: TimeInterval,
                        into effects: inout [Effect]) -> Bool {
        state.deliver(result, for: request, at: now, seconds: seconds, into: &effects)
    }

    /// A timeline's arrival, as ``deliver(_:for:at:seconds:into:)`` with `.success`, for the
    /// simulator: no `Result` to take apart, and the entries' `dates` (in their order), which it
    /// made them from, so they are not read back through each entry's existential.
    func deliver(_ timeline: ErasedTimeline, dates: UnsafeBufferPointer<Date>, for request: ReloadRequest, at now: Date, seconds: TimeInterval,
                 into effects: inout [Effect]) -> Bool {
        state.deliver(timeline, dates: dates, for: request, at: now, seconds: seconds, into: &effects)
    }

    /// Locks or unlocks the device as one instance sees it.
    ///
    /// While locked, a protected instance's reloads wait; on unlock a waiting reload runs at
    /// once, and the first reload after the unlock is exempt from the budget.
    public func setLocked(_ id: Int, _ locked: Bool, at now: Date) -> [Effect] {
        var effects: [Effect] = []
        state.setLocked(id, locked, at: now, into: &effects)
        return effects
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

    /// The dashboard's settings and the clock's speed.
    struct Rules {
        var settings: SchedulerSettings
        var clockSpeed: Double

        /// When a request in flight times out: `timeout` real seconds, on a clock running at
        /// `clockSpeed`.
        static func deadlineOfTimeout(_ request: ReloadRequest, timeout: TimeInterval, clockSpeed: Double) -> Date {
            request.started.addingTimeInterval(timeout * max(clockSpeed, 0.001))
        }
    }

    /// A provider's error as one line for a panel.
    static func message(of error: any Error) -> String {
        // `String(describing:)` uses a custom description when the error has one.
        String(describing: error)
    }

    static func seconds(_ value: TimeInterval) -> String {
        // Beyond whole numbers an Int holds (a config may say "1e300"), Swift's own spelling.
        guard abs(value) < 1e15 else { return "\(value) s" }
        return value == value.rounded() ? "\(Int(value)) s" : String(format: "%.1f s", value)
    }
}
