import WidgetDash
import WidgetDash

struct CountdownEntry: TimelineEntry {
    let date: Date
    let eventName: String
    let eventDate: Date
}

struct CountdownProvider: TimelineProvider {
    private let eventName = "Launch"
    private var eventDate: Date {
        Calendar.current.date(byAdding: .day, value: 12, to: Calendar.current.startOfDay(for: Date())) ?? Date()
    }

    func placeholder(in context: Context) -> CountdownEntry {
        CountdownEntry(date: Date(), eventName: eventName, eventDate: eventDate)
    }

    func getSnapshot(in context: Context, completion: @escaping (CountdownEntry) -> Void) {
        completion(CountdownEntry(date: Date(), eventName: eventName, eventDate: eventDate))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<CountdownEntry>) -> Void) {
        let midnight = Calendar.current.startOfDay(for: Date())
        let entries = (0..<7).compactMap { day -> CountdownEntry? in
            guard let date = Calendar.current.date(byAdding: .day, value: day, to: midnight) else { return nil }
            return CountdownEntry(date: date, eventName: eventName, eventDate: eventDate)
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct CountdownWidgetView: View {
    let entry: CountdownEntry

    private var daysLeft: Int {
        Calendar.current.dateComponents([.day], from: entry.date, to: entry.eventDate).day ?? 0
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 4) {
            Text(entry.eventName.uppercased())
                .font(.caption)
                .fontWeight(.semibold)
                .foregroundStyle(.secondary)
            Text("\(daysLeft)")
                .font(.system(size: 44, weight: .bold, design: .rounded))
                .minimumScaleFactor(0.5)
                .lineLimit(1)
                .contentTransition(.numericText())
            Text(daysLeft == 1 ? "day to go" : "days to go")
                .font(.footnote)
            Spacer()
            Text(entry.eventDate, style: .relative)
                .font(.caption2)
                .foregroundColor(.secondary)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
        .widgetURL(URL(string: "countdown://event"))
    }
}

struct CountdownWidget: Widget {
    let kind = "CountdownWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: CountdownProvider()) { entry in
            CountdownWidgetView(entry: entry)
                .containerBackground(Color.orange.gradient, for: .widget)
        }
        .configurationDisplayName("Countdown")
        .description("Days left until the big day.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
