import WidgetDash
import WidgetDash
import WidgetDash

struct CharacterEntry: TimelineEntry {
    let date: Date
    let name: String
    let health: Double
    let configuration: ConfigurationIntent
}

struct CharacterProvider: IntentTimelineProvider {
    func placeholder(in context: Context) -> CharacterEntry {
        CharacterEntry(date: Date(), name: "Power Panda", health: 0.8, configuration: ConfigurationIntent())
    }

    func getSnapshot(for configuration: ConfigurationIntent, in context: Context, completion: @escaping (CharacterEntry) -> ()) {
        let entry = CharacterEntry(date: Date(), name: "Power Panda", health: 0.8, configuration: configuration)
        completion(entry)
    }

    func getTimeline(for configuration: ConfigurationIntent, in context: Context, completion: @escaping (Timeline<CharacterEntry>) -> ()) {
        var entries: [CharacterEntry] = []
        let currentDate = Date()
        for minuteOffset in stride(from: 0, to: 60, by: 10) {
            let entryDate = Calendar.current.date(byAdding: .minute, value: minuteOffset, to: currentDate)!
            let health = max(0, 1 - Double(minuteOffset) / 60)
            entries.append(CharacterEntry(date: entryDate, name: "Power Panda", health: health, configuration: configuration))
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct CharacterWidgetEntryView: View {
    var entry: CharacterProvider.Entry

    var body: some View {
        VStack(alignment: .leading) {
            Text(entry.name)
                .font(.title3)
                .bold()
            ProgressView(value: entry.health) {
                Text("Health")
            }
            .tint(entry.health > 0.3 ? .green : .red)
            Text(entry.date, style: .timer)
                .font(.caption.monospacedDigit())
        }
    }
}

struct CharacterWidget: Widget {
    let kind: String = "CharacterWidget"

    var body: some WidgetConfiguration {
        IntentConfiguration(kind: kind, intent: ConfigurationIntent.self, provider: CharacterProvider()) { entry in
            CharacterWidgetEntryView(entry: entry)
        }
        .configurationDisplayName("Character")
        .description("Keep an eye on your hero's health.")
    }
}
