import Foundation
import Testing
import WidgetDash

// The widget from README.md's "Writing a widget", verbatim, so the README never shows code
// that does not compile or draw.

struct CountdownEntry: TimelineEntry {
    let date: Date
    let launch: Date
}

struct CountdownProvider: TimelineProvider {
    func placeholder(in context: Context) -> CountdownEntry {
        CountdownEntry(date: context.date, launch: context.date.addingTimeInterval(600))
    }
    func snapshot(in context: Context) async -> CountdownEntry { placeholder(in: context) }
    func timeline(in context: Context) async throws -> Timeline<CountdownEntry> {
        let entry = CountdownEntry(date: context.date, launch: context.date.addingTimeInterval(600))
        return Timeline(entries: [entry], policy: .never)
    }
}

struct CountdownWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "launch", provider: CountdownProvider()) { entry in
            VStack(alignment: .leading) {
                Label("Launch", systemImage: "airplane").font(.headline)
                Spacer()
                Text(entry.launch, style: .timer).font(.largeTitle)
            }
            .containerBackground(.blue, for: .widget)
        }
        .configurationDisplayName("Launch")
        .supportedFamilies([.systemSmall, .accessoryRectangular])
    }
}

@Suite("README example")
struct ReadmeExampleTests {
    @Test func countdownWidgetDrawsACountdown() async throws {
        let description = CountdownWidget().body._description
        #expect(description.kind == "launch")
        #expect(description.supportedFamilies == [.systemSmall, .accessoryRectangular])
        let now = Date(timeIntervalSince1970: 1_000_000)
        let timeline = try await description.provider.timeline(TimelineProviderContext(family: .systemSmall, date: now))
        let entry = try #require(timeline.entries.first)
        var env = EnvironmentValues()
        env.widgetFamily = .systemSmall
        let rendered = ViewRenderer.render(description.content(entry), size: WidgetFamily.systemSmall.contentSize, environment: env, now: now)
        let text = rendered.canvas.lines.joined(separator: "\n")
        #expect(text.contains("✈ Launch"))
        // Ten minutes to go, counting down each second: big digits, and a refresh in a second.
        #expect(text.contains("┌─┐"))
        #expect(rendered.nextRefresh == now.addingTimeInterval(1))
    }
}
