import Foundation
import WidgetDash

/// Screen time as of one reload: the report, and the dashboard's moment it was made at.
public struct ScreenTimeEntry: TimelineEntry {
    /// When this entry's window ends and the widget asks again (see ``ScreenTimeProvider``).
    public let date: Date
    /// The dashboard's time when the report was read: live counters count from here.
    public let measuredAt: Date
    /// The report; nil when this program does not measure screen time.
    public var report: ScreenTimeReport?

    public init(date: Date, measuredAt: Date, report: ScreenTimeReport?) {
        self.date = date
        self.measuredAt = measuredAt
        self.report = report
    }
}

/// One entry with the report as it is now, policy `.atEnd`.
///
/// What the dashboard will be on screen for cannot be predicted, so there is one entry. Its
/// date is not "now" but the end of its useful life, 30 minutes on or the next midnight,
/// whichever is first: `.atEnd` asks again after the last entry's date, and an entry dated
/// now would be asked again five seconds later, all day, until the budget is spent. While
/// the entry shows, today's total and the current session count on screen by themselves
/// (`Text(timerInterval:)`); a resume after a suspend reloads it at once (exempt).
public struct ScreenTimeProvider: TimelineProvider {
    /// How long one report stands before the next reload: 48 reloads a day, within budget.
    public static let refresh: TimeInterval = 30 * 60

    /// The report (the host's unless a test gives one).
    var report: @Sendable () -> ScreenTimeReport? = { ScreenTime.report() }
    /// The zone whose midnight starts a new day (the host measures in the process's zone).
    var timeZone: TimeZone = .current

    public init() {}

    public func placeholder(in context: Context) -> ScreenTimeEntry {
        ScreenTimeEntry(date: context.date, measuredAt: context.date, report: Self.sample(at: SampleData.date))
    }

    public func snapshot(in context: Context) async -> ScreenTimeEntry {
        if context.isPreview { return ScreenTimeEntry(date: context.date, measuredAt: context.date, report: Self.sample(at: context.date)) }
        return entry(at: context.date)
    }

    public func timeline(in context: Context) async throws -> Timeline<ScreenTimeEntry> {
        Timeline(entries: [entry(at: context.date)], policy: .atEnd)
    }

    func entry(at now: Date) -> ScreenTimeEntry {
        let end = min(now.addingTimeInterval(Self.refresh), Feeds.nextMidnight(after: now, in: timeZone))
        return ScreenTimeEntry(date: end, measuredAt: now, report: report())
    }

    /// A week of made-up use ending at `date`'s day, 25 minutes into a session.
    static func sample(at date: Date) -> ScreenTimeReport {
        let zone = TimeZone(identifier: "UTC") ?? .current
        let today = DateWords.localDay(of: date, in: zone)
        // Four weeks, oldest first: what the host keeps.
        let minutes = [95, 140, 120, 180, 110, 20, 65, 130, 185, 100, 260, 175, 45, 92,
                       120, 90, 150, 140, 200, 35, 80, 150, 70, 210, 120, 95, 30, 60]
        var seconds: [ScreenTimeReport.Day: Double] = [:]
        for (i, m) in minutes.enumerated() {
            seconds[ScreenTimeDays.day(today - (minutes.count - 1 - i))] = Double(m * 60 + (i * 37) % 60)
        }
        return ScreenTimeReport(seconds: seconds, today: ScreenTimeDays.day(today), currentSession: 25 * 60)
    }
}

/// Day arithmetic on report days (days counted from 1970-01-01, weeks from Monday as ISO 8601).
enum ScreenTimeDays {
    static func number(_ day: ScreenTimeReport.Day) -> Int { DateWords.daysFromCivil(year: day.year, month: day.month, day: day.day) }

    static func day(_ number: Int) -> ScreenTimeReport.Day {
        let c = DateWords.civil(fromDays: number)
        return ScreenTimeReport.Day(year: c.year, month: c.month, day: c.day)
    }

    /// 0 for Monday … 6 for Sunday.
    static func weekdayIndex(_ number: Int) -> Int { ((number % 7) + 7 + 3) % 7 }

    /// "Mon" … "Sun" for a weekday index.
    static func name(_ index: Int) -> String { ["Mon", "Tue", "Wed", "Thu", "Fri", "Sat", "Sun"][index] }

    /// "2 h 05 m", "41 m", "0 m".
    static func duration(_ seconds: Double) -> String {
        let minutes = Int((max(0, seconds) / 60).rounded(.down))
        if minutes < 60 { return "\(minutes) m" }
        return "\(minutes / 60) h \(DateWords.pad2(minutes % 60)) m"
    }
}

/// The figures every layout shows, worked out once from a report.
struct ScreenTimeFacts {
    let today: Double
    /// Monday to Sunday of this week; nil for days still to come.
    let week: [Double?]
    let weekTotal: Double
    /// The totals of the three weeks before this one, latest first.
    let earlierWeeks: [Double]
    /// This week's total over the days so far (today included).
    let dailyAverage: Double
    let todayIndex: Int
    let session: Double?
    let ignored: [String]

    init(_ report: ScreenTimeReport) {
        let todayNumber = ScreenTimeDays.number(report.today)
        let index = ScreenTimeDays.weekdayIndex(todayNumber)
        todayIndex = index
        let monday = todayNumber - index
        week = (0..<7).map { $0 <= index ? report.seconds(on: ScreenTimeDays.day(monday + $0)) : nil }
        today = report.seconds(on: report.today)
        weekTotal = week.compactMap { $0 }.reduce(0, +)
        earlierWeeks = (1...3).map { w in (0..<7).map { report.seconds(on: ScreenTimeDays.day(monday - 7 * w + $0)) }.reduce(0, +) }
        dailyAverage = week.compactMap { $0 }.reduce(0, +) / Double(index + 1)
        session = report.currentSession
        ignored = report.ignored
    }

    /// A timer that shows today's total and keeps counting while the dashboard is on screen;
    /// plain words when it is not.
    func todayText(measuredAt: Date) -> Text {
        guard session != nil else { return Text(ScreenTimeDays.duration(today)) }
        let start = measuredAt.addingTimeInterval(-today)
        return Text(timerInterval: start...start.addingTimeInterval(86_400), countsDown: false)
    }

    /// The current session, counting.
    func sessionText(measuredAt: Date) -> Text? {
        guard let session else { return nil }
        let start = measuredAt.addingTimeInterval(-session)
        return Text(timerInterval: start...start.addingTimeInterval(86_400), countsDown: false)
    }
}

/// Screen time: how long widgetdash has been on screen today and this week.
public struct ScreenTimeWidget: Widget {
    public static let kind = "screentime"
    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: ScreenTimeProvider()) { entry in
            ScreenTimeView(entry: entry)
        }
        .configurationDisplayName("Screen Time")
        .description("How long widgetdash has been on screen today and this week (not while suspended).")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular, .accessoryInline])
        .layoutUnit(.cells)
    }
}

struct ScreenTimeView: View {
    let entry: ScreenTimeEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        if let report = entry.report {
            let facts = ScreenTimeFacts(report)
            switch family {
            case .accessoryInline:
                HStack(spacing: 1) {
                    Image(systemName: "hourglass")
                    Text("Today \(ScreenTimeDays.duration(facts.today)) · week \(ScreenTimeDays.duration(facts.weekTotal))")
                }
            case .accessoryRectangular:
                VStack(alignment: .leading, spacing: 0) {
                    Label("Screen Time", systemImage: "hourglass").bold().widgetAccentable()
                    HStack(spacing: 1) {
                        Text("Today")
                        Spacer(minLength: 0)
                        facts.todayText(measuredAt: entry.measuredAt)
                    }
                    HStack(spacing: 1) {
                        Text("Week").foregroundStyle(.secondary)
                        Spacer(minLength: 0)
                        Text(ScreenTimeDays.duration(facts.weekTotal)).foregroundStyle(.secondary)
                    }
                }
            case .systemSmall: ScreenTimeSmall(facts: facts, measuredAt: entry.measuredAt)
            case .systemMedium: ScreenTimeMedium(facts: facts, measuredAt: entry.measuredAt)
            default: ScreenTimeLarge(facts: facts, measuredAt: entry.measuredAt)
            }
        } else {
            ScreenTimeUnmeasured()
        }
    }
}

/// Mon–Sun as bars one row tall, eighth blocks: "▃▆▂█▅▁▄".
struct ScreenTimeSparkline: View {
    let facts: ScreenTimeFacts
    var body: some View {
        let top = max(facts.week.compactMap { $0 }.max() ?? 0, 1)
        HStack(spacing: 1) {
            ForEach(0..<7) { i in
                let seconds = facts.week[i]
                let level = seconds.map { Int(($0 / top * 8).rounded(.up)) } ?? 0
                // An empty day still shows the floor, as the lowest eighth.
                let glyph = seconds == nil ? "·" : String(Sparkline.eighths[min(8, max(1, level)) - 1])
                Text(glyph).foregroundStyle(i == facts.todayIndex ? AnyShapeStyle(.tint) : AnyShapeStyle(.secondary))
            }
        }
    }
}

/// "Today", today's time in big type and the session running now, as the small and medium
/// families lead.
struct ScreenTimeToday: View {
    let facts: ScreenTimeFacts
    let measuredAt: Date
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
                Label("Today", systemImage: "hourglass").foregroundStyle(.tint).lineLimit(1)
                facts.todayText(measuredAt: measuredAt).font(.title2)
                if let session = facts.sessionText(measuredAt: measuredAt) {
                    (Text("now ") + session).foregroundStyle(.tertiary).lineLimit(1)
                }
        }
    }
}

struct ScreenTimeSmall: View {
    let facts: ScreenTimeFacts
    let measuredAt: Date
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ScreenTimeToday(facts: facts, measuredAt: measuredAt)
            Spacer(minLength: 0)
            ScreenTimeSparkline(facts: facts)
            Text("M T W T F S S").foregroundStyle(.tertiary)
            Spacer(minLength: 0)
            HStack(spacing: 1) {
                Text("Week").foregroundStyle(.secondary)
                Spacer(minLength: 0)
                Text(ScreenTimeDays.duration(facts.weekTotal))
            }
            HStack(spacing: 1) {
                Text("Per day").foregroundStyle(.secondary)
                Spacer(minLength: 0)
                Text(ScreenTimeDays.duration(facts.dailyAverage)).foregroundStyle(.secondary)
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// Vertical bars for Monday to Sunday, `rows` tall, with the day letters under them.
struct ScreenTimeBars: View {
    let facts: ScreenTimeFacts
    let rows: Int
    var body: some View {
        let top = max(facts.week.compactMap { $0 }.max() ?? 0, 1)
        VStack(spacing: 0) {
            ForEach(0..<rows) { r in
                HStack(spacing: 1) {
                    ForEach(0..<7) { i in
                        Text(Self.cell(facts.week[i], top: top, row: r, rows: rows))
                            .foregroundStyle(i == facts.todayIndex ? AnyShapeStyle(.tint) : AnyShapeStyle(.secondary))
                    }
                }
            }
            HStack(spacing: 1) {
                ForEach(0..<7) { i in
                    Text(String(ScreenTimeDays.name(i).prefix(2))).foregroundStyle(i == facts.todayIndex ? AnyShapeStyle(.primary) : AnyShapeStyle(.tertiary))
                }
            }
        }
    }

    /// Two columns of one row of a bar: full, partial (eighths) or empty.
    static func cell(_ seconds: Double?, top: Double, row: Int, rows: Int) -> String {
        guard let seconds else { return "  " }
        let eighths = Int((seconds / top * Double(rows * 8)).rounded(.up))
        let fromBottom = rows - 1 - row
        let filled = eighths - fromBottom * 8
        if filled >= 8 { return "██" }
        if filled <= 0 { return fromBottom == 0 ? "▁▁" : "  " }
        return String(repeating: Sparkline.eighths[filled - 1], count: 2)
    }
}

struct ScreenTimeMedium: View {
    let facts: ScreenTimeFacts
    let measuredAt: Date
    var body: some View {
        HStack(alignment: .top, spacing: 2) {
            VStack(alignment: .leading, spacing: 0) {
                ScreenTimeToday(facts: facts, measuredAt: measuredAt)
                Spacer(minLength: 0)
                Text("This week").foregroundStyle(.secondary)
                Text(ScreenTimeDays.duration(facts.weekTotal))
                Text("≈ \(ScreenTimeDays.duration(facts.dailyAverage)) a day").foregroundStyle(.tertiary).lineLimit(1)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            ScreenTimeBars(facts: facts, rows: 8)
        }
    }
}

struct ScreenTimeLarge: View {
    let facts: ScreenTimeFacts
    let measuredAt: Date
    var body: some View {
        let top = max(facts.week.compactMap { $0 }.max() ?? 0, 1)
        let weeks = [facts.weekTotal] + facts.earlierWeeks
        let topWeek = max(weeks.max() ?? 0, 1)
        VStack(alignment: .leading, spacing: 0) {
            HStack(alignment: .top, spacing: 1) {
                VStack(alignment: .leading, spacing: 0) {
                    Label("Today", systemImage: "hourglass").foregroundStyle(.tint)
                    facts.todayText(measuredAt: measuredAt).font(.largeTitle)
                }
                Spacer(minLength: 0)
                VStack(alignment: .trailing, spacing: 0) {
                    if let session = facts.sessionText(measuredAt: measuredAt) {
                        Text("On screen now").foregroundStyle(.secondary)
                        session.bold()
                    } else {
                        Text("Not on screen").foregroundStyle(.secondary)
                    }
                }
            }
            Text("")
            HStack(spacing: 1) {
                Text("This week").bold()
                Spacer(minLength: 0)
                Text("≈ \(ScreenTimeDays.duration(facts.dailyAverage)) a day").foregroundStyle(.secondary)
            }
            ForEach(0..<7) { i in
                HStack(spacing: 1) {
                    Text(ScreenTimeDays.name(i)).foregroundStyle(i == facts.todayIndex ? AnyShapeStyle(.primary) : AnyShapeStyle(.secondary))
                    if let seconds = facts.week[i] {
                        ProgressView(value: seconds / top)
                            .tint(i == facts.todayIndex ? Color.accentColor : Color.gray)
                        Text(ScreenTimeDays.duration(seconds)).frame(width: 9, alignment: .trailing)
                    } else {
                        Spacer(minLength: 0)
                    }
                }
            }
            Text("")
            Text("Weeks").bold()
            ForEach(0..<weeks.count) { i in
                HStack(spacing: 1) {
                    Text(["This week", "Last week", "2 weeks ago", "3 weeks ago"][min(3, i)]).frame(width: 11, alignment: .leading)
                        .foregroundStyle(i == 0 ? AnyShapeStyle(.primary) : AnyShapeStyle(.secondary))
                    ProgressView(value: weeks[i] / topWeek).tint(i == 0 ? Color.accentColor : Color.gray)
                    Text(ScreenTimeDays.duration(weeks[i])).frame(width: 9, alignment: .trailing)
                }
            }
            Spacer(minLength: 0)
            if !facts.ignored.isEmpty {
                Text("\(facts.ignored.count) damaged value\(facts.ignored.count == 1 ? "" : "s") ignored: \(facts.ignored[0])")
                    .foregroundStyle(.orange).lineLimit(1)
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// Shown where nothing measures screen time (a snapshot, another program using the catalog).
struct ScreenTimeUnmeasured: View {
    @Environment(\.widgetFamily) private var family
    var body: some View {
        switch family {
        case .accessoryInline:
            HStack(spacing: 1) {
                Image(systemName: "hourglass")
                Text("Screen time: only in widgetdash run")
            }
        default:
            VStack(alignment: .leading, spacing: 0) {
                Label("Not measured", systemImage: "hourglass").foregroundStyle(.orange).bold().lineLimit(1)
                Text("Screen time is counted while widgetdash run is on screen.").foregroundStyle(.secondary)
                Spacer(minLength: 0)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }
}
