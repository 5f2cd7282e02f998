import ArgumentParser
import DashCore
import Foundation

/// Simulates a day of many widgets with mixed policies and times the scheduler.
struct SchedulerBench: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "scheduler",
        abstract: "Time the scheduler over a simulated day of many widgets with mixed policies."
    )

    @Option(help: "Widget instances to simulate.") var widgets = 10_000
    @Option(help: "Simulated hours.") var hours = 24.0
    @Option(help: "Seed for the jitter.") var seed: UInt64 = 1
    @Flag(help: "Also print a digest of every event and tally, from a second, untimed run.")
    var digest = false

    func run() throws {
        let scenario = Self.scenario(widgets: widgets, hours: hours, seed: seed)
        // Budget checking keeps a list per widget; the bench measures the scheduler alone.
        let simulator = Simulator(scenario, checksBudget: false)
        let started = ContinuousClock.now
        // Tallies only: the bench prints no event, so none is built or handed on (a closure
        // called for each of a million events was timed as the scheduler's).
        let tallies = simulator.runTallying()
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        // Every event is counted in its widget's tally, so the tallies' sums are the kinds' counts.
        let byKind = Simulator.Event.Kind.allKinds.map { kind in tallies.reduce(0) { $0 + $1.count(of: kind) } }
        let events = byKind.reduce(0, +)
        let reloads = tallies.reduce(0) { $0 + $1.reloads }
        print("scheduler bench: \(widgets) widgets, \(Self.format(hours)) h simulated, mixed policies")
        print(String(format: "  total time: %.3f s", seconds))
        print(String(format: "  events: %d (%.0f events/s)", events, Double(events) / max(seconds, 1e-9)))
        let kinds = zip(Simulator.Event.Kind.allKinds, byKind).map { "\($0.rawValue) \($1)" }.joined(separator: ", ")
        print("  \(kinds); \(reloads) timelines delivered")
        if digest { print("  digest: \(Self.digest(of: scenario))") }
    }

    /// A hash of everything a run reports, each event's moment to the bit: two builds that
    /// print the same digest simulated the same day, which the counts alone cannot show.
    static func digest(of scenario: Scenario) -> String {
        var hash = EventDigest()
        let tallies = Simulator(scenario).run { event in
            hash.add(event.t.timeIntervalSinceReferenceDate.bitPattern)
            hash.add(event.widget)
            hash.add(event.kind.rawValue)
            hash.add(event.reason)
            hash.add(UInt64(bitPattern: Int64(event.budgetLeft ?? -1)))
        }
        for t in tallies {
            for n in [t.reloads, t.budgetedReloads, t.exemptReloads, t.deferred, t.timeouts, t.errors,
                      t.entriesShown, t.truncatedTimelines, t.maxBudgetedIn24h, t.budget ?? -1] {
                hash.add(UInt64(bitPattern: Int64(n)))
            }
            for reason in t.byReason.keys.sorted() {
                hash.add(reason)
                hash.add(UInt64(bitPattern: Int64(t.byReason[reason] ?? 0)))
            }
        }
        return String(hash.value, radix: 16)
    }

    /// A fleet: a quarter each of calendars (`.atEnd`), feeds (`.after` 15 min), tickers
    /// (`.after` 5 min, which exhausts the budget and is deferred) and notes (`.never`, with
    /// taps and user reloads), some failing or slow now and then.
    static func scenario(widgets count: Int, hours: Double, seed: UInt64) -> Scenario {
        let start = Date(timeIntervalSince1970: 1_795_305_600) // 2026-11-22T00:00:00Z
        var list: [Scenario.Widget] = []
        list.reserveCapacity(count)
        for i in 0..<count {
            var w: Scenario.Widget
            switch i % 4 {
            case 0:
                w = Scenario.Widget(id: "calendar\(i)", entryOffsets: (0..<8).map { Double($0) * 900 }, policy: .atEnd)
            case 1:
                w = Scenario.Widget(id: "feed\(i)", entryOffsets: [0], policy: .after(900))
            case 2:
                w = Scenario.Widget(id: "ticker\(i)", entryOffsets: [0, 60, 120], policy: .after(300))
            default:
                w = Scenario.Widget(id: "notes\(i)", entryOffsets: [0], policy: .never)
                w.taps = [start.addingTimeInterval(Double(i % 86_400))]
                w.userReloads = [start.addingTimeInterval(Double((i * 7) % 86_400))]
            }
            if i % 50 == 0 { w.providerFailures = [start.addingTimeInterval(Double(i % 40_000))] }
            if i % 70 == 0 { w.providerDelays = [Scenario.Delay(at: start.addingTimeInterval(Double(i % 30_000)), seconds: 12)] }
            list.append(w)
        }
        return Scenario(start: start, hours: hours, seed: seed, widgets: list)
    }

    static func format(_ v: Double) -> String { v == v.rounded() ? String(Int(v)) : String(v) }
}

/// FNV-1a over 64 bits: stable from run to run and build to build (Swift's `Hasher` is seeded
/// per process).
struct EventDigest {
    private(set) var value: UInt64 = 0xcbf2_9ce4_8422_2325

    mutating func add(_ word: UInt64) {
        for shift in stride(from: 0, to: 64, by: 8) { addByte(UInt8(truncatingIfNeeded: word >> UInt64(shift))) }
    }

    /// The string's bytes, then a separator no UTF-8 text contains.
    mutating func add(_ text: String) {
        for byte in text.utf8 { addByte(byte) }
        addByte(0xFF)
    }

    private mutating func addByte(_ byte: UInt8) {
        value = (value ^ UInt64(byte)) &* 0x100_0000_01b3
    }
}

extension Simulator.Event.Kind {
    /// The kinds in the order the bench prints them.
    static let allKinds: [Simulator.Event.Kind] = [.reload, .entry, .deferred, .timeout, .error]
}
