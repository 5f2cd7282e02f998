import Foundation
import HeapModule
import WidgetDash

/// Runs the scheduler over a scenario on a virtual clock, as fast as it can, and reports what
/// happened: the engine of `widgetdash simulate` and `widgetdash bench scheduler`.
///
/// Providers are scripted: each answers a timeline dated from the moment it is asked, after
/// the scenario's delay (0 unless scripted), or fails when the scenario says so. The clock
/// jumps from one due moment to the next, so a day takes as long as its events, not its hours.
public final class Simulator {
    /// What happened, one per output line.
    public struct Event: Sendable, Equatable {
        public enum Kind: String, Sendable { case reload, deferred, entry, timeout, error }
        public var t: Date
        public var widget: String
        public var kind: Kind
        /// The reload reason; for `deferred` the cause (budget, locked); for `entry` what
        /// brought it (date, timeline).
        public var reason: String
        /// Budgeted reloads left in the last 24 hours; nil when unlimited.
        public var budgetLeft: Int?
    }

    /// Counts per widget, for the summary.
    public struct Tally: Sendable, Equatable {
        /// Every timeline request that completed.
        public var reloads = 0
        public var budgetedReloads = 0
        public var exemptReloads = 0
        public var deferred = 0
        public var timeouts = 0
        public var errors = 0
        public var entriesShown = 0
        /// Timelines cut to the entry limit.
        public var truncatedTimelines = 0
        /// The most budgeted reloads started in any 24 hours (never above the budget).
        public var maxBudgetedIn24h = 0
        public var budget: Int?
        public var byReason: [String: Int] = [:]
    }

    private struct Answer: Comparable {
        var date: Date
        var sequence: Int
        var request: ReloadRequest
        var fails: Bool
        static func < (a: Answer, b: Answer) -> Bool { a.date != b.date ? a.date < b.date : a.sequence < b.sequence }
    }

    private struct Scripted: Comparable {
        enum Action { case tap, userReload, lock, unlock }
        var date: Date
        var order: Int
        var widget: Int
        var action: Action
        static func < (a: Scripted, b: Scripted) -> Bool { a.date != b.date ? a.date < b.date : a.order < b.order }
    }

    private struct Entry: TimelineEntry { let date: Date }

    private struct Stub: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.date) }
        func snapshot(in context: Context) async -> Entry { Entry(date: context.date) }
        func timeline(in context: Context) async throws -> Timeline<Entry> { Timeline(entries: [], policy: .never) }
    }

    public let scenario: Scenario
    public let scheduler: TimelineScheduler
    private var answers = Heap<Answer>()
    private var sequence = 0
    private var script: [Scripted] = []
    private var delaysUsed: [Set<Int>]
    private var failuresUsed: [Set<Int>]
    public private(set) var tallies: [Tally]
    /// Start times of budgeted reloads per widget, to check the budget was kept.
    private var budgetedStarts: [[Date]]
    /// Only the last `windowCheck` starts are needed to know the busiest 24 hours.
    private let checksBudget: Bool

    /// A simulator for `scenario`, starting from the dashboard's `settings` (the scenario's
    /// seed replaces theirs).
    public init(_ scenario: Scenario, settings: SchedulerSettings = SchedulerSettings(), checksBudget: Bool = true) {
        self.scenario = scenario
        var s = settings
        s.seed = scenario.seed
        scheduler = TimelineScheduler(settings: s)
        delaysUsed = Array(repeating: [], count: scenario.widgets.count)
        failuresUsed = Array(repeating: [], count: scenario.widgets.count)
        tallies = Array(repeating: Tally(), count: scenario.widgets.count)
        budgetedStarts = Array(repeating: [], count: scenario.widgets.count)
        self.checksBudget = checksBudget
        for (i, w) in scenario.widgets.enumerated() {
            for d in w.taps { script.append(Scripted(date: d, order: script.count, widget: i, action: .tap)) }
            for d in w.userReloads { script.append(Scripted(date: d, order: script.count, widget: i, action: .userReload)) }
            for r in w.locked {
                script.append(Scripted(date: r.lowerBound, order: script.count, widget: i, action: .lock))
                script.append(Scripted(date: r.upperBound, order: script.count, widget: i, action: .unlock))
            }
        }
        script.sort()
    }

    /// Runs the whole scenario, handing each event to `sink` as it happens; returns the
    /// tallies in widget order.
    @discardableResult
    public func run(_ sink: (Event) -> Void) -> [Tally] {
        let start = scenario.start, end = scenario.end
        var stub = WidgetDescription(kind: "", displayName: "", description: "", supportedFamilies: [.systemSmall],
                                     provider: AnyTimelineProvider(Stub()), content: { _ in AnyView(EmptyView()) })
        for (i, w) in scenario.widgets.enumerated() {
            stub.kind = w.id
            stub.dataProtection = w.dataProtection
            let instance = WidgetInstance(id: i, description: stub, family: .systemSmall)
            let custom = InstanceSettings(budget: w.budget, maxJitter: w.jitter, timeout: w.timeout)
            tallies[i].budget = (w.budget ?? scheduler.settings.budget) == .max ? nil : (w.budget ?? scheduler.settings.budget)
            // A lock in force at the start holds even the first load of protected data.
            let lockedAtStart = w.locked.contains { $0.lowerBound <= start && start < $0.upperBound }
            handle(scheduler.add(instance, at: start, settings: custom, locked: lockedAtStart), now: start, sink)
        }
        var next = 0
        while true {
            var earliest = scheduler.nextDeadline()
            for candidate in [answers.min?.date, next < script.count ? script[next].date : nil] {
                if let c = candidate, earliest.map({ c < $0 }) ?? true { earliest = c }
            }
            guard let now = earliest, now <= end else { break }
            // At one instant: answers first (they were asked for earlier), then the script, then deadlines.
            while let a = answers.min, a.date <= now {
                answers.removeMin()
                deliver(a, now: now, sink)
            }
            while next < script.count, script[next].date <= now {
                let s = script[next]
                next += 1
                let effects: [TimelineScheduler.Effect]
                switch s.action {
                case .tap: effects = scheduler.requestReload(s.widget, reason: .intent, at: now)
                case .userReload: effects = scheduler.requestReload(s.widget, reason: .user, at: now)
                case .lock: effects = scheduler.setLocked(s.widget, true, at: now)
                case .unlock: effects = scheduler.setLocked(s.widget, false, at: now)
                }
                handle(effects, now: now, sink)
            }
            handle(scheduler.advance(to: now), now: now, sink)
        }
        return tallies
    }

    private func event(_ kind: Event.Kind, _ widget: Int, _ reason: String, _ now: Date, _ sink: (Event) -> Void) {
        let left = scheduler.budgetLeft(for: widget, at: now)
        sink(Event(t: now, widget: scenario.widgets[widget].id, kind: kind, reason: reason, budgetLeft: left == .max ? nil : left))
    }

    private func handle(_ effects: [TimelineScheduler.Effect], now: Date, _ sink: (Event) -> Void) {
        for effect in effects {
            switch effect {
            case .reload(let request):
                ask(request, now: now)
            case .entryChanged(let id):
                tallies[id].entriesShown += 1
                event(.entry, id, "date", now, sink)
            case .refresh:
                break
            case .deferred(let id, let cause, _):
                tallies[id].deferred += 1
                event(.deferred, id, cause.rawValue, now, sink)
            case .timedOut(let request):
                tallies[request.instance].timeouts += 1
                event(.timeout, request.instance, request.reason.rawValue, now, sink)
            }
        }
    }

    /// Scripts the provider's answer to a request: when it comes, and whether it fails.
    private func ask(_ request: ReloadRequest, now: Date) {
        let i = request.instance
        let w = scenario.widgets[i]
        if request.reason.isBudgeted && checksBudget { recordBudgeted(i, now) }
        var delay: TimeInterval = 0
        if let k = w.providerDelays.indices.first(where: { !delaysUsed[i].contains($0) && w.providerDelays[$0].at <= now }) {
            delaysUsed[i].insert(k)
            delay = w.providerDelays[k].seconds
        }
        var fails = false
        if let k = w.providerFailures.indices.first(where: { !failuresUsed[i].contains($0) && w.providerFailures[$0] <= now }) {
            failuresUsed[i].insert(k)
            fails = true
        }
        sequence += 1
        answers.insert(Answer(date: now.addingTimeInterval(delay), sequence: sequence, request: request, fails: fails))
    }

    private func deliver(_ answer: Answer, now: Date, _ sink: (Event) -> Void) {
        let request = answer.request
        let i = request.instance
        let w = scenario.widgets[i]
        let seconds = now.timeIntervalSince(request.started)
        let result: Result<ErasedTimeline, any Error>
        if answer.fails {
            result = .failure(ScriptedFailure())
        } else {
            // The timeline is made when the provider is asked: its entries and `after` date
            // count from then.
            let created = request.started
            let entries: [any TimelineEntry] = w.entryOffsets.map { Entry(date: created.addingTimeInterval($0)) }
            let policy: TimelineReloadPolicy = switch w.policy {
            case .atEnd: .atEnd
            case .never: .never
            case .after(let d): .after(created.addingTimeInterval(d))
            }
            result = .success(ErasedTimeline(entries: entries, policy: policy))
        }
        // nil: the request was abandoned at its time-out, and the late answer is dropped.
        guard let effects = scheduler.deliver(result, for: request, at: now, seconds: seconds) else { return }
        if answer.fails {
            tallies[i].errors += 1
            event(.error, i, request.reason.rawValue, now, sink)
        } else {
            tallies[i].reloads += 1
            tallies[i].byReason[request.reason.rawValue, default: 0] += 1
            if request.reason.isBudgeted { tallies[i].budgetedReloads += 1 } else { tallies[i].exemptReloads += 1 }
            if w.entryOffsets.count > scheduler.settings.entryLimit { tallies[i].truncatedTimelines += 1 }
            event(.reload, i, request.reason.rawValue, now, sink)
        }
        for effect in effects {
            if case .entryChanged(let id) = effect {
                tallies[id].entriesShown += 1
                event(.entry, id, "timeline", now, sink)
            }
        }
    }

    /// Notes a budgeted start and the most such starts in any 24 hours ending now.
    private func recordBudgeted(_ i: Int, _ now: Date) {
        budgetedStarts[i].append(now)
        let cutoff = now.addingTimeInterval(-ReloadBudget.window)
        budgetedStarts[i].removeAll { $0 <= cutoff }
        tallies[i].maxBudgetedIn24h = max(tallies[i].maxBudgetedIn24h, budgetedStarts[i].count)
    }
}

/// The failure a scenario's `providerFailures` script produces.
public struct ScriptedFailure: Error, CustomStringConvertible {
    public var description: String { "scripted provider failure" }
}
