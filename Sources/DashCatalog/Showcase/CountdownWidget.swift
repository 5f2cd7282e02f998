import Foundation
import WidgetDash

/// A countdown's options: what it counts down to, and when.
public struct CountdownIntent: WidgetConfigurationIntent {
    public static let title = "Countdown"
    @Parameter(title: "Title") public var title: String = "New Year"
    /// Nil counts down to the next New Year's Day (in the process's time zone).
    @Parameter(title: "Date") public var date: Date?
    public init() {}
}

/// The countdown at one moment: before the date, or arrived.
public struct CountdownEntry: TimelineEntry {
    public let date: Date
    public let title: String
    public let target: Date
    public let relevance: TimelineEntryRelevance?
    public var hasArrived: Bool { date >= target }
}

/// Two entries: counting (the seconds tick as live text), and "now" at the date; the last
/// hour before the date is relevant, so a Smart Stack turns to the countdown then.
public struct CountdownProvider: AppIntentTimelineProvider {
    public init() {}

    /// How long before its date a countdown asks a Smart Stack to show it.
    public static let relevantBefore: TimeInterval = 3600

    public func placeholder(in context: Context) -> CountdownEntry {
        CountdownEntry(date: SampleData.date, title: "New Year", target: SampleData.date.addingTimeInterval(3 * 86400), relevance: nil)
    }

    public func snapshot(for configuration: CountdownIntent, in context: Context) async -> CountdownEntry {
        // A preview shows a countdown running, whatever the date configured.
        let target = context.isPreview ? context.date.addingTimeInterval(3 * 86400 + 4 * 3600 + 5 * 60) : Self.target(configuration, now: context.date)
        return CountdownEntry(date: context.date, title: configuration.title, target: target, relevance: nil)
    }

    public func timeline(for configuration: CountdownIntent, in context: Context) async throws -> Timeline<CountdownEntry> {
        let now = context.date
        let target = Self.target(configuration, now: now)
        guard target > now else {
            return Timeline(entries: [CountdownEntry(date: now, title: configuration.title, target: target, relevance: nil)], policy: .never)
        }
        var entries = [CountdownEntry(date: now, title: configuration.title, target: target, relevance: nil)]
        let soon = target.addingTimeInterval(-Self.relevantBefore)
        let relevant = TimelineEntryRelevance(score: 1, duration: Self.relevantBefore + 600)
        if soon > now {
            entries.append(CountdownEntry(date: soon, title: configuration.title, target: target, relevance: relevant))
        } else {
            entries[0] = CountdownEntry(date: now, title: configuration.title, target: target, relevance: relevant)
        }
        entries.append(CountdownEntry(date: target, title: configuration.title, target: target, relevance: TimelineEntryRelevance(score: 1, duration: 600)))
        return Timeline(entries: entries, policy: .never)
    }

    /// The configured date, else the next 1 January.
    static func target(_ configuration: CountdownIntent, now: Date) -> Date {
        if let date = configuration.date { return date }
        let calendar = Calendar(identifier: .gregorian)
        let year = calendar.component(.year, from: now) + 1
        return calendar.date(from: DateComponents(year: year, month: 1, day: 1)) ?? now
    }
}

/// Days, hours, minutes and ticking seconds until a date of your choice.
public struct CountdownWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "countdown", intent: CountdownIntent.self, provider: CountdownProvider()) { entry in
            CountdownView(entry: entry)
        }
        .configurationDisplayName("Countdown")
        .description("Time left until a date you choose (e to set the title and date).")
        .supportedFamilies([.systemSmall, .accessoryRectangular, .accessoryInline])
        .layoutUnit(.cells)
    }
}

struct CountdownView: View {
    let entry: CountdownEntry

    @Environment(\.widgetFamily) private var family
    @Environment(\.zonedCalendar) private var calendar

    var body: some View {
        let c = calendar.dateComponents([.day, .month, .year], from: entry.target)
        let when = "\(c.day ?? 1) \(DateWords.shortMonth(c.month ?? 1)) \(c.year ?? 2000)"
        content(when: when).frame(maxWidth: .infinity, alignment: .leading)
    }

    @ViewBuilder
    private func content(when: String) -> some View {
        let remaining = Text(entry.target, style: .timer)
        switch family {
        case .accessoryInline:
            entry.hasArrived ? Text(entry.title + ": now") : Text(entry.title + " ") + remaining
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                Text(entry.title).bold()
                if entry.hasArrived { Text("It's here!") } else { remaining.font(.title) }
                Text(when).foregroundStyle(.secondary)
            }
        default:
            VStack(alignment: .leading, spacing: 0) {
                Text(entry.title).bold()
                Text(when).foregroundStyle(.secondary)
                Spacer(minLength: 0)
                if entry.hasArrived {
                    Text("It's here!").font(.title)
                } else {
                    Text(Self.days(from: entry.date, to: entry.target)).font(.title)
                    remaining
                }
                Spacer(minLength: 0)
            }
        }
    }

    /// "3 days", "1 day", "today" before the date.
    static func days(from now: Date, to target: Date) -> String {
        let days = Int(target.timeIntervalSince(now) / 86400)
        return days == 0 ? "today" : days == 1 ? "1 day" : "\(days) days"
    }
}
