import DashTesting
import Foundation
import Synchronization
import Testing
@testable import DashCore
import WidgetDash

// MARK: - Test widgets and intents

/// The "server" a test widget shows: a count and a flag, changed by intents.
final class TapModel: Sendable {
    let count = Mutex(0)
    let flag = Mutex(false)
}

/// A gate an intent waits at until the test opens it.
final class Gate: Sendable {
    private let waiting = Mutex<[CheckedContinuation<Void, Never>]>([])
    private let isOpen = Mutex(false)
    func wait() async {
        await withCheckedContinuation { c in
            let open = isOpen.withLock { $0 }
            if open { c.resume() } else { waiting.withLock { $0.append(c) } }
        }
    }
    func open() {
        isOpen.withLock { $0 = true }
        for c in waiting.withLock({ let all = $0; $0.removeAll(); return all }) { c.resume() }
    }
}

struct AddIntent: AppIntent {
    static let title = "Add"
    let model: TapModel
    var gate: Gate?
    func perform() async throws {
        if let gate { await gate.wait() }
        model.count.withLock { $0 += 1 }
    }
}

/// Sets the flag, unless `honours` is false (then the next timeline disagrees with the tap).
struct SetFlagIntent: SetValueIntent {
    static let title = "Flag"
    let model: TapModel
    var honours = true
    var value = false
    func perform() async throws { if honours { model.flag.withLock { $0 = value } } }
}

struct FailingIntent: AppIntent {
    static let title = "Fail"
    func perform() async throws { throw TestFailure() }
}

struct HangingIntent: AppIntent {
    static let title = "Hang"
    func perform() async throws { try await Task.sleep(for: .seconds(3600)) }
}

struct TapEntry: TimelineEntry {
    let date: Date
    var count: Int
    var flag: Bool
}

struct TapProvider: TimelineProvider {
    let model: TapModel
    func placeholder(in context: Context) -> TapEntry { TapEntry(date: context.date, count: 0, flag: false) }
    func snapshot(in context: Context) async -> TapEntry { TapEntry(date: context.date, count: 0, flag: false) }
    func timeline(in context: Context) async throws -> Timeline<TapEntry> {
        Timeline(entries: [TapEntry(date: context.date, count: model.count.withLock { $0 }, flag: model.flag.withLock { $0 })], policy: .never)
    }
}

enum TapAction { case add(Gate?), fail, hang }

func tapWidget(_ kind: String, model: TapModel, action: TapAction = .add(nil), honours: Bool = true, url: URL? = nil) -> WidgetDescription {
    StaticConfiguration(kind: kind, provider: TapProvider(model: model)) { entry in
        VStack(spacing: 0) {
            Text("n=\(entry.count)").invalidatableContent()
            HStack {
                switch action {
                case .add(let gate): Button(intent: AddIntent(model: model, gate: gate)) { Text("Go") }
                case .fail: Button(intent: FailingIntent()) { Text("Go") }
                case .hang: Button(intent: HangingIntent()) { Text("Go") }
                }
                Toggle(isOn: entry.flag, intent: SetFlagIntent(model: model, honours: honours)) { Text("F") }
            }
        }
        .widgetURL(url)
    }
    .configurationDisplayName(kind)
    ._description
}

// MARK: - Tests

@Suite("Interactivity: focus, taps, invalidation, toggles, failures, links, controls", .serialized)
struct InteractionTests {
    private let size = CellSize(width: 80, height: 24)

    private func dashboard(_ widgets: [WidgetDescription], clock: ManualClock = ManualClock(t0)) async -> Dashboard {
        let d = Dashboard(widgets: widgets, placements: widgets.map { WidgetPlacement(kind: $0.kind, family: .systemSmall) }, clock: clock)
        _ = d.handle(.resize(size))
        await d.settle()
        d.advance()
        _ = d.render(size: size)
        return d
    }

    private func text(_ d: Dashboard) -> String { d.render(size: size).lines.joined(separator: "\n") }

    @Test("Tab goes through a widget's elements in reading order, then panels without elements; Shift-Tab goes back")
    func focusOrder() async throws {
        let model = TapModel()
        let d = await dashboard([tapWidget("a", model: model), describe("b", ScriptedProvider(make: { Timeline(entries: [TestEntry(date: $0, label: "plain")], policy: .never) }))])
        let go = FocusRing.elementID(instance: 0, element: 0)
        let flag = FocusRing.elementID(instance: 0, element: 1)
        #expect(d.focus.order == [go, flag, 1])
        _ = d.handle(.key(.tab))
        #expect(d.focus.focused == go)
        _ = d.handle(.key(.tab))
        #expect(d.focus.focused == flag)
        _ = d.handle(.key(.tab))
        #expect(d.focus.focused == 1)
        // The plain panel keeps panel focus, so r reloads it.
        _ = d.handle(.key(.character("r")))
        await d.settle()
        #expect(d.instances[1].lastReload?.reason == .user)
        _ = d.handle(.key(.backTab))
        #expect(d.focus.focused == flag)
        // Arrows move spatially: left of the toggle is the button, right of it the other panel.
        _ = d.handle(.key(.left))
        #expect(d.focus.focused == go)
        _ = d.handle(.key(.right))
        #expect(d.focus.focused == flag)
        _ = d.handle(.key(.right))
        #expect(d.focus.focused == 1)
    }

    @Test("Enter taps: the content is invalidated until the intent's timeline is on screen, reloaded as .intent, outside the budget")
    func tapInvalidatesUntilTheNewTimeline() async throws {
        let model = TapModel()
        let gate = Gate()
        let d = await dashboard([tapWidget("a", model: model, action: .add(gate))])
        _ = d.handle(.key(.tab))
        _ = d.handle(.key(.enter))
        #expect(d.isInvalidated(0))
        let screen = d.render(size: size)
        let y = try #require(screen.lines.firstIndex { $0.contains("n=0") })
        let x = try #require(screen.lines[y].range(of: "n=0").map { screen.lines[y].distance(from: screen.lines[y].startIndex, to: $0.lowerBound) })
        #expect(screen.cells[y * screen.width + x].style.foreground == d.environment.palette.invalidated)
        // Still invalidated while perform() runs: nothing reloads yet.
        d.advance()
        #expect(d.isInvalidated(0))
        #expect(d.instances[0].lastReload?.reason == .initial)
        gate.open()
        await d.settleInteractions()
        #expect(!d.isInvalidated(0))
        #expect(d.instances[0].lastReload?.reason == .intent)
        #expect(d.scheduler.info(for: 0, at: t0)?.budgetSpent == 0)
        let after = d.render(size: size)
        #expect(after.lines.joined().contains("n=1"))
        #expect(!after.cells.contains { $0.style.foreground == d.environment.palette.invalidated })
        // A button does not stay pressed: it can be tapped again at once.
        _ = d.handle(.key(.character(" ")))
        await d.settleInteractions()
        #expect(text(d).contains("n=2"))
    }

    @Test("three quick taps are three increments")
    func quickTaps() async throws {
        let model = TapModel()
        let d = await dashboard([tapWidget("a", model: model)])
        _ = d.handle(.key(.tab))
        for _ in 0..<3 { _ = d.handle(.key(.enter)) }
        await d.settleInteractions()
        #expect(model.count.withLock { $0 } == 3)
        #expect(text(d).contains("n=3"))
        #expect(!d.isInvalidated(0))
    }

    @Test("a toggle flips at once; the next timeline confirms it, or reverts it when it disagrees")
    func toggleRevert() async throws {
        let model = TapModel()
        let d = await dashboard([tapWidget("a", model: model, honours: false), tapWidget("b", model: TapModel())])
        _ = d.handle(.key(.tab))
        _ = d.handle(.key(.tab))
        _ = d.handle(.key(.enter))
        #expect(text(d).components(separatedBy: "[✓] F").count == 2)
        await d.settleInteractions()
        #expect(!text(d).contains("[✓] F"))
        // An intent that does what it says: the flip stays.
        _ = d.handle(.key(.tab))
        _ = d.handle(.key(.tab))
        #expect(d.focus.focused == FocusRing.elementID(instance: 1, element: 1))
        _ = d.handle(.key(.enter))
        await d.settleInteractions()
        #expect(text(d).components(separatedBy: "[✓] F").count == 2)
    }

    @Test("a throwing perform() shows its message for a few seconds, and the widget still reloads")
    func throwingPerform() async throws {
        let clock = ManualClock(t0)
        let d = await dashboard([tapWidget("a", model: TapModel(), action: .fail)], clock: clock)
        _ = d.handle(.key(.tab))
        _ = d.handle(.key(.enter))
        await d.settleInteractions()
        #expect(d.intentMessage(0) == "server said no")
        #expect(text(d).contains("server said no"))
        #expect(d.instances[0].lastReload?.reason == .intent)
        #expect(!d.isInvalidated(0))
        // The message has a deadline, and goes when it passes.
        #expect(d.secondsUntilNextDeadline().map { $0 <= 4 } == true)
        clock.advance(by: 5)
        d.advance()
        #expect(d.intentMessage(0) == nil)
        #expect(!text(d).contains("server said no"))
    }

    @Test("a hanging perform() is given up after the limit, reported the same way, and the widget reloads")
    func hangingPerform() async throws {
        let clock = ManualClock(t0)
        let d = await dashboard([tapWidget("a", model: TapModel(), action: .hang)], clock: clock)
        _ = d.handle(.key(.tab))
        _ = d.handle(.key(.enter))
        #expect(d.isInvalidated(0))
        clock.advance(by: 9)
        d.advance()
        #expect(d.intentMessage(0) == nil)
        clock.advance(by: 2)
        d.advance()
        #expect(d.intentMessage(0) == "Hang did not finish in 10 s")
        await d.settle()
        d.advance()
        #expect(d.instances[0].lastReload?.reason == .intent)
        #expect(!d.isInvalidated(0))
        #expect(text(d).contains("finish in 10 s"))
    }

    @Test("a click taps the element under it; a click elsewhere in a widget with a URL opens its detail view; Esc returns")
    func clicksAndLinks() async throws {
        let model = TapModel()
        let d = await dashboard([tapWidget("a", model: model, url: URL(string: "widgetdash://a/detail"))])
        let go = try #require(d.interactiveElements(of: 0).first)
        _ = d.handle(.mouse(MouseEvent(kind: .click, location: CellPoint(x: go.rect.x, y: go.rect.y))))
        await d.settleInteractions()
        #expect(model.count.withLock { $0 } == 1)
        // The panel's top-left corner inside the border is no element: the widget URL opens.
        _ = d.handle(.mouse(MouseEvent(kind: .click, location: CellPoint(x: go.rect.x, y: go.rect.y - 2))))
        #expect(d.detailView?.url?.absoluteString == "widgetdash://a/detail")
        let detail = text(d)
        #expect(detail.contains("URL: widgetdash://a/detail"))
        #expect(detail.contains("Esc back"))
        _ = d.handle(.key(.escape))
        #expect(d.detailView == nil)
    }

    @Test("while locked, taps and clicks do nothing")
    func lockedTapsDoNothing() async throws {
        let model = TapModel()
        let d = await dashboard([tapWidget("a", model: model)])
        _ = d.handle(.key(.tab))
        let go = try #require(d.interactiveElements(of: 0).first)
        d.lockNow()
        _ = d.handle(.key(.enter))
        _ = d.handle(.mouse(MouseEvent(kind: .click, location: go.rect.origin)))
        d.tap(instance: 0, element: go)
        await d.settleInteractions()
        #expect(model.count.withLock { $0 } == 0)
        #expect(!d.isInvalidated(0))
    }

    @Test("goldens: a focused button, and invalidated content with the toggle flipped")
    func goldens() async throws {
        let model = TapModel()
        let gate = Gate()
        let d = await dashboard([tapWidget("a", model: model, action: .add(gate)), tapWidget("b", model: TapModel())])
        _ = d.handle(.key(.tab))
        Golden.assertMatches(styled(d.render(size: CellSize(width: 50, height: 13)), invalidated: d.environment.palette.invalidated), named: "interaction-focused")
        _ = d.handle(.key(.tab))
        _ = d.handle(.key(.enter))
        Golden.assertMatches(styled(d.render(size: CellSize(width: 50, height: 13)), invalidated: d.environment.palette.invalidated), named: "interaction-invalidated")
        gate.open()
        await d.settleInteractions()
    }

    /// The screen's text, then a map of its styles: `▓` reverse (focus), `░` dimmed (invalidated).
    private func styled(_ screen: Canvas, invalidated: TerminalColor) -> [String] {
        var map: [String] = []
        for y in 0..<screen.height {
            var line = ""
            for x in 0..<screen.width {
                let style = screen.cells[y * screen.width + x].style
                line += style.attributes.contains(.reverse) ? "▓" : style.foreground == invalidated ? "░" : "·"
            }
            map.append(line)
        }
        return screen.lines + ["--- styles: ▓ focused, ░ invalidated ---"] + map
    }
}

// MARK: - Control center

final class LightBox: Sendable {
    let model = TapModel()
    let fails = Mutex(false)
}

struct BoxLight: ControlValueProvider {
    let box: LightBox
    var previewValue: Bool { false }
    func currentValue() async throws -> Bool {
        if box.fails.withLock({ $0 }) { throw TestFailure() }
        return box.model.flag.withLock { $0 }
    }
}

@Suite("Control center")
struct ControlCenterTests {
    private let size = CellSize(width: 80, height: 24)

    @Test("c opens the grid; the preview shows first, the current value replaces it; a toggle flips at once and is fetched again; a failing provider keeps the last value, marked")
    func controlCenter() async throws {
        let box = LightBox()
        let control = StaticControlConfiguration(kind: "light", provider: BoxLight(box: box)) { isOn in
            ControlWidgetToggle("Light", isOn: isOn, action: SetFlagIntent(model: box.model))
        }
        .displayName("Desk light")
        ._controlDescription
        let d = Dashboard(widgets: [], placements: [], clock: ManualClock(t0))
        d.setControls([control])
        box.model.flag.withLock { $0 = true }
        _ = d.handle(.key(.character("c")))
        #expect(d.showsControlCenter)
        var screen = d.render(size: size).lines.joined(separator: "\n")
        #expect(screen.contains("Control Center"))
        #expect(screen.contains("Desk light"))
        #expect(screen.contains("○ Off"))
        await d.settleInteractions()
        screen = d.render(size: size).lines.joined(separator: "\n")
        #expect(screen.contains("● On"))
        // Enter flips at once, then the value is fetched again after perform().
        _ = d.handle(.key(.enter))
        #expect(d.render(size: size).lines.joined().contains("○ Off"))
        await d.settleInteractions()
        #expect(box.model.flag.withLock { $0 } == false)
        #expect(d.render(size: size).lines.joined().contains("○ Off"))
        // The provider fails: the last value stays, marked.
        box.fails.withLock { $0 = true }
        _ = d.handle(.key(.escape))
        _ = d.handle(.key(.character("c")))
        await d.settleInteractions()
        screen = d.render(size: size).lines.joined(separator: "\n")
        #expect(screen.contains("○ Off"))
        #expect(screen.contains("last known"))
        // Locked: the text is redacted and actions do nothing.
        d.lockNow()
        screen = d.render(size: size).lines.joined(separator: "\n")
        #expect(!screen.contains("Desk light"))
        _ = d.handle(.key(.enter))
        await d.settleInteractions()
        #expect(box.model.flag.withLock { $0 } == false)
    }
}

@Suite("Interactive views where the family forbids them")
struct InteractivityAuditTests {
    @Test("a button in accessoryInline and a link in systemSmall draw as plain content and are reported; allowed families are not")
    func misuses() {
        let d = StaticConfiguration(kind: "m", provider: TapProvider(model: TapModel())) { entry in
            HStack {
                Button(intent: FailingIntent()) { Text("Go") }
                Link("More", destination: URL(string: "https://example.com")!)
            }
        }
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryInline])
        ._description
        let notes = InteractivityAudit.misuses(of: d)
        #expect(notes.count == 3)
        #expect(notes.contains { $0.hasPrefix("inline: Button in accessoryInline") })
        #expect(notes.contains { $0.hasPrefix("inline: Link") })
        #expect(notes.contains { $0.hasPrefix("small: Link in systemSmall") })
        var env = EnvironmentValues()
        env.widgetFamily = .accessoryInline
        let inline = ViewRenderer.render(d.content(TapEntry(date: t0, count: 0, flag: false)), size: WidgetFamily.accessoryInline.size, environment: env, now: t0)
        #expect(inline.interactiveElements.isEmpty)
        #expect(inline.canvas.lines[0].contains("[Go]"))
    }
}
