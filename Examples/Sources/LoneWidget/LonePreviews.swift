import Foundation
import WidgetDash

// Test fixtures for `widgetdash preview` (Tests/EndToEndTests/PreviewEndToEndTests), in the
// forms Xcode's templates write: a widget stepping through a timeline, a widget with its
// provider's timeline, a view, and one that traps to show a failing preview stays its own.

struct LoneCountEntry: TimelineEntry {
    let date: Date
    let count: Int
}

struct LoneCountWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "lonecount", provider: LoneCountProvider()) { entry in
            Text("count \(entry.count)")
        }
        .supportedFamilies([.systemSmall])
    }
}

struct LoneCountProvider: TimelineProvider {
    func placeholder(in context: Context) -> LoneCountEntry { LoneCountEntry(date: context.date, count: 0) }
    func snapshot(in context: Context) async -> LoneCountEntry { placeholder(in: context) }
    func timeline(in context: Context) async throws -> Timeline<LoneCountEntry> {
        Timeline(entries: (7...8).map { LoneCountEntry(date: context.date.addingTimeInterval(Double($0)), count: $0) }, policy: .never)
    }
}

#Preview(as: .systemSmall) {
    LoneCountWidget()
} timeline: {
    LoneCountEntry(date: .now, count: 1)
    LoneCountEntry(date: .now, count: 2)
    LoneCountEntry(date: .now, count: 3)
}

#Preview("From the provider", as: .systemSmall, widget: { LoneCountWidget() }, timelineProvider: { LoneCountProvider() })

#Preview("Badge") {
    VStack {
        Text("a preview of a view")
        Text("second line")
    }
}

#Preview("Trap", as: .systemSmall) {
    LoneCountWidget()
} timeline: {
    LoneCountEntry(date: .now, count: [Int]()[0])
}

/// A provider whose error quotes an escape sequence: the host must print it harmless.
struct LoneFailingProvider: TimelineProvider {
    struct Failure: Error, CustomStringConvertible {
        var description: String { "no data \u{1B}[2Jhere" }
    }

    func placeholder(in context: Context) -> LoneCountEntry { LoneCountEntry(date: context.date, count: 0) }
    func snapshot(in context: Context) async -> LoneCountEntry { placeholder(in: context) }
    func timeline(in context: Context) async throws -> Timeline<LoneCountEntry> { throw Failure() }
}

#Preview("Escape", as: .systemSmall, widget: { LoneCountWidget() }, timelineProvider: { LoneFailingProvider() })

struct LoneOrderAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var status: String
    }

    var order: String
}

struct LoneOrderActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: LoneOrderAttributes.self) { context in
            Text("order \(context.attributes.order) \(context.state.status)")
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.bottom) {
                    Text(context.state.status)
                }
            } compactLeading: {
                Text("#\(context.attributes.order)")
            } compactTrailing: {
                Text(context.state.status)
            } minimal: {
                Text("#")
            }
        }
    }
}

#Preview("Order", as: .content, using: LoneOrderAttributes(order: "7")) {
    LoneOrderActivity()
} contentStates: {
    LoneOrderAttributes.ContentState(status: "baking")
    LoneOrderAttributes.ContentState(status: "on its way")
}
