import Foundation
import WidgetDash

extension ICalendar {
    /// A time zone as a file names it: one the system knows by its Olson name, or one the file
    /// defines in a `VTIMEZONE` (Outlook's "W. Europe Standard Time", the RFC's "US-Eastern").
    public struct Zone: Hashable, Sendable {
        public let identifier: String
        let system: TimeZone?
        /// For a `VTIMEZONE`: each change, in order, as seconds since 1970 (UTC) and the offset from then on.
        let changes: [Change]
        /// The offset before the first change.
        let initialOffset: Int

        struct Change: Hashable, Sendable {
            var at: Int
            var offset: Int
        }

        public init(_ zone: TimeZone) {
            identifier = zone.identifier
            system = zone
            changes = []
            initialOffset = 0
        }

        init(identifier: String, changes: [Change], initialOffset: Int) {
            self.identifier = identifier
            system = nil
            self.changes = changes
            self.initialOffset = initialOffset
        }

        static let utc = Zone(TimeZone(secondsFromGMT: 0) ?? .current)

        /// Seconds east of UTC at `date`.
        public func secondsFromGMT(for date: Date) -> Int {
            if let system { return system.secondsFromGMT(for: date) }
            let t = Int(date.timeIntervalSince1970.rounded(.down))
            var (low, high) = (0, changes.count)
            while low < high {
                let mid = (low + high) / 2
                if changes[mid].at <= t { low = mid + 1 } else { high = mid }
            }
            return low == 0 ? initialOffset : changes[low - 1].offset
        }

        /// The day (since 1970) that `date` falls on here.
        func localDay(of date: Date) -> Int {
            Int(((date.timeIntervalSince1970 + Double(secondsFromGMT(for: date))) / 86_400).rounded(.down))
        }
    }

    /// Windows zone names (Outlook and Exchange write them as TZIDs) and the Olson zone CLDR's
    /// windowsZones.xml maps each to for the world ("001"): the common ones. A file's own
    /// `VTIMEZONE` covers any other.
    static let windowsZones: [String: String] = [
        "Dateline Standard Time": "Etc/GMT+12", "Hawaiian Standard Time": "Pacific/Honolulu",
        "Alaskan Standard Time": "America/Anchorage", "Pacific Standard Time": "America/Los_Angeles",
        "US Mountain Standard Time": "America/Phoenix", "Mountain Standard Time": "America/Denver",
        "Central Standard Time": "America/Chicago", "Central Standard Time (Mexico)": "America/Mexico_City",
        "Canada Central Standard Time": "America/Regina", "Eastern Standard Time": "America/New_York",
        "SA Pacific Standard Time": "America/Bogota", "Atlantic Standard Time": "America/Halifax",
        "Newfoundland Standard Time": "America/St_Johns", "E. South America Standard Time": "America/Sao_Paulo",
        "Argentina Standard Time": "America/Argentina/Buenos_Aires", "UTC": "Etc/UTC",
        "GMT Standard Time": "Europe/London", "Greenwich Standard Time": "Atlantic/Reykjavik",
        "W. Europe Standard Time": "Europe/Berlin", "Romance Standard Time": "Europe/Paris",
        "Central Europe Standard Time": "Europe/Budapest", "Central European Standard Time": "Europe/Warsaw",
        "E. Europe Standard Time": "Europe/Chisinau", "FLE Standard Time": "Europe/Kiev",
        "GTB Standard Time": "Europe/Bucharest", "Turkey Standard Time": "Europe/Istanbul",
        "Russian Standard Time": "Europe/Moscow", "Israel Standard Time": "Asia/Jerusalem",
        "Egypt Standard Time": "Africa/Cairo", "South Africa Standard Time": "Africa/Johannesburg",
        "Arabian Standard Time": "Asia/Dubai", "Pakistan Standard Time": "Asia/Karachi",
        "India Standard Time": "Asia/Kolkata", "SE Asia Standard Time": "Asia/Bangkok",
        "China Standard Time": "Asia/Shanghai", "Singapore Standard Time": "Asia/Singapore",
        "Taipei Standard Time": "Asia/Taipei", "Tokyo Standard Time": "Asia/Tokyo",
        "Korea Standard Time": "Asia/Seoul", "W. Australia Standard Time": "Australia/Perth",
        "Cen. Australia Standard Time": "Australia/Adelaide", "E. Australia Standard Time": "Australia/Brisbane",
        "AUS Eastern Standard Time": "Australia/Sydney", "New Zealand Standard Time": "Pacific/Auckland",
    ]

    /// The most `VTIMEZONE`s read from one file, and the most changes one of them may hold.
    static let maxZones = 200
    static let maxZoneChanges = 4_000

    /// A `VTIMEZONE` from its lines (those between `BEGIN:VTIMEZONE` and `END:VTIMEZONE`): its
    /// `STANDARD` and `DAYLIGHT` observances, each an onset (`DTSTART` in the offset it leaves,
    /// `TZOFFSETFROM`) repeated by its `RRULE` and `RDATE`s, changing to `TZOFFSETTO`.
    static func zone(_ lines: [(number: Int, property: Property)], problems: inout [String]) -> Zone? {
        struct Observance {
            var line: Int
            var start: (day: Int, seconds: Int)?
            var from: Int?, to: Int?
            var rule: Rule?
            var dates: [(day: Int, seconds: Int)] = []
        }
        var tzid: String?
        var observances: [Observance] = []
        var current: Observance?
        for (number, p) in lines {
            let value = p.value.uppercased()
            switch p.name {
            case "TZID" where current == nil: tzid = p.value
            case "BEGIN" where value == "STANDARD" || value == "DAYLIGHT": current = Observance(line: number)
            case "END" where current != nil:
                if let o = current { observances.append(o) }
                current = nil
            case "DTSTART", "RDATE":
                for item in p.value.split(separator: ",") {
                    switch try? time(String(item), parameters: [:]) {
                    case .floating(let day, let seconds)?, .zoned(let day, let seconds, _)?:
                        if p.name == "DTSTART" { current?.start = (day, seconds) } else { current?.dates.append((day, seconds)) }
                    case .date(let day)?:
                        if p.name == "DTSTART" { current?.start = (day, 0) } else { current?.dates.append((day, 0)) }
                    default: problems.append("line \(number): \(p.name): expected a local time such as 19701025T030000 (ignored)")
                    }
                }
            case "TZOFFSETFROM": current?.from = offset(p.value)
            case "TZOFFSETTO": current?.to = offset(p.value)
            case "RRULE":
                do { current?.rule = try rule(p.value) } catch { problems.append("line \(number): RRULE: \(error.message) (ignored)") }
            default: break
            }
        }
        guard let tzid, !tzid.isEmpty else { return nil }
        var changes: [Zone.Change] = []
        // Changes before 1900 matter to no calendar a dashboard shows; 2200 is far enough ahead.
        let (earliest, latest) = (DateWords.daysFromCivil(year: 1900, month: 1, day: 1), DateWords.daysFromCivil(year: 2200, month: 1, day: 1))
        for o in observances {
            guard let start = o.start, let from = o.from, let to = o.to else {
                problems.append("line \(o.line): a time zone observance needs DTSTART, TZOFFSETFROM and TZOFFSETTO (ignored)")
                continue
            }
            let until = o.rule?.until.map { t -> Int in
                switch t {
                case .utc(let d): Int(d.timeIntervalSince1970)
                case .zoned(let day, let s, _), .floating(let day, let s): day * 86_400 + s - from
                case .date(let day): day * 86_400 + 86_399 - from
                }
            }
            var added = 0
            func add(_ day: Int, _ seconds: Int) -> Bool {
                let at = day * 86_400 + seconds - from
                if let until, at > until { return false }
                changes.append(Zone.Change(at: at, offset: to))
                added += 1
                return added < maxZoneChanges
            }
            if let rule = o.rule {
                var budget = 200_000
                rule.walk(firstDay: start.day, firstSeconds: start.seconds, lastDay: latest, skipBefore: earliest, budget: &budget) { day, seconds in
                    if let count = rule.count, added >= count { return false }
                    return add(day, seconds)
                }
            } else {
                _ = add(start.day, start.seconds)
            }
            for date in o.dates.prefix(maxZoneChanges) { _ = add(date.day, date.seconds) }
        }
        changes.sort { $0.at < $1.at }
        guard let first = observances.min(by: { ($0.start?.day ?? .max) < ($1.start?.day ?? .max) }), let initial = first.from ?? first.to else {
            problems.append("VTIMEZONE \(text(tzid)): no usable STANDARD or DAYLIGHT (ignored)")
            return nil
        }
        return Zone(identifier: tzid, changes: changes, initialOffset: initial)
    }

    /// `+0100`, `-0500`, `+053000` in seconds east of UTC.
    static func offset(_ raw: String) -> Int? {
        let value = raw.trimmingCharacters(in: .whitespaces)
        guard let sign = value.first, sign == "+" || sign == "-" else { return nil }
        let digits = value.dropFirst()
        guard digits.count == 4 || digits.count == 6, digits.allSatisfy({ $0.isASCII && $0.isNumber }),
              let h = Int(digits.prefix(2)), let m = Int(digits.dropFirst(2).prefix(2)), h < 24, m < 60 else { return nil }
        let s = digits.count == 6 ? Int(digits.suffix(2)) ?? 0 : 0
        return (sign == "-" ? -1 : 1) * (h * 3600 + m * 60 + s)
    }

    /// The moment a local wall time stands for in `zone`; a time in a spring-forward gap moves
    /// forward by the gap, as RFC 5545 asks.
    static func absolute(day: Int, seconds: Int, in zone: Zone) -> Date {
        let local = Double(day * 86_400 + seconds)
        let guess = local - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: local)))
        let offset = zone.secondsFromGMT(for: Date(timeIntervalSince1970: guess))
        let adjusted = local - Double(offset)
        // In a gap the two offsets disagree; the later offset applies to the earlier guess.
        if zone.secondsFromGMT(for: Date(timeIntervalSince1970: adjusted)) != offset {
            return Date(timeIntervalSince1970: local - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: local - 86_400))))
        }
        return Date(timeIntervalSince1970: adjusted)
    }

    static func absolute(day: Int, seconds: Int, in zone: TimeZone) -> Date {
        absolute(day: day, seconds: seconds, in: Zone(zone))
    }
}
