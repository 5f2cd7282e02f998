import Foundation
import Synchronization
import Testing
@testable import DashCore
import WidgetDash

@Suite("Dashboard: focus, reload keys, inspector, time travel, WidgetCenter")
struct DashboardSchedulingTests {
    private let size = CellSize(width: 140, height: 30)

    private func dashboard(clock: any DashClock, kinds: [String] = ["a", "b", "c"], dates: Recorder? = nil, every: TimeInterval = 3600) async -> Dashboard {
        let widgets = kinds.map { kind in
            describe(kind, ScriptedProvider(make: { date in
                dates?.record(date)
                return Timeline(entries: [TestEntry(date: date, label: "\(kind) entry")], policy: .after(date.addingTimeInterval(every)))
            }))
        }
        let d = Dashboard(widgets: widgets, placements: kinds.map { WidgetPlacement(kind: $0, family: .systemSmall) }, clock: clock)
        _ = d.handle(.resize(size))
        await d.settle()
        d.advance()
        _ = d.render(size: size)
        return d
    }

    @Test("Tab and Shift-Tab cycle the focus; the focused panel is drawn focused; r reloads it as the user")
    func focusAndReload() async throws {
        let d = await dashboard(clock: ManualClock(t0))
        #expect(d.focus.focused == nil)
        _ = d.handle(.key(.tab))
        #expect(d.focus.focused == 0)
        _ = d.handle(.key(.tab))
        _ = d.handle(.key(.tab))
        _ = d.handle(.key(.tab))
        #expect(d.focus.focused == 0)
        _ = d.handle(.key(.backTab))
        #expect(d.focus.focused == 2)
        let screen = d.render(size: size)
        // The focused panel's frame is bold.
        let focusedTitle = try #require(screen.lines.firstIndex { $0.contains("c") && $0.contains("┌") })
        #expect(focusedTitle >= 0)
        _ = d.handle(.key(.character("r")))
        await d.settle()
        #expect(d.instances[2].lastReload?.reason == .user)
        #expect(d.instances[0].lastReload?.reason == .initial)
        #expect(d.scheduler.info(for: 2, at: t0)?.budgetSpent == 0)
    }

    @Test("the inspector lists each widget on screen, live, and Esc closes it")
    func inspector() async throws {
        let clock = ManualClock(t0)
        let d = await dashboard(clock: clock)
        _ = d.handle(.key(.character("i")))
        var text = d.render(size: size).lines.joined(separator: "\n")
        #expect(text.contains("Inspector · page 1 · 3 widgets"))
        for kind in ["a@small", "b@small", "c@small"] { #expect(text.contains(kind)) }
        #expect(text.contains("after 09:00"))
        #expect(text.contains("1/1 08:00:00"))
        #expect(text.contains("0 spent, 60 left"))
        #expect(text.contains("initial"))
        // An hour on: policy reloads happen and the table follows.
        clock.advance(by: 3700)
        d.advance()
        await d.settle()
        #expect(d.needsDisplay)
        text = d.render(size: size).lines.joined(separator: "\n")
        #expect(text.contains("1 spent, 59 left"))
        #expect(text.contains("policy"))
        _ = d.handle(.key(.escape))
        #expect(!d.showsInspector)
        #expect(d.render(size: size).lines.joined().contains("a entry"))
    }

    @Test("time travel: ] and } jump, what became due runs at once with the travelled date; 0 returns")
    func travel() async throws {
        // A month ahead, so that returning to real time goes back.
        let start = Date().addingTimeInterval(86_400 * 30)
        let created = Date()
        let clock = TravelClock(start: start, speed: 60)
        // The travelling clock runs at 60× real time while the test runs, so "about" here is
        // bounded by the real time that has passed, not by a fixed tolerance (a busy machine
        // would otherwise fail it).
        func travelledSinceStart() -> TimeInterval { Date().timeIntervalSince(created) * 60 + 1 }
        let dates = Recorder()
        // Every 30 minutes, so that the hour's jump covers the policy date and its jitter.
        let d = await dashboard(clock: clock, kinds: ["a"], dates: dates, every: 1800)
        #expect(d.render(size: size).lines.last?.contains("simulated") == true)
        #expect(d.render(size: size).lines.last?.contains("×60") == true)
        _ = d.handle(.key(.character("}")))
        await d.settle()
        // The hourly policy came due on the jump: the provider was asked with the travelled date.
        let asked = try #require(dates.all.last)
        let askedOffset = asked.timeIntervalSince(start) - 3600
        #expect(askedOffset >= 0 && askedOffset <= travelledSinceStart() + 60, "\(dates.all)")
        #expect(d.instances[0].lastReload?.reason == .policy)
        _ = d.handle(.key(.character("]")))
        let offset = clock.now().timeIntervalSince(start) - 4500
        #expect(offset >= 0 && offset <= travelledSinceStart())
        _ = d.handle(.key(.character("0")))
        await d.settle()
        #expect(clock.isRealTime)
        #expect(abs((dates.all.last ?? start).timeIntervalSinceNow) < 60)
        #expect(d.render(size: size).lines.last?.contains("simulated") == false)
        // Going back forgot the travelled future's charges.
        #expect(d.scheduler.info(for: 0, at: clock.now())?.budgetSpent == 0)
    }

    @Test("WidgetCenter reloads by kind through the host, exempt, and lists what is on screen")
    func widgetCenter() async throws {
        let clock = ManualClock(t0)
        let d = await dashboard(clock: clock)
        #expect(try await WidgetCenter.shared.currentConfigurations().isEmpty) // no host bound
        let center = WidgetCenter(handler: d.widgetCenterHandler)
        let shown = try await center.currentConfigurations()
        #expect(shown.map(\.kind) == ["a", "b", "c"])
        #expect(shown.allSatisfy { $0.family == .systemSmall })
        // From another thread, as an app or intent would.
        await Task.detached { center.reloadTimelines(ofKind: "b") }.value
        d.advance()
        await d.settle()
        #expect(d.instances[1].lastReload?.reason == .widgetCenter)
        #expect(d.instances[0].lastReload?.reason == .initial)
        center.reloadAllTimelines()
        d.advance()
        await d.settle()
        #expect(d.instances.allSatisfy { $0.lastReload?.reason == .widgetCenter })
        #expect(d.scheduler.info(for: 0, at: t0)?.budgetSpent == 0)
    }

    @Test("The shell's WidgetCenterRelay follows the dashboard connected last")
    func widgetCenterRelay() async throws {
        let clock = ManualClock(t0)
        let relay = WidgetCenterRelay()
        let center = WidgetCenter(handler: relay.handler)
        #expect(try await center.currentConfigurations().isEmpty) // nothing connected: dropped
        let first = await dashboard(clock: clock, kinds: ["a"])
        relay.connect(first)
        #expect(try await center.currentConfigurations().map(\.kind) == ["a"])
        let second = await dashboard(clock: clock, kinds: ["b", "c"])
        relay.connect(second)
        #expect(try await center.currentConfigurations().map(\.kind) == ["b", "c"])
        center.reloadTimelines(ofKind: "b")
        first.advance()
        second.advance()
        await first.settle()
        await second.settle()
        #expect(second.instances[0].lastReload?.reason == .widgetCenter)
        #expect(first.instances[0].lastReload?.reason == .initial)
    }
}

/// Dates providers were asked with, from any task.
final class Recorder: Sendable {
    private let dates = Synchronization.Mutex<[Date]>([])
    func record(_ date: Date) { dates.withLock { $0.append(date) } }
    var all: [Date] { dates.withLock { $0 } }
}
