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

    func run() throws {
        let scenario = Self.scenario(widgets: widgets, hours: hours, seed: seed)
        // Budget checking keeps a list per widget; the bench measures the scheduler alone.
        let simulator = Simulator(scenario, checksBudget: false)
        var events = 0
        var byKind: [Simulator.Event.Kind: Int] = [:]
        let started = ContinuousClock.now
        let tallies = simulator.run { event in
            events += 1
            byKind[event.kind, default: 0] += 1
        }
        let elapsed = ContinuousClock.now - started
        let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
        let reloads = tallies.reduce(0) { $0 + $1.reloads }
        print("scheduler bench: \(widgets) widgets, \(Self.format(hours)) h simulated, mixed policies")
        print(String(format: "  total time: %.3f s", seconds))
        print(String(format: "  events: %d (%.0f events/s)", events, Double(events) / max(seconds, 1e-9)))
        let kinds = Simulator.Event.Kind.allKinds.map { "\($0.rawValue) \(byKind[$0] ?? 0)" }.joined(separator: ", ")
        print("  \(kinds); \(reloads) timelines delivered")
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

extension Simulator.Event.Kind {
    static let allKinds: [Simulator.Event.Kind] = [.reload, .entry, .deferred, .timeout, .error]
}
