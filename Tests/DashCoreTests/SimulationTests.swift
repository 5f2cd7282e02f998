import Foundation
import Testing
@testable import DashCore
import WidgetDash

@Suite("simulate")
struct SimulationTests {
    static let example = """
    {
      "start": "2026-11-22T00:00:00Z",
      "hours": 24,
      "seed": 7,
      "widgets": [
        { "id": "calendar", "entries": { "count": 8, "every": "15m" }, "policy": "atEnd" },
        { "id": "stocks", "entries": { "count": 1 }, "policy": { "after": "5m" },
          "budget": 40, "jitter": "0s" },
        { "id": "notes", "entries": { "count": 1 }, "policy": "never",
          "taps": ["2026-11-22T10:00:00Z"], "userReloads": ["2026-11-22T12:00:00Z"] },
        { "id": "health", "entries": { "count": 1 }, "policy": { "after": "1h" },
          "dataProtection": "complete",
          "locked": [["2026-11-22T00:00:00Z", "2026-11-22T07:00:00Z"]] },
        { "id": "flaky", "entries": { "offsets": ["0m", "20m"] }, "policy": "atEnd",
          "providerDelays": [{ "at": "2026-11-22T03:00:00Z", "seconds": 12 }],
          "providerFailures": ["2026-11-22T05:00:00Z"] }
      ]
    }
    """

    private func run(_ json: String) throws -> ([Simulator.Event], [Simulator.Tally]) {
        let scenario = try Scenario.parse(Data(json.utf8))
        var events: [Simulator.Event] = []
        let tallies = Simulator(scenario).run { events.append($0) }
        return (events, tallies)
    }

    @Test("the issue's example plays out as documented")
    func example() throws {
        let (events, tallies) = try run(Self.example)
        let byID = { (id: String) in events.filter { $0.widget == id } }
        // stocks: 40 budgeted reloads every 5 minutes, then deferred for the rest of the day.
        #expect(tallies[1].budgetedReloads == 40)
        #expect(tallies[1].deferred == 1)
        #expect(byID("stocks").filter { $0.kind == .reload && $0.reason == "policy" }.first?.t == Date(timeIntervalSince1970: 1_795_305_600 + 300))
        // notes: initial, the tap (intent) and the user's reload, all exempt.
        #expect(tallies[2].byReason == ["initial": 1, "intent": 1, "user": 1])
        #expect(tallies[2].budgetedReloads == 0)
        // health: locked until 07:00, so the first load waits for the unlock.
        let health = byID("health")
        #expect(health.first?.kind == .deferred && health.first?.reason == "locked")
        #expect(health.first { $0.kind == .reload }?.t == Date(timeIntervalSince1970: 1_795_305_600 + 7 * 3600))
        // flaky: one time-out at 03:00:05, one scripted error, both retried.
        #expect(tallies[4].timeouts == 1 && tallies[4].errors == 1)
        #expect(byID("flaky").first { $0.kind == .timeout }?.t == Date(timeIntervalSince1970: 1_795_305_600 + 3 * 3600 + 5))
        for t in tallies { #expect(t.maxBudgetedIn24h <= (t.budget ?? .max)) }
        // Deterministic: the same scenario gives the same lines.
        #expect(try run(Self.example).0 == events)
    }

    @Test("a simulated week stays consistent: the budget is never exceeded, events are in order")
    func week() throws {
        var widgets: [Scenario.Widget] = []
        for i in 0..<40 {
            let policy: Scenario.Policy = [.atEnd, .after(300), .after(1800), .never][i % 4]
            var w = Scenario.Widget(id: "w\(i)", entryOffsets: i % 4 == 0 ? [0, 600, 1200] : [0], policy: policy)
            w.budget = [10, 60, 30, 5][i % 4]
            if i % 4 == 3 { w.userReloads = (0..<7).map { t0.addingTimeInterval(Double($0) * 86_400) } }
            if i % 5 == 0 { w.providerFailures = (0..<20).map { t0.addingTimeInterval(Double($0) * 30_000) } }
            if i % 7 == 0 { w.providerDelays = (0..<10).map { Scenario.Delay(at: t0.addingTimeInterval(Double($0) * 50_000), seconds: 9) } }
            if i % 6 == 0 { w.dataProtection = .complete; w.locked = (0..<7).map { t0.addingTimeInterval(Double($0) * 86_400)...t0.addingTimeInterval(Double($0) * 86_400 + 28_800) } }
            widgets.append(w)
        }
        let scenario = Scenario(start: t0, hours: 24 * 7, seed: 3, widgets: widgets)
        var events: [Simulator.Event] = []
        let tallies = Simulator(scenario).run { events.append($0) }
        #expect(zip(events, events.dropFirst()).allSatisfy { $0.t <= $1.t })
        #expect(events.allSatisfy { $0.t >= t0 && $0.t <= scenario.end })
        for (w, t) in zip(widgets, tallies) {
            #expect(t.maxBudgetedIn24h <= (w.budget ?? 60), "\(w.id)")
            #expect(t.reloads == t.budgetedReloads + t.exemptReloads)
            #expect(events.allSatisfy { $0.widget != w.id || ($0.budgetLeft ?? 0) >= 0 })
        }
        // The busy ones did hit their budget and were deferred, then resumed on later days.
        #expect(tallies[1].deferred >= 7)
        #expect(tallies[1].budgetedReloads > 60 * 6)
    }

    @Test("a widget scripting more entries than the limit has every timeline counted as cut")
    func truncatedTimelinesAreCounted() throws {
        var cut = Scenario.Widget(id: "long", entryOffsets: [0, 600, 1200], policy: .atEnd)
        cut.budget = 10
        let short = Scenario.Widget(id: "short", entryOffsets: [0, 600], policy: .atEnd)
        var settings = SchedulerSettings()
        settings.entryLimit = 2
        let tallies = Simulator(Scenario(start: t0, hours: 6, seed: 1, widgets: [cut, short]), settings: settings).runTallying()
        #expect(tallies[0].reloads > 1)
        #expect(tallies[0].truncatedTimelines == tallies[0].reloads)
        #expect(tallies[0].reloads == tallies[0].budgetedReloads + tallies[0].exemptReloads)
        #expect(tallies[0].exemptReloads == tallies[0].byReason["initial"])
        #expect(tallies[1].reloads > 1)
        #expect(tallies[1].truncatedTimelines == 0)
    }

    @Test("each reload reason has a counter of its own")
    func reasonsHaveDistinctCounters() {
        let indices = ReloadReason.allCases.map(Simulator.Books.reasonIndex)
        #expect(Set(indices) == Set(0..<Simulator.Books.reasonCount))
    }

    @Test("a run for tallies alone keeps the same tallies, and they count every event by kind")
    func tallying() throws {
        let scenario = try Scenario.parse(Data(Self.example.utf8))
        var events: [Simulator.Event] = []
        let full = Simulator(scenario).run { events.append($0) }
        let tallies = Simulator(scenario).runTallying()
        #expect(tallies == full)
        for kind in [Simulator.Event.Kind.reload, .entry, .deferred, .timeout, .error] {
            let counted = tallies.reduce(0) { $0 + $1.count(of: kind) }
            #expect(counted == events.filter { $0.kind == kind }.count, "\(kind)")
            #expect(counted > 0, "the example has every kind of event: \(kind)")
        }
    }

    @Test("malformed scenarios name the field and what was expected", arguments: [
        (#"{"hours": 1, "widgets": []}"#, "missing field \"start\""),
        (#"{"start": "2026-11-22", "hours": 1, "widgets": []}"#, "start: expected an ISO-8601 date and time with a zone"),
        (#"{"start": "2026-11-22T00:00:00Z", "hours": "24", "widgets": []}"#, "hours: expected a number, got a string"),
        (#"{"start": "2026-11-22T00:00:00Z", "hours": 1, "widgets": []}"#, "widgets: expected at least one widget"),
        (#"{"start": "2026-11-22T00:00:00Z", "hours": 1, "widgets": [{"id": "a", "entries": {"count": 1}, "policy": "sometimes"}]}"#,
         "widgets[0].policy: expected \"atEnd\", \"never\" or {\"after\": DURATION}, got \"sometimes\""),
        (#"{"start": "2026-11-22T00:00:00Z", "hours": 1, "widgets": [{"id": "a", "entries": {"count": 1}, "policy": {"after": "5 minutes"}}]}"#,
         "widgets[0].policy.after: expected a duration such as \"30s\""),
        (#"{"start": "2026-11-22T00:00:00Z", "hours": 1, "widgets": [{"id": "a", "entries": {"count": 3}, "policy": "never"}]}"#,
         "widgets[0].entries: missing field \"every\""),
        (#"{"start": "2026-11-22T00:00:00Z", "hours": 1, "widgets": [{"id": "a", "entries": {"count": 1}, "policy": "never", "dataProtection": "some"}]}"#,
         "widgets[0].dataProtection: expected \"none\" or \"complete\""),
        (#"{"start": "2026-11-22T00:00:00Z", "hours": 1, "widgets": [{"id": "a", "entries": {"count": 1}, "policy": "never", "polcy": 1}]}"#,
         "widgets[0].polcy: unknown field"),
        (#"{"start": "2026-11-22T00:00:00Z", "hours": 1, "widgets": [{"id": "a", "entries": {"count": 1}, "policy": "never", "providerDelays": [{"at": "2026-11-22T00:00:00Z"}]}]}"#,
         "widgets[0].providerDelays[0]: missing field \"seconds\""),
        (#"{"start": "2026-11-22T00:00:00Z", "hours": 1, "widgets": [{"id": "a", "entries": {"count": 1}, "policy": "never", "locked": [["2026-11-22T00:00:00Z"]]}]}"#,
         "widgets[0].locked[0]: expected a pair"),
        (#"{"start": "2026-11-22T00:00:00Z", "hours": 1, "widgets": [{"id": "a", "entries": {"count": 1}, "policy": "never"}, {"id": "a", "entries": {"count": 1}, "policy": "never"}]}"#,
         "widgets[1].id: duplicate id \"a\""),
        (#"{"start": "2026-11-22T00:00:00Z", "hours": 1, "widgets": [{"id": "a", "entries": {"count": 1}, "policy": "never", "budget": -1}]}"#,
         "widgets[0].budget: expected a whole number ≥ 0, got -1"),
        (#"{"start": "2026-11-22T00:00:00Z", "#, "not valid JSON"),
    ])
    func parserErrors(_ json: String, _ expected: String) {
        do {
            _ = try Scenario.parse(Data(json.utf8))
            Issue.record("parsed a malformed scenario: \(json)")
        } catch {
            #expect(error.description.contains(expected), "\(error.description)")
        }
    }

    @Test("durations")
    func durations() {
        #expect(Scenario.duration("30s") == 30)
        #expect(Scenario.duration("15m") == 900)
        #expect(Scenario.duration("2h") == 7200)
        #expect(Scenario.duration("1.5h") == 5400)
        #expect(Scenario.duration("-5m") == -300)
        #expect(Scenario.duration("5") == nil)
        #expect(Scenario.duration("m") == nil)
    }
}
