import WidgetDash
import WidgetDash

struct BadgeEntry: TimelineEntry {
    let date: Date
    let unread: Int
}

struct BadgeProvider: TimelineProvider {
    func placeholder(in context: Context) -> BadgeEntry {
        BadgeEntry(date: .now, unread: 3)
    }

    func getSnapshot(in context: Context, completion: @escaping (BadgeEntry) -> Void) {
        completion(BadgeEntry(date: .now, unread: 3))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<BadgeEntry>) -> Void) {
        let entries = (0..<4).map { step in
            BadgeEntry(date: Date.now.addingTimeInterval(Double(step) * 15 * 60), unread: step * 2)
        }
        completion(Timeline(entries: entries, policy: .atEnd))
    }
}

struct BadgeView: View {
    let count: Int

    var body: some View {
        ZStack {
            Capsule()
                .fill(count > 0 ? Color.red : Color.gray)
            Text("\(count)")
                .font(.headline)
                .foregroundStyle(.white)
        }
        .frame(width: 36, height: 24)
    }
}

struct BadgeWidgetEntryView: View {
    var entry: BadgeProvider.Entry

    var body: some View {
        VStack(spacing: 8) {
            HStack {
                Image(systemName: "envelope.fill")
                    .foregroundStyle(.tint)
                Text("Inbox")
                    .font(.headline)
                Spacer()
                BadgeView(count: entry.unread)
            }
            RoundedRectangle(cornerRadius: 8)
                .stroke(.secondary, lineWidth: 1)
                .overlay {
                    Text(entry.unread == 0 ? "All caught up" : "New mail")
                        .font(.caption)
                }
            Rectangle()
                .fill(.fill.tertiary)
                .frame(height: 2)
            Circle()
                .fill(Color.green)
                .frame(width: 8, height: 8)
        }
        .transition(.opacity)
        .animation(.easeInOut, value: entry.unread)
    }
}

struct BadgeWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "BadgeWidget", provider: BadgeProvider()) { entry in
            BadgeWidgetEntryView(entry: entry)
                .containerBackground(for: .widget) {
                    ContainerRelativeShape()
                        .fill(Color.blue.opacity(0.1))
                }
        }
        .configurationDisplayName("Inbox")
        .description("Unread mail at a glance.")
    }
}
