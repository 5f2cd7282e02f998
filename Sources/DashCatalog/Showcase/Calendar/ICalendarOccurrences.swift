import Foundation

/// Expanding an iCalendar's events and rules into the occurrences a range of days holds.
extension ICalendar {
    /// Every occurrence overlapping `from..<to`, in order of start, with floating times and
    /// all-day events in `local`.
    public func occurrences(from: Date, to: Date, in local: TimeZone) -> [CalendarEvent] {
        // Changed occurrences replace the ones they name: (uid, start) pairs to leave out.
        var replaced = Set<String>()
        for event in events {
            if let uid = event.uid, let id = event.recurrenceID { replaced.insert("\(uid)|\(id.resolved(in: local).timeIntervalSince1970)") }
        }
        var out: [CalendarEvent] = []
        // Candidate days examined over the whole file: a hostile file (thousands of events
        // repeating daily since year 1 with a huge COUNT) stops here, not the provider's time-out.
        var budget = Self.expansionBudget
        for event in events {
            let start = event.start.resolved(in: local)
            let length: TimeInterval = if let end = event.end {
                max(0, end.resolved(in: local).timeIntervalSince(start))
            } else if let duration = event.duration {
                max(0, duration)
            } else {
                event.start.isDate ? 86_400 : 0
            }
            let excluded = Set(event.exceptions.map { $0.resolved(in: local).timeIntervalSince1970 })
            let exceptionDays = Set(event.exceptions.compactMap { t -> Int? in if case .date(let d) = t { d } else { nil } })
            for occurrence in starts(of: event, in: local, from: from, until: to, budget: &budget) {
                let end = occurrence.date.addingTimeInterval(length)
                guard end > from || (length == 0 && occurrence.date >= from), occurrence.date < to else { continue }
                if excluded.contains(occurrence.date.timeIntervalSince1970) || exceptionDays.contains(occurrence.day) { continue }
                if event.recurrenceID == nil, let uid = event.uid, event.rule != nil,
                   replaced.contains("\(uid)|\(occurrence.date.timeIntervalSince1970)") { continue }
                out.append(CalendarEvent(title: event.title, location: event.location, start: occurrence.date, end: end, isAllDay: event.start.isDate))
            }
        }
        return out.sorted { ($0.start, $0.isAllDay ? 0 : 1, $0.title) < ($1.start, $1.isAllDay ? 0 : 1, $1.title) }
    }

    /// The starts of an event up to `limit`: the first, then its rule's, each at the first's
    /// local time of day in its zone (so a 09:00 meeting stays at 09:00 across a DST change).
    private func starts(of event: Event, in local: TimeZone, from: Date, until limit: Date, budget: inout Int) -> [(date: Date, day: Int)] {
        let (firstDay, seconds, zone): (Int, Int, TimeZone) = switch event.start {
        case .utc(let d): (Int((d.timeIntervalSince1970 / 86_400).rounded(.down)), Int(d.timeIntervalSince1970) - Int((d.timeIntervalSince1970 / 86_400).rounded(.down)) * 86_400, TimeZone(identifier: "UTC") ?? local)
        case .zoned(let day, let s, let z): (day, s, z)
        case .floating(let day, let s): (day, s, local)
        case .date(let day): (day, 0, local)
        }
        let at = { (day: Int) in (date: ICalendar.absolute(day: day, seconds: seconds, in: zone), day: day) }
        guard let rule = event.rule else { return [at(firstDay)] }
        let untilDate = rule.until.map { until -> Date in
            // A date-only UNTIL includes its whole day.
            if case .date(let d) = until { return ICalendar.absolute(day: d + 1, seconds: 0, in: zone).addingTimeInterval(-1) }
            return until.resolved(in: zone)
        }
        let lastDay = DateWords.localDay(of: limit, in: zone) + 1
        // Days before this only count towards COUNT: no event lasts that long into the window.
        let skipBefore = min(DateWords.localDay(of: from, in: zone) - 400, untilDate.map { DateWords.localDay(of: $0, in: zone) - 1 } ?? .max)
        var out: [(date: Date, day: Int)] = []
        var count = 0
        // Every candidate day in order; COUNT counts them all, shown or not.
        func offer(_ day: Int) -> Bool {
            budget -= 1
            if let limit = rule.count, count >= limit { return false }
            if day > lastDay || budget < 0 { return false }
            if day < skipBefore {
                count += 1
                return true
            }
            let occurrence = at(day)
            if let untilDate, occurrence.date > untilDate { return false }
            count += 1
            out.append(occurrence)
            return true
        }
        let weekday = { (day: Int) in ((day % 7) + 7 + 3) % 7 }
        switch rule.frequency {
        case .daily:
            var day = firstDay
            while true {
                if rule.byDay.isEmpty || rule.byDay.contains(weekday(day)) || day == firstDay {
                    guard offer(day) else { break }
                } else if day > lastDay { break }
                day += rule.interval
            }
        case .weekly:
            let days = (rule.byDay.isEmpty ? [weekday(firstDay)] : rule.byDay).map { ($0 - rule.weekStart + 7) % 7 }.sorted()
            var weekStart = firstDay - (weekday(firstDay) - rule.weekStart + 7) % 7
            var first = true
            outer: while true {
                if first { guard offer(firstDay) else { break } }
                for offset in days {
                    let day = weekStart + offset
                    if day < firstDay || (first && day == firstDay) { continue }
                    guard offer(day) else { break outer }
                }
                first = false
                weekStart += 7 * rule.interval
            }
        case .monthly, .yearly:
            let civil = DateWords.civil(fromDays: firstDay)
            var n = 0
            while true {
                let months = rule.frequency == .monthly ? n * rule.interval : n * 12 * rule.interval
                let total = civil.year * 12 + (civil.month - 1) + months
                let (y, m) = (total / 12, total % 12 + 1)
                let day = DateWords.daysFromCivil(year: y, month: m, day: civil.day)
                if day > lastDay { break }
                // A 31st in a month of 30 days is skipped, as RFC 5545 says.
                if DateWords.civil(fromDays: day).day == civil.day { guard offer(day) else { break } }
                n += 1
                if n > 12_000 { break }
            }
        }
        return out
    }

    /// The moment a local wall time stands for in `zone`; a time in a spring-forward gap moves
    /// forward by the gap, as RFC 5545 asks.
    static func absolute(day: Int, seconds: Int, in zone: TimeZone) -> Date {
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
}
