import Foundation
import WidgetDash

/// A moment the clock shows: the start of one minute.
public struct ClockEntry: TimelineEntry {
    /// The minute this entry shows; the entry is on screen until the next minute's entry.
    public let date: Date

    public init(date: Date) { self.date = date }
}

/// Makes one entry per minute for the next hour, then asks for more.
///
/// WidgetKit cannot tick a clock from entries faster than once a minute (and should not try:
/// entries closer than a few minutes apart are a smell there), so the minutes come from
/// entries and the seconds from a live `Text(.currentTime(showsSeconds: true))` in the view.
public struct ClockProvider: TimelineProvider {
    /// How many minute entries one timeline holds.
    public static let entryCount = 60

    /// The current moment when set (tests fix it); else the dashboard's time from the context,
    /// so time travel and `snapshot --at` show what the widget would show then.
    public var now: (@Sendable () -> Date)?

    public init(now: (@Sendable () -> Date)? = nil) {
        self.now = now
    }

    public func placeholder(in context: Context) -> ClockEntry {
        ClockEntry(date: Self.startOfMinute(SampleData.date))
    }

    public func snapshot(in context: Context) async -> ClockEntry {
        ClockEntry(date: Self.startOfMinute(now?() ?? context.date))
    }

    public func timeline(in context: Context) async throws -> Timeline<ClockEntry> {
        let first = Self.startOfMinute(now?() ?? context.date)
        let entries = (0..<Self.entryCount).map { ClockEntry(date: first.addingTimeInterval(Double($0) * 60)) }
        return Timeline(entries: entries, policy: .atEnd)
    }

    /// The start of the minute holding `date`.
    ///
    /// Counted in absolute seconds rather than with a calendar, because every time zone in use
    /// today is a whole number of minutes from UTC, and the provider does not know the time
    /// zone the view will be drawn in.
    static func startOfMinute(_ date: Date) -> Date {
        let t = date.timeIntervalSinceReferenceDate
        return Date(timeIntervalSinceReferenceDate: (t / 60).rounded(.down) * 60)
    }
}

/// The time and date, in every family: big hours and minutes, with live seconds where there is room.
public struct ClockWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "clock", provider: ClockProvider()) { entry in
            ClockView(entry: entry)
        }
        .configurationDisplayName("Clock")
        .description("The time with live seconds, the date, the week, and clocks around the world.")
        .supportedFamilies(WidgetFamily.allCases)
        .layoutUnit(.cells)
    }
}

/// The clock's view, laid out anew for each family.
struct ClockView: View {
    let entry: ClockEntry

    @Environment(\.widgetFamily) private var family
    @Environment(\.zonedCalendar) private var calendar

    var body: some View {
        let facts = ClockFacts(date: entry.date, calendar: calendar)
        switch family {
        case .systemSmall: ClockSmall(facts: facts)
        case .systemMedium: ClockMedium(facts: facts)
        case .systemLarge: ClockLarge(facts: facts)
        case .systemExtraLarge: ClockExtraLarge(facts: facts)
        case .accessoryCircular: ClockCircular(facts: facts)
        case .accessoryRectangular: ClockRectangular(facts: facts)
        case .accessoryInline: ClockInline(facts: facts)
        }
    }
}

/// Everything the clock's layouts say about one minute, computed once in the view's calendar.
struct ClockFacts {
    let date: Date
    let calendar: Calendar
    let weekday: Int
    let day: Int
    let month: Int
    let year: Int
    let week: Int
    let dayOfYear: Int

    init(date: Date, calendar: Calendar) {
        self.date = date
        self.calendar = calendar
        let c = calendar.dateComponents([.weekday, .day, .month, .year], from: date)
        weekday = c.weekday ?? 1
        day = c.day ?? 1
        month = c.month ?? 1
        year = c.year ?? 2000
        week = DateWords.isoWeek(of: date, in: calendar.timeZone)
        dayOfYear = calendar.ordinality(of: .day, in: .year, for: date) ?? 1
    }

    var weekdayName: String { DateWords.weekday(weekday) }
    var shortWeekday: String { DateWords.shortWeekday(weekday) }
    var monthName: String { DateWords.month(month) }
    var shortMonth: String { DateWords.shortMonth(month) }
    var dayFraction: Double { DateWords.dayFraction(of: date, calendar: calendar) }
    var yearFraction: Double { DateWords.yearFraction(of: date, calendar: calendar) }
    /// How far through its Monday-to-Sunday week the minute is, from 0 to 1.
    var weekFraction: Double { (Double((weekday + 5) % 7) + dayFraction) / 7 }

    /// "22 November 2026".
    var longDate: String { "\(day) \(monthName) \(year)" }

    /// Hours and minutes in big digits; they change once a minute, with the entry.
    ///
    /// The layout priority makes a stack offer them their three rows before sharing out the
    /// rest; offered an equal share of a tight column, they would fall back to one plain row.
    var bigTime: some View { Text(date, style: .time).font(.largeTitle).layoutPriority(1) }

    /// The time of day with seconds, "10:42:17", ticking on screen.
    ///
    /// widgetdash's live current time rather than WidgetKit's timer-from-midnight trick, which
    /// read "5:03" instead of "00:05:03" before 1 am. It stays small on purpose, so that a
    /// one-second tick rewrites two or three cells and not a block of big digits.
    var liveSeconds: Text { Text(.currentTime(showsSeconds: true)) }

    /// The live seconds in a row's secondary style, kept whole beside a spacer.
    var liveSecondsRow: some View {
        HStack(spacing: 1) {
            Spacer(minLength: 0)
            Image(systemName: "stopwatch").foregroundStyle(.tint)
            liveSeconds.foregroundStyle(.secondary).layoutPriority(1)
        }
    }
}
