import Foundation
import WidgetDash

/// A day the calendar shows.
public struct CalendarEntry: TimelineEntry {
    /// The start of the day this entry shows (or any moment in it).
    public let date: Date
    /// The events from this moment on, when a calendar file is configured; nil shows the month.
    public var agenda: CalendarAgenda?

    public init(date: Date, agenda: CalendarAgenda? = nil) {
        self.date = date
        self.agenda = agenda
    }
}

/// Makes one entry at the start of today and of each of the next days, then asks for more.
///
/// A month grid only changes at midnight, so this is WidgetKit's `.atEnd` case: a window
/// over known dates, a reload or two a day. With a calendar file (`file=`, default
/// `calendar.ics` in the config directory) there is also an entry at each event's start and
/// end, so the list of what is next is right all day without a reload. A calendar at a URL
/// (`url=`, http, https or webcal) is fetched every half hour with the host's offline cache.
public struct CalendarProvider: TimelineProvider {
    /// How many days one timeline covers: today and the next two.
    public static let dayCount = 3

    /// The current moment when set (tests fix it); else the dashboard's time from the context,
    /// so time travel and `snapshot --at` show what the widget would show then.
    public var now: (@Sendable () -> Date)?
    /// The calendar whose midnights the entries fall on; it should be the one the view is
    /// drawn with (the provider is not told the view's time zone).
    public var calendar: Calendar
    /// The directory of the default `calendar.ics` and of a relative `file=` (tests set it).
    var configDirectory: String?
    /// Where a calendar from `url=` is fetched (tests give their own).
    var network: WidgetNetwork = .shared

    public init(now: (@Sendable () -> Date)? = nil, calendar: Calendar = .current) {
        self.now = now
        self.calendar = calendar
    }

    public func placeholder(in context: Context) -> CalendarEntry {
        CalendarEntry(date: SampleData.date)
    }

    public func snapshot(in context: Context) async -> CalendarEntry {
        // The gallery shows the month: sample events would pass for the person's own.
        if context.isPreview { return CalendarEntry(date: now?() ?? context.date) }
        return (try? await timeline(in: context).entries.first) ?? CalendarEntry(date: now?() ?? context.date)
    }

    public func timeline(in context: Context) async throws -> Timeline<CalendarEntry> {
        let moment = now?() ?? context.date
        let today = calendar.startOfDay(for: moment)
        let midnights = (0..<Self.dayCount).compactMap { offset in
            calendar.date(byAdding: .day, value: offset, to: today).map { calendar.startOfDay(for: $0) }
        }
        let file = context.parameters["file"] ?? "", url = (context.parameters["url"] ?? "").trimmingWhitespace()
        if !url.isEmpty {
            if !file.isEmpty {
                return Timeline(entries: [CalendarAgenda.failure("calendar: set file= or url=, not both", source: .file(file), at: moment)], policy: .atEnd)
            }
            return await remoteTimeline(url: url, now: moment, midnights: Array(midnights.dropFirst()))
        }
        guard let source = CalendarAgenda.source(file: file, directory: configDirectory) else {
            return Timeline(entries: midnights.map { CalendarEntry(date: $0) }, policy: .atEnd)
        }
        let entries = CalendarAgenda.entries(source: source, now: moment, midnights: Array(midnights.dropFirst()), calendar: calendar)
        return Timeline(entries: entries, policy: .atEnd)
    }
}

/// Today in the month: a month grid with today marked, and the date in big digits.
public struct CalendarWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "calendar", provider: CalendarProvider()) { entry in
            CalendarView(entry: entry)
        }
        .configurationDisplayName("Calendar")
        .description("Today's date and the month, and your events from an .ics file (file=, default calendar.ics).")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular, .accessoryInline])
        .layoutUnit(.cells)
        .parameters([.text("file", title: "iCalendar file (default calendar.ics in the config directory)"),
                     .text("url", title: "iCalendar URL (https or webcal; instead of file)")])
    }
}

/// The calendar's view, laid out anew for each family.
struct CalendarView: View {
    let entry: CalendarEntry

    @Environment(\.widgetFamily) private var family
    @Environment(\.zonedCalendar) private var calendar

    var body: some View {
        let month = MonthFacts(date: entry.date, calendar: calendar)
        if let agenda = entry.agenda {
            AgendaLayout(month: month, agenda: agenda)
        } else {
            monthLayout(month)
        }
    }

    @ViewBuilder
    private func monthLayout(_ month: MonthFacts) -> some View {
        switch family {
        case .systemSmall: CalendarSmall(month: month)
        case .systemMedium: CalendarMedium(month: month)
        case .accessoryRectangular: CalendarRectangular(month: month)
        case .accessoryInline: CalendarInline(month: month)
        default: CalendarLarge(month: month)
        }
    }
}

/// Everything the calendar's layouts say about one day and its month.
struct MonthFacts {
    let date: Date
    let calendar: Calendar
    let day: Int
    let month: Int
    let year: Int
    let weekday: Int
    let daysInMonth: Int
    let daysInYear: Int
    let dayOfYear: Int
    /// Blank cells before the 1st in a week that starts on Monday.
    let leadingBlanks: Int
    /// The ISO week number of each row of the grid.
    let weekNumbers: [Int]

    // Weeks start on Monday, as ISO 8601 has it, whatever the process locale says: a
    // terminal's locale is often "C" (Sunday first) and says nothing about its user, and
    // the week numbers beside the grid are ISO weeks, which only line up with Monday rows.
    init(date: Date, calendar: Calendar) {
        if calendar.identifier == .gregorian || calendar.identifier == .iso8601 {
            self.init(gregorian: date, calendar: calendar)
        } else {
            self.init(slowly: date, calendar: calendar)
        }
    }

    /// Gregorian dates by arithmetic on day numbers: Foundation's calendar calls cost
    /// microseconds each, and the grid is drawn whenever the widget is.
    private init(gregorian date: Date, calendar: Calendar) {
        self.date = date
        self.calendar = calendar
        let today = DateWords.localDay(of: date, in: calendar.timeZone)
        let (y, m, d) = DateWords.civil(fromDays: today)
        day = d
        month = m
        year = y
        weekday = ((today % 7) + 7 + 4) % 7 + 1                   // Foundation's: Sunday 1 … Saturday 7
        let firstOfMonth = today - (d - 1)
        let nextMonth = m == 12 ? DateWords.daysFromCivil(year: y + 1, month: 1, day: 1)
            : DateWords.daysFromCivil(year: y, month: m + 1, day: 1)
        daysInMonth = nextMonth - firstOfMonth
        let firstOfYear = DateWords.daysFromCivil(year: y, month: 1, day: 1)
        daysInYear = DateWords.daysFromCivil(year: y + 1, month: 1, day: 1) - firstOfYear
        dayOfYear = today - firstOfYear + 1
        let blanks = ((firstOfMonth % 7) + 7 + 3) % 7             // Monday 0 … Sunday 6
        leadingBlanks = blanks
        let count = daysInMonth
        weekNumbers = (0..<(blanks + count + 6) / 7).map { row in
            let dayInRow = max(1, min(count, row * 7 - blanks + 1))
            return DateWords.isoWeek(ofDay: firstOfMonth + dayInRow - 1)
        }
    }

    /// The same facts from Foundation's calendar, for calendars other than the Gregorian.
    private init(slowly date: Date, calendar: Calendar) {
        self.date = date
        self.calendar = calendar
        let c = calendar.dateComponents([.day, .month, .year, .weekday], from: date)
        day = c.day ?? 1
        month = c.month ?? 1
        year = c.year ?? 2000
        weekday = c.weekday ?? 1
        daysInMonth = calendar.range(of: .day, in: .month, for: date)?.count ?? 30
        daysInYear = calendar.range(of: .day, in: .year, for: date)?.count ?? 365
        dayOfYear = calendar.ordinality(of: .day, in: .year, for: date) ?? 1
        let first = calendar.date(byAdding: .day, value: 1 - day, to: calendar.startOfDay(for: date)) ?? date
        let blanks = (calendar.component(.weekday, from: first) + 5) % 7
        let count = daysInMonth
        leadingBlanks = blanks
        weekNumbers = (0..<(blanks + count + 6) / 7).map { row in
            let dayInRow = max(1, min(count, row * 7 - blanks + 1))
            let d = calendar.date(byAdding: .day, value: dayInRow - 1, to: first) ?? first
            return DateWords.isoWeek(of: d, in: calendar.timeZone)
        }
    }

    var weekdayName: String { DateWords.weekday(weekday) }
    var monthName: String { DateWords.month(month) }
    var week: Int { DateWords.isoWeek(of: date, in: calendar.timeZone) }
    var daysLeftInYear: Int { daysInYear - dayOfYear }

    /// The day number in column `column` (Monday first) of grid row `row`; nil for a blank.
    func day(inRow row: Int, column: Int) -> Int? {
        let d = row * 7 + column - leadingBlanks + 1
        return (1...daysInMonth).contains(d) ? d : nil
    }

    /// The day `offset` days from this one: its weekday and day number.
    func neighbour(_ offset: Int) -> (weekday: Int, day: Int) {
        if calendar.identifier == .gregorian || calendar.identifier == .iso8601 {
            let days = DateWords.localDay(of: date, in: calendar.timeZone) + offset
            return (((days % 7) + 7 + 4) % 7 + 1, DateWords.civil(fromDays: days).day)
        }
        let d = calendar.date(byAdding: .day, value: offset, to: date) ?? date
        let c = calendar.dateComponents([.weekday, .day], from: d)
        return (c.weekday ?? 1, c.day ?? 1)
    }

    /// The phase of the moon on this day, from the mean synodic month (good to about a day).
    var moonPhase: String {
        // A new moon: 6 January 2000, 18:14 UTC.
        let reference = Date(timeIntervalSince1970: 947_182_440)
        let synodic = 29.530_588_853
        let days = date.addingTimeInterval(12 * 3600).timeIntervalSince(reference) / 86_400
        let age = (days.truncatingRemainder(dividingBy: synodic) + synodic).truncatingRemainder(dividingBy: synodic)
        let names = ["New moon", "Waxing crescent", "First quarter", "Waxing gibbous",
                     "Full moon", "Waning gibbous", "Last quarter", "Waning crescent"]
        return names[Int((age / synodic * 8).rounded()) % 8]
    }
}

/// A day number that stands out as today: white on the tint where colors are full, and bold
/// and underlined where the host tints or desaturates everything (where a colored background
/// would be drawn in the same color as the text on it).
struct TodayMark: ViewModifier {
    let isToday: Bool
    @Environment(\.widgetRenderingMode) private var renderingMode

    func body(content: Content) -> some View {
        if !isToday {
            content
        } else if renderingMode == .fullColor {
            content.foregroundStyle(Color.white).bold().background(Color.accentColor)
        } else {
            content.bold()
        }
    }
}

/// The weekday initials over the grid, Monday first.
private let gridHeader = ["Mo", "Tu", "We", "Th", "Fr", "Sa", "Su"]

/// The month as a grid of day numbers, with today marked and weekends dimmed.
struct MonthGrid: View {
    let month: MonthFacts
    /// Cells per day; wider cells leave a cell of air on each side of the number.
    var cellWidth = 2
    var rowSpacing = 0
    var showsWeekNumbers = false

    var body: some View {
        VStack(alignment: .leading, spacing: rowSpacing) {
            HStack(spacing: 1) {
                if showsWeekNumbers { Text("Wk").foregroundStyle(.tertiary).frame(width: 2, alignment: .trailing) }
                ForEach(0..<7) { column in
                    cell(Text(gridHeader[column]).foregroundStyle(column >= 5 ? AnyShapeStyle(.tint) : AnyShapeStyle(.secondary)).bold())
                }
            }
            ForEach(0..<month.weekNumbers.count) { row in
                HStack(spacing: 1) {
                    if showsWeekNumbers {
                        Text(String(month.weekNumbers[row])).foregroundStyle(.tertiary).frame(width: 2, alignment: .trailing)
                    }
                    ForEach(0..<7) { column in
                        dayCell(month.day(inRow: row, column: column), weekend: column >= 5)
                    }
                }
            }
        }
        // Every text here fits its fixed-width cell on one line, so the limit draws the same
        // cells; it tells layout that no cell, row or the grid depends on the height offered,
        // so the grid is measured once a pass, not again at every height its stack probes.
        .lineLimit(1)
    }

    private func cell(_ text: Text) -> some View {
        text.padding(.horizontal, (cellWidth - 2) / 2).frame(width: Double(cellWidth), alignment: .trailing)
    }

    /// A day's cell. Today's goes through ``TodayMark``. Every other cell (all but one of the
    /// month's) is built as the mark leaves it, with a day's weekend color set on the text
    /// itself, which draws the same cells: the mark's modifier and the environment change for
    /// the color on every day cost the bench's frame about half a million instructions (of
    /// 11.5 M). A blank's padding is zero, which lays it out as it was without padding.
    @ViewBuilder
    private func dayCell(_ day: Int?, weekend: Bool) -> some View {
        let style = weekend ? AnyShapeStyle(.secondary) : AnyShapeStyle(.primary)
        if let day, day == month.day {
            // The weekend color is set around the mark, so that today's own color wins inside it.
            Text(String(day))
                .underline()
                .padding(.horizontal, (cellWidth - 2) / 2)
                .frame(width: Double(cellWidth), alignment: .trailing)
                .modifier(TodayMark(isToday: true))
                .foregroundStyle(style)
        } else {
            (day.map { Text(String($0)).foregroundStyle(style) } ?? Text(" "))
                .padding(.horizontal, day == nil ? 0 : (cellWidth - 2) / 2)
                .frame(width: Double(cellWidth), alignment: day == nil ? .center : .trailing)
        }
    }
}
