import Foundation
import Testing
import WidgetDash

// The widget from README.md's "Writing a widget", verbatim (the last test compares the two), so
// the README never shows code that does not compile or draw.

// README begin
struct CountdownEntry: TimelineEntry { let date: Date; let launch: Date }

struct CountdownProvider: TimelineProvider {
    func placeholder(in context: Context) -> CountdownEntry {
        CountdownEntry(date: context.date, launch: context.date.addingTimeInterval(600))
    }
    func snapshot(in context: Context) async -> CountdownEntry { placeholder(in: context) }
    func timeline(in context: Context) async throws -> Timeline<CountdownEntry> {
        Timeline(entries: [placeholder(in: context)], policy: .never)
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
// README end

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

    @Test func readmeShowsThisCodeVerbatim() throws {
        let here = URL(fileURLWithPath: #filePath)
        let readmeURL = here.deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
            .appendingPathComponent("README.md")
        let readme = try String(contentsOf: readmeURL, encoding: .utf8)
        let source = try String(contentsOf: here, encoding: .utf8)
        let ownCode = try #require(source.components(separatedBy: "// README begin\n").dropFirst().first?
            .components(separatedBy: "// README end\n").first)
        #expect(readme.contains("```swift\nimport WidgetDash\n\n" + ownCode + "```"))
    }
}
