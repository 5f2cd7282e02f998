import Foundation
import WidgetDash

/// A time zone a world clock can show, found in the system's zoneinfo database.
public struct TimeZoneEntity: AppEntity {
    public let id: String

    public init(id: String) { self.id = id }

    public static let typeDisplayRepresentation: DisplayRepresentation = "Time zone"
    public static let defaultQuery = TimeZoneQuery()

    /// "Tokyo" for `Asia/Tokyo`, "Buenos Aires" for `America/Argentina/Buenos_Aires`.
    public var city: String {
        String(id.split(separator: "/").last ?? Substring(id)).replacingOccurrences(of: "_", with: " ")
    }

    public var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: city, subtitle: id) }
}

/// Finds time zones: the ids Foundation knows, suggested from `/usr/share/zoneinfo`.
public struct TimeZoneQuery: EntityQuery {
    /// The zoneinfo directory to list (tests point it at a fixture).
    public var directory: String

    public init(directory: String = "/usr/share/zoneinfo") { self.directory = directory }

    public func entities(for identifiers: [String]) async throws -> [TimeZoneEntity] {
        identifiers.filter { TimeZone(identifier: $0) != nil }.map(TimeZoneEntity.init(id:))
    }

    public func suggestedEntities() async throws -> [TimeZoneEntity] {
        Self.zones(in: directory).map(TimeZoneEntity.init(id:))
    }

    /// The `Area/City` zone names under `directory`, sorted; the legacy and leap-second copies
    /// (`posix/`, `right/`, `Etc/`, `SystemV/`) and files that are not zones are left out.
    static func zones(in directory: String) -> [String] {
        guard let walker = FileManager.default.enumerator(atPath: directory) else { return ["UTC"] }
        var names: [String] = []
        let skipped: Set<Substring> = ["posix", "right", "Etc", "SystemV", "US"]
        while let path = walker.nextObject() as? String {
            let parts = path.split(separator: "/")
            guard parts.count >= 2, let area = parts.first, !skipped.contains(area),
                  area.first?.isUppercase == true, !path.contains("."), TimeZone(identifier: path) != nil else { continue }
            names.append(path)
        }
        return ["UTC"] + names.sorted()
    }
}

/// A world clock's one option: where.
public struct WorldClockIntent: WidgetConfigurationIntent {
    public static let title = "World Clock"
    @Parameter(title: "Time zone") public var zone: TimeZoneEntity = TimeZoneEntity(id: "America/New_York")
    public init() {}
}

/// One minute in one place.
public struct WorldClockEntry: TimelineEntry {
    public let date: Date
    public let zone: TimeZoneEntity
}

/// One entry per minute for the next hour, like the clock, in the chosen time zone.
public struct WorldClockProvider: AppIntentTimelineProvider {
    public init() {}

    public func placeholder(in context: Context) -> WorldClockEntry {
        WorldClockEntry(date: SampleData.date, zone: TimeZoneEntity(id: "America/New_York"))
    }

    public func snapshot(for configuration: WorldClockIntent, in context: Context) async -> WorldClockEntry {
        WorldClockEntry(date: ClockProvider.startOfMinute(context.date), zone: configuration.zone)
    }

    public func timeline(for configuration: WorldClockIntent, in context: Context) async throws -> Timeline<WorldClockEntry> {
        let first = ClockProvider.startOfMinute(context.date)
        let entries = (0..<60).map { WorldClockEntry(date: first.addingTimeInterval(Double($0) * 60), zone: configuration.zone) }
        return Timeline(entries: entries, policy: .atEnd)
    }
}

/// The time somewhere else: city, hours and minutes, day, and the difference from here.
public struct WorldClockWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "worldclock", intent: WorldClockIntent.self, provider: WorldClockProvider()) { entry in
            WorldClockView(entry: entry)
        }
        .configurationDisplayName("World Clock")
        .description("The time in a city of your choice; press e to choose it.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular, .accessoryInline])
        .layoutUnit(.cells)
    }
}

struct WorldClockView: View {
    let entry: WorldClockEntry

    @Environment(\.widgetFamily) private var family
    @Environment(\.calendar) private var environmentCalendar
    @Environment(\.timeZone) private var here

    var body: some View {
        let zone = TimeZone(identifier: entry.zone.id) ?? TimeZone(identifier: "UTC") ?? here
        let calendar = DateWords.calendar(environmentCalendar, in: zone)
        let c = calendar.dateComponents([.weekday, .day, .month], from: entry.date)
        let day = "\(DateWords.shortWeekday(c.weekday ?? 1)) \(c.day ?? 1) \(DateWords.shortMonth(c.month ?? 1))"
        let offset = Self.offset(zone.secondsFromGMT(for: entry.date) - here.secondsFromGMT(for: entry.date))
        layout(day: day, offset: offset).frame(maxWidth: .infinity, alignment: family == .accessoryCircular ? .center : .leading)
            .environment(\.timeZone, zone)
    }

    @ViewBuilder
    private func layout(day: String, offset: String) -> some View {
        let time = Text(entry.date, style: .time)
            switch family {
            case .accessoryInline:
                Text(entry.zone.city + " ") + time
            case .accessoryCircular:
                VStack(spacing: 0) {
                    time.bold()
                    Text(String(entry.zone.city.prefix(8))).foregroundStyle(.secondary)
                }
            case .accessoryRectangular:
                VStack(alignment: .leading, spacing: 0) {
                    Text(entry.zone.city).bold()
                    time.font(.title)
                    Text(offset).foregroundStyle(.secondary)
                }
            case .systemMedium:
                HStack {
                    time.font(.largeTitle).layoutPriority(1)
                    Spacer()
                    VStack(alignment: .trailing, spacing: 0) {
                        Text(entry.zone.city).bold()
                        Text(day).foregroundStyle(.secondary)
                        Text(offset).foregroundStyle(.secondary)
                        Text(entry.zone.id).foregroundStyle(.tertiary)
                    }
                }
            default:
                VStack(alignment: .leading, spacing: 0) {
                    Text(entry.zone.city).bold()
                    Text(day).foregroundStyle(.secondary)
                    Spacer(minLength: 0)
                    time.font(.largeTitle).layoutPriority(1)
                    Spacer(minLength: 0)
                    Text(offset).foregroundStyle(.secondary)
                }
            }
    }

    /// "+9 h", "−5:30 h", "same time" (from here to there).
    static func offset(_ seconds: Int) -> String {
        if seconds == 0 { return "same time" }
        let sign = seconds > 0 ? "+" : "−"
        let minutes = abs(seconds) / 60
        let text = minutes % 60 == 0 ? "\(minutes / 60)" : "\(minutes / 60):\(DateWords.pad2(minutes % 60))"
        return "\(sign)\(text) h"
    }
}
