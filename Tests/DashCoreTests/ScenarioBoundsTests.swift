import Foundation
import Testing
@testable import DashCore
import WidgetDash

/// `simulate` on large and hostile scenarios: linear, bounded, and errors that name the field.
@Suite(.timeLimit(.minutes(1))) struct ScenarioBoundsTests {
    static func scenario(taps: Int, start: String = "2026-11-22T00:00:00Z", extra: String = "") -> String {
        let moments = (0..<taps).map { "\"2026-11-22T00:\(String(format: "%02d:%02d", $0 / 60 % 60, $0 % 60))Z\"" }
        return #"{"start": "\#(start)", "hours": 2, "widgets": [{"id": "a", "entries": {"count": 1}, "policy": "atEnd", "taps": [\#(moments.joined(separator: ","))]\#(extra)}]}"#
    }

    /// 100,000 taps took 11 s: each date was read by a new ISO8601DateFormatter (0.1 ms each).
    @Test func aHundredThousandTapsAreReadAndPlayed() throws {
        let scenario = try Scenario.parse(Data(Self.scenario(taps: Scenario.maxScriptedMoments).utf8))
        #expect(scenario.widgets[0].taps.count == 100_000)
        let tallies = Simulator(scenario).run { _ in }
        #expect(tallies[0].byReason["intent"].map { $0 > 0 } == true)
    }

    @Test func moreMomentsThanTheCapAreRefusedWithTheField() {
        #expect(throws: ScenarioError(field: "widgets[0].taps", message: "100001 moments; at most 100000")) {
            try Scenario.parse(Data(Self.scenario(taps: Scenario.maxScriptedMoments + 1).utf8))
        }
    }

    /// The SIGFPE date: a fraction of 35 digits in `start` (and any scripted moment).
    @Test func aLongFractionInStartIsRead() throws {
        let start = "2026-11-22T00:00:00." + String(repeating: "9", count: 35) + "Z"
        let scenario = try Scenario.parse(Data(Self.scenario(taps: 1, start: start).utf8))
        #expect(abs(scenario.start.timeIntervalSince1970 - 1_795_305_601) < 1e-3)
    }

    @Test func errorsQuoteTheFileSanitised() {
        let text = #"{"start": "\u001b]0;owned\u0007", "hours": 1, "widgets": []}"#
        do {
            _ = try Scenario.parse(Data(text.utf8))
            Issue.record("expected an error")
        } catch {
            #expect(error.description.hasPrefix("start: expected an ISO-8601 date"))
            #expect(!error.description.unicodeScalars.contains { $0.value < 0x20 || $0.value == 0x7F || (0x80...0x9F).contains($0.value) })
        }
    }

    /// Scripted failures and delays are used once each, the first listed whose moment has come.
    @Test func oneShotScriptTakesTheFirstListedDueMoment() {
        let t = Date(timeIntervalSince1970: 0)
        var script = OneShotScript([t + 100, t + 50, t + 50, t + 200])
        #expect(script.take(at: t + 10) == nil)
        #expect(script.take(at: t + 60) == 1)
        #expect(script.take(at: t + 150) == 0)
        #expect(script.take(at: t + 150) == 2)
        #expect(script.take(at: t + 150) == nil)
        #expect(script.take(at: t + 300) == 3)
        #expect(script.take(at: t + 400) == nil)
    }

    /// A request meets as many failures as have come due, so many failures cost a log each.
    @Test func aHundredThousandFailuresPlayInLinearTime() throws {
        let failures = (0..<100_000).map { "\"2026-11-22T00:\(String(format: "%02d:%02d", $0 / 60 % 60, $0 % 60))Z\"" }
        let text = Self.scenario(taps: 10_000, extra: #", "providerFailures": [\#(failures.joined(separator: ","))]"#)
        let tallies = Simulator(try Scenario.parse(Data(text.utf8))).run { _ in }
        #expect(tallies[0].errors > 0)
    }
}
