import Foundation
import WidgetDash

/// What is due on the to-do list at one moment: the open items, overdue ones first.
public struct RemindersEntry: TimelineEntry {
    public let date: Date
    /// Open items in the order they are shown: overdue, then by due date, then undated.
    public let items: [TodoItem]
    /// How many items are done (and hidden).
    public let doneCount: Int

    public init(date: Date, items: [TodoItem], doneCount: Int = 0) {
        self.date = date
        self.items = Self.ordered(items.filter { !$0.done })
        self.doneCount = items.filter(\.done).count + doneCount
    }

    /// The open items due at or before this entry's moment.
    public var overdue: [TodoItem] { items.filter { ($0.due ?? .distantFuture) <= date } }

    static func ordered(_ items: [TodoItem]) -> [TodoItem] {
        items.sorted { a, b in
            switch (a.due, b.due) {
            case let (x?, y?): x == y ? a.id < b.id : x < y
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): a.id < b.id
            }
        }
    }

    /// Five open items around the sample moment (Sunday 22 November 2026, 10:42 UTC): one
    /// overdue, one later today, tomorrow, next week, and one without a date.
    static let sample: [TodoItem] = {
        let day = SampleData.date.timeIntervalSince1970 - SampleData.date.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400)
        func at(_ days: Double, _ hour: Double, _ minute: Double = 0) -> Date { Date(timeIntervalSince1970: day + days * 86_400 + hour * 3600 + minute * 60) }
        return [
            TodoItem(id: 1, text: "Pay rent", due: at(0, 9)),
            TodoItem(id: 2, text: "Call Sam", due: at(0, 12, 30)),
            TodoItem(id: 3, text: "Dentist", due: at(1, 8, 15)),
            TodoItem(id: 4, text: "Renew passport", due: at(5, 0)),
            TodoItem(id: 5, text: "Water the plants"),
            TodoItem(id: 6, text: "Milk", done: true),
        ]
    }()
}

/// The to-do list as a window over what is due: an entry now, at each due moment ahead (when an
/// item turns overdue) and at the next midnight (when "today" moves), then `.atEnd`.
///
/// The list is known data, so the timeline covers it and asks again only when it runs out;
/// `widgetdash todo add` and the widget's toggles reload it.
public struct RemindersProvider: TimelineProvider {
    /// How far ahead due moments become entries.
    public static let window: TimeInterval = 2 * 86_400
    /// The most entries one timeline holds.
    public static let maxEntries = 30

    /// The list (the shared defaults unless a test gives one).
    var items: @Sendable () -> [TodoItem] = { TodoStore.items }
    /// The zone whose midnight ends "today" (the provider is not told the view's).
    var timeZone: TimeZone = .current

    public init() {}

    public func placeholder(in context: Context) -> RemindersEntry {
        RemindersEntry(date: SampleData.date, items: RemindersEntry.sample)
    }

    public func snapshot(in context: Context) async -> RemindersEntry {
        RemindersEntry(date: context.date, items: context.isPreview ? RemindersEntry.sample : items())
    }

    public func timeline(in context: Context) async throws -> Timeline<RemindersEntry> {
        Timeline(entries: entries(items(), from: context.date), policy: .atEnd)
    }

    /// The moments the list changes on screen, each with the list as it reads then.
    func entries(_ items: [TodoItem], from now: Date) -> [RemindersEntry] {
        let midnight = Feeds.nextMidnight(after: now, in: timeZone)
        let dues = items.filter { !$0.done }.compactMap(\.due).filter { $0 > now && $0 <= now.addingTimeInterval(Self.window) }
        let moments = Set(dues + [midnight]).sorted().prefix(Self.maxEntries - 1)
        return ([now] + moments).map { RemindersEntry(date: $0, items: items) }
    }
}

/// Reminders: the to-do items by when they are due, overdue ones marked.
public struct RemindersWidget: Widget {
    public init() {}
    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "reminders", provider: RemindersProvider()) { entry in
            RemindersView(entry: entry)
        }
        .configurationDisplayName("Reminders")
        .description("What is due on your to-do list, overdue first; widgetdash todo add TEXT --due 2026-11-23T09:00.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular, .accessoryInline])
        .layoutUnit(.cells)
    }
}

struct RemindersView: View {
    let entry: RemindersEntry
    @Environment(\.widgetFamily) private var family
    @Environment(\.timeZone) private var timeZone

    private var rows: Int {
        switch family {
        case .systemLarge, .systemExtraLarge: 18
        case .accessoryRectangular: 3
        default: 7
        }
    }

    var body: some View {
        let overdue = entry.overdue.count
        if family == .accessoryInline {
            HStack(spacing: 1) {
                Image(systemName: overdue > 0 ? "exclamationmark.triangle" : "checklist")
                Text(inline)
            }
        } else if entry.items.isEmpty {
            VStack(alignment: .leading, spacing: 0) {
                Text("Nothing due").bold()
                Text("widgetdash todo add TEXT --due DATE").foregroundStyle(.secondary)
                Spacer(minLength: 0)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        } else {
            VStack(alignment: .leading, spacing: 0) {
                if family != .accessoryRectangular {
                    HStack(spacing: 1) {
                        Text("Reminders").bold().foregroundStyle(.tint).lineLimit(1)
                        Spacer(minLength: 0)
                        if overdue > 0 {
                            Text(family == .systemSmall ? "\(overdue) late" : "\(overdue) overdue").foregroundStyle(.red).lineLimit(1).layoutPriority(1)
                        }
                    }
                }
                // The family and zone are read here: ForEach builds its rows later, outside body.
                let clock = DueClock(now: entry.date, zone: timeZone, narrow: family == .systemSmall || family == .accessoryRectangular)
                ForEach(Array(entry.items.prefix(rows))) { item in
                    Self.row(item, clock: clock)
                }
                Spacer(minLength: 0)
                if family != .accessoryRectangular && entry.items.count > rows {
                    Text("+\(entry.items.count - rows) more").foregroundStyle(.secondary)
                }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }

    private static func row(_ item: TodoItem, clock: DueClock) -> some View {
        let late = (item.due ?? .distantFuture) <= clock.now
        return HStack(spacing: 1) {
            Toggle(isOn: item.done, intent: ToggleTodoIntent(id: item.id)) {
                Text(item.text).foregroundStyle(late ? AnyShapeStyle(.red) : AnyShapeStyle(.primary)).lineLimit(1)
            }
            .invalidatableContent()
            .frame(maxWidth: .infinity, alignment: .leading)
            if let due = item.due {
                Text(late ? "! " + clock.text(due) : clock.text(due))
                    .foregroundStyle(late ? AnyShapeStyle(.red) : AnyShapeStyle(.secondary))
                    .layoutPriority(1)
            }
        }
    }

    /// "Pay rent overdue · 2 more", "Next: Call Sam 12:30", "Nothing due".
    private var inline: String {
        let overdue = entry.overdue
        if let first = overdue.first {
            return overdue.count == 1 ? "\(first.text) overdue" : "\(first.text) overdue · \(overdue.count - 1) more"
        }
        guard let next = entry.items.first else { return "Nothing due" }
        let clock = DueClock(now: entry.date, zone: timeZone, narrow: false)
        return next.due.map { "Next: \(next.text) \(clock.text($0))" } ?? "Next: \(next.text)"
    }
}

/// Says when an item is due, relative to an entry's moment, in the view's zone.
struct DueClock {
    let now: Date
    let zone: TimeZone
    /// Small and rectangular: the weekday without the time.
    let narrow: Bool

    /// When an item is due, as briefly as the family allows: "09:00" today, "Mon 08:15" within
    /// a week ("Mon" alone at midnight or when narrow), "23 Nov" further.
    func text(_ due: Date) -> String {
        let today = DateWords.localDay(of: now, in: zone)
        let day = DateWords.localDay(of: due, in: zone)
        let clock = Feeds.clock(due, in: zone)
        if day == today { return clock == "00:00" ? "today" : clock }
        if abs(day - today) < 7 {
            let weekday = DateWords.shortWeekday(((day % 7) + 7 + 4) % 7 + 1)
            return narrow || clock == "00:00" ? weekday : "\(weekday) \(clock)"
        }
        let civil = DateWords.civil(fromDays: day)
        return "\(civil.day) \(DateWords.shortMonth(civil.month))"
    }
}
