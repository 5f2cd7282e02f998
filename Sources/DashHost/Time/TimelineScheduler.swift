import Foundation
import HeapModule
import WidgetDash

/// Decides when each widget's entry changes, when its provider is asked again, and when its
/// live text must be redrawn, and sleeps until the earliest of those moments.
///
/// The scheduler is pure logic over a clock's times: it never sleeps or runs providers itself.
/// ``advance(to:)`` returns what became due; the caller runs the reloads it asks for and hands
/// the results back with ``deliver(_:to:reason:at:seconds:)``. The same scheduler drives the
/// live dashboard (providers run as tasks) and `widgetdash simulate` (providers answer at once
/// on a virtual clock).
public final class TimelineScheduler {
    /// What became due.
    public enum Effect: Equatable {
        /// Ask this instance's provider for a timeline.
        case reload(instance: Int, reason: ReloadReason)
        /// The entry on screen changed.
        case entryChanged(instance: Int)
        /// Live content (a timer) needs redrawing.
        case refresh(instance: Int)
    }

    private enum Kind: Int { case entry, reload, refresh }

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
        var reloadInFlight = false
        var nextReload: Date?
        var nextRefresh: Date?
    }

    private var queue = Heap<Deadline>()
    private var sequence = 0
    private var slots: [Int: Slot] = [:]
    public private(set) var instances: [Int: WidgetInstance] = [:]

    public init() {}

    /// Starts tracking an instance and asks for its first timeline.
    public func add(_ instance: WidgetInstance, at now: Date) -> [Effect] {
        instances[instance.id] = instance
        slots[instance.id] = Slot(reloadInFlight: true)
        return [.reload(instance: instance.id, reason: .initial)]
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
                if !slot.reloadInFlight, slot.nextReload.map({ $0 <= now }) == true {
                    slot.reloadInFlight = true
                    slot.nextReload = nil
                    slots[top.instance] = slot
                    effects.append(.reload(instance: instance.id, reason: .policy))
                }
            case .refresh:
                slot.nextRefresh = nil
                slots[top.instance] = slot
                effects.append(.refresh(instance: instance.id))
            }
        }
        for id in touched { reschedule(id, now: now) }
        return effects
    }

    /// Asks for a reload now, for a reason other than the policy (the user, an intent…).
    /// A reload already in flight absorbs the request.
    public func requestReload(_ id: Int, reason: ReloadReason) -> [Effect] {
        guard var slot = slots[id], !slot.reloadInFlight else { return [] }
        slot.reloadInFlight = true
        slots[id] = slot
        return [.reload(instance: id, reason: reason)]
    }

    /// Takes a provider's answer (or failure) for an instance.
    public func deliver(_ result: Result<ErasedTimeline, any Error>, to id: Int, reason: ReloadReason, at now: Date, seconds: TimeInterval) {
        guard let instance = instances[id], var slot = slots[id] else { return }
        slot.reloadInFlight = false
        switch result {
        case .success(let timeline):
            instance.apply(timeline, reason: reason, at: now, seconds: seconds)
            slot.nextReload = instance.policyReloadDate()
        case .failure(let error):
            instance.status = .failed(String(describing: error))
            // Try again later rather than hammering a failing provider.
            slot.nextReload = now.addingTimeInterval(30)
        }
        slots[id] = slot
        reschedule(id, now: now)
    }

    /// Notes when an instance's drawn content next changes by itself (nil: it does not).
    public func setRefresh(_ id: Int, at date: Date?, now: Date) {
        guard var slot = slots[id], slot.nextRefresh != date else { return }
        slot.nextRefresh = date
        slots[id] = slot
        reschedule(id, now: now)
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
        if !slot.reloadInFlight { push(slot.nextReload, .reload) }
        push(slot.nextRefresh, .refresh)
    }
}
