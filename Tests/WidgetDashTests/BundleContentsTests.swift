import Foundation
import Synchronization
import Testing
@testable import WidgetDash

// A bundle with a widget, a control, a Live Activity and a nested group, whose widgets count how
// often their `body` is built: start-up builds each one once (BundleContents).

private let bodiesBuilt = Mutex<[String: Int]>([:])

private func built(_ name: String) { bodiesBuilt.withLock { $0[name, default: 0] += 1 } }

private struct CountedEntry: TimelineEntry { let date: Date }

private struct CountedProvider: TimelineProvider {
    func placeholder(in context: Context) -> CountedEntry { CountedEntry(date: context.date) }
    func snapshot(in context: Context) async -> CountedEntry { CountedEntry(date: context.date) }
    func timeline(in context: Context) async throws -> Timeline<CountedEntry> { Timeline(entries: [], policy: .never) }
}

private struct CountedWidget: Widget {
    var kind = "counted"
    var body: some WidgetConfiguration {
        built(kind)
        return StaticConfiguration(kind: kind, provider: CountedProvider()) { _ in Text(kind) }
    }
}

private struct NestedWidget: Widget {
    var body: some WidgetConfiguration {
        built("nested")
        return StaticConfiguration(kind: "nested", provider: CountedProvider()) { _ in Text("nested") }
    }
}

private struct CountedAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable { var step: String }
}

private struct CountedActivity: Widget {
    var body: some WidgetConfiguration {
        built("activity")
        return ActivityConfiguration(for: CountedAttributes.self) { context in
            Text(context.state.step)
        } dynamicIsland: { _ in
            DynamicIsland {
                DynamicIslandExpandedRegion(.bottom) { Text("-") }
            } compactLeading: { Text("-") } compactTrailing: { Text("-") } minimal: { Text("-") }
        }
    }
}

private struct CountedIntent: AppIntent {
    static let title = "Counted"
    func perform() async throws {}
}

private struct CountedControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "counted-control") { ControlWidgetButton(action: CountedIntent()) { Text("Go") } }
    }
}

private struct NestedGroup: WidgetBundle {
    var body: some Widget { NestedWidget() }
}

private struct CountedBundle: WidgetBundle {
    var body: some Widget {
        CountedWidget(kind: "first")
        CountedControl()
        CountedActivity()
        NestedGroup().body
        CountedWidget(kind: "last")
    }
}

@Suite("A bundle's contents", .serialized)
struct BundleContentsTests {
    @Test func oneWalkListsWidgetsControlsAndActivitiesInBundleOrder() {
        bodiesBuilt.withLock { $0 = [:] }
        let contents = BundleContents(CountedBundle())
        #expect(contents.widgets.map(\.kind) == ["first", "nested", "last"])
        #expect(contents.controls.map(\.kind) == ["counted-control"])
        #expect(contents.activities.map(\.activityType) == ["counted"])
        #expect(bodiesBuilt.withLock { $0 } == ["first": 1, "nested": 1, "activity": 1, "last": 1])
    }

    @Test func theBundlesListsAgreeWithItsContents() {
        let contents = BundleContents(CountedBundle())
        #expect(CountedBundle().widgetDescriptions.map(\.kind) == contents.widgets.map(\.kind))
        #expect(CountedBundle().controlDescriptions.map(\.kind) == contents.controls.map(\.kind))
        #expect(CountedBundle().activityDescriptions.map(\.activityType) == contents.activities.map(\.activityType))
    }

    @Test func anActivityTypeIsItsAttributesTypeNameWithoutTheSuffix() {
        #expect(ActivityCoding.defaultActivityType(for: CountedAttributes.self) == "counted")
        #expect(ActivityCoding.defaultActivityType(for: Array<CountedAttributes>.self) == "array")
        #expect(ActivityCoding.defaultActivityType(for: CountedEntry.self) == "countedEntry")
    }
}
