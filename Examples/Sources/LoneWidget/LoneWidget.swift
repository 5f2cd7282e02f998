import Foundation
import WidgetDash

/// A test fixture, not an example: `@main` on a single widget rather than a bundle makes a
/// widget extension too, as it does on iOS (Tests/EndToEndTests/ExtensionEndToEndTests).
@main
struct LoneWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "lone", provider: LoneProvider()) { _ in
            Text("a lone widget")
        }
        .configurationDisplayName("Lone")
        .supportedFamilies([.systemSmall])
    }
}

struct LoneEntry: TimelineEntry {
    let date: Date
}

struct LoneProvider: TimelineProvider {
    func placeholder(in context: Context) -> LoneEntry { LoneEntry(date: context.date) }
    func snapshot(in context: Context) async -> LoneEntry { LoneEntry(date: context.date) }
    func timeline(in context: Context) async throws -> Timeline<LoneEntry> {
        Timeline(entries: [LoneEntry(date: context.date)], policy: .never)
    }
}
