import Foundation
import WidgetDash

// A habit tracker: tick today off, keep the streak going.
//
// Written against WidgetDash the way a WidgetKit extension is written against WidgetKit and
// SwiftUI. docs/writing-a-widget.md walks through it next to the same widget for iOS.

// MARK: - Settings: what each placed widget tracks

/// The symbol before the habit's name, chosen in the widget's settings.
enum HabitSymbol: String, AppEnum {
    case book, walk, water, meditate, music, write, sleep

    static let typeDisplayRepresentation: DisplayRepresentation = "Symbol"
    static let caseDisplayRepresentations: [HabitSymbol: DisplayRepresentation] = [
        .book: "Book", .walk: "Walk", .water: "Water", .meditate: "Meditate",
        .music: "Music", .write: "Write", .sleep: "Sleep",
    ]

    /// The SF Symbol's name. widgetdash draws it as a one-column glyph.
    var systemName: String {
        switch self {
        case .book: "book"
        case .walk: "figure.walk"
        case .water: "drop"
        case .meditate: "leaf"
        case .music: "music.note"
        case .write: "pencil"
        case .sleep: "bed.double"
        }
    }
}

/// The settings of one habit widget: `habit@small:habit=Run,symbol=walk` in a placement, or
/// `e` on the dashboard.
struct HabitConfigurationIntent: WidgetConfigurationIntent {
    static let title = "Habit"
    /// The habit tracked when nothing is chosen, and the one the control logs.
    static let defaultHabit = "Read"

    @Parameter(title: "Habit") var habit: String = Self.defaultHabit
    @Parameter(title: "Symbol") var symbol: HabitSymbol = .book
}

// MARK: - The log: the days each habit was done

/// The days each habit was done, kept in the widgets' shared defaults (an App Group's
/// `UserDefaults` on iOS): the intent writes them and the provider reads them. Each habit is a
/// key whose value is its days, written "2026-11-22".
enum HabitLog {
    static let defaults = WidgetSharedDefaults(suiteName: "habits")

    /// The days `habit` was done.
    static func days(of habit: String) -> Set<String> {
        Set(defaults.strings(forKey: habit))
    }

    /// Marks `day` done or not done, in one atomic step, so two quick taps cannot lose one.
    static func mark(_ habit: String, day: String, done: Bool) {
        defaults.modify { values in
            var days: Set<String> = []
            if case .strings(let list) = values[habit] { days = Set(list) }
            if done { days.insert(day) } else { days.remove(day) }
            values[habit] = .strings(days.sorted())
        }
    }
}

extension Calendar {
    /// The log's name for the day `date` falls on: "2026-11-22".
    func habitDay(of date: Date) -> String {
        let c = dateComponents([.year, .month, .day], from: date)
        func twoDigits(_ n: Int) -> String { n < 10 ? "0\(n)" : "\(n)" }
        return "\(c.year ?? 0)-\(twoDigits(c.month ?? 0))-\(twoDigits(c.day ?? 0))"
    }
}

// MARK: - The intent: what the toggle does

/// A habit with no name cannot be logged.
struct UnnamedHabitError: Error, CustomStringConvertible {
    var description: String { "Name the habit first (press e)" }
}

/// Marks one day of one habit done or not done. The widget's toggle and the control run it.
///
/// It carries the day it logs (the entry's "today"), so a tap just before midnight logs the day
/// that was on screen, and under time travel the travelled day.
struct LogHabitIntent: SetValueIntent {
    static let title = "Log habit"
    var habit: String
    var day: String
    /// The toggle's new state, set just before `perform()` runs.
    var value = true

    func perform() async throws {
        guard !habit.isEmpty else { throw UnnamedHabitError() }
        HabitLog.mark(habit, day: day, done: value)
        // The tapped widget reloads by itself. The same habit may be on screen twice (on the
        // home screen and the lock screen), and the control changes it from outside a widget,
        // so ask for every habit widget, as an app does after changing shared data.
        WidgetCenter.shared.reloadTimelines(ofKind: HabitWidget.kind)
    }
}

// MARK: - The entry: the widget at one moment

struct HabitEntry: TimelineEntry {
    /// One day in the strip: its weekday (1 is Sunday) and whether the habit was done.
    struct Mark: Hashable, Sendable {
        let weekday: Int
        let done: Bool
    }

    let date: Date
    let habit: String
    let symbol: HabitSymbol
    /// The day this entry shows as today, as the log names it: what the toggle logs.
    let today: String
    /// The last 28 days, oldest first; the last one is today.
    let marks: [Mark]
    /// Days in a row up to today, or up to yesterday while today is still open.
    let streak: Int

    var isDoneToday: Bool { marks.last?.done ?? false }
    var daysDone: Int { marks.filter(\.done).count }

    /// A streak that ends tonight unless today is ticked off is what a Smart Stack should show.
    var relevance: TimelineEntryRelevance? {
        TimelineEntryRelevance(score: !isDoneToday && streak > 0 ? 0.8 : 0.1)
    }
}

extension HabitEntry {
    /// The entry for the day `date` falls on, from the days in the log.
    init(date: Date, habit: String, symbol: HabitSymbol, log: Set<String>, calendar: Calendar) {
        let start = calendar.startOfDay(for: date)
        func day(_ offset: Int) -> Date { calendar.date(byAdding: .day, value: offset, to: start) ?? start }
        self.date = date
        self.habit = habit
        self.symbol = symbol
        today = calendar.habitDay(of: start)
        marks = (-27...0).map { offset in
            let d = day(offset)
            return Mark(weekday: calendar.component(.weekday, from: d), done: log.contains(calendar.habitDay(of: d)))
        }
        // Count back from today (or from yesterday while today is open); a streak cannot be
        // longer than the log, which bounds the loop whatever the log holds.
        var streak = 0
        var offset = log.contains(today) ? 0 : -1
        while streak < log.count, log.contains(calendar.habitDay(of: day(offset))) {
            streak += 1
            offset -= 1
        }
        self.streak = streak
    }

    /// The gallery's preview: twelve days in a row, after a few misses.
    static func sample(habit: String, symbol: HabitSymbol, at date: Date, calendar: Calendar) -> HabitEntry {
        let start = calendar.startOfDay(for: date)
        let missed: Set<Int> = [12, 17, 18, 25]
        let log = Set((0..<28).filter { !missed.contains($0) }.map {
            calendar.habitDay(of: calendar.date(byAdding: .day, value: -$0, to: start) ?? start)
        })
        return HabitEntry(date: date, habit: habit, symbol: symbol, log: log, calendar: calendar)
    }
}

// MARK: - The provider: entries over time

/// Today's entry now and tomorrow's at midnight, when today's box empties and a streak may end;
/// `.atEnd` then asks again for the new day. A tap reloads at once, outside the budget, so one
/// planned reload a day is all the widget needs.
struct HabitProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> HabitEntry {
        .sample(habit: "Habit", symbol: .book, at: context.date, calendar: .current)
    }

    func snapshot(for configuration: HabitConfigurationIntent, in context: Context) async -> HabitEntry {
        let habit = Self.name(configuration)
        if context.isPreview {
            return .sample(habit: habit, symbol: configuration.symbol, at: context.date, calendar: .current)
        }
        return HabitEntry(date: context.date, habit: habit, symbol: configuration.symbol,
                          log: HabitLog.days(of: habit), calendar: .current)
    }

    func timeline(for configuration: HabitConfigurationIntent, in context: Context) async throws -> Timeline<HabitEntry> {
        let calendar = Calendar.current
        let habit = Self.name(configuration)
        let log = HabitLog.days(of: habit)
        // context.date, not Date(): the dashboard's clock, so time travel and
        // `snapshot --at` show the day they are asked about.
        let now = context.date
        let midnight = calendar.date(byAdding: .day, value: 1, to: calendar.startOfDay(for: now)) ?? now.addingTimeInterval(86_400)
        let entries = [now, midnight].map {
            HabitEntry(date: $0, habit: habit, symbol: configuration.symbol, log: log, calendar: calendar)
        }
        return Timeline(entries: entries, policy: .atEnd)
    }

    private static func name(_ configuration: HabitConfigurationIntent) -> String {
        configuration.habit.trimmingCharacters(in: .whitespaces)
    }
}

// MARK: - The view: one layout per family

struct HabitView: View {
    let entry: HabitEntry
    @Environment(\.widgetFamily) private var family
    @Environment(\.colorScheme) private var colorScheme

    var body: some View {
        content
            // StandBy and the lock screen remove it; the home screen draws it behind the panel.
            .containerBackground(background, for: .widget)
    }

    /// A faint green, dark or light with the color scheme.
    private var background: Color {
        colorScheme == .dark ? Color(red: 0.09, green: 0.14, blue: 0.11) : Color(red: 0.93, green: 0.97, blue: 0.94)
    }

    @ViewBuilder private var content: some View {
        if entry.habit.isEmpty {
            unnamed
        } else {
            switch family {
            case .accessoryInline: inline
            case .accessoryCircular: circular
            case .accessoryRectangular: rectangular
            case .systemMedium: medium
            default: small
            }
        }
    }

    // MARK: Pieces

    private var title: some View {
        Label(entry.habit, systemImage: entry.symbol.systemName).bold().lineLimit(1)
    }

    /// The big number and what it counts, or how to start.
    @ViewBuilder private var streak: some View {
        if entry.streak == 0 {
            Text(entry.daysDone == 0 ? "Tick Done today to start a streak." : "No streak yet: tick Done today.")
                .foregroundStyle(.secondary)
        } else {
            HStack(spacing: 2) {
                Text("\(entry.streak)").font(.largeTitle).foregroundStyle(.green)
                VStack(alignment: .leading, spacing: 0) {
                    Text(entry.streak == 1 ? "day" : "days")
                    Text("in a row")
                }
                .foregroundStyle(.secondary)
            }
        }
    }

    /// Done, missed, or (today) still open.
    private func dot(_ mark: HabitEntry.Mark, isToday: Bool) -> some View {
        if mark.done { return Text("●").foregroundStyle(.green) }
        if isToday { return Text("◌").foregroundStyle(entry.streak > 0 ? .orange : .secondary) }
        return Text("○").foregroundStyle(.tertiary)
    }

    /// Days as dots, oldest first; the last one is today when `endsToday`.
    private func dots(_ marks: [HabitEntry.Mark], endsToday: Bool = true, spacing: Int = 1) -> some View {
        HStack(spacing: spacing) {
            ForEach(marks.indices, id: \.self) { i in
                dot(marks[i], isToday: endsToday && i == marks.count - 1)
            }
        }
    }

    /// Sunday first, as `Calendar` numbers weekdays; spelled out so every locale draws the same.
    private static let weekdayInitials = ["S", "M", "T", "W", "T", "F", "S"]

    /// The weekdays' initials, to go over a row of dots.
    private func initials(_ marks: [HabitEntry.Mark]) -> some View {
        HStack(spacing: 1) {
            ForEach(marks.indices, id: \.self) { i in
                Text(Self.weekdayInitials[(marks[i].weekday + 6) % 7])
            }
        }
        .foregroundStyle(.tertiary)
    }

    private var lastSevenDays: [HabitEntry.Mark] { Array(entry.marks.suffix(7)) }

    private var toggle: some View {
        Toggle(isOn: entry.isDoneToday, intent: LogHabitIntent(habit: entry.habit, day: entry.today)) {
            Text("Done today")
        }
    }

    // MARK: Families

    /// 18×9 cells inside the border.
    private var small: some View {
        VStack(alignment: .leading, spacing: 0) {
            title
            Spacer(minLength: 0)
            streak.invalidatableContent()
            Spacer(minLength: 0)
            initials(lastSevenDays)
            dots(lastSevenDays).invalidatableContent()
            toggle
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }

    /// 42×9: the small layout, and the last four weeks beside it.
    private var medium: some View {
        HStack(alignment: .top, spacing: 3) {
            VStack(alignment: .leading, spacing: 0) {
                title
                Spacer(minLength: 0)
                streak.invalidatableContent()
                Spacer(minLength: 0)
                Text("\(entry.daysDone) of the last 28 days").foregroundStyle(.secondary).invalidatableContent()
                toggle
            }
            Spacer(minLength: 0)
            VStack(alignment: .leading, spacing: 0) {
                initials(lastSevenDays)
                ForEach(0..<4) { week in
                    dots(Array(entry.marks.dropFirst(week * 7).prefix(7)), endsToday: week == 3).invalidatableContent()
                }
            }
        }
    }

    /// 8×3: the streak, this week, and the toggle.
    private var circular: some View {
        VStack(spacing: 0) {
            HStack(spacing: 1) {
                Image(systemName: entry.symbol.systemName)
                Text("\(entry.streak)").bold()
            }
            dots(lastSevenDays, spacing: 0).invalidatableContent()
            Toggle(isOn: entry.isDoneToday, intent: LogHabitIntent(habit: entry.habit, day: entry.today)) { Text("Done") }
        }
        .frame(maxWidth: .infinity)
    }

    /// 20×3: name and streak, this week, the toggle.
    private var rectangular: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                title
                Spacer(minLength: 0)
                Text("\(entry.streak)d").foregroundStyle(.secondary).invalidatableContent()
            }
            dots(lastSevenDays).invalidatableContent()
            toggle
        }
    }

    /// One line: a glyph and text only (no toggle: inline widgets cannot hold one).
    private var inline: some View {
        HStack(spacing: 1) {
            Image(systemName: entry.symbol.systemName)
            Text("\(entry.habit): \(entry.streak)-day streak\(entry.isDoneToday ? ", done today" : ", not yet today")")
        }
    }

    /// The error state: a habit needs a name before it can be logged.
    @ViewBuilder private var unnamed: some View {
        if family == .accessoryInline {
            Text("Habit: no name (press e)")
        } else {
            VStack(alignment: .leading, spacing: 0) {
                Label("Habit", systemImage: "exclamationmark.triangle").foregroundStyle(.orange)
                Text("No habit named: press e to name it.").foregroundStyle(.secondary)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }
}

// MARK: - The widget

struct HabitWidget: Widget {
    static let kind = "habit"

    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: Self.kind, intent: HabitConfigurationIntent.self, provider: HabitProvider()) { entry in
            HabitView(entry: entry)
        }
        .configurationDisplayName("Habit")
        .description("A daily habit and its streak; tick today off. Press e to choose the habit.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular, .accessoryInline])
        .layoutUnit(.cells)
    }
}

// MARK: - A control for the control center

/// Today's day and whether the default habit is done: what the control shows.
struct HabitToday: Sendable {
    let day: String
    let isDone: Bool

    /// Controls are not given the dashboard's clock: today is the real today.
    static func now(_ habit: String) -> HabitToday {
        let day = Calendar.current.habitDay(of: Date())
        return HabitToday(day: day, isDone: HabitLog.days(of: habit).contains(day))
    }
}

struct HabitTodayProvider: ControlValueProvider {
    /// Reading the log is quick, so the preview is the real value.
    var previewValue: HabitToday { .now(HabitConfigurationIntent.defaultHabit) }
    func currentValue() async throws -> HabitToday { .now(HabitConfigurationIntent.defaultHabit) }
}

/// Ticks off today's reading from the control center (`c`), without a widget on screen.
struct LogHabitControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "habit.log", provider: HabitTodayProvider()) { today in
            ControlWidgetToggle(HabitConfigurationIntent.defaultHabit, isOn: today.isDone,
                                action: LogHabitIntent(habit: HabitConfigurationIntent.defaultHabit, day: today.day)) { done in
                Label(done ? "Read today" : "Not read yet", systemImage: "book")
            }
        }
        .displayName("Read today")
        .description("Ticks off today's reading for the Habit widget.")
    }
}
