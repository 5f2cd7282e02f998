import Foundation
import WidgetDash

// MARK: - System families

/// Small: the weekday and month, today in big digits, and the days around today.
///
/// A whole month needs 20 columns (seven two-digit days and six gaps) and a small widget has
/// 18, so the small family shows a strip of six days around today instead of a cramped grid.
struct CalendarSmall: View {
    let month: MonthFacts

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text(month.weekdayName.uppercased()).font(.headline).foregroundStyle(.tint)
            Text("\(month.monthName) \(month.year)").foregroundStyle(.secondary)
            Spacer(minLength: 0)
            HStack(spacing: 2) {
                Text(String(month.day)).font(.largeTitle).layoutPriority(1)
                VStack(alignment: .leading, spacing: 0) {
                    Text("Week \(month.week)").foregroundStyle(.secondary)
                    Text("Day \(month.dayOfYear)").foregroundStyle(.secondary)
                    Text("\(month.daysLeftInYear) to go").foregroundStyle(.tertiary)
                }
            }
            // First in its column, so that it is sized with the three rows big digits need.
            .layoutPriority(1)
            Spacer(minLength: 0)
            DayStrip(month: month, offsets: -1...4)
        }
    }
}

/// A few days in a row, weekday initials over day numbers, today marked.
struct DayStrip: View {
    let month: MonthFacts
    let offsets: ClosedRange<Int>

    var body: some View {
        let days = offsets.map { (offset: $0, day: month.neighbour($0)) }
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                ForEach(days.indices) { i in
                    Text(String(DateWords.shortWeekday(days[i].day.weekday).prefix(2)))
                        .foregroundStyle(days[i].offset == 0 ? AnyShapeStyle(.tint) : AnyShapeStyle(.secondary))
                        .frame(width: 2, alignment: .trailing)
                }
            }
            HStack(spacing: 1) {
                ForEach(days.indices) { i in
                    Text(String(days[i].day.day))
                        .frame(width: 2, alignment: .trailing)
                        .modifier(TodayMark(isToday: days[i].offset == 0))
                }
            }
        }
    }
}

/// Medium: the date on the left, the month grid on the right.
struct CalendarMedium: View {
    let month: MonthFacts

    var body: some View {
        HStack(alignment: .top, spacing: 2) {
            VStack(alignment: .leading, spacing: 0) {
                Text(month.weekdayName.uppercased()).font(.headline).foregroundStyle(.tint)
                Spacer(minLength: 0)
                Text(String(month.day)).font(.largeTitle).layoutPriority(1)
                Spacer(minLength: 0)
                Text("\(month.monthName) \(month.year)").bold()
                Text("Week \(month.week) · Day \(month.dayOfYear)").foregroundStyle(.secondary)
            }
            .frame(maxWidth: .infinity, alignment: .leading)
            MonthGrid(month: month)
        }
    }
}

/// Large: the month and year, a roomy grid with week numbers, and the year's progress.
struct CalendarLarge: View {
    let month: MonthFacts

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Text("\(month.monthName) \(month.year)").font(.headline)
                Spacer(minLength: 0)
                Text("\(month.weekdayName) \(month.day)").foregroundStyle(.tint).bold()
            }
            Spacer(minLength: 0)
            HStack(spacing: 0) {
                Spacer(minLength: 0)
                MonthGrid(month: month, cellWidth: 4, rowSpacing: 1, showsWeekNumbers: true)
                Spacer(minLength: 0)
            }
            .layoutPriority(1)
            Spacer(minLength: 0)
            Divider()
            HStack(spacing: 1) {
                Text(String(month.year)).foregroundStyle(.secondary)
                ProgressView(value: Double(month.dayOfYear), total: Double(month.daysInYear))
                Text(DateWords.percent(Double(month.dayOfYear) / Double(max(1, month.daysInYear))))
                    .frame(width: 4, alignment: .trailing)
            }
            HStack(spacing: 1) {
                Text("Day \(month.dayOfYear) · \(month.daysLeftInYear) days left").foregroundStyle(.secondary).layoutPriority(1)
                Spacer(minLength: 1)
                Label(month.moonPhase, systemImage: "moon").foregroundStyle(.secondary).layoutPriority(1)
            }
        }
    }
}

// MARK: - Accessory families

/// Rectangular: the day number in big digits, with weekday, month and week beside it.
struct CalendarRectangular: View {
    let month: MonthFacts

    var body: some View {
        HStack(spacing: 1) {
            Text(String(month.day)).font(.largeTitle).layoutPriority(1)
            VStack(alignment: .leading, spacing: 0) {
                Text(month.weekdayName).bold()
                Text(month.monthName)
                Text("Week \(month.week)").foregroundStyle(.secondary)
            }
            .layoutPriority(1)
            // Leading, as lock screen text is, rather than centred.
            Spacer(minLength: 0)
        }
    }
}

/// Inline: "▦ Sunday, November 22".
struct CalendarInline: View {
    let month: MonthFacts

    var body: some View {
        HStack(spacing: 1) {
            Image(systemName: "calendar")
            Text("\(month.weekdayName), \(month.monthName) \(month.day)")
        }
    }
}
