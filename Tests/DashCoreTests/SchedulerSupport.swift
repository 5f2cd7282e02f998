import Foundation
import Synchronization
@testable import DashCore
import WidgetDash

/// A moment to start tests at: 2026-11-22T08:00:00Z.
let t0 = Date(timeIntervalSince1970: 1_795_334_400)

struct TestEntry: TimelineEntry {
    let date: Date
    var label = ""
}

/// A provider whose answers the test scripts, counting its calls.
struct ScriptedProvider: TimelineProvider {
    let calls = Counter()
    var make: @Sendable (Date) throws -> Timeline<TestEntry>

    func placeholder(in context: Context) -> TestEntry { TestEntry(date: context.date, label: "placeholder") }
    func snapshot(in context: Context) async -> TestEntry { TestEntry(date: context.date) }
    func timeline(in context: Context) async throws -> Timeline<TestEntry> {
        calls.increment()
        return try make(context.date)
    }
}

/// A thread-safe count.
final class Counter: Sendable {
    private let value = Mutex(0)
    func increment() { value.withLock { $0 += 1 } }
    var count: Int { value.withLock { $0 } }
}

/// A provider that suspends until the test lets it answer.
final class GatedProvider: TimelineProvider, Sendable {
    private let waiting = Mutex<[CheckedContinuation<Void, Never>]>([])
    private let released = Mutex(false)

    func placeholder(in context: Context) -> TestEntry { TestEntry(date: context.date, label: "placeholder") }
    func snapshot(in context: Context) async -> TestEntry { TestEntry(date: context.date) }
    func timeline(in context: Context) async throws -> Timeline<TestEntry> {
        await withCheckedContinuation { c in
            let open = released.withLock { $0 }
            if open { c.resume() } else { waiting.withLock { $0.append(c) } }
        }
        return Timeline(entries: [TestEntry(date: context.date, label: "late")], policy: .never)
    }

    /// Lets every waiting and future call answer.
    func release() {
        released.withLock { $0 = true }
        for c in waiting.withLock({ let all = $0; $0.removeAll(); return all }) { c.resume() }
    }
}

struct TestFailure: Error, CustomStringConvertible {
    var description: String { "server said no" }
}

/// A widget description around a provider, with a plain text view (and optional live text).
func describe<P: TimelineProvider>(_ kind: String, _ provider: P, protected: Bool = false, live: Bool = false) -> WidgetDescription where P.Entry == TestEntry {
    var d = StaticConfiguration(kind: kind, provider: provider) { entry in
        if live {
            Text(.currentTime(showsSeconds: true))
        } else {
            Text(entry.label.isEmpty ? "at \(Int(entry.date.timeIntervalSince(t0)))" : entry.label)
        }
    }
    .configurationDisplayName(kind)
    ._description
    if protected { d.dataProtection = .complete }
    return d
}

/// A timeline of `count` entries every `every` seconds from `date`.
func timeline(from date: Date, count: Int = 1, every: TimeInterval = 60, policy: TimelineReloadPolicy) -> ErasedTimeline {
    ErasedTimeline(entries: (0..<count).map { TestEntry(date: date.addingTimeInterval(Double($0) * every)) }, policy: policy)
}

/// A pure scheduler with instances whose providers answer at once, as the tests say.
final class Harness {
    let scheduler: TimelineScheduler
    var now = t0
    var log: [TimelineScheduler.Effect] = []
    var instances: [WidgetInstance] = []

    init(settings: SchedulerSettings = SchedulerSettings()) {
        var s = settings
        if s.seed == 0 { s.seed = 1 }
        scheduler = TimelineScheduler(settings: s)
    }

    /// Adds an instance; returns the first reload request.
    @discardableResult
    func add(_ kind: String = "w", protected: Bool = false, settings: InstanceSettings = InstanceSettings(), locked: Bool = false,
             rules: ReloadRules? = nil) -> ReloadRequest? {
        var d = describe(kind, ScriptedProvider(make: { Timeline(entries: [TestEntry(date: $0)], policy: .never) }), protected: protected)
        d.reloadRules = rules
        let instance = WidgetInstance(id: instances.count, description: d, family: .systemSmall)
        instances.append(instance)
        return requests(scheduler.add(instance, at: now, settings: settings, locked: locked)).first
    }

    func requests(_ effects: [TimelineScheduler.Effect]) -> [ReloadRequest] {
        log += effects
        return effects.compactMap { if case .reload(let r) = $0 { r } else { nil } }
    }

    /// Moves the clock to `date`, processing every deadline on the way; returns the reloads asked.
    func run(to date: Date) -> [ReloadRequest] {
        var asked: [ReloadRequest] = []
        while let next = scheduler.nextDeadline(), next <= date {
            now = max(now, next)
            asked += requests(scheduler.advance(to: now))
        }
        now = date
        asked += requests(scheduler.advance(to: now))
        return asked
    }

    /// Answers `request` now with `result`.
    @discardableResult
    func answer(_ request: ReloadRequest, _ result: ErasedTimeline) -> [TimelineScheduler.Effect]? {
        let effects = scheduler.deliver(.success(result), for: request, at: now, seconds: 0.01)
        log += effects ?? []
        return effects
    }

    func fail(_ request: ReloadRequest) {
        scheduler.deliver(.failure(TestFailure()), for: request, at: now, seconds: 0.01)
    }

    func info(_ id: Int = 0) -> TimelineScheduler.Info? { scheduler.info(for: id, at: now) }
}
