import WidgetDash
import WidgetDash

struct StepsEntry: TimelineEntry {
    let date: Date
    let steps: Int
    let goal: Int

    var progress: Double { min(Double(steps) / Double(goal), 1) }
}

struct StepsProvider: TimelineProvider {
    typealias Entry = StepsEntry

    func placeholder(in context: Context) -> StepsEntry {
        StepsEntry(date: Date(), steps: 6_500, goal: 10_000)
    }

    func getSnapshot(in context: Context, completion: @escaping (StepsEntry) -> ()) {
        completion(placeholder(in: context))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<StepsEntry>) -> ()) {
        let entry = StepsEntry(date: Date(), steps: 7_214, goal: 10_000)
        completion(Timeline(entries: [entry], policy: .after(Date().addingTimeInterval(15 * 60))))
    }
}

struct StepsWidgetEntryView: View {
    @Environment(\.widgetFamily) var family
    var entry: StepsEntry

    var body: some View {
        switch family {
        case .accessoryCircular:
            Gauge(value: entry.progress) {
                Image(systemName: "figure.walk")
            } currentValueLabel: {
                Text("\(Int(entry.progress * 100))")
            }
            .gaugeStyle(.accessoryCircularCapacity)
        case .accessoryRectangular:
            VStack(alignment: .leading) {
                Label("Steps", systemImage: "figure.walk")
                    .font(.headline)
                    .widgetAccentable()
                Text("\(entry.steps) of \(entry.goal)")
                ProgressView(value: entry.progress)
            }
        case .accessoryInline:
            Label("\(entry.steps) steps", systemImage: "figure.walk")
        default:
            VStack(alignment: .leading, spacing: 6) {
                Label("Steps", systemImage: "figure.walk")
                    .font(.headline)
                    .foregroundColor(.green)
                Text("\(entry.steps)")
                    .font(.largeTitle)
                    .bold()
                ProgressView(value: entry.progress)
                    .tint(.green)
                Text("Goal \(entry.goal)")
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
        }
    }
}

struct StepsWidget: Widget {
    let kind: String = "StepsWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: StepsProvider()) { entry in
            StepsWidgetEntryView(entry: entry)
                .containerBackground(.fill.tertiary, for: .widget)
        }
        .configurationDisplayName("Steps")
        .description("Today's steps toward your goal.")
        .supportedFamilies([.systemSmall, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    }
}
