import Foundation
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

        /// How many events of `kind` the widget had: each event is counted in one field.
        public func count(of kind: Event.Kind) -> Int {
            switch kind {
            case .reload: reloads
            case .entry: entriesShown
            case .deferred: deferred
            case .timeout: timeouts
            case .error: errors
            }
        }
    }

    struct Answer: Comparable {
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

    struct Entry: TimelineEntry { let date: Date }

    private struct Stub: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.date) }
        func snapshot(in context: Context) async -> Entry { Entry(date: context.date) }
        func timeline(in context: Context) async throws -> Timeline<Entry> { Timeline(entries: [], policy: .never) }
    }

    public let scenario: Scenario
    public let scheduler: TimelineScheduler
    /// The count of each widget's events, in widget order; complete when `run` returns (while
    /// it runs, the counts are in the run's hands).
    public var tallies: [Tally] { books.tallies }
    /// Taps, user reloads and locks, in the order they happen.
    private let script: [Scripted]
    /// Whether budgeted starts are recorded, to check no 24 hours held more than the budget.
    let checksBudget: Bool
    /// What the run keeps track of besides the scheduler (see ``Books``); kept here between
    /// runs, and held in a local variable while one runs.
    private var books: Books

    /// A simulator for `scenario`, starting from the dashboard's `settings` (the scenario's
    /// seed replaces theirs).
    public init(_ scenario: Scenario, settings: SchedulerSettings = SchedulerSettings(), checksBudget: Bool = true) {
        self.scenario = scenario
        var s = settings
        s.seed = scenario.seed
        scheduler = TimelineScheduler(settings: s)
        books = Books(widgets: scenario.widgets)
        self.checksBudget = checksBudget
        var script: [Scripted] = []
        for (i, w) in scenario.widgets.enumerated() {
            for d in w.taps { script.append(Scripted(date: d, order: script.count, widget: i, action: .tap)) }
            for d in w.userReloads { script.append(Scripted(date: d, order: script.count, widget: i, action: .userReload)) }
            for r in w.locked {
                script.append(Scripted(date: r.lowerBound, order: script.count, widget: i, action: .lock))
                script.append(Scripted(date: r.upperBound, order: script.count, widget: i, action: .unlock))
            }
        }
        script.sort()
        self.script = script
    }

    /// Runs the whole scenario, handing each event to `sink` as it happens; returns the
    /// tallies in widget order.
    @discardableResult
    public func run(_ sink: (Event) -> Void) -> [Tally] {
        withoutActuallyEscaping(sink) { run(EventSink(sink: $0)) }
    }

    /// Runs the whole scenario for its tallies alone (what the bench counts): no event is
    /// built or handed on, so no widget name or budget is looked up. Each event is counted in
    /// its widget's tally (a reload in `reloads`, an entry in `entriesShown`, and so on), so the
    /// tallies' sums are the counts of each kind of event.
    @discardableResult
    public func runTallying() -> [Tally] { run(NoSink()) }

    private func run<Sink: SimulationSink>(_ sink: Sink) -> [Tally] {
        // The bookkeeping is a local value while the run lasts: every access to a stored
        // property of a class is checked for exclusivity at run time, and a simulated day makes
        // millions of them. Swapped in and out, so nothing is copied.
        var books = Books(widgets: [])
        swap(&books, &self.books)
        defer { swap(&books, &self.books) }
        let start = scenario.start, end = scenario.end
        var stub = WidgetDescription(kind: "", displayName: "", description: "", supportedFamilies: [.systemSmall],
                                     provider: AnyTimelineProvider(Stub()), content: { _ in AnyView(EmptyView()) })
        for (i, w) in scenario.widgets.enumerated() {
            stub.kind = w.id
            stub.dataProtection = w.dataProtection
            let instance = WidgetInstance(id: i, description: stub, family: .systemSmall)
            let custom = InstanceSettings(budget: w.budget, maxJitter: w.jitter, timeout: w.timeout)
            books.tallies[i].budget = (w.budget ?? scheduler.settings.budget) == .max ? nil : (w.budget ?? scheduler.settings.budget)
            // A lock in force at the start holds even the first load of protected data.
            let lockedAtStart = w.locked.contains { $0.lowerBound <= start && start < $0.upperBound }
            books.handle(scheduler.add(instance, at: start, settings: custom, locked: lockedAtStart), now: start, self, sink)
        }
        var next = 0
        // One buffer for every step's effects: a fresh array per step was an allocation per event.
        var effects: [TimelineScheduler.Effect] = []
        while true {
            var earliest = scheduler.nextDeadline()
            if let answer = books.answers.min?.date, earliest.map({ answer < $0 }) ?? true { earliest = answer }
            if next < script.count, earliest.map({ script[next].date < $0 }) ?? true { earliest = script[next].date }
            guard let now = earliest, now <= end else { break }
            // What the next step needs of its widget is fetched while this one runs.
            scheduler.withUpcomingInstances { instance, position, isReload in
                if position > 0 {
                    books.fetchAhead(widget: instance)
                } else if isReload {
                    books.fetchTimelineAhead(widget: instance)
                }
            }
            // At one instant: answers first (they were asked for earlier), then the script, then
            // deadlines. A provider with no delay answers at this same instant, which is then
            // played again at once: nothing can be due earlier (the deadlines up to now were
            // handled, and new ones are never earlier than now), so looking was wasted work.
            var again = true
            while again {
                while let a = books.answers.min, a.date <= now {
                    books.answers.popMin()
                    books.deliver(a, now: now, self, sink)
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
                    books.handle(effects, now: now, self, sink)
                }
                effects.removeAllKeepingStorage()
                scheduler.advance(to: now, into: &effects)
                books.handle(effects, now: now, self, sink)
                again = books.answers.min?.date == now
            }
        }
        books.finishRun(entryLimit: scheduler.entryLimit)
        return books.tallies
    }
}

/// Where a run's events go: a sink that shows them whole, or none.
protocol SimulationSink {
    func take(_ kind: Simulator.Event.Kind, _ widget: Int, _ reason: String, _ now: Date, _ simulator: Simulator)
}

/// Hands on every event whole, with the widget's name and the budget it has left.
struct EventSink: SimulationSink {
    let sink: (Simulator.Event) -> Void

    func take(_ kind: Simulator.Event.Kind, _ widget: Int, _ reason: String, _ now: Date, _ simulator: Simulator) {
        let left = simulator.scheduler.budgetLeft(for: widget, at: now)
        sink(Simulator.Event(t: now, widget: simulator.scenario.widgets[widget].id, kind: kind, reason: reason,
                             budgetLeft: left == .max ? nil : left))
    }
}

/// Hands on nothing: the run keeps its tallies only.
struct NoSink: SimulationSink {
    func take(_ kind: Simulator.Event.Kind, _ widget: Int, _ reason: String, _ now: Date, _ simulator: Simulator) {}
}

/// The failure a scenario's `providerFailures` script produces.
public struct ScriptedFailure: Error, CustomStringConvertible {
    public var description: String { "scripted provider failure" }
}
