import Foundation
import Synchronization
import Testing
@testable import DashCore
import WidgetDash

/// The dashboard makes a widget's view once per entry, as WidgetKit does, and draws it again at
/// each moment; what it draws is what a view made afresh draws.
@Suite("A widget's view is made once per entry")
struct ResolvedPanelTests {
    static let size = CellSize(width: 40, height: 14)

    /// One small widget whose view counts how often it is made: a label from the entry, a
    /// seconds clock, and a timer whose width changes as it ticks past ten minutes.
    static func widget(made: Counter, label: Label) -> WidgetDescription {
        let provider = ScriptedProvider(make: { date in
            Timeline(entries: [TestEntry(date: date, label: label.text)], policy: .never)
        })
        return StaticConfiguration(kind: "counted", provider: provider) { (entry: TestEntry) in
            CountedView(entry: entry, made: made)
        }
        .configurationDisplayName("counted")
        ._description
    }

    static func dashboard(_ widget: WidgetDescription, clock: ManualClock) async -> Dashboard {
        let dashboard = Dashboard(widgets: [widget], placements: [WidgetPlacement(kind: "counted", family: .systemSmall)], clock: clock)
        _ = dashboard.handle(.resize(size))
        await dashboard.settle()
        dashboard.advance()
        return dashboard
    }

    /// The label the provider's next entry carries.
    final class Label: Sendable {
        private let value: Mutex<String>
        init(_ text: String) { value = Mutex(text) }
        var text: String {
            get { value.withLock { $0 } }
            set { value.withLock { $0 = newValue } }
        }
    }

    struct CountedView: View {
        let entry: TestEntry
        let made: Counter
        var body: some View {
            let _ = made.increment()
            VStack(alignment: .leading) {
                Text(entry.label)
                Text(.currentTime(showsSeconds: true))
                HStack {
                    Text(entry.date.addingTimeInterval(-595), style: .timer)
                    Spacer()
                    Text("end")
                }
            }
        }
    }

    /// The panel the dashboard drew last, and the same panel drawn from a view made afresh
    /// (by `widget`, the same widget counting on a counter of its own).
    static func panels(_ dashboard: Dashboard, widget: WidgetDescription) -> (kept: Canvas?, fresh: Canvas) {
        let instance = dashboard.instances[0]
        let fresh = WidgetPanel(description: widget, family: instance.family)
            .render(entry: instance.currentEntry, environment: dashboard.environment, now: dashboard.clock.now(),
                    status: instance.status, locked: dashboard.isLocked, placeholder: instance.placeholder)
        return (dashboard.panelCache[instance.id]?.canvas, fresh.canvas)
    }

    @Test("a ticking panel is drawn again without making its view; a new entry or theme makes it again, an unlock does not")
    func madeOncePerEntry() async {
        let made = Counter()
        let label = Label("first")
        let clock = ManualClock(t0)
        let dashboard = await Self.dashboard(Self.widget(made: made, label: label), clock: clock)
        let twin = Self.widget(made: Counter(), label: label)
        var shown = dashboard.render(size: Self.size).lines.joined(separator: "\n")
        #expect(shown.contains("first") && shown.contains("08:00:00"))
        #expect(made.count == 1)
        #expect(dashboard.frame(size: Self.size).nextRedraw == t0.addingTimeInterval(1))

        // Twelve seconds tick by: the clock and the timer (from 9:55 past 10:00, a cell wider)
        // move, the view is not made again, and each panel is what a view made afresh draws.
        for second in 1...12 {
            clock.advance(by: 1)
            dashboard.advance()
            shown = dashboard.render(size: Self.size).lines.joined(separator: "\n")
            let panels = Self.panels(dashboard, widget: twin)
            let same = panels.kept == panels.fresh
            #expect(same, "at +\(second) s: \(panels.kept?.lines ?? []) against \(panels.fresh.lines)")
        }
        #expect(shown.contains("08:00:12") && shown.contains("10:07"))
        #expect(made.count == 1)

        // Everything drawn again at the same moment (as after closing a screen): the same frame,
        // still ticking at the next second.
        let before = dashboard.render(size: Self.size)
        dashboard.invalidateAll()
        #expect(dashboard.render(size: Self.size) == before)
        #expect(dashboard.frame(size: Self.size).nextRedraw == t0.addingTimeInterval(13))
        #expect(made.count == 1)

        // A new entry makes the view again.
        label.text = "second"
        _ = dashboard.handle(.key(.character("R")))
        await dashboard.settle()
        dashboard.advance()
        shown = dashboard.render(size: Self.size).lines.joined(separator: "\n")
        #expect(shown.contains("second"))
        #expect(made.count == 2)

        // So does a change of theme, each way.
        _ = dashboard.handle(.key(.character("t")))
        _ = dashboard.render(size: Self.size)
        #expect(made.count == 3)
        var panels = Self.panels(dashboard, widget: twin)
        #expect(panels.kept?.lines == panels.fresh.lines)
        #expect(Bool(panels.kept == panels.fresh))
        _ = dashboard.handle(.key(.character("t")))
        _ = dashboard.render(size: Self.size)
        #expect(made.count == 4)
        // Locked, the home screen is not drawn; unlocked, nothing the view is made from changed.
        _ = dashboard.handle(.key(.character("l")))
        #expect(dashboard.isLocked)
        _ = dashboard.render(size: Self.size)
        _ = dashboard.handle(.key(.character("l")))
        #expect(!dashboard.isLocked)
        shown = dashboard.render(size: Self.size).lines.joined(separator: "\n")
        #expect(shown.contains("second"))
        panels = Self.panels(dashboard, widget: twin)
        #expect(panels.kept?.lines == panels.fresh.lines)
        #expect(Bool(panels.kept == panels.fresh))
        #expect(made.count == 4, "nothing it is made from changed")
    }
}
