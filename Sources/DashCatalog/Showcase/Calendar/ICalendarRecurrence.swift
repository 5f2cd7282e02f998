import Foundation

/// Walking a rule's starts in local day numbers and seconds into the day (RFC 5545 §3.3.10).
///
/// Each period the frequency names (a year, a month, a week, a day, an hour…) yields its
/// candidate days and times; the `BY…` parts expand or limit them as the RFC's table says,
/// with the parts not given taken from `DTSTART`; `BYSETPOS` then picks from the period's set.
/// Only the days a period can hold are generated (a yearly birthday costs one day a year).
extension ICalendar.Rule {
    /// Hands `body` each start in order, `DTSTART` first (it always counts as the first), until
    /// `body` returns false, a period begins after `lastDay`, or `budget` (candidates examined)
    /// runs out. Without `COUNT` the periods wholly before `skipBefore` are jumped over.
    func walk(firstDay: Int, firstSeconds: Int, lastDay: Int, skipBefore: Int, budget: inout Int, _ body: (Int, Int) -> Bool) {
        guard body(firstDay, firstSeconds) else { return }
        let first = firstDay * 86_400 + firstSeconds
        let start = Start(day: firstDay, seconds: firstSeconds, weekStart: weekStart)
        // The times of a day-or-longer period are the same in every period.
        let times = frequency.isTimeOfDay ? [] : dayTimes(start)
        let limitsDays = !byMonth.isEmpty || !byMonthDay.isEmpty || !byYearDay.isEmpty || !byWeekNo.isEmpty || !byDay.isEmpty || frequency == .weekly
        var k = count == nil ? firstPeriod(near: skipBefore, start) : 0
        if frequency == .daily && !limitsDays && bySetPos.isEmpty {
            // The commonest rule, and a hostile file's favourite: one day a period, nothing to check.
            var day = start.day + k * interval
            while budget > 0 && day <= lastDay {
                budget -= 1
                for time in times where day * 86_400 + time > first {
                    guard body(day, time) else { return }
                }
                day += interval
            }
            return
        }
        var set: [Int] = []
        while budget > 0 {
            guard let (periodDay, days, periodTimes) = period(k, start), periodDay <= lastDay else { return }
            budget -= max(1, days.count)
            set.removeAll(keepingCapacity: true)
            let dayTimes = frequency.isTimeOfDay ? periodTimes : times
            if bySetPos.isEmpty {
                // Nothing picks from the period's set: hand its starts over as they come.
                for day in days where day >= firstDay && (!limitsDays || matches(day, start)) {
                    // BYHOUR×BYMINUTE×BYSECOND can make 87,840 starts a day: they count too.
                    budget -= dayTimes.count
                    for time in dayTimes where day * 86_400 + time > first {
                        guard body(day, time) else { return }
                    }
                    if budget <= 0 { return }
                }
                k += 1
                continue
            }
            for day in days where !limitsDays || matches(day, start) {
                for time in dayTimes { set.append(day * 86_400 + time) }
                budget -= dayTimes.count
                if budget <= 0 { break }
            }
            set = Self.pick(bySetPos, from: set)
            for local in set where local > first {
                let day = Self.floorDiv(local, 86_400)
                guard body(day, local - day * 86_400) else { return }
            }
            k += 1
        }
    }

    /// What the parts left out are taken from.
    struct Start {
        let day: Int, seconds: Int
        let year: Int, month: Int, dayOfMonth: Int, weekday: Int
        /// The first day of `DTSTART`'s week, as `WKST` has weeks start.
        let weekFirstDay: Int

        init(day: Int, seconds: Int, weekStart: Int) {
            self.day = day
            self.seconds = seconds
            (year, month, dayOfMonth) = DateWords.civil(fromDays: day)
            weekday = ICalendar.Rule.weekday(day)
            weekFirstDay = day - (weekday - weekStart + 7) % 7
        }
    }

    /// Monday 0 … Sunday 6 (1 January 1970 was a Thursday).
    static func weekday(_ day: Int) -> Int { ((day % 7) + 7 + 3) % 7 }

    static func floorDiv(_ a: Int, _ b: Int) -> Int { a >= 0 ? a / b : -((-a + b - 1) / b) }

    static func daysInMonth(_ year: Int, _ month: Int) -> Int {
        let next = month == 12 ? DateWords.daysFromCivil(year: year + 1, month: 1, day: 1) : DateWords.daysFromCivil(year: year, month: month + 1, day: 1)
        return next - DateWords.daysFromCivil(year: year, month: month, day: 1)
    }

    /// The period with index `k` (0 holds `DTSTART`): its first day, its candidate days in
    /// order, and (finer than a day) the times of day to try on each.
    private func period(_ k: Int, _ start: Start) -> (first: Int, days: [Int], times: [Int])? {
        let (n, overflow) = k.multipliedReportingOverflow(by: interval)
        guard !overflow else { return nil }
        switch frequency {
        case .yearly:
            let year = start.year + n
            guard year < 100_000 else { return nil }
            let anyDayPart = !byDay.isEmpty || !byMonthDay.isEmpty || !byYearDay.isEmpty || !byWeekNo.isEmpty
            let months = !byMonth.isEmpty ? Array(Set(byMonth)).sorted() : anyDayPart ? Array(1...12) : [start.month]
            return (DateWords.daysFromCivil(year: year, month: 1, day: 1), months.flatMap { monthDays(year, $0, start) }, [])
        case .monthly:
            let total = start.year * 12 + start.month - 1 + n
            guard total < 1_200_000 else { return nil }
            let (year, month) = (total / 12, total % 12 + 1)
            return (DateWords.daysFromCivil(year: year, month: month, day: 1), monthDays(year, month, start), [])
        case .weekly:
            let first = start.weekFirstDay + 7 * n
            return (first, Array(first..<first + 7), [])
        case .daily:
            return (start.day + n, [start.day + n], [])
        case .hourly, .minutely, .secondly:
            let unit = frequency == .hourly ? 3600 : frequency == .minutely ? 60 : 1
            let (offset, overflow) = n.multipliedReportingOverflow(by: unit)
            guard !overflow else { return nil }
            let at = start.day * 86_400 + (start.seconds / unit) * unit + offset
            let day = Self.floorDiv(at, 86_400)
            let (hour, minute, second) = ((at - day * 86_400) / 3600, (at - day * 86_400) / 60 % 60, (at - day * 86_400) % 60)
            if !byHour.isEmpty && !byHour.contains(hour) { return (day, [], []) }
            if frequency != .hourly && !byMinute.isEmpty && !byMinute.contains(minute) { return (day, [], []) }
            if frequency == .secondly && !bySecond.isEmpty && !bySecond.contains(second) { return (day, [], []) }
            let minutes = frequency == .hourly ? (byMinute.isEmpty ? [start.seconds / 60 % 60] : Array(Set(byMinute)).sorted()) : [minute]
            let seconds = frequency == .secondly ? [second] : (bySecond.isEmpty ? [start.seconds % 60] : Array(Set(bySecond)).sorted())
            return (day, [day], minutes.flatMap { m in seconds.map { hour * 3600 + m * 60 + $0 } })
        }
    }

    /// The candidate days of one month: all of them when weekdays, year days or week numbers
    /// decide; else the `BYMONTHDAY`s (from the end when negative); else `DTSTART`'s day.
    private func monthDays(_ year: Int, _ month: Int, _ start: Start) -> [Int] {
        let first = DateWords.daysFromCivil(year: year, month: month, day: 1)
        let count = Self.daysInMonth(year, month)
        if !byDay.isEmpty || !byYearDay.isEmpty || !byWeekNo.isEmpty { return Array(first..<first + count) }
        let wanted = byMonthDay.isEmpty ? [start.dayOfMonth] : byMonthDay.map { $0 > 0 ? $0 : count + $0 + 1 }
        return Set(wanted.filter { (1...count).contains($0) }).sorted().map { first + $0 - 1 }
    }

    /// The times of day of a day-or-longer period: `BYHOUR`×`BYMINUTE`×`BYSECOND`, each part
    /// not given taken from `DTSTART`.
    private func dayTimes(_ start: Start) -> [Int] {
        let hours = byHour.isEmpty ? [start.seconds / 3600] : Array(Set(byHour)).sorted()
        let minutes = byMinute.isEmpty ? [start.seconds / 60 % 60] : Array(Set(byMinute)).sorted()
        let seconds = bySecond.isEmpty ? [start.seconds % 60] : Array(Set(bySecond)).sorted()
        return hours.flatMap { h in minutes.flatMap { m in seconds.map { h * 3600 + m * 60 + $0 } } }
    }

    /// Whether a candidate day passes every `BY…` part (and the defaults from `DTSTART`).
    private func matches(_ day: Int, _ start: Start) -> Bool {
        let (year, month, dayOfMonth) = DateWords.civil(fromDays: day)
        if !byMonth.isEmpty && !byMonth.contains(month) { return false }
        let monthLength = Self.daysInMonth(year, month)
        if !byMonthDay.isEmpty && !byMonthDay.contains(where: { $0 == dayOfMonth || $0 == dayOfMonth - monthLength - 1 }) { return false }
        let januaryFirst = DateWords.daysFromCivil(year: year, month: 1, day: 1)
        let yearLength = DateWords.daysFromCivil(year: year + 1, month: 1, day: 1) - januaryFirst
        let dayOfYear = day - januaryFirst + 1
        if !byYearDay.isEmpty && !byYearDay.contains(where: { $0 == dayOfYear || $0 == dayOfYear - yearLength - 1 }) { return false }
        if !byWeekNo.isEmpty {
            let (week, weeks) = weekNumber(day)
            if !byWeekNo.contains(where: { $0 == week || $0 == week - weeks - 1 }) { return false }
        }
        let weekday = Self.weekday(day)
        if !byDay.isEmpty {
            // Numbered weekdays count within the month (MONTHLY, or YEARLY with BYMONTH) or the year.
            let inMonth = frequency == .monthly || (frequency == .yearly && !byMonth.isEmpty)
            let counted = frequency == .monthly || (frequency == .yearly && byWeekNo.isEmpty)
            let (nth, nthFromEnd) = inMonth ? ((dayOfMonth - 1) / 7 + 1, -((monthLength - dayOfMonth) / 7 + 1))
                : ((dayOfYear - 1) / 7 + 1, -((yearLength - dayOfYear) / 7 + 1))
            if !byDay.contains(where: { $0.weekday == weekday && ($0.ordinal == 0 || !counted || $0.ordinal == nth || $0.ordinal == nthFromEnd) }) {
                return false
            }
        } else if frequency == .weekly || (frequency == .yearly && !byWeekNo.isEmpty && byYearDay.isEmpty && byMonthDay.isEmpty) {
            return weekday == start.weekday
        }
        return true
    }

    /// The week of `day` as `WKST` numbers weeks (week 1 holds at least four days of its year),
    /// and how many weeks that year has.
    private func weekNumber(_ day: Int) -> (week: Int, weeks: Int) {
        func weekOne(_ year: Int) -> Int {
            let fourth = DateWords.daysFromCivil(year: year, month: 1, day: 4)
            return fourth - (Self.weekday(fourth) - weekStart + 7) % 7
        }
        var year = DateWords.civil(fromDays: day).year
        if day < weekOne(year) { year -= 1 } else if day >= weekOne(year + 1) { year += 1 }
        return ((day - weekOne(year)) / 7 + 1, (weekOne(year + 1) - weekOne(year)) / 7)
    }

    /// `BYSETPOS`: the members of a period's ordered set at the given positions (−1 the last).
    static func pick(_ positions: [Int], from set: [Int]) -> [Int] {
        let indices = Set(positions.compactMap { p -> Int? in
            let i = p > 0 ? p - 1 : set.count + p
            return set.indices.contains(i) ? i : nil
        })
        return indices.sorted().map { set[$0] }
    }

    /// The first period worth walking when nothing before `day` is needed (no `COUNT`).
    private func firstPeriod(near day: Int, _ start: Start) -> Int {
        guard day > start.day else { return 0 }
        let (year, month, _) = DateWords.civil(fromDays: day)
        let units: Int = switch frequency {
        case .yearly: year - start.year
        case .monthly: (year * 12 + month) - (start.year * 12 + start.month)
        case .weekly: (day - start.weekFirstDay) / 7
        case .daily: day - start.day
        case .hourly: (day - start.day) * 24 - start.seconds / 3600
        case .minutely: (day - start.day) * 1440 - start.seconds / 60
        case .secondly: (day - start.day) * 86_400 - start.seconds
        }
        return max(0, units / interval)
    }
}
