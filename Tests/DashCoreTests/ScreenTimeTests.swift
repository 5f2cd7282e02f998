@testable import DashCatalog
@testable import DashCore
import Foundation
import Synchronization
import Testing
import WidgetDash

/// The host's screen-time accounting under a manual clock, and how the scheduler treats the
/// widget's one-entry timeline.
@Suite("Screen time")
struct ScreenTimeTests {
    static let berlin = TimeZone(identifier: "Europe/Berlin")!
    /// Sunday 22 November 2026, 23:40 in Berlin (22:40 UTC).
    static let lateSunday = Date(timeIntervalSince1970: 1_795_388_400 - 1200)

    static func day(_ text: String) -> ScreenTimeReport.Day { ScreenTimeReport.Day(text)! }

    static func recorder(_ store: any WidgetStateStore, _ clock: ManualScreenTimeClock,
                         resumed: Counter? = nil) -> ScreenTimeRecorder {
        ScreenTimeRecorder(store: store, clock: clock, timeZone: berlin, checkpointInterval: 15 * 60, didResume: { resumed?.increment() })
    }

    static func stored(_ store: any WidgetStateStore) -> [String: Double] {
        store.values(in: ScreenTimeRecorder.suite).compactMapValues(\.doubleValue)
    }

    @Test("A session across midnight is split between the two local days")
    func midnight() {
        let store = InMemoryWidgetStateStore()
        let clock = ManualScreenTimeClock(Self.lateSunday)
        let recorder = Self.recorder(store, clock)
        recorder.enteredForeground()
        clock.advance(by: 50 * 60)                           // 23:40 → 00:30
        recorder.leavingForeground()
        #expect(Self.stored(store) == ["2026-11-22": 1200, "2026-11-23": 1800])
        let report = recorder.report()
        #expect(report.today == Self.day("2026-11-23"))
        #expect(report.seconds(on: report.today) == 1800)
        #expect(report.currentSession == nil)
    }

    @Test("A session over several days fills each day up to its midnight")
    func severalDays() {
        let parts = ScreenTimeRecorder.split(end: Date(timeIntervalSince1970: 1_795_388_400 + 3600), seconds: 2 * 86_400, timeZone: Self.berlin)
        #expect(parts.map { $0.0.description } == ["2026-11-21", "2026-11-22", "2026-11-23"])
        #expect(parts.map(\.1) == [82_800, 86_400, 3600])
    }

    @Test("Suspended time is not screen time; a resume asks the widgets to reload")
    func suspendResume() {
        let store = InMemoryWidgetStateStore()
        let clock = ManualScreenTimeClock(Date(timeIntervalSince1970: 1_795_334_400))  // 09:00 Berlin
        let resumed = Counter()
        let recorder = Self.recorder(store, clock, resumed: resumed)
        recorder.enteredForeground()
        #expect(resumed.count == 0)                          // the first start is no resume
        clock.advance(by: 600)
        recorder.leavingForeground()                          // Ctrl-Z
        clock.advance(by: 3600)                               // an hour in the background
        recorder.enteredForeground()                          // fg
        #expect(resumed.count == 1)
        clock.advance(by: 300)
        let report = recorder.report()
        #expect(report.seconds(on: Self.day("2026-11-22")) == 900)
        #expect(report.currentSession == 300)
        // Being told twice changes nothing.
        recorder.enteredForeground()
        #expect(resumed.count == 1)
    }

    @Test("The computer asleep is not screen time either")
    func systemSleep() {
        let store = InMemoryWidgetStateStore()
        let clock = ManualScreenTimeClock(Date(timeIntervalSince1970: 1_795_334_400))
        let recorder = Self.recorder(store, clock)
        recorder.enteredForeground()
        clock.advance(by: 100)
        clock.sleep(for: 8 * 3600)
        clock.advance(by: 100)
        #expect(recorder.report().seconds(on: Self.day("2026-11-22")) == 200)
    }

    @Test("A restart adds to the stored total; two dashboards both count")
    func restart() {
        let store = InMemoryWidgetStateStore()
        let clock = ManualScreenTimeClock(Date(timeIntervalSince1970: 1_795_334_400))
        let first = Self.recorder(store, clock)
        first.enteredForeground()
        clock.advance(by: 600)
        first.leavingForeground()                             // quit
        let second = Self.recorder(store, clock)              // a new process, the same state file
        second.enteredForeground()
        clock.advance(by: 300)
        let other = Self.recorder(store, clock)               // another terminal
        other.enteredForeground()
        clock.advance(by: 60)
        other.leavingForeground()
        let report = second.report()
        #expect(report.seconds(on: report.today) == 600 + 360 + 60)
        #expect(report.currentSession == 360)
    }

    @Test("A damaged stored value is ignored and reported; the rest is kept; old days are dropped")
    func damaged() {
        let store = InMemoryWidgetStateStore()
        _ = store.modify(ScreenTimeRecorder.suite) {
            $0["2026-11-19"] = .double(1200)
            $0["2026-11-20"] = .string("a lot")
            $0["2026-11-21"] = .double(-5)
            $0["2026-11-22"] = .strings(["x"])
            $0["yesterday"] = .int(3)
            $0["2026-10-01"] = .int(500)                      // older than four weeks
        }
        let clock = ManualScreenTimeClock(Date(timeIntervalSince1970: 1_795_334_400))
        let recorder = Self.recorder(store, clock)
        recorder.enteredForeground()
        clock.advance(by: 60)
        let report = recorder.report()
        // Today's damaged value was replaced by the time counted, not added to.
        #expect(report.seconds == [Self.day("2026-11-19"): 1200, Self.day("2026-11-22"): 60])
        #expect(report.ignored == ["2026-11-20: expected seconds from 0 to 90000", "2026-11-21: expected seconds from 0 to 90000",
                                   "yesterday: expected a day such as 2026-11-22"])
        #expect(store.values(in: ScreenTimeRecorder.suite)["2026-10-01"] == nil)
        #expect(store.values(in: ScreenTimeRecorder.suite)["2026-11-20"] == .string("a lot"))
    }

    @Test("Wake-ups write at most every checkpoint interval; idle never writes")
    func checkpoints() {
        final class CountingStore: WidgetStateStore {
            let inner = InMemoryWidgetStateStore()
            let writes = Counter()
            func values(in suite: String) -> [String: WidgetStateValue] { inner.values(in: suite) }
            func modify(_ suite: String, _ change: (inout [String: WidgetStateValue]) -> Void) -> [String: WidgetStateValue] {
                writes.increment()
                return inner.modify(suite, change)
            }
        }
        let store = CountingStore()
        let clock = ManualScreenTimeClock(Date(timeIntervalSince1970: 1_795_334_400))
        let recorder = Self.recorder(store, clock)
        recorder.enteredForeground()
        #expect(store.writes.count == 0)
        for _ in 0..<600 {                                    // ten minutes of one-second ticks
            clock.advance(by: 1)
            recorder.loopWoke()
        }
        #expect(store.writes.count == 0)
        clock.advance(by: 300)
        recorder.loopWoke()
        #expect(store.writes.count == 1)
        #expect(Self.stored(store.inner)["2026-11-22"] == 900)
        recorder.leavingForeground()
        recorder.loopWoke()                                   // off screen: nothing to write
        clock.advance(by: 3600)
        recorder.loopWoke()
        #expect(store.writes.count == 1)
    }

    @Test("A report read before the loop starts is refreshed when the dashboard comes on screen")
    func reportBeforeStart() {
        let clock = ManualScreenTimeClock(Date(timeIntervalSince1970: 1_795_334_400))
        let resumed = Counter()
        let recorder = Self.recorder(InMemoryWidgetStateStore(), clock, resumed: resumed)
        #expect(recorder.report().currentSession == nil)
        recorder.enteredForeground()
        #expect(resumed.count == 1)
    }

    @Test("The API reports through the recorder bound in the services, and nothing unbound")
    func service() {
        let clock = ManualScreenTimeClock(Date(timeIntervalSince1970: 1_795_334_400))
        let recorder = Self.recorder(InMemoryWidgetStateStore(), clock)
        recorder.enteredForeground()
        clock.advance(by: 42)
        WidgetServices(screenTime: recorder.backing).bind {
            #expect(ScreenTime.report()?.currentSession == 42)
        }
        #expect(ScreenTime.report() == nil)
    }

    @Test("Days are keyed as 2026-11-22 and anything else is refused", arguments: [
        ("2026-11-22", true), ("2026-1-22", false), ("2026-13-01", false), ("2026-11-22T00", false), ("", false), ("abcd-ef-gh", false),
    ])
    func dayKeys(text: String, valid: Bool) {
        #expect((ScreenTimeReport.Day(text) != nil) == valid)
        if valid { #expect(ScreenTimeReport.Day(text)?.description == text) }
    }

    @Test("The one-entry .atEnd timeline reloads every 30 minutes, not every 5 seconds")
    func budget() async throws {
        var settings = SchedulerSettings()
        settings.maxJitter = 0
        let h = Harness(settings: settings)
        var request = try #require(h.add("screentime"))
        var provider = ScreenTimeProvider()
        provider.timeZone = TimeZone(identifier: "UTC")!
        provider.report = { ScreenTimeReport(seconds: [:], today: ScreenTimeReport.Day(year: 2026, month: 11, day: 22), currentSession: 1) }
        var policyReloads = 0
        let end = h.now.addingTimeInterval(86_400)
        while true {
            let timeline = try await provider.timeline(in: TimelineProviderContext(family: .systemSmall, date: h.now))
            #expect(timeline.entries.count == 1 && timeline.policy == .atEnd)
            h.answer(request, ErasedTimeline(entries: timeline.entries, policy: timeline.policy))
            guard let next = h.scheduler.nextDeadline(), next < end else { break }
            let asked = h.run(to: next)
            policyReloads += asked.filter { $0.reason == .policy }.count
            guard let again = asked.first else { break }
            request = again
        }
        // 48 half hours plus the reload at midnight, well within the default budget of 60.
        #expect(policyReloads <= 49, "\(policyReloads)")
        #expect(policyReloads >= 47, "\(policyReloads)")
    }
}
