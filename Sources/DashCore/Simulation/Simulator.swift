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
    /// The count of each widget's events, in widget order; complete when `run` returns (while
    /// it runs, the counts are in the run's hands).
    public var tallies: [Tally] { books.tallies }
    /// Taps, user reloads and locks, in the order they happen.
    private let script: [Scripted]
    /// Whether budgeted starts are recorded, to check no 24 hours held more than the budget.
    private let checksBudget: Bool
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
        books.countReasons()
        return books.tallies
    }

    /// The run's bookkeeping: the scripted providers' pending answers, which scripted delays
    /// and failures were used, and the tallies.
    private struct Books {
        var answers = MinHeap<Answer>()
        var sequence = 0
        /// Each widget's scripted delays and failures not used yet.
        var delays: [OneShotScript]
        var failures: [OneShotScript]
        var tallies: [Tally]
        /// Start times of budgeted reloads per widget, to check the budget was kept.
        var budgetedStarts: [[Date]]
        /// Completed reloads per widget and reason (by `reasonIndex`), turned into
        /// `Tally.byReason` when the run ends: counting in a dictionary hashed a string each time.
        var reasonCounts: [[Int]]
        /// The storage of `deliver`'s effects, kept from one answer to the next.
        var delivered: [TimelineScheduler.Effect] = []
        /// Two arrays of entries per widget (at `2 × widget` and the next), handed out in turn
        /// and refilled in place: the instance keeps the last one it was given and lets go of the
        /// one before, so refilling that one allocates nothing. (Were it still held, as after a
        /// late answer was dropped, copy-on-write gives the timeline fresh storage.)
        var spareEntries: [[any TimelineEntry]]
        /// Per widget, which of its two arrays the next timeline uses.
        var spareTurn: [Bool]
        /// The dates of the entries being delivered, as many as the most a widget makes: the
        /// scheduler is lent them with the timeline and copies them.
        var scratchDates: [Date]

        init(widgets list: [Scenario.Widget]) {
            let widgets = list.count
            spareEntries = Array(repeating: [], count: 2 * widgets)
            spareTurn = Array(repeating: false, count: widgets)
            scratchDates = Array(repeating: Date(timeIntervalSinceReferenceDate: 0), count: list.reduce(0) { max($0, $1.entryOffsets.count) })
            delays = list.map { OneShotScript($0.providerDelays.map(\.at)) }
            failures = list.map { OneShotScript($0.providerFailures) }
            tallies = Array(repeating: Tally(), count: widgets)
            budgetedStarts = Array(repeating: [], count: widgets)
            reasonCounts = Array(repeating: Array(repeating: 0, count: ReloadReason.allCases.count), count: widgets)
        }

        /// `reason`'s place in `ReloadReason.allCases`: a switch, so counting neither searches
        /// nor hashes.
        static func reasonIndex(_ reason: ReloadReason) -> Int {
            switch reason {
            case .initial: 0
            case .policy: 1
            case .user: 2
            case .intent: 3
            case .appearance: 4
            case .unlock: 5
            case .widgetCenter: 6
            case .retry: 7
            }
        }

        /// Adds the reloads counted by reason to the tallies, and starts counting afresh.
        mutating func countReasons() {
            for i in reasonCounts.indices {
                // Room for them all at once: grown one reason at a time, the dictionary was
                // reallocated and rehashed (two of each three dictionary operations here).
                let used = reasonCounts[i].reduce(0) { $0 + ($1 > 0 ? 1 : 0) }
                guard used > 0 else { continue }
                if tallies[i].byReason.isEmpty {
                    tallies[i].byReason = Dictionary(minimumCapacity: used)
                } else {
                    tallies[i].byReason.reserveCapacity(tallies[i].byReason.count + used)
                }
                for reason in ReloadReason.allCases {
                    let k = Books.reasonIndex(reason)
                    guard reasonCounts[i][k] > 0 else { continue }
                    tallies[i].byReason[reason.rawValue, default: 0] += reasonCounts[i][k]
                    reasonCounts[i][k] = 0
                }
            }
        }

        private func event<Sink: SimulationSink>(_ kind: Event.Kind, _ widget: Int, _ reason: String, _ now: Date, _ simulator: Simulator, _ sink: Sink) {
            sink.take(kind, widget, reason, now, simulator)
        }

        mutating func handle(_ effects: [TimelineScheduler.Effect], now: Date, _ simulator: Simulator, _ sink: some SimulationSink) {
            for effect in effects {
                switch effect {
                case .reload(let request):
                    ask(request, now: now, simulator)
                case .entryChanged(let id):
                    tallies[id].entriesShown += 1
                    event(.entry, id, "date", now, simulator, sink)
                case .deferred(let id, let cause, _):
                    tallies[id].deferred += 1
                    event(.deferred, id, cause.rawValue, now, simulator, sink)
                case .timedOut(let request):
                    tallies[request.instance].timeouts += 1
                    event(.timeout, request.instance, request.reason.rawValue, now, simulator, sink)
                }
            }
        }

        /// Scripts the provider's answer to a request: when it comes, and whether it fails.
        private mutating func ask(_ request: ReloadRequest, now: Date, _ simulator: Simulator) {
            let i = request.instance
            if request.reason.isBudgeted && simulator.checksBudget { recordBudgeted(i, now) }
            // The widget's script is read in place: copying the whole `Scenario.Widget` (seven
            // arrays and a string) for two of its fields cost more than the rest of this step.
            // Asked first, without the write access `take` needs: most widgets script nothing.
            var delay: TimeInterval = 0
            if !delays[i].isSpent, let k = delays[i].take(at: now) { delay = simulator.scenario.widgets[i].providerDelays[k].seconds }
            let fails = !failures[i].isSpent && failures[i].take(at: now) != nil
            sequence += 1
            answers.insert(Answer(date: now.addingTimeInterval(delay), sequence: sequence, request: request, fails: fails))
        }

        mutating func deliver(_ answer: Answer, now: Date, _ simulator: Simulator, _ sink: some SimulationSink) {
            let request = answer.request
            let i = request.instance
            let scheduler = simulator.scheduler
            let seconds = now.timeIntervalSince(request.started)
            let entryCount = simulator.scenario.widgets[i].entryOffsets.count
            // false: the request was abandoned at its time-out, and the late answer is dropped.
            delivered.removeAllKeepingStorage()
            if answer.fails {
                guard scheduler.deliver(.failure(ScriptedFailure()), for: request, at: now, seconds: seconds, into: &delivered) else { return }
            } else {
                // The timeline is made when the provider is asked: its entries and `after` date
                // count from then.
                let created = request.started
                // Out of `self` while lent: the scheduler's call below also writes `delivered`.
                var dates: [Date] = []
                swap(&dates, &scratchDates)
                defer { swap(&dates, &scratchDates) }
                let entries = dates.withUnsafeMutableBufferPointer { makeEntries(i, created: created, dates: $0, simulator) }
                let policy: TimelineReloadPolicy = switch simulator.scenario.widgets[i].policy {
                case .atEnd: .atEnd
                case .never: .never
                case .after(let d): .after(created.addingTimeInterval(d))
                }
                // Handed over as a timeline, not a `Result`: taking one apart copied the timeline.
                let timeline = ErasedTimeline(entries: entries, policy: policy)
                let current = dates.withUnsafeBufferPointer { dates in
                    scheduler.deliver(timeline, dates: UnsafeBufferPointer(rebasing: dates[..<entries.count]), for: request, at: now,
                                      seconds: seconds, into: &delivered)
                }
                guard current else { return }
            }
            if answer.fails {
                tallies[i].errors += 1
                event(.error, i, request.reason.rawValue, now, simulator, sink)
            } else {
                tallies[i].reloads += 1
                reasonCounts[i][Books.reasonIndex(request.reason)] += 1
                if request.reason.isBudgeted { tallies[i].budgetedReloads += 1 } else { tallies[i].exemptReloads += 1 }
                if entryCount > scheduler.entryLimit { tallies[i].truncatedTimelines += 1 }
                event(.reload, i, request.reason.rawValue, now, simulator, sink)
            }
            for effect in delivered {
                if case .entryChanged(let id) = effect {
                    tallies[id].entriesShown += 1
                    event(.entry, id, "timeline", now, simulator, sink)
                }
            }
        }

        /// Widget `i`'s entries for a timeline created at `created`, in the spare array whose
        /// turn it is (see ``spareEntries``); their dates, in the same order, go to the start of
        /// `dates`.
        private mutating func makeEntries(_ i: Int, created: Date, dates: UnsafeMutableBufferPointer<Date>,
                                          _ simulator: Simulator) -> [any TimelineEntry] {
            let spare = 2 * i + (spareTurn[i] ? 1 : 0)
            spareTurn[i].toggle()
            var entries: [any TimelineEntry] = []
            swap(&entries, &spareEntries[spare])
            let offsets = simulator.scenario.widgets[i].entryOffsets
            for k in offsets.indices { dates[k] = created.addingTimeInterval(offsets[k]) }
            if entries.count == offsets.count {
                // Through the buffer: one uniqueness check for the array, not one per entry.
                entries.withUnsafeMutableBufferPointer { buffer in
                    for k in offsets.indices { buffer[k] = Entry(date: dates[k]) }
                }
            } else {
                entries = offsets.indices.map { Entry(date: dates[$0]) }
            }
            spareEntries[spare] = entries
            return entries
        }

        /// Notes a budgeted start and the most such starts in any 24 hours ending now.
        private mutating func recordBudgeted(_ i: Int, _ now: Date) {
            budgetedStarts[i].append(now)
            let cutoff = now.addingTimeInterval(-ReloadBudget.window)
            budgetedStarts[i].removeAll { $0 <= cutoff }
            tallies[i].maxBudgetedIn24h = max(tallies[i].maxBudgetedIn24h, budgetedStarts[i].count)
        }
    }
}

/// Where a run's events go: a sink that shows them whole, or none.
private protocol SimulationSink {
    func take(_ kind: Simulator.Event.Kind, _ widget: Int, _ reason: String, _ now: Date, _ simulator: Simulator)
}

/// Hands on every event whole, with the widget's name and the budget it has left.
private struct EventSink: SimulationSink {
    let sink: (Simulator.Event) -> Void

    func take(_ kind: Simulator.Event.Kind, _ widget: Int, _ reason: String, _ now: Date, _ simulator: Simulator) {
        let left = simulator.scheduler.budgetLeft(for: widget, at: now)
        sink(Simulator.Event(t: now, widget: simulator.scenario.widgets[widget].id, kind: kind, reason: reason,
                             budgetLeft: left == .max ? nil : left))
    }
}

/// Hands on nothing: the run keeps its tallies only.
private struct NoSink: SimulationSink {
    func take(_ kind: Simulator.Event.Kind, _ widget: Int, _ reason: String, _ now: Date, _ simulator: Simulator) {}
}

/// The failure a scenario's `providerFailures` script produces.
public struct ScriptedFailure: Error, CustomStringConvertible {
    public var description: String { "scripted provider failure" }
}
