import DashCatalog
import DashCore
import Foundation
import Testing
import WidgetDash

// Extensions as the loader hands them over, built here from in-process widgets: what is under
// test is the merge, not the process.

private struct PlainEntry: TimelineEntry { let date: Date }

private struct PlainProvider: TimelineProvider {
    func placeholder(in context: Context) -> PlainEntry { PlainEntry(date: context.date) }
    func snapshot(in context: Context) async -> PlainEntry { PlainEntry(date: context.date) }
    func timeline(in context: Context) async throws -> Timeline<PlainEntry> { Timeline(entries: [PlainEntry(date: context.date)], policy: .never) }
}

private func widget(_ kind: String, _ name: String = "") -> WidgetDescription {
    StaticConfiguration(kind: kind, provider: PlainProvider()) { _ in Text(kind) }.configurationDisplayName(name.isEmpty ? kind : name)._description
}

private struct NoIntent: AppIntent {
    static let title = "Nothing"
    func perform() async throws {}
}

private func control(_ kind: String) -> ControlDescription {
    StaticControlConfiguration(kind: kind) { ControlWidgetButton(action: NoIntent()) { Text(kind) } }._controlDescription
}

private struct OvenAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable, Sendable { var minutes: Int }
}

private func activity() -> ActivityDescription {
    ActivityConfiguration(for: OvenAttributes.self) { _ in Text("oven") } dynamicIsland: { _ in
        DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("oven") } } compactLeading: { Text("o") } compactTrailing: { Text("o") } minimal: { Text("o") }
    }._activityDescription
}

@Suite("The catalog: built-ins and extensions merged")
struct WidgetCatalogTests {
    let builtIn = WidgetCatalog.Source(widgets: BuiltinWidgets().widgetDescriptions, controls: BuiltinWidgets().controlDescriptions,
                                       activities: BuiltinWidgets().activityDescriptions)

    @Test func anExtensionsNewKindsFollowTheBuiltInsUnqualified() {
        let catalog = WidgetCatalog([builtIn, .init(extensionName: "pizzeria", widgets: [widget("pizza")], controls: [control("oven")])])
        #expect(catalog.widgets.map(\.kind) == BuiltinWidgets().widgetDescriptions.map(\.kind) + ["pizza"])
        #expect(catalog.controls.last?.kind == "oven")
        #expect(catalog.collisions.isEmpty)
        #expect(catalog.extensionName(of: .widget, "pizza") == "pizzeria")
        #expect(catalog.extensionName(of: .control, "oven") == "pizzeria")
        #expect(catalog.extensionName(of: .widget, "clock") == nil)
        #expect(catalog.extensionName(of: .widget, "nothing") == nil)
    }

    @Test func aKindTakenByABuiltInIsQualifiedWithTheExtensionsName() throws {
        let catalog = WidgetCatalog([builtIn, .init(extensionName: "weather", widgets: [widget("clock", "Weather clock"), widget("rain")])])
        #expect(catalog.widgets.suffix(2).map(\.kind) == ["weather.clock", "rain"])
        #expect(catalog.widgets.filter { $0.kind == "clock" }.map(\.displayName) == ["Clock"])
        #expect(catalog.widgets.first { $0.kind == "weather.clock" }?.displayName == "Weather clock")
        #expect(catalog.extensionName(of: .widget, "weather.clock") == "weather")
        #expect(catalog.collisions.map(\.description) == [
            "extension \"weather\": widget kind \"clock\" is already taken by a built-in; it is \"weather.clock\" here (place, list, snapshot and start it by that name)",
        ])
        // A qualified kind is a kind like any other: placements name it.
        let placement = try WidgetPlacement.parse("weather.clock@small", widgets: catalog.widgets).get()
        #expect(placement.kind == "weather.clock" && placement.family == .systemSmall)
    }

    @Test func aKindTakenByAnEarlierExtensionIsQualifiedAndTheFirstKeepsIt() {
        let catalog = WidgetCatalog([builtIn, .init(extensionName: "first", widgets: [widget("rain")]), .init(extensionName: "second", widgets: [widget("rain")])])
        #expect(catalog.widgets.suffix(2).map(\.kind) == ["rain", "second.rain"])
        #expect(catalog.extensionName(of: .widget, "rain") == "first")
        #expect(catalog.collisions == [WidgetCatalog.Collision(item: .widget, name: "rain", extensionName: "second", takenBy: "first", qualifiedName: "second.rain")])
        #expect(catalog.collisions[0].description.contains("already taken by extension \"first\""))
    }

    @Test func controlsAndActivityTypesCollideLikewiseEachInItsOwnNamespace() throws {
        let builtInControl = try #require(BuiltinWidgets().controlDescriptions.first?.kind)
        let catalog = WidgetCatalog([
            .init(widgets: [widget("oven")], controls: [control(builtInControl)], activities: [activity()]),
            .init(extensionName: "pizzeria", widgets: [], controls: [control(builtInControl), control("oven")], activities: [activity()]),
        ])
        // A control may share a widget's kind, as on iOS.
        #expect(catalog.controls.map(\.kind) == [builtInControl, "pizzeria.\(builtInControl)", "oven"])
        #expect(catalog.activities.map(\.activityType) == ["oven", "pizzeria.oven"])
        #expect(catalog.extensionName(of: .activity, "pizzeria.oven") == "pizzeria")
        #expect(catalog.collisions.map(\.item) == [.control, .activity])
        #expect(catalog.collisions.last?.description
            == "extension \"pizzeria\": Live Activity type \"oven\" is already taken by a built-in; it is \"pizzeria.oven\" here (place, list, snapshot and start it by that name)")
    }

    @Test func aQualifiedNameThatIsTakenTooLeavesTheNewcomerOut() {
        let catalog = WidgetCatalog([
            .init(widgets: [widget("rain"), widget("weather.rain")]),
            .init(extensionName: "weather", widgets: [widget("rain"), widget("sun")]),
        ])
        #expect(catalog.widgets.map(\.kind) == ["rain", "weather.rain", "sun"])
        #expect(catalog.collisions.map(\.qualifiedName) == [nil])
        #expect(catalog.collisions[0].description.hasSuffix("that one is left out (its qualified name is taken or unusable too)"))
    }

    @Test func anExtensionNameAPlacementCannotHoldQualifiesNothing() {
        let catalog = WidgetCatalog([.init(widgets: [widget("rain")]), .init(extensionName: "my widgets@2", widgets: [widget("rain")])])
        #expect(catalog.widgets.map(\.kind) == ["rain"])
        #expect(catalog.collisions.count == 1 && catalog.collisions[0].qualifiedName == nil)
        #expect(WidgetCatalog.isUsableName("weather-2_b.x"))
        #expect(!WidgetCatalog.isUsableName("") && !WidgetCatalog.isUsableName("a b") && !WidgetCatalog.isUsableName("a:b") && !WidgetCatalog.isUsableName("a|b"))
    }

    @Test func aBundleBuiltIntoTheProgramHasNoNameSoItsCollidingKindIsLeftOut() {
        let catalog = WidgetCatalog([builtIn, .init(widgets: [widget("clock"), widget("pizza")])])
        #expect(catalog.widgets.filter { $0.kind == "clock" }.count == 1)
        #expect(catalog.widgets.last?.kind == "pizza")
        #expect(catalog.extensionName(of: .widget, "pizza") == nil)
        #expect(catalog.collisions.map(\.description) == [
            "an added bundle's widget kind \"clock\" is already taken by a built-in; that one is left out (give it a name of its own)",
        ])
    }
}
