import Foundation
import WidgetDash

// MARK: - System families

/// Small: the weekday, big hours and minutes, live seconds, the date.
struct ClockSmall: View {
    let facts: ClockFacts

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            WeekdayHeader(facts: facts, trailing: Text("W\(facts.week)").font(.caption).foregroundStyle(.secondary))
            Spacer(minLength: 0)
            facts.bigTime
            facts.liveSecondsRow
            Spacer(minLength: 0)
            Text("\(facts.day) \(facts.monthName)").foregroundStyle(.secondary)
        }
    }
}

/// Medium: the clock on the left; the date, week and the day's progress on the right.
struct ClockMedium: View {
    let facts: ClockFacts

    var body: some View {
        HStack(alignment: .top, spacing: 2) {
            VStack(alignment: .leading, spacing: 0) {
                Text(facts.weekdayName.uppercased()).font(.headline).foregroundStyle(.tint)
                Spacer(minLength: 0)
                facts.bigTime
                facts.liveSecondsRow
                Spacer(minLength: 0)
            }
            .frame(width: 17, alignment: .leading)
            Divider()
            VStack(alignment: .leading, spacing: 0) {
                Text(facts.longDate).bold()
                Text("Week \(facts.week) · Day \(facts.dayOfYear)").foregroundStyle(.secondary)
                Spacer(minLength: 0)
                FactRow(title: "Day", titleWidth: 4) { PercentBar(fraction: facts.dayFraction) }
                FactRow(title: "Year", titleWidth: 4) { PercentBar(fraction: facts.yearFraction) }
                Spacer(minLength: 0)
                Label(ClockFacts.zoneName(facts.calendar.timeZone, at: facts.date), systemImage: "globe")
                    .foregroundStyle(.secondary)
            }
        }
    }
}

/// Large: the clock and date on top, the day, week and year in bars, then clocks around the world.
struct ClockLarge: View {
    let facts: ClockFacts

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            WeekdayHeader(facts: facts, trailing: Text("Week \(facts.week)").foregroundStyle(.secondary))
            HStack(spacing: 1) {
                Text(facts.longDate).foregroundStyle(.secondary)
                Spacer(minLength: 0)
                Text("Day \(facts.dayOfYear)").foregroundStyle(.secondary)
            }
            Spacer(minLength: 0)
            BigTimeWithSeconds(facts: facts)
            Spacer(minLength: 0)
            ProgressRows(facts: facts)
            Spacer(minLength: 0)
            Divider()
            WorldClockList(facts: facts, zones: WorldClock.large)
        }
    }
}

/// Extra large: the large clock on the left, a longer list of world clocks on the right.
struct ClockExtraLarge: View {
    let facts: ClockFacts

    var body: some View {
        HStack(alignment: .top, spacing: 2) {
            VStack(alignment: .leading, spacing: 0) {
                WeekdayHeader(facts: facts, trailing: Text("Week \(facts.week) · Day \(facts.dayOfYear)").foregroundStyle(.secondary))
                Text(facts.longDate).foregroundStyle(.secondary)
                Spacer(minLength: 0)
                BigTimeWithSeconds(facts: facts)
                Spacer(minLength: 0)
                ProgressRows(facts: facts)
                Spacer(minLength: 0)
                Label(ClockFacts.zoneName(facts.calendar.timeZone, at: facts.date), systemImage: "location")
                    .foregroundStyle(.secondary)
            }
            .frame(width: 43)
            Divider()
            VStack(alignment: .leading, spacing: 0) {
                Label("World clocks", systemImage: "globe").bold()
                Spacer(minLength: 0)
                WorldClockList(facts: facts, zones: WorldClock.extraLarge, rowSpacing: 1)
                Spacer(minLength: 0)
            }
        }
    }
}

// MARK: - Accessory families

/// Circular: hours and minutes inside a ring that fills as the hour goes by.
struct ClockCircular: View {
    let facts: ClockFacts

    var body: some View {
        let minute = facts.calendar.component(.minute, from: facts.date)
        Gauge(value: Double(minute), in: 0...60) {
            EmptyView()
        } currentValueLabel: {
            Text(facts.date, style: .time)
        }
        .gaugeStyle(.accessoryCircular)
    }
}

/// Rectangular: big hours and minutes, with the weekday, day and month stacked beside them.
struct ClockRectangular: View {
    let facts: ClockFacts

    var body: some View {
        HStack(spacing: 1) {
            facts.bigTime
            VStack(alignment: .leading, spacing: 0) {
                Text(facts.shortWeekday).bold()
                Text(String(facts.day))
                Text(facts.shortMonth).foregroundStyle(.secondary)
            }
        }
    }
}

/// Inline: one glyph and one line of text, as the lock screen allows.
struct ClockInline: View {
    let facts: ClockFacts

    var body: some View {
        HStack(spacing: 1) {
            Image(systemName: "clock")
            Text("\(facts.shortWeekday) \(facts.day) \(facts.shortMonth) · ") + Text(facts.date, style: .time)
        }
    }
}

// MARK: - Parts

/// The weekday in capitals on the left and `trailing` (the week, the day) on the right, as the
/// small, large and extra large families open.
struct WeekdayHeader: View {
    let facts: ClockFacts
    let trailing: Text

    var body: some View {
        HStack(spacing: 1) {
            Text(facts.weekdayName.uppercased()).font(.headline).foregroundStyle(.tint)
            Spacer(minLength: 0)
            trailing
        }
    }
}

/// How far through the day, the week and the year this minute is, as bars.
struct ProgressRows: View {
    let facts: ClockFacts

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            FactRow(title: "Day", titleWidth: 5) { PercentBar(fraction: facts.dayFraction) }
            FactRow(title: "Week", titleWidth: 5) { PercentBar(fraction: facts.weekFraction) }
            FactRow(title: "Year", titleWidth: 5) { PercentBar(fraction: facts.yearFraction) }
        }
    }
}

/// Big hours and minutes, centred, with the live seconds at their baseline.
struct BigTimeWithSeconds: View {
    let facts: ClockFacts

    var body: some View {
        HStack(alignment: .bottom, spacing: 2) {
            Spacer(minLength: 0)
            facts.bigTime
            facts.liveSeconds.foregroundStyle(.secondary).layoutPriority(1)
            Spacer(minLength: 0)
        }
        // First in its column, so that it is sized with all three rows it needs.
        .layoutPriority(1)
    }
}

/// A bar with its percentage, the value of a fact row: "██████░░░░  45%".
struct PercentBar: View {
    let fraction: Double

    var body: some View {
        ProgressView(value: fraction)
        Text(DateWords.percent(fraction)).frame(width: 4, alignment: .trailing)
    }
}

/// A city and its time zone, for the world clocks.
struct WorldClock: Sendable {
    let city: String
    let identifier: String

    static let utc = WorldClock(city: "UTC", identifier: "UTC")
    static let sanFrancisco = WorldClock(city: "San Francisco", identifier: "America/Los_Angeles")
    static let newYork = WorldClock(city: "New York", identifier: "America/New_York")
    static let london = WorldClock(city: "London", identifier: "Europe/London")
    static let berlin = WorldClock(city: "Berlin", identifier: "Europe/Berlin")
    static let kolkata = WorldClock(city: "Kolkata", identifier: "Asia/Kolkata")
    static let tokyo = WorldClock(city: "Tokyo", identifier: "Asia/Tokyo")
    static let sydney = WorldClock(city: "Sydney", identifier: "Australia/Sydney")

    /// The cities of the large family, west to east.
    static let large = [sanFrancisco, newYork, london, tokyo, sydney]

    /// The cities of the extra large family: UTC, then west to east.
    static let extraLarge = [utc, sanFrancisco, newYork, london, berlin, kolkata, tokyo, sydney]
}

/// One line per city: a day or night glyph, the city, its time, its weekday, its offset from here.
struct WorldClockList: View {
    let facts: ClockFacts
    let zones: [WorldClock]
    var rowSpacing = 0

    var body: some View {
        // A zone the system's time zone database lacks is left out rather than shown wrong.
        let rows = zones.compactMap { zone in TimeZone(identifier: zone.identifier).map { (zone.city, $0) } }
        VStack(alignment: .leading, spacing: rowSpacing) {
            ForEach(rows.indices) { i in
                WorldClockRow(facts: facts, city: rows[i].0, zone: rows[i].1)
            }
        }
    }
}

/// "☀ New York        05:42  Sun  −5h".
struct WorldClockRow: View {
    let facts: ClockFacts
    let city: String
    let zone: TimeZone

    var body: some View {
        var there = facts.calendar
        there.timeZone = zone
        let c = there.dateComponents([.hour, .minute, .weekday], from: facts.date)
        let hour = c.hour ?? 0
        let isDay = (7..<19).contains(hour)
        let offset = zone.secondsFromGMT(for: facts.date) - facts.calendar.timeZone.secondsFromGMT(for: facts.date)
        return HStack(spacing: 1) {
            Image(systemName: isDay ? "sun.max" : "moon").foregroundStyle(isDay ? Color.yellow : Color.indigo)
            Text(city).frame(width: 14, alignment: .leading)
            Text("\(DateWords.pad2(hour)):\(DateWords.pad2(c.minute ?? 0))").bold()
            Text(DateWords.shortWeekday(c.weekday ?? 1)).foregroundStyle(.secondary)
            Spacer(minLength: 1)
            Text(ClockFacts.offsetText(offset)).foregroundStyle(.secondary)
        }
    }
}

extension ClockFacts {
    /// The offset of another zone from this one: "−5h", "+5:30", "same".
    static func offsetText(_ seconds: Int) -> String {
        if seconds == 0 { return "same" }
        let sign = seconds < 0 ? "−" : "+"
        let minutes = abs(seconds) / 60
        let h = minutes / 60, m = minutes % 60
        return m == 0 ? "\(sign)\(h)h" : "\(sign)\(h):\(DateWords.pad2(m))"
    }

    /// The zone's identifier with its offset from UTC: "Europe/Berlin · UTC+1".
    static func zoneName(_ zone: TimeZone, at date: Date) -> String {
        let offset = zone.secondsFromGMT(for: date)
        // Foundation names UTC "GMT" on Linux; both mean the same zone, and UTC is its name now.
        if zone.identifier == "UTC" || zone.identifier == "GMT" { return "UTC" }
        let minutes = abs(offset) / 60
        let sign = offset < 0 ? "−" : "+"
        let utc = minutes % 60 == 0 ? "UTC\(sign)\(minutes / 60)" : "UTC\(sign)\(minutes / 60):\(DateWords.pad2(minutes % 60))"
        return "\(zone.identifier) · \(utc)"
    }
}
