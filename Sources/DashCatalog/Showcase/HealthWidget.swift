import Foundation
import WidgetDash

/// Today's activity: steps against a goal, and the heart rate.
public struct HealthEntry: TimelineEntry {
    public let date: Date
    public var steps: Int
    public var stepGoal: Int
    /// Beats per minute, latest reading; nil when not measured.
    public var heartRate: Int?
    public var restingHeartRate: Int?
    /// Steps of the last seven days, oldest first (today last).
    public var week: [Int]
    /// When the figures were last written; nil for the sample.
    public var updated: Date?
    /// `.sample` until `health.today` is set; the sample is labelled on screen.
    public var source: FeedSource = .sample
    /// Why the stored figures cannot be shown (the key, the member, what was expected).
    public var problem: String?

    public init(date: Date, steps: Int, stepGoal: Int, heartRate: Int?, restingHeartRate: Int?, week: [Int]) {
        self.date = date
        self.steps = steps
        self.stepGoal = stepGoal
        self.heartRate = heartRate
        self.restingHeartRate = restingHeartRate
        self.week = week
    }

    /// The sample day every preview and golden shows.
    public static func sample(at date: Date) -> HealthEntry {
        HealthEntry(date: date, steps: 6_842, stepGoal: 10_000, heartRate: 72, restingHeartRate: 58,
                    week: [8_210, 11_904, 5_377, 9_120, 12_450, 7_015, 6_842])
    }

    /// How far to the goal, 0 to 1.
    public var goalFraction: Double { stepGoal > 0 ? min(1, Double(steps) / Double(stepGoal)) : 0 }

    /// "6,842".
    public static func grouped(_ n: Int) -> String { NumberWords.grouped(n) }
}

/// Today's figures as a script keeps them in the store (`health.today`, see
/// ``HealthEntry/decode(_:at:)``), or a labelled sample until they are set. A phone's health
/// store is only readable while the device is unlocked, hence the widget's complete data protection.
public struct HealthProvider: TimelineProvider {
    /// The store the figures are read from (tests give their own).
    var store: WidgetSharedStore = .shared

    public init() {}

    /// The placeholder: generic figures in the right shape, drawn masked by the host.
    public func placeholder(in context: Context) -> HealthEntry {
        HealthEntry(date: context.date, steps: 5_000, stepGoal: 10_000, heartRate: 60, restingHeartRate: 60,
                    week: [5_000, 5_000, 5_000, 5_000, 5_000, 5_000, 5_000])
    }
    public func snapshot(in context: Context) async -> HealthEntry {
        context.isPreview ? HealthEntry.sample(at: context.date) : entry(at: context.date)
    }
    public func timeline(in context: Context) async throws -> Timeline<HealthEntry> {
        Timeline(entries: [entry(at: context.date)], policy: .after(context.date.addingTimeInterval(15 * 60)))
    }

    /// The stored figures, the sample while the key is unset, or the sample with the problem.
    func entry(at now: Date) -> HealthEntry {
        Feeds.demoEntry(key: HealthEntry.storeKey, store: store, sample: HealthEntry.sample(at: now)) { value throws(FeedError) in
            try HealthEntry.decode(value, at: now)
        }
    }
}

/// Steps and heart rate, with complete data protection: while locked the widget shows its
/// placeholder, and its reloads wait for the unlock.
public struct HealthWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "health", provider: HealthProvider()) { entry in
            HealthView(entry: entry)
        }
        .configurationDisplayName("Health")
        .description("Steps toward your goal and your heart rate from the store (widgetdash set health.today '{\"steps\": 6842}'); protected while locked.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular])
        .layoutUnit(.cells)
        .dataProtection(.complete)
    }
}

/// The health widget's view, per family.
struct HealthView: View {
    let entry: HealthEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        if let problem = entry.problem {
            SourceMessageView(problem: "Health", problem)
        } else {
            layout
        }
    }

    @ViewBuilder
    private var layout: some View {
        switch family {
        case .systemSmall: HealthSmall(entry: entry)
        case .systemMedium: HealthMedium(entry: entry)
        case .accessoryCircular: HealthCircular(entry: entry)
        case .accessoryRectangular: HealthRectangular(entry: entry)
        default: HealthLarge(entry: entry)
        }
    }
}

/// "♥ 72 bpm", and "sample" on the right for the sample.
struct HeartRow: View {
    let entry: HealthEntry
    var body: some View {
        HStack(spacing: 1) {
            Image(systemName: "heart").foregroundStyle(.pink).widgetAccentable()
            Text(entry.heartRate.map(String.init) ?? "–").bold()
            Text("bpm").foregroundStyle(.secondary)
            if entry.source.isSample {
                Spacer(minLength: 1)
                Text("sample").foregroundStyle(.tertiary)
            }
        }
    }
}

/// Steps with a bar toward the goal.
struct StepsBlock: View {
    let entry: HealthEntry
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Image(systemName: "figure.walk").foregroundStyle(.green).widgetAccentable()
                Text(HealthEntry.grouped(entry.steps)).font(.headline)
                Text("steps").foregroundStyle(.secondary)
            }
            ProgressView(value: entry.goalFraction).tint(.green)
            Text("\(Int((entry.goalFraction * 100).rounded()))% of \(HealthEntry.grouped(entry.stepGoal))").font(.caption).foregroundStyle(.secondary)
        }
    }
}

struct HealthSmall: View {
    let entry: HealthEntry
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            StepsBlock(entry: entry)
            Spacer(minLength: 0)
            HeartRow(entry: entry)
            Text("Resting \(entry.restingHeartRate.map(String.init) ?? "–")").font(.caption).foregroundStyle(.tertiary)
        }
    }
}

struct HealthMedium: View {
    let entry: HealthEntry
    var body: some View {
        HStack(alignment: .top, spacing: 2) {
            VStack(alignment: .leading, spacing: 0) {
                StepsBlock(entry: entry)
                Spacer(minLength: 0)
                HeartRow(entry: entry)
            }
            .frame(width: 20)
            WeekBars(entry: entry)
        }
    }
}

struct HealthLarge: View {
    let entry: HealthEntry
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            StepsBlock(entry: entry)
            Text(" ")
            HeartRow(entry: entry)
            Text("Resting \(entry.restingHeartRate.map(String.init) ?? "–") bpm").font(.caption).foregroundStyle(.secondary)
            Text(" ")
            Text("This week").font(.caption).foregroundStyle(.secondary)
            WeekBars(entry: entry)
            Spacer(minLength: 0)
        }
    }
}

/// The last seven days of steps, one row each, today last: "M ████████░░ 8,210".
struct WeekBars: View {
    let entry: HealthEntry
    @Environment(\.timeZone) private var timeZone
    static let days = ["M", "T", "W", "T", "F", "S", "S"]
    var body: some View {
        let best = max(1, entry.week.max() ?? 1)
        let today = DateWords.localDay(of: entry.date, in: timeZone)
        VStack(alignment: .leading, spacing: 0) {
            ForEach(Array(entry.week.indices), id: \.self) { i in
                HStack(spacing: 1) {
                    Text(Self.days[((today - (entry.week.count - 1 - i)) % 7 + 7 + 3) % 7]).foregroundStyle(.secondary)
                    ProgressView(value: Double(entry.week[i]) / Double(best)).tint(entry.week[i] >= entry.stepGoal ? .green : .teal)
                    Text(HealthEntry.grouped(entry.week[i])).frame(width: 6, alignment: .trailing)
                }
            }
        }
    }
}

struct HealthCircular: View {
    let entry: HealthEntry
    var body: some View {
        CapacityRing(fraction: entry.goalFraction, label: Text(entry.source.isSample ? "sample" : entry.heartRate.map(String.init) ?? "–"))
    }
}

struct HealthRectangular: View {
    let entry: HealthEntry
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Image(systemName: "heart").widgetAccentable()
                Text("\(entry.heartRate.map(String.init) ?? "–") bpm").bold()
                if entry.source.isSample { Text("sample").foregroundStyle(.tertiary) }
            }
            Text("\(HealthEntry.grouped(entry.steps)) steps")
            ProgressView(value: entry.goalFraction)
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}
