import Foundation

/// Expanding an iCalendar's events and rules into the occurrences a range of days holds.
extension ICalendar {
    /// Every occurrence overlapping `from..<to`, in order of start, with floating times and
    /// all-day events in `local`.
    public func occurrences(from: Date, to: Date, in local: TimeZone) -> [CalendarEvent] {
        // Changed occurrences replace the ones they name: (uid, start) pairs to leave out.
        var replaced = Set<String>()
        for event in events {
            // A cancelled series shows nothing; a cancelled occurrence only removes the one it names.
            if let uid = event.uid, let id = event.recurrenceID { replaced.insert("\(uid)|\(id.resolved(in: local).timeIntervalSince1970)") }
        }
        var out: [CalendarEvent] = []
        // Candidate days examined over the whole file: a hostile file (thousands of events
        // repeating daily since year 1 with a huge COUNT) stops here, not the provider's time-out.
        var budget = Self.expansionBudget
        for event in events where !event.isCancelled {
            let start = event.start.resolved(in: local)
            let length: TimeInterval = if let end = event.end {
                max(0, end.resolved(in: local).timeIntervalSince(start))
            } else if let duration = event.duration {
                max(0, duration)
            } else {
                event.start.isDate ? 86_400 : 0
            }
            // An all-day event lasts whole days: it ends at a later midnight, even across a clock change.
            let days: Int? = !event.start.isDate ? nil
                : event.end.map { $0.localDay(in: Zone(local)) - event.start.localDay(in: Zone(local)) }
                ?? event.duration.map { Int(clamping: $0 / 86_400) } ?? 1
            let excluded = Set(event.exceptions.map { $0.resolved(in: local).timeIntervalSince1970 })
            let exceptionDays = Set(event.exceptions.compactMap { t -> Int? in if case .date(let d) = t { d } else { nil } })
            for occurrence in starts(of: event, in: local, from: from, until: to, budget: &budget) {
                let end = days.map { ICalendar.absolute(day: occurrence.day + max(0, $0), seconds: 0, in: local) } ?? occurrence.date.addingTimeInterval(length)
                guard end > from || (length == 0 && occurrence.date >= from), occurrence.date < to else { continue }
                if excluded.contains(occurrence.date.timeIntervalSince1970) || exceptionDays.contains(occurrence.day) { continue }
                if event.recurrenceID == nil, let uid = event.uid, event.rule != nil || !event.extraStarts.isEmpty,
                   replaced.contains("\(uid)|\(occurrence.date.timeIntervalSince1970)") { continue }
                out.append(CalendarEvent(title: event.title, location: event.location, start: occurrence.date, end: end, isAllDay: event.start.isDate))
            }
        }
        return out.sorted { ($0.start, $0.isAllDay ? 0 : 1, $0.title) < ($1.start, $1.isAllDay ? 0 : 1, $1.title) }
    }

    /// The starts of an event up to `limit`: `DTSTART`, its rule's and its `RDATE`s, each rule
    /// start at its local time of day in its zone (so a 09:00 meeting stays at 09:00 across a
    /// DST change).
    private func starts(of event: Event, in local: TimeZone, from: Date, until limit: Date, budget: inout Int) -> [(date: Date, day: Int)] {
        let (firstDay, seconds, zone): (Int, Int, Zone) = switch event.start {
        case .utc(let d):
            (Rule.floorDiv(Int(d.timeIntervalSince1970.rounded(.down)), 86_400),
             Int(d.timeIntervalSince1970.rounded(.down)) - Rule.floorDiv(Int(d.timeIntervalSince1970.rounded(.down)), 86_400) * 86_400, .utc)
        case .zoned(let day, let s, let z): (day, s, z)
        case .floating(let day, let s): (day, s, Zone(local))
        case .date(let day): (day, 0, Zone(local))
        }
        let at = { (day: Int, seconds: Int) in (date: ICalendar.absolute(day: day, seconds: seconds, in: zone), day: day) }
        let lastDay = zone.localDay(of: limit) + 1
        let firstWanted = zone.localDay(of: from) - 400
        let extra = event.extraStarts.map { t in (date: t.resolved(in: Zone(local)), day: t.localDay(in: zone)) }
            .filter { $0.day >= firstWanted && $0.day <= lastDay }
        guard let rule = event.rule else { return [at(firstDay, seconds)] + extra }
        let untilDate = rule.until.map { until -> Date in
            // A date-only UNTIL includes its whole day.
            if case .date(let d) = until { return ICalendar.absolute(day: d + 1, seconds: 0, in: zone).addingTimeInterval(-1) }
            return until.resolved(in: zone)
        }
        // Days before this only count towards COUNT: no event lasts that long into the window.
        let skipBefore = min(firstWanted, untilDate.map { zone.localDay(of: $0) - 1 } ?? .max)
        var out: [(date: Date, day: Int)] = []
        // Starts before the window matter only for a long event that reaches into it: the last few.
        var before: [(date: Date, day: Int)] = []
        var count = 0
        // Every start in order; COUNT counts them all, shown or not.
        rule.walk(firstDay: firstDay, firstSeconds: event.start.isDate ? 0 : seconds, lastDay: lastDay, skipBefore: skipBefore, budget: &budget) { day, seconds in
            if let limit = rule.count, count >= limit { return false }
            if day > lastDay { return false }
            count += 1
            if day < skipBefore { return true }
            let occurrence = at(day, seconds)
            if let untilDate, occurrence.date > untilDate { return false }
            if occurrence.date < from {
                if before.count >= 64 { before.removeFirst(32) }
                before.append(occurrence)
                return true
            }
            out.append(occurrence)
            return out.count < Self.maxOccurrences
        }
        // An RDATE that repeats a rule's start is one occurrence (RFC 5545).
        out = before + out
        let known = Set(out.map(\.date))
        return out + extra.filter { !known.contains($0.date) }
    }
}

extension ICalendar.Time {
    /// The day (since 1970) this time falls on in `zone`; a date is its own day.
    func localDay(in zone: ICalendar.Zone) -> Int {
        if case .date(let day) = self { return day }
        return zone.localDay(of: resolved(in: zone))
    }
}
