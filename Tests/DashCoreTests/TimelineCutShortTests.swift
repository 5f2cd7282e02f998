import Foundation
import Synchronization
import Testing
@testable import DashCore
import WidgetDash

@Suite("A timeline cut short by a failure")
struct TimelineCutShortTests {
    /// Entries at t0, +60, +120 that arrived, a fourth due at +180 that did not, and the entry
    /// that says so, dated +180; a placeholder came with the header.
    func cutShort() -> TimelineCutShort {
        var kept = timeline(from: t0, count: 3, every: 60, policy: .never)
        kept.entries.append(TestEntry(date: t0.addingTimeInterval(180), label: "stopped"))
        kept.placeholder = TestEntry(date: t0, label: "their placeholder")
        return TimelineCutShort(timeline: kept, runsOut: t0.addingTimeInterval(180), failure: TestFailure())
    }

    @Test("the entries that arrived are shown at their dates; the widget says stopped when they run out, then retries")
    func keepsWhatArrived() throws {
        let h = Harness()
        let first = try #require(h.add(rules: .extensionWidget))
        let effects = h.scheduler.deliver(.failure(cutShort()), for: first, at: h.now, seconds: 0.01)
        #expect(effects?.contains(.entryChanged(instance: 0)) == true)
        let instance = h.instances[0]
        #expect(instance.status == .ok)
        #expect(instance.lastError == TestFailure().description)
        #expect((instance.currentEntry as? TestEntry)?.date == t0)
        #expect((instance.placeholder as? TestEntry)?.label == "their placeholder")
        // No retry before the entries run out: the retry backs off from then.
        #expect(h.info()?.nextReload == t0.addingTimeInterval(181))
        #expect(h.run(to: t0.addingTimeInterval(179)).isEmpty)
        #expect((instance.currentEntry as? TestEntry)?.date == t0.addingTimeInterval(120))
        _ = h.run(to: t0.addingTimeInterval(180))
        #expect((instance.currentEntry as? TestEntry)?.label == "stopped")
        let retry = try #require(h.run(to: t0.addingTimeInterval(181)).first)
        #expect(retry.reason == .retry)
        // Each cut counts as a failure: the next one waits longer (2 s), here from now, as these
        // entries had already run out when they came.
        h.scheduler.deliver(.failure(cutShort()), for: retry, at: h.now, seconds: 0.01)
        #expect(h.info()?.nextReload == t0.addingTimeInterval(183))
    }

    @Test("a failure before any entry arrived stops the widget at once and keeps the placeholder that came")
    func nothingArrived() throws {
        let h = Harness()
        let first = try #require(h.add(rules: .extensionWidget))
        var empty = ErasedTimeline(entries: [], policy: .never)
        empty.placeholder = TestEntry(date: t0, label: "their placeholder")
        h.scheduler.deliver(.failure(TimelineCutShort(timeline: empty, runsOut: t0, failure: TestFailure())), for: first, at: h.now, seconds: 0.01)
        let instance = h.instances[0]
        #expect(instance.status == .failed(TestFailure().description))
        #expect(instance.currentEntry == nil)
        #expect((instance.placeholder as? TestEntry)?.label == "their placeholder")
        #expect(h.info()?.nextReload == t0.addingTimeInterval(1))
    }
}

@Suite("What the dashboard tells a provider about where it is shown")
struct RenderingToldTests {
    /// The rendering each reload's context carried, by widget kind.
    final class Told: Sendable {
        let seen = Mutex<[String: RenderingEnvironment]>([:])
    }

    struct TellingProvider: TimelineProvider {
        let kind: String
        let told: Told
        func placeholder(in context: Context) -> TestEntry { TestEntry(date: context.date) }
        func snapshot(in context: Context) async -> TestEntry { TestEntry(date: context.date) }
        func timeline(in context: Context) async throws -> Timeline<TestEntry> {
            told.seen.withLock { $0[kind] = context.rendering }
            return Timeline(entries: [TestEntry(date: context.date)], policy: .never)
        }
    }

    @Test("the presentation's scheme and the dashboard's zone; vibrant on the lock screen, full color at home")
    func schemeModeAndZone() async throws {
        let told = Told()
        func widget(_ kind: String, _ families: [WidgetFamily]) -> WidgetDescription {
            var d = describe(kind, ScriptedProvider(make: { Timeline(entries: [TestEntry(date: $0)], policy: .never) }))
            d.provider = AnyTimelineProvider(TellingProvider(kind: kind, told: told))
            d.supportedFamilies = families
            return d
        }
        var env = EnvironmentValues()
        env.timeZone = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let options = PresentationOptions(library: .builtin, theme: ThemeLibrary.builtin.theme(named: "high-contrast"), scheme: .light,
                                          lockScreen: [WidgetPlacement(kind: "locked", family: .accessoryRectangular)])
        let d = Dashboard(widgets: [widget("home", [.systemSmall]), widget("locked", [.accessoryRectangular])],
                          placements: [WidgetPlacement(kind: "home", family: .systemSmall)],
                          clock: ManualClock(t0), environment: env, presentation: options)
        await d.settle()
        let seen = told.seen.withLock { $0 }
        #expect(seen["home"] == RenderingEnvironment(colorScheme: .light, renderingMode: .fullColor, timeZone: env.timeZone))
        #expect(seen["locked"] == RenderingEnvironment(colorScheme: .light, renderingMode: .vibrant, timeZone: env.timeZone))
    }
}
