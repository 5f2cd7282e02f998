import Foundation
import WidgetDash

/// What the calendar widget lists from an .ics file at one moment: the events not yet over.
public struct CalendarAgenda: Hashable, Sendable {
    /// Events that have not ended, in order of start, over the next week.
    public var events: [CalendarEvent]
    /// Events skipped or read approximately (`line 12: …`).
    public var problems: [String] = []
    /// Why the file could not be read at all.
    public var error: String?
    public var source: FeedSource
    /// For a fetched calendar (`url=`): when it was fetched.
    public var fetched: Date?
    /// For a fetched calendar kept after a failed fetch: why the latest fetch failed ("HTTP 503").
    public var stale: String?

    /// How far ahead events are listed.
    static let horizonDays = 7
    /// The most events one entry carries (more than any family shows).
    static let maxEvents = 24
    /// The most entries one timeline holds (WidgetKit: "a few dozen" is the most that is sensible).
    static let maxEntries = 40

    /// The calendar file to read, or nil when none is configured (no `file=` and no default file).
    static func source(file: String, directory: String?) -> FeedSource? {
        let (path, named) = Feeds.file(named: file, default: "calendar.ics", in: directory)
        return named || Feeds.exists(path) ? .file(path) : nil
    }

    /// The entries of a configured calendar file: now, each event's start and end until the
    /// last of `midnights`, and the midnights (when "today" moves on).
    static func entries(source: FeedSource, now: Date, midnights: [Date], calendar: Calendar) -> [CalendarEntry] {
        guard case .file(let path) = source else { return [CalendarEntry(date: now)] }
        let name = (path as NSString).lastPathComponent
        do {
            return entries(text: try Feeds.read(path), name: name, source: source, now: now, midnights: midnights, calendar: calendar)
        } catch {
            let message = error.message.hasPrefix(path) ? error.message : "\(name): \(error.message)"
            return [failure(message, source: source, at: now)]
        }
    }

    /// The entries of iCalendar `text` from a file or a fetch (`name` prefixes a parse error);
    /// a fetched calendar carries when it was fetched and, kept after a failure, why.
    static func entries(text: String, name: String, source: FeedSource, fetched: Date? = nil, stale: String? = nil,
                        now: Date, midnights: [Date], calendar: Calendar) -> [CalendarEntry] {
        let parsed: ICalendar
        do { parsed = try ICalendar.parse(text) } catch {
            return [failure("\(name): \(error.message)", source: source, at: now)]
        }
        let zone = calendar.timeZone
        let from = calendar.startOfDay(for: now)
        let to = calendar.date(byAdding: .day, value: horizonDays + 1, to: from) ?? from.addingTimeInterval(Double(horizonDays + 1) * 86_400)
        let all = parsed.occurrences(from: from, to: to, in: zone)
        let end = midnights.last ?? now.addingTimeInterval(86_400)
        let changes = all.flatMap { [$0.start, $0.end] }.filter { $0 > now && $0 <= end }
        let moments = [now] + Set(changes + midnights.filter { $0 > now }).sorted().prefix(maxEntries - 1)
        return moments.map { date in
            let upcoming = all.filter { $0.end > date || ($0.end == $0.start && $0.start >= date) }
            return CalendarEntry(date: date, agenda: CalendarAgenda(events: Array(upcoming.prefix(maxEvents)), problems: parsed.problems,
                                                                    source: source, fetched: fetched, stale: stale))
        }
    }

    /// An entry that shows why the calendar cannot be listed.
    static func failure(_ message: String, source: FeedSource, at now: Date) -> CalendarEntry {
        CalendarEntry(date: now, agenda: CalendarAgenda(events: [], error: message, source: source))
    }

    /// A week of sample events around the sample moment, for tests and the documentation.
    static let sample: CalendarAgenda = {
        let midnight = SampleData.date.timeIntervalSince1970 - SampleData.date.timeIntervalSince1970.truncatingRemainder(dividingBy: 86_400)
        func at(_ day: Double, _ hour: Double, _ minutes: Double = 0) -> Date { Date(timeIntervalSince1970: midnight + day * 86_400 + hour * 3600 + minutes * 60) }
        return CalendarAgenda(events: [
            CalendarEvent(title: "Brunch with Ana", location: "Café Lisboa", start: at(0, 10, 30), end: at(0, 12)),
            CalendarEvent(title: "Call Mum", start: at(0, 17), end: at(0, 17, 30)),
            CalendarEvent(title: "Book club", location: "Library", start: at(0, 19, 30), end: at(0, 21)),
            CalendarEvent(title: "Sam's birthday", start: at(1, 0), end: at(2, 0), isAllDay: true),
            CalendarEvent(title: "Stand-up", start: at(1, 9, 30), end: at(1, 9, 45)),
            CalendarEvent(title: "Dentist", location: "Rua Augusta 12", start: at(1, 14), end: at(1, 15)),
            CalendarEvent(title: "Stand-up", start: at(2, 9, 30), end: at(2, 9, 45)),
        ], source: .sample)
    }()
}

/// The calendar with events: the day and what is next, per family.
struct AgendaLayout: View {
    let month: MonthFacts
    let agenda: CalendarAgenda
    @Environment(\.widgetFamily) private var family

    var body: some View {
        if let error = agenda.error {
            SourceMessageView(problem: "Calendar", error)
        } else {
            switch family {
            case .accessoryInline: inline
            case .accessoryRectangular: rectangular
            case .systemSmall:
                VStack(alignment: .leading, spacing: 0) {
                    Text("\(month.weekdayName.uppercased()) \(month.day)").font(.headline).foregroundStyle(.tint)
                    AgendaList(agenda: agenda, now: month.date, calendar: month.calendar, rows: 8)
                }
            case .systemMedium:
                HStack(alignment: .top, spacing: 2) {
                    VStack(alignment: .leading, spacing: 0) {
                        Text(month.weekdayName.uppercased()).font(.headline).foregroundStyle(.tint)
                        Text(String(month.day)).font(.largeTitle)
                        Spacer(minLength: 0)
                        Text("\(DateWords.shortMonth(month.month)) \(month.year)").bold()
                        Text("Week \(month.week)").foregroundStyle(.secondary)
                    }
                    .frame(width: 12, alignment: .leading)
                    AgendaList(agenda: agenda, now: month.date, calendar: month.calendar, rows: 9)
                }
            default:
                VStack(alignment: .leading, spacing: 0) {
                    HStack(spacing: 1) {
                        Text("\(month.monthName) \(month.year)").font(.headline)
                        Spacer(minLength: 0)
                        Text("\(month.weekdayName) \(month.day)").foregroundStyle(.tint).bold()
                    }
                    HStack(alignment: .top, spacing: 2) {
                        MonthGrid(month: month)
                        NextEvent(event: agenda.events.first, now: month.date, calendar: month.calendar)
                    }
                    Divider()
                    AgendaList(agenda: agenda, now: month.date, calendar: month.calendar, rows: agenda.fetched == nil ? 12 : agenda.stale == nil ? 11 : 9, notesAge: false)
                    if let fetched = agenda.fetched {
                        let age = HTTPAnswer.age(of: fetched, at: month.date)
                        if let stale = agenda.stale {
                            // The age first: the client's own words can be long.
                            Label("Offline, kept from \(age)", systemImage: "exclamationmark.triangle")
                                .foregroundStyle(.orange).lineLimit(1)
                            Text(stale).foregroundStyle(.secondary).lineLimit(2)
                        } else {
                            Text("\(agenda.source.shortName), fetched \(age)").foregroundStyle(.tertiary).lineLimit(1)
                        }
                    }
                }
            }
        }
    }

    private var inline: some View {
        HStack(spacing: 1) {
            Image(systemName: "calendar")
            if let next = agenda.events.first {
                Text("\(AgendaList.when(next, now: month.date, calendar: month.calendar)) \(next.title)")
            } else {
                Text("\(month.weekdayName), \(month.monthName) \(month.day) · no events")
            }
            if agenda.stale != nil, let fetched = agenda.fetched {
                Text("(\(HTTPAnswer.age(of: fetched, at: month.date)))").foregroundStyle(.secondary)
            }
        }
    }

    private var rectangular: some View {
        VStack(alignment: .leading, spacing: 0) {
            if let next = agenda.events.first {
                Text(next.title).bold().lineLimit(1)
                Text(AgendaList.span(next, now: month.date, calendar: month.calendar)).foregroundStyle(.secondary).lineLimit(1)
                if agenda.events.count > 1 {
                    let then = agenda.events[1]
                    Text("then \(AgendaList.when(then, now: month.date, calendar: month.calendar)) \(then.title)").foregroundStyle(.tertiary).lineLimit(1)
                } else if let location = next.location {
                    Text(location).foregroundStyle(.tertiary).lineLimit(1)
                }
            } else {
                Text("\(month.weekdayName) \(month.day)").bold()
                Text("No events this week").foregroundStyle(.secondary)
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// The first event in large: what, when, where.
struct NextEvent: View {
    let event: CalendarEvent?
    let now: Date
    let calendar: Calendar

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            if let event {
                Text(event.start <= now ? "NOW" : "NEXT").foregroundStyle(.tint).bold()
                Text(event.title).bold().lineLimit(2)
                Text(AgendaList.span(event, now: now, calendar: calendar)).foregroundStyle(.secondary).lineLimit(1)
                if let location = event.location { Label(location, systemImage: "mappin").foregroundStyle(.secondary).lineLimit(1) }
            } else {
                Text("No events").foregroundStyle(.secondary)
                Text("this week").foregroundStyle(.secondary)
            }
            Spacer(minLength: 0)
        }
        .frame(maxWidth: .infinity, alignment: .topLeading)
    }
}

/// Events under day headings ("Today", "Tomorrow", "Tue 24"), one line each, as many as fit.
struct AgendaList: View {
    let agenda: CalendarAgenda
    let now: Date
    let calendar: Calendar
    let rows: Int
    /// False where the layout says how old a fetched calendar is itself (the detail view).
    var notesAge = true

    private enum Line: Hashable {
        case day(String)
        case event(CalendarEvent)
        case note(String)
    }

    private var lines: [Line] {
        var out: [Line] = []
        var lastDay: Int?
        let today = DateWords.localDay(of: now, in: calendar.timeZone)
        for event in agenda.events {
            // An event that began earlier and is still on shows under today.
            let day = max(today, DateWords.localDay(of: event.start, in: calendar.timeZone))
            if day != lastDay {
                out.append(.day(Self.dayName(day, today: today)))
                lastDay = day
            }
            out.append(.event(event))
        }
        if agenda.events.isEmpty { out.append(.note("No events this week")) }
        var notes: [Line] = []
        if let problem = agenda.problems.first {
            let more = agenda.problems.count > 1 ? " (+\(agenda.problems.count - 1))" : ""
            notes.append(.note("⚠ \(problem)\(more)"))
        }
        if notesAge, agenda.stale != nil, let fetched = agenda.fetched {
            notes.append(.note("⚠ offline, fetched \(HTTPAnswer.age(of: fetched, at: now))"))
        }
        // The notes take the last rows, so they show however many events there are.
        if !notes.isEmpty { out = Array(out.prefix(max(0, rows - notes.count))) + notes }
        return Array(out.prefix(rows))
    }

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ForEach(lines, id: \.self) { line in
                switch line {
                case .day(let name): Text(name).foregroundStyle(.secondary).bold()
                case .note(let text): Text(text).foregroundStyle(.secondary).lineLimit(1)
                case .event(let event):
                    HStack(spacing: 1) {
                        if event.isAllDay {
                            Text("▪").foregroundStyle(.tint)
                        } else {
                            Text(event.start <= now ? "now  " : Feeds.clock(event.start, in: calendar.timeZone))
                                .foregroundStyle(event.start <= now ? AnyShapeStyle(.tint) : AnyShapeStyle(.secondary))
                        }
                        Text(event.title).lineLimit(1)
                        Spacer(minLength: 0)
                    }
                }
            }
            Spacer(minLength: 0)
        }
        .frame(maxWidth: .infinity, alignment: .topLeading)
    }

    /// "Today", "Tomorrow", "Tue 24".
    static func dayName(_ day: Int, today: Int) -> String {
        switch day - today {
        case 0: return "Today"
        case 1: return "Tomorrow"
        default: return "\(DateWords.shortWeekday(((day % 7) + 7 + 4) % 7 + 1)) \(DateWords.civil(fromDays: day).day)"
        }
    }

    /// When an event starts, briefly: "now", "17:00", "all day", "Mon 09:30".
    static func when(_ event: CalendarEvent, now: Date, calendar: Calendar) -> String {
        let zone = calendar.timeZone
        if event.start <= now { return "now" }
        let day = DateWords.localDay(of: event.start, in: zone), today = DateWords.localDay(of: now, in: zone)
        let time = event.isAllDay ? "all day" : Feeds.clock(event.start, in: zone)
        return day == today ? time : "\(dayName(day, today: today)) \(time)"
    }

    /// "10:30–12:00", "all day", "Tomorrow 09:30–09:45", "now – 12:00".
    static func span(_ event: CalendarEvent, now: Date, calendar: Calendar) -> String {
        let zone = calendar.timeZone
        if event.isAllDay { return event.start <= now ? "all day today" : "\(when(event, now: now, calendar: calendar))" }
        let end = Feeds.clock(event.end, in: zone)
        if event.start <= now { return "now – \(end)" }
        return event.end > event.start ? "\(when(event, now: now, calendar: calendar))–\(end)" : when(event, now: now, calendar: calendar)
    }
}
