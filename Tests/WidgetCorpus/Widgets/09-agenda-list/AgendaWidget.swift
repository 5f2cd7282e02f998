import WidgetDash
import WidgetDash

struct AgendaItem: Identifiable {
    let id = UUID()
    let title: String
    let start: Date
    let color: Color
}

struct AgendaEntry: TimelineEntry {
    let date: Date
    let items: [AgendaItem]
}

struct AgendaProvider: TimelineProvider {
    func placeholder(in context: Context) -> AgendaEntry {
        AgendaEntry(date: Date(), items: Self.sampleItems(from: Date()))
    }

    func getSnapshot(in context: Context, completion: @escaping (AgendaEntry) -> Void) {
        completion(AgendaEntry(date: Date(), items: Self.sampleItems(from: Date())))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<AgendaEntry>) -> Void) {
        let now = Date()
        let items = Self.sampleItems(from: now)
        // One entry per event start, so the list drops events as they begin.
        var entries = [AgendaEntry(date: now, items: items)]
        for (index, item) in items.enumerated() {
            entries.append(AgendaEntry(date: item.start, items: Array(items.dropFirst(index + 1))))
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }

    static func sampleItems(from date: Date) -> [AgendaItem] {
        [
            AgendaItem(title: "Stand-up", start: date.addingTimeInterval(30 * 60), color: .blue),
            AgendaItem(title: "Design review", start: date.addingTimeInterval(2 * 3600), color: .purple),
            AgendaItem(title: "Gym", start: date.addingTimeInterval(5 * 3600), color: .green),
        ]
    }
}

struct AgendaRow: View {
    let item: AgendaItem

    var body: some View {
        HStack(spacing: 6) {
            RoundedRectangle(cornerRadius: 2)
                .fill(item.color)
                .frame(width: 4)
            VStack(alignment: .leading, spacing: 2) {
                Text(item.title)
                    .font(.subheadline)
                    .fontWeight(.medium)
                    .lineLimit(1)
                Text(item.start, style: .time)
                    .font(.caption)
                    .foregroundStyle(.secondary)
            }
            Spacer()
        }
    }
}

struct AgendaWidgetEntryView: View {
    var entry: AgendaProvider.Entry
    @Environment(\.widgetFamily) private var family

    private var maxItems: Int { family == .systemLarge ? 6 : 2 }

    var body: some View {
        VStack(alignment: .leading, spacing: 6) {
            Text(entry.date, style: .date)
                .font(.caption)
                .foregroundStyle(.red)
                .textCase(.uppercase)
            if entry.items.isEmpty {
                Text("No more events today")
                    .font(.footnote)
                    .foregroundStyle(.secondary)
            } else {
                ForEach(entry.items.prefix(maxItems)) { item in
                    AgendaRow(item: item)
                }
            }
            Spacer(minLength: 0)
        }
    }
}

struct AgendaWidget: Widget {
    let kind = "AgendaWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: AgendaProvider()) { entry in
            AgendaWidgetEntryView(entry: entry)
                .containerBackground(.background, for: .widget)
        }
        .configurationDisplayName("Up Next")
        .description("Your next events.")
        .supportedFamilies([.systemMedium, .systemLarge])
    }
}
