@testable import DashApp
import DashCatalog
import Foundation
import Testing
import WidgetDash

// A widget extension's bundle, as `WidgetDashApp.main(adding:)` receives it: one widget of its
// own, one whose kind a built-in already has, and a control.

private struct PlainEntry: TimelineEntry { let date: Date }

private struct PlainProvider: TimelineProvider {
    func placeholder(in context: Context) -> PlainEntry { PlainEntry(date: context.date) }
    func snapshot(in context: Context) async -> PlainEntry { PlainEntry(date: context.date) }
    func timeline(in context: Context) async throws -> Timeline<PlainEntry> { Timeline(entries: [PlainEntry(date: context.date)], policy: .never) }
}

private struct PizzaWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "pizza", provider: PlainProvider()) { _ in Text("Pizza") }.configurationDisplayName("Pizza")
    }
}

private struct OtherClockWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "clock", provider: PlainProvider()) { _ in Text("not the clock") }.configurationDisplayName("Other clock")
    }
}

private struct OvenIntent: AppIntent {
    static let title = "Oven"
    func perform() async throws {}
}

private struct OvenControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "oven") { ControlWidgetButton(action: OvenIntent()) { Text("Oven") } }.displayName("Oven")
    }
}

private struct PizzaBundle: WidgetBundle {
    var body: some Widget {
        PizzaWidget()
        OtherClockWidget()
        OvenControl()
    }
}

@Suite("Known widgets with an added bundle")
struct KnownWidgetsTests {
    @Test func anAddedBundleComesAfterTheBuiltInsAndTheCommandWidget() {
        let merged = KnownWidgets.merged([BuiltinWidgets(), PizzaBundle()])
        let builtIn = BuiltinWidgets().widgetDescriptions.map(\.kind)
        #expect(merged.widgets.map(\.kind) == builtIn + ["command", "pizza"])
        #expect(merged.controls.map(\.kind) == BuiltinWidgets().controlDescriptions.map(\.kind) + ["oven"])
    }

    @Test func aKindAlreadyTakenIsLeftOutAndReported() {
        let merged = KnownWidgets.merged([BuiltinWidgets(), PizzaBundle()])
        #expect(merged.shadowed == ["clock"])
        let clocks = merged.widgets.filter { $0.kind == "clock" }
        #expect(clocks.count == 1)
        #expect(clocks.first?.displayName == "Clock")
    }

    @Test func addedBundlesAreBoundAroundTheCommandNotKeptForTheProcess() {
        KnownWidgets.$addedBundles.withValue([PizzaBundle.self]) {
            let known = KnownWidgets.current()
            #expect(known.widgets.last?.kind == "pizza")
            #expect(known.shadowedKinds == ["clock"])
        }
        #expect(!KnownWidgets.current().widgets.contains { $0.kind == "pizza" })
        #expect(KnownWidgets.current().shadowedKinds.isEmpty)
    }

    @Test func aControlKindAlreadyTakenIsLeftOutToo() {
        let merged = KnownWidgets.merged([BuiltinWidgets(), PizzaBundle(), PizzaBundle()])
        #expect(merged.shadowed == ["clock", "pizza", "clock", "oven"])
        #expect(merged.controls.filter { $0.kind == "oven" }.count == 1)
    }
}
