import Foundation
import WidgetDash

extension Simulator {
    /// What the run reads and counts for one widget on nearly every event, packed together.
    ///
    /// A simulated day visits its widgets in no useful order, so each event finds them out of
    /// the processor's caches; what an event needs of its widget was spread over the scenario's
    /// `Widget` (and its offsets' own storage), the tallies and the counts by reason, a cache
    /// miss each. Here most events touch one record.
    struct WidgetBook {
        /// Where the widget's entry offsets start in `Books.offsets`, and how many there are.
        var offsetsStart: Int
        var offsetsCount: Int
        var policy: Scenario.Policy
        /// Whether scripted delays or failures may still be taken (false once all are used).
        var hasDelays: Bool
        var hasFailures: Bool
        /// Two arrays of entries, handed out in turn and refilled in place: the instance keeps
        /// the last one it was given and lets go of the one before, so refilling that one
        /// allocates nothing. (Were it still held, as after a late answer was dropped,
        /// copy-on-write gives the timeline fresh storage.)
        var spares: (first: [any TimelineEntry], second: [any TimelineEntry]) = ([], [])
        /// Whether the next timeline uses the second of the spares.
        var spareTurn = false
        /// Entries shown since the run began, added to the tally when it ends.
        var entriesShown = 0
    }

    /// The run's bookkeeping: the scripted providers' pending answers, which scripted delays
    /// and failures were used, and the tallies.
    struct Books {
        var answers = MinHeap<Answer>()
        var sequence = 0
        /// One record per widget (see ``WidgetBook``).
        var widgets: [WidgetBook]
        /// Every widget's entry offsets, one after the other.
        var offsets: [TimeInterval]
        /// Each widget's scripted delays and failures not used yet.
        var delays: [OneShotScript]
        var failures: [OneShotScript]
        var tallies: [Tally]
        /// Start times of budgeted reloads per widget, to check the budget was kept.
        var budgetedStarts: [[Date]]
        /// Completed reloads by widget and reason (at `reasonCount × widget + reasonIndex`),
        /// added to the tallies when the run ends: a reload's other counts (budgeted or exempt,
        /// cut short or not) follow from its reason and its widget, so only this one is kept.
        var reasonCounts: [Int]
        /// The storage of `deliver`'s effects, kept from one answer to the next.
        var delivered: [TimelineScheduler.Effect] = []
        /// The dates of the entries being delivered, as many as the most a widget makes: the
        /// scheduler is lent them with the timeline and copies them.
        var scratchDates: [Date]

        static let reasonCount = ReloadReason.allCases.count

        init(widgets list: [Scenario.Widget]) {
            var offsets: [TimeInterval] = []
            offsets.reserveCapacity(list.reduce(0) { $0 + $1.entryOffsets.count })
            widgets = list.map { w in
                defer { offsets += w.entryOffsets }
                return WidgetBook(offsetsStart: offsets.count, offsetsCount: w.entryOffsets.count, policy: w.policy,
                                  hasDelays: !w.providerDelays.isEmpty, hasFailures: !w.providerFailures.isEmpty)
            }
            self.offsets = offsets
            scratchDates = Array(repeating: Date(timeIntervalSinceReferenceDate: 0), count: list.reduce(0) { max($0, $1.entryOffsets.count) })
            delays = list.map { OneShotScript($0.providerDelays.map(\.at)) }
            failures = list.map { OneShotScript($0.providerFailures) }
            tallies = Array(repeating: Tally(), count: list.count)
            budgetedStarts = Array(repeating: [], count: list.count)
            reasonCounts = Array(repeating: 0, count: Self.reasonCount * list.count)
        }

        /// Starts bringing in what a step for widget `i` reads: its record and its counts by
        /// reason (see `FetchAhead`).
        mutating func fetchAhead(widget i: Int) {
            guard i >= 0, i < widgets.count else { return }
            withUnsafeMutablePointer(to: &widgets) { FetchAhead.storage(of: $0, element: i) }
            withUnsafeMutablePointer(to: &reasonCounts) { FetchAhead.storage(of: $0, element: Self.reasonCount * i) }
        }

        /// Starts bringing in what widget `i`'s next timeline is made from: its entry offsets
        /// and both spare arrays (one is filled, the other let go of by the instance). For the
        /// widget being handled now, whose record was fetched a step ago, so it is read without
        /// waiting, while these are needed only once its provider answers.
        mutating func fetchTimelineAhead(widget i: Int) {
            guard i >= 0, i < widgets.count else { return }
            let start = widgets.withUnsafeMutableBufferPointer { books -> Int in
                guard let book = books.baseAddress.map({ $0 + i }) else { return 0 }
                withUnsafeMutablePointer(to: &book.pointee.spares.first) { FetchAhead.storage(of: $0, element: 1) }
                withUnsafeMutablePointer(to: &book.pointee.spares.second) { FetchAhead.storage(of: $0, element: 1) }
                return book.pointee.offsetsStart
            }
            withUnsafeMutablePointer(to: &offsets) { FetchAhead.storage(of: $0, element: start) }
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

        /// Adds what the run counted per widget to the tallies, and starts counting afresh.
        /// `entryLimit` is the scheduler's: a widget scripting more entries has each of its
        /// timelines cut.
        mutating func finishRun(entryLimit: Int) {
            for i in widgets.indices {
                tallies[i].entriesShown += widgets[i].entriesShown
                widgets[i].entriesShown = 0
                let first = Self.reasonCount * i
                // Read by index, not through a slice: a slice held while the counts are zeroed
                // below would make that write copy the whole array.
                var reloads = 0, budgeted = 0, used = 0
                for reason in ReloadReason.allCases {
                    let n = reasonCounts[first + Self.reasonIndex(reason)]
                    reloads += n
                    if reason.isBudgeted { budgeted += n }
                    if n > 0 { used += 1 }
                }
                guard reloads > 0 else { continue }
                tallies[i].reloads += reloads
                tallies[i].budgetedReloads += budgeted
                tallies[i].exemptReloads += reloads - budgeted
                if widgets[i].offsetsCount > entryLimit { tallies[i].truncatedTimelines += reloads }
                // Room for them all at once: grown one reason at a time, the dictionary was
                // reallocated and rehashed (two of each three dictionary operations here).
                if tallies[i].byReason.isEmpty {
                    tallies[i].byReason = Dictionary(minimumCapacity: used)
                } else {
                    tallies[i].byReason.reserveCapacity(tallies[i].byReason.count + used)
                }
                for reason in ReloadReason.allCases {
                    let k = first + Self.reasonIndex(reason)
                    guard reasonCounts[k] > 0 else { continue }
                    tallies[i].byReason[reason.rawValue, default: 0] += reasonCounts[k]
                    reasonCounts[k] = 0
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
                    widgets[id].entriesShown += 1
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
            // The scripts are looked at only while the widget's record says some are left: most
            // widgets script nothing.
            var delay: TimeInterval = 0
            var fails = false
            if widgets[i].hasDelays {
                if let k = delays[i].take(at: now) { delay = simulator.scenario.widgets[i].providerDelays[k].seconds }
                if delays[i].isSpent { widgets[i].hasDelays = false }
            }
            if widgets[i].hasFailures {
                fails = failures[i].take(at: now) != nil
                if failures[i].isSpent { widgets[i].hasFailures = false }
            }
            sequence += 1
            answers.insert(Answer(date: now.addingTimeInterval(delay), sequence: sequence, request: request, fails: fails))
        }

        mutating func deliver(_ answer: Answer, now: Date, _ simulator: Simulator, _ sink: some SimulationSink) {
            let request = answer.request
            let i = request.instance
            let scheduler = simulator.scheduler
            let seconds = now.timeIntervalSince(request.started)
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
                let entries = dates.withUnsafeMutableBufferPointer { makeEntries(i, created: created, dates: $0) }
                let policy: TimelineReloadPolicy = switch widgets[i].policy {
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
                reasonCounts[Self.reasonCount * i + Self.reasonIndex(request.reason)] += 1
                event(.reload, i, request.reason.rawValue, now, simulator, sink)
            }
            for effect in delivered {
                if case .entryChanged(let id) = effect {
                    widgets[id].entriesShown += 1
                    event(.entry, id, "timeline", now, simulator, sink)
                }
            }
        }

        /// Widget `i`'s entries for a timeline created at `created`, in the spare array whose
        /// turn it is (see ``WidgetBook/spares``); their dates, in the same order, go to the
        /// start of `dates`.
        private mutating func makeEntries(_ i: Int, created: Date, dates: UnsafeMutableBufferPointer<Date>) -> [any TimelineEntry] {
            let second = widgets[i].spareTurn
            widgets[i].spareTurn.toggle()
            var entries: [any TimelineEntry] = []
            if second { swap(&entries, &widgets[i].spares.second) } else { swap(&entries, &widgets[i].spares.first) }
            let count = widgets[i].offsetsCount
            offsets.withUnsafeBufferPointer { all in
                let start = widgets[i].offsetsStart
                for k in 0..<count { dates[k] = created.addingTimeInterval(all[start + k]) }
            }
            if entries.count == count {
                // Through the buffer: one uniqueness check for the array, not one per entry.
                entries.withUnsafeMutableBufferPointer { buffer in
                    for k in 0..<count { buffer[k] = Entry(date: dates[k]) }
                }
            } else {
                entries = (0..<count).map { Entry(date: dates[$0]) }
            }
            if second { widgets[i].spares.second = entries } else { widgets[i].spares.first = entries }
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
