import Foundation
import WidgetDash

/// One occurrence of an event: what a calendar widget lists.
public struct CalendarEvent: Hashable, Sendable {
    public var title: String
    public var location: String?
    public var start: Date
    /// After `start`, or equal for an event without a duration.
    public var end: Date
    public var isAllDay: Bool

    public init(title: String, location: String? = nil, start: Date, end: Date, isAllDay: Bool = false) {
        self.title = title
        self.location = location
        self.start = start
        self.end = end
        self.isAllDay = isAllDay
    }
}

/// The events of an iCalendar (RFC 5545) file, and their occurrences over a span of time.
///
/// What is read: `VEVENT`s with `SUMMARY`, `LOCATION`, `DTSTART`, `DTEND` or `DURATION`,
/// `RRULE`, `RDATE`, `EXDATE`, `RECURRENCE-ID` (a moved or changed occurrence replaces the one
/// it names; a cancelled one removes it) and `STATUS:CANCELLED`. Times may be UTC
/// (`20261122T090000Z`), in a zone (`DTSTART;TZID=Europe/Berlin:20261122T090000`: an Olson
/// name, or any name a `VTIMEZONE` in the file defines, such as Outlook's "W. Europe Standard
/// Time"), floating (no zone: `X-WR-TIMEZONE`'s when the file names one, else the
/// dashboard's), or dates (`VALUE=DATE`, all-day). Rules: all of RFC 5545 §3.3.10 (see
/// `ICalendarRecurrence.swift`); repeats keep their local time across daylight-saving changes.
///
/// A broken event is skipped and noted in ``problems`` (`line 12: DTSTART: …`); the others
/// are kept. Only a text that is not iCalendar at all is an error.
public struct ICalendar: Sendable {
    public fileprivate(set) var events: [Event] = []
    /// What was skipped or read approximately, each with its line.
    public fileprivate(set) var problems: [String] = []

    /// The most events read from one file.
    public static let maxEvents = 20_000
    /// The longest logical (unfolded) line read, in UTF-8 bytes; a longer one is skipped.
    public static let maxLineBytes = 64 << 10
    /// The most candidate days looked at when expanding a file's rules (a fraction of a second).
    static let expansionBudget = 3_000_000
    /// The most occurrences of one event in a window: a minute-by-minute rule over a week and more.
    static let maxOccurrences = 20_000
    /// The longest `DURATION` read: 10,000 years.
    static let longestDuration: TimeInterval = 10_000 * 366 * 86_400

    /// A time as the file gives it.
    public enum Time: Hashable, Sendable {
        case utc(Date)
        /// Local wall time (days since 1970 and seconds into the day) in a named zone.
        case zoned(day: Int, seconds: Int, Zone)
        /// Local wall time wherever the dashboard is.
        case floating(day: Int, seconds: Int)
        /// A whole day (all-day events).
        case date(day: Int)

        /// The moment it stands for, with floating times and dates in `local`.
        public func resolved(in local: TimeZone) -> Date { resolved(in: Zone(local)) }

        func resolved(in local: Zone) -> Date {
            switch self {
            case .utc(let d): d
            case .zoned(let day, let seconds, let zone): ICalendar.absolute(day: day, seconds: seconds, in: zone)
            case .floating(let day, let seconds): ICalendar.absolute(day: day, seconds: seconds, in: local)
            case .date(let day): ICalendar.absolute(day: day, seconds: 0, in: local)
            }
        }

        var isDate: Bool { if case .date = self { true } else { false } }
    }

    /// One `VEVENT`.
    public struct Event: Hashable, Sendable {
        public var uid: String?
        public var title: String
        public var location: String?
        public var start: Time
        public var end: Time?
        public var duration: TimeInterval?
        public var rule: Rule?
        /// `RDATE`s: starts added to the rule's (or to `DTSTART` alone).
        public var extraStarts: [Time] = []
        public var exceptions: [Time] = []
        /// `STATUS:CANCELLED`: not shown; as a changed occurrence, it removes the one it names.
        public var isCancelled = false
        /// For a changed occurrence of a repeating event: the start it replaces.
        public var recurrenceID: Time?
        /// The line of `BEGIN:VEVENT`.
        public var line: Int
    }

    // MARK: Reading

    /// Reads iCalendar text; throws only when it is not iCalendar.
    public static func parse(_ text: String) throws(FeedError) -> ICalendar {
        var calendar = ICalendar()
        let lines = unfold(text)
        guard let first = lines.first(where: { !$0.text.isEmpty }), first.text.uppercased() == "BEGIN:VCALENDAR" else {
            throw FeedError("line \(lines.first(where: { !$0.text.isEmpty })?.number ?? 1): expected BEGIN:VCALENDAR (not an iCalendar file)")
        }
        var current: [(number: Int, property: Property)]?
        var beginLine = 0
        var nested = 0
        // Events are read once every VTIMEZONE is known: a file may define its zones after them.
        var pending: [(line: Int, properties: [(number: Int, property: Property)])] = []
        var zoneLines: [(number: Int, property: Property)]?
        var zones: [String: Zone] = [:]
        var calendarZone: Zone?
        for line in lines where !line.text.isEmpty {
            guard line.text.utf8.count <= maxLineBytes else {
                calendar.problems.append("line \(line.number): longer than \(maxLineBytes) bytes (skipped)")
                continue
            }
            guard let property = Property(line.text) else {
                if current != nil || zoneLines != nil { calendar.problems.append("line \(line.number): expected NAME:VALUE, found \"\(TextSanitizer.sanitize(String(line.text.prefix(40)), keepNewlines: false))\"") }
                continue
            }
            let value = property.value.uppercased()
            if zoneLines != nil {
                if property.name == "END" && value == "VTIMEZONE" {
                    if zones.count < maxZones, let lines = zoneLines, let zone = Self.zone(lines, problems: &calendar.problems) { zones[zone.identifier] = zone }
                    zoneLines = nil
                } else {
                    zoneLines?.append((line.number, property))
                }
                continue
            }
            switch property.name {
            case "BEGIN" where value == "VTIMEZONE" && current == nil:
                zoneLines = []
            case "X-WR-TIMEZONE" where current == nil:
                calendarZone = zone(named: property.value).map(Zone.init)
            case "BEGIN" where value == "VEVENT" && current == nil:
                current = []
                beginLine = line.number
            case "BEGIN" where current != nil:
                nested += 1
            case "END" where current != nil && nested > 0:
                nested -= 1
            case "END" where value == "VEVENT" && current != nil:
                if let properties = current, pending.count < maxEvents { pending.append((beginLine, properties)) }
                current = nil
            default:
                if nested == 0 { current?.append((line.number, property)) }
            }
        }
        if current != nil { calendar.problems.append("line \(beginLine): BEGIN:VEVENT is never closed (event skipped)") }
        let context = Context(zones: zones, floating: calendarZone)
        for (line, properties) in pending {
            do {
                calendar.events.append(try Self.event(properties, line: line, context: context, problems: &calendar.problems))
            } catch {
                calendar.problems.append("\(error.message) (event skipped)")
            }
        }
        return calendar
    }

    /// Logical lines: a line that starts with a space or tab continues the one before (RFC 5545 §3.1).
    static func unfold(_ text: String) -> [(number: Int, text: String)] {
        var out: [(number: Int, text: String)] = []
        var number = 0
        for raw in text.split(omittingEmptySubsequences: false, whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            number += 1
            if let first = raw.first, first == " " || first == "\t", !out.isEmpty {
                out[out.count - 1].text += raw.dropFirst()
            } else {
                out.append((number, String(raw)))
            }
        }
        return out
    }

    /// `NAME;PARAM=VALUE;…:VALUE`, with quoted parameter values.
    struct Property {
        var name: String
        var parameters: [String: String] = [:]
        var value: String

        init?(_ line: String) {
            var inQuotes = false
            var colon: String.Index?
            for i in line.indices {
                if line[i] == "\"" { inQuotes.toggle() }
                if line[i] == ":" && !inQuotes { colon = i; break }
            }
            guard let colon else { return nil }
            value = String(line[line.index(after: colon)...])
            var parts = line[..<colon].split(separator: ";", omittingEmptySubsequences: false)
            guard let head = parts.first, !head.isEmpty else { return nil }
            name = head.uppercased()
            parts.removeFirst()
            for part in parts {
                let pair = part.split(separator: "=", maxSplits: 1)
                guard pair.count == 2 else { continue }
                parameters[pair[0].uppercased()] = pair[1].trimmingCharacters(in: CharacterSet(charactersIn: "\""))
            }
        }
    }

    /// What times are read against: the file's `VTIMEZONE`s, and the zone of floating times.
    struct Context {
        var zones: [String: Zone] = [:]
        var floating: Zone?
    }

    private static func event(_ properties: [(number: Int, property: Property)], line: Int, context: Context, problems: inout [String]) throws(FeedError) -> Event {
        var start: Time?
        var event = Event(title: "(no title)", start: .date(day: 0), line: line)
        for (number, p) in properties {
            func read(_ field: String) throws(FeedError) -> Time {
                do { return try time(p.value, parameters: p.parameters, context: context) } catch { throw FeedError("line \(number): \(field): \(error.message)") }
            }
            switch p.name {
            case "SUMMARY": event.title = text(p.value)
            case "LOCATION": event.location = text(p.value).isEmpty ? nil : text(p.value)
            case "UID": event.uid = p.value
            case "STATUS" where p.value.uppercased() == "CANCELLED": event.isCancelled = true
            case "DTSTART": start = try read("DTSTART")
            case "DTEND": event.end = try read("DTEND")
            case "DURATION":
                guard let seconds = duration(p.value) else { throw FeedError("line \(number): DURATION: expected a duration such as PT1H30M or P1D, found \"\(text(p.value))\"") }
                // Dates stop at the year 9999, so no event lasts longer (and its days must count in an Int).
                guard abs(seconds) <= Self.longestDuration else { throw FeedError("line \(number): DURATION: \(text(p.value)) is longer than 10,000 years") }
                event.duration = seconds
            case "RECURRENCE-ID": event.recurrenceID = try read("RECURRENCE-ID")
            case "RRULE":
                do { event.rule = try rule(p.value) } catch {
                    problems.append("line \(number): RRULE: \(error.message); only the first occurrence is shown")
                }
            case "EXDATE", "RDATE":
                for value in p.value.split(separator: ",").prefix(maxListLength) {
                    // A PERIOD (`start/end` or `start/duration`) adds its start.
                    let value = value.split(separator: "/", maxSplits: 1).first ?? value
                    do {
                        let time = try time(String(value), parameters: p.parameters, context: context)
                        if p.name == "EXDATE" { event.exceptions.append(time) } else { event.extraStarts.append(time) }
                    } catch {
                        problems.append("line \(number): \(p.name): \(error.message) (ignored)")
                    }
                }
            default: break
            }
            if p.name == "DTSTART", let tzid = p.parameters["TZID"], zone(named: tzid) == nil, context.zones[tzid] == nil {
                problems.append("line \(number): unknown TZID \"\(text(tzid))\", read as UTC")
            }
        }
        guard let start else { throw FeedError("line \(line): the event has no DTSTART") }
        event.start = start
        return event
    }

    /// SUMMARY/LOCATION text: escapes undone (`\,` `\;` `\n` `\\`), sanitised to one line.
    static func text(_ raw: String) -> String {
        var out = ""
        var escaped = false
        for c in raw {
            if escaped {
                switch c {
                case "n", "N": out.append(" ")
                default: out.append(c)
                }
                escaped = false
            } else if c == "\\" {
                escaped = true
            } else {
                out.append(c)
            }
        }
        return TextSanitizer.sanitize(out, keepNewlines: false).trimmingCharacters(in: .whitespaces)
    }

    /// `20261122`, `20261122T090000`, `20261122T090000Z`, with `TZID=` and `VALUE=DATE`.
    static func time(_ raw: String, parameters: [String: String], context: Context = Context()) throws(FeedError) -> Time {
        let value = raw.trimmingCharacters(in: .whitespaces)
        let digits = Array(value.utf8)
        func number(_ range: Range<Int>) -> Int? {
            guard range.upperBound <= digits.count else { return nil }
            var n = 0
            for b in digits[range] {
                guard (0x30...0x39).contains(b) else { return nil }
                n = n * 10 + Int(b - 0x30)
            }
            return n
        }
        let shown = "\"\(TextSanitizer.sanitize(String(value.prefix(30)), keepNewlines: false))\""
        guard let y = number(0..<4), let m = number(4..<6), let d = number(6..<8), (1...12).contains(m), (1...31).contains(d) else {
            throw FeedError("expected a date such as 20261122 or 20261122T090000Z, found \(shown)")
        }
        let day = DateWords.daysFromCivil(year: y, month: m, day: d)
        guard DateWords.civil(fromDays: day).day == d else { throw FeedError("no such day: \(shown)") }
        if digits.count == 8 { return .date(day: day) }
        guard digits.count >= 15, digits[8] == UInt8(ascii: "T"), let h = number(9..<11), let mi = number(11..<13), let s = number(13..<15),
              h < 24, mi < 60, s <= 60, digits.count == 15 || (digits.count == 16 && (digits[15] == UInt8(ascii: "Z") || digits[15] == UInt8(ascii: "z"))) else {
            throw FeedError("expected a date such as 20261122 or 20261122T090000Z, found \(shown)")
        }
        if parameters["VALUE"]?.uppercased() == "DATE" { return .date(day: day) }
        let seconds = h * 3600 + mi * 60 + min(s, 59)
        if digits.count == 16 { return .utc(Date(timeIntervalSince1970: Double(day * 86_400 + seconds))) }
        if let tzid = parameters["TZID"] {
            // An Olson name the system knows wins over the file's VTIMEZONE of that name: it has the history.
            return .zoned(day: day, seconds: seconds, zone(named: tzid).map(Zone.init) ?? context.zones[tzid] ?? .utc)
        }
        if let zone = context.floating { return .zoned(day: day, seconds: seconds, zone) }
        return .floating(day: day, seconds: seconds)
    }

    /// An IANA zone from a TZID, also when a producer prefixes it (`/mozilla.org/…/Europe/Berlin`)
    /// or uses a Windows name ("W. Europe Standard Time", see ``windowsZones``).
    static func zone(named tzid: String) -> TimeZone? {
        if let zone = TimeZone(identifier: tzid) { return zone }
        let parts = tzid.split(separator: "/")
        for n in stride(from: min(3, parts.count), through: 1, by: -1) {
            if let zone = TimeZone(identifier: parts.suffix(n).joined(separator: "/")) { return zone }
        }
        return windowsZones[tzid.trimmingCharacters(in: CharacterSet(charactersIn: "\" "))].flatMap { TimeZone(identifier: $0) }
    }

    /// `P1D`, `PT1H30M`, `P1W`, `-PT15M` (RFC 5545 §3.3.6) in seconds.
    static func duration(_ raw: String) -> TimeInterval? {
        var text = Substring(raw.trimmingCharacters(in: .whitespaces).uppercased())
        var sign = 1.0
        if text.first == "-" { sign = -1; text = text.dropFirst() } else if text.first == "+" { text = text.dropFirst() }
        guard text.first == "P" else { return nil }
        text = text.dropFirst()
        var total = 0.0, digits = "", any = false
        for c in text {
            if c.isASCII && c.isNumber { digits.append(c); continue }
            if c == "T" && digits.isEmpty { continue }
            guard let n = Double(digits) else { return nil }
            switch c {
            case "W": total += n * 604_800
            case "D": total += n * 86_400
            case "H": total += n * 3600
            case "M": total += n * 60
            case "S": total += n
            default: return nil
            }
            digits = ""
            any = true
        }
        return any && digits.isEmpty ? sign * total : nil
    }
}
