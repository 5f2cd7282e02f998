@testable import DashApp
import DashCatalog
import DashCore
import DashSystem
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
        let merged = KnownWidgets([BuiltinWidgets(), PizzaBundle()])
        let builtIn = BuiltinWidgets().widgetDescriptions.map(\.kind)
        #expect(merged.widgets.map(\.kind) == builtIn + ["command", "pizza"])
        #expect(merged.controls.map(\.kind) == BuiltinWidgets().controlDescriptions.map(\.kind) + ["oven"])
    }

    @Test func aKindAlreadyTakenIsLeftOutAndReported() {
        let merged = KnownWidgets([BuiltinWidgets(), PizzaBundle()])
        #expect(merged.catalog.collisions.map(\.name) == ["clock"])
        #expect(merged.catalog.collisions.map(\.qualifiedName) == [nil])
        let clocks = merged.widgets.filter { $0.kind == "clock" }
        #expect(clocks.count == 1)
        #expect(clocks.first?.displayName == "Clock")
    }

    @Test func addedBundlesAreBoundAroundTheCommandNotKeptForTheProcess() {
        KnownWidgets.$addedBundles.withValue([PizzaBundle.self]) {
            let known = KnownWidgets.current()
            #expect(known.widgets.last?.kind == "pizza")
            #expect(known.catalog.collisions.map(\.name) == ["clock"])
        }
        #expect(!KnownWidgets.current().widgets.contains { $0.kind == "pizza" })
        #expect(KnownWidgets.current().catalog.collisions.isEmpty)
    }

    @Test func aControlKindAlreadyTakenIsLeftOutToo() {
        let merged = KnownWidgets([BuiltinWidgets(), PizzaBundle(), PizzaBundle()])
        #expect(merged.catalog.collisions.map(\.name) == ["clock", "pizza", "clock", "oven"])
        #expect(merged.controls.filter { $0.kind == "oven" }.count == 1)
    }

    @Test func anExtensionFollowsTheBundlesAndItsCollidingKindsAreQualified() {
        let bundle = PizzaBundle()
        let pizzeria = LoadedExtension(name: "pizzeria", path: "/opt/pizzeria", widgets: bundle.widgetDescriptions, controls: bundle.controlDescriptions)
        let known = KnownWidgets.$addedBundles.withValue([PizzaBundle.self]) { KnownWidgets.current(extensions: [pizzeria]) }
        #expect(known.widgets.suffix(3).map(\.kind) == ["pizza", "pizzeria.pizza", "pizzeria.clock"])
        #expect(known.controls.suffix(2).map(\.kind) == ["oven", "pizzeria.oven"])
        #expect(known.catalog.extensionName(of: .widget, "pizzeria.clock") == "pizzeria")
        #expect(known.catalog.extensionName(of: .widget, "command") == nil)
    }
}

@Suite("--extension on the commands that build the catalog")
struct ExtensionOptionTests {
    @Test func everyCommandThatShowsWidgetsTakesItRepeated() throws {
        let twice = ["--extension", "a", "--extension", "./b"]
        #expect(try ListCommand.parse(["--json"] + twice).extensions.paths == ["a", "./b"])
        #expect(try RunCommand.parse(twice).extensions.paths == ["a", "./b"])
        #expect(try SnapshotCommand.parse(["clock"] + twice).extensions.paths == ["a", "./b"])
        #expect(try DemoCommand.parse(twice).extensions.paths == ["a", "./b"])
        #expect(try RenderBench.parse(twice).extensions.paths == ["a", "./b"])
        #expect(try ConfigCommand.Check.parse(twice).extensions.paths == ["a", "./b"])
        #expect(try ActivityTypesCommand.parse(twice).extensions.paths == ["a", "./b"])
        #expect(try ActivityStartCommand.parse(["delivery", "--attributes", "{}", "--state", "{}"] + twice).extensions.paths == ["a", "./b"])
        #expect(try ActivityPreviewCommand.parse(["delivery"] + twice).extensions.paths == ["a", "./b"])
        #expect(try ListCommand.parse([]).extensions.paths.isEmpty)
    }

    @Test func theDefaultCommandIsRunWithItsExtensions() throws {
        let command = try WidgetDashCommand.parseAsRoot(["--extension", "w"])
        #expect((command as? RunCommand)?.extensions.paths == ["w"])
    }

    @Test func commandsThatNeverDrawWidgetsRefuseIt() {
        #expect(throws: (any Error).self) { try SetCommand.parse(["k", "v", "--extension", "a"]) }
        #expect(throws: (any Error).self) { try GetCommand.parse(["k", "--extension", "a"]) }
        #expect(throws: (any Error).self) { try ReloadCommand.parse(["--extension", "a"]) }
    }

    @Test func listJSONNamesTheExtensionOfEachWidgetAndNoneForABuiltIn() throws {
        let pizzeria = LoadedExtension(name: "pizzeria", path: "/opt/pizzeria", widgets: PizzaBundle().widgetDescriptions)
        let items = ListCommand.items(KnownWidgets.current(extensions: [pizzeria]).catalog)
        let json = String(decoding: try JSONEncoder().encode(items), as: UTF8.self)
        #expect(items.first { $0.kind == "pizzeria.clock" }?.extension == "pizzeria")
        #expect(items.first { $0.kind == "pizza" }?.extension == "pizzeria")
        #expect(items.first { $0.kind == "clock" }?.extension == nil)
        #expect(json.components(separatedBy: "\"extension\"").count - 1 == 2)
    }
}
