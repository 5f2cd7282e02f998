import Foundation
import WidgetDash

/// The scheduler's answers to what happens outside it: a provider's timeline or failure, a lock
/// change, a clock jump. Apart from ``TimelineScheduler/State``'s file only to keep both short.
extension TimelineScheduler.State {
    /// False when the request is no longer current (see ``TimelineScheduler/deliver(_:for:at:seconds:)``).
    mutating func deliver(_ result: Result<ErasedTimeline, any Error>, for request: ReloadRequest, at now: Date, seconds: TimeInterval,
                          into effects: inout [TimelineScheduler.Effect]) -> Bool {
        switch result {
        case .success(let timeline): deliver(timeline, for: request, at: now, seconds: seconds, into: &effects)
        case .failure(let error): deliverFailure(error, for: request, at: now, seconds: seconds, into: &effects)
        }
    }

    /// The instance of a request still current (unretained, see ``borrow(_:_:)``), and its
    /// jitter; nil for a late answer.
    private mutating func current(_ request: ReloadRequest) -> (owner: Unmanaged<WidgetInstance>, jitter: Jitter)? {
        update(request.instance) { slot in
            guard let owner = slot.owner, slot.inFlight?.serial == request.serial else { return nil }
            return (owner, slot.jitter)
        } ?? nil
    }

    /// A timeline that arrived; false when the request is no longer current. Taken apart from
    /// a `Result` by the simulator: matching one copied the timeline through its witnesses.
    mutating func deliver(_ timeline: ErasedTimeline, dates: UnsafeBufferPointer<Date>? = nil, for request: ReloadRequest, at now: Date, seconds: TimeInterval,
                          into effects: inout [TimelineScheduler.Effect]) -> Bool {
        let id = request.instance
        guard let (owner, jitter) = current(request) else { return false }
        // Let go of the slot's copy of the dates, so the instance refills their storage in place.
        if !timeline.entries.isEmpty { update(id) { $0.entryDates = [] } }
        let entryLimit = rules.settings.entryLimit
        // The instance is lent (as in `borrow`), not retained: the table holds it.
        owner._withUnsafeGuaranteedRef { $0.apply(timeline, reason: request.reason, at: now, seconds: seconds, entryLimit: entryLimit, dates: dates) }
        // An empty timeline keeps the entries shown (and their dates).
        let dates = timeline.entries.isEmpty ? nil : owner._withUnsafeGuaranteedRef { $0.entryDates }
        if !timeline.entries.isEmpty { effects.append(.entryChanged(instance: id)) }
        // The policy is read in the closure and dated outside it: a method of this state called
        // in there copied the whole state to call it on.
        let policy = owner._withUnsafeGuaranteedRef { $0.policyReload() }
        let next = policyReloadDate(policy, instance: id, jitter: jitter, now: now)
        update(id) { slot in
            if let dates { slot.entryDates = dates }
            slot.inFlight = nil
            slot.failures = 0
            slot.nextReload = next
            slot.nextReloadReason = .policy
        }
        reschedule(id, now: now)
        return true
    }

    /// A provider's failure; false when the request is no longer current.
    private mutating func deliverFailure(_ error: any Error, for request: ReloadRequest, at now: Date, seconds: TimeInterval,
                                         into effects: inout [TimelineScheduler.Effect]) -> Bool {
        let id = request.instance
        guard let instance = current(request)?.owner.takeUnretainedValue() else { return false }
        if let cut = error as? TimelineCutShort, !cut.timeline.entries.isEmpty {
            // What arrived before the failure is shown at its dates; the retry waits until it
            // runs out, then backs off as for any failure (see TimelineCutShort).
            instance.apply(cut.timeline, reason: request.reason, at: now, seconds: seconds, entryLimit: rules.settings.entryLimit)
            instance.lastError = TimelineScheduler.message(of: cut)
            effects.append(.entryChanged(instance: id))
            let dates = instance.entryDates
            update(id) { $0.entryDates = dates }
            retryLater(id, now: max(now, cut.runsOut))
        } else {
            let message = TimelineScheduler.message(of: error)
            if let cut = error as? TimelineCutShort { instance.keepPlaceholder(of: cut.timeline) }
            instance.status = .failed(message)
            instance.lastError = message
            retryLater(id, now: now)
        }
        reschedule(id, now: now)
        return true
    }

    mutating func setLocked(_ id: Int, _ locked: Bool, at now: Date, into effects: inout [TimelineScheduler.Effect]) {
        guard let current = update(id, { slot in (slot.locked, slot.isProtected, slot.deferral, slot.heldReason, slot.inFlight) }),
              current.0 != locked else { return }
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
    }

    mutating func clockJumped(from old: Date, to now: Date, reloadReason reason: ReloadReason) -> [TimelineScheduler.Effect] {
        let delta = now.timeIntervalSince(old)
        var effects: [TimelineScheduler.Effect] = []
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

    /// When the instance's timeline asks for the next one: the policy date, jittered for
    /// `.after`, and never sooner than the minimum interval; a date already past on arrival
    /// waits `pastReloadDateDelay` instead.
    private func policyReloadDate(_ policy: (date: Date?, isAfter: Bool, timelineCount: Int), instance id: Int, jitter: Jitter,
                                  now: Date) -> Date? {
        guard var date = policy.date else { return nil }
        if date <= now { return now.addingTimeInterval(rules.settings.pastReloadDateDelay) }
        if policy.isAfter {
            date = jitter.apply(to: date, now: now, instance: id, count: policy.timelineCount)
        }
        return max(date, now.addingTimeInterval(rules.settings.minimumPolicyInterval))
    }
}
