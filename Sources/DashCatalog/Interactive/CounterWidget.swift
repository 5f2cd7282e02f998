import Foundation
import WidgetDash

/// The counter's state, kept in the shared defaults so it survives a restart.
public enum CounterStore {
    static let defaults = WidgetSharedDefaults(suiteName: "counter")

    /// The count now.
    public static var count: Int { defaults.integer(forKey: "count") }

    /// Adds `amount` in one atomic step, so quick taps are never lost.
    @discardableResult
    public static func add(_ amount: Int) -> Int {
        let values = defaults.modify { $0["count"] = .int(($0["count"]?.intValue ?? 0) &+ amount) }
        return values["count"]?.intValue ?? 0
    }

    /// Back to zero.
    public static func reset() { defaults.set(.int(0), forKey: "count") }
}

/// Adds one (or `amount`) to the counter.
public struct IncrementCounterIntent: AppIntent {
    public static let title = "Increment"
    public var amount: Int
    public init(amount: Int = 1) { self.amount = amount }
    public func perform() async throws { CounterStore.add(amount) }
}

/// Sets the counter back to zero.
public struct ResetCounterIntent: AppIntent {
    public static let title = "Reset"
    public init() {}
    public func perform() async throws { CounterStore.reset() }
}

/// The count at a moment.
public struct CounterEntry: TimelineEntry {
    public let date: Date
    public var count: Int
    public init(date: Date, count: Int) {
        self.date = date
        self.count = count
    }
}

/// Reads the count; the timeline only changes when an intent (or `r`) reloads it.
struct CounterProvider: TimelineProvider {
    func placeholder(in context: Context) -> CounterEntry { CounterEntry(date: context.date, count: 0) }
    func snapshot(in context: Context) async -> CounterEntry { CounterEntry(date: context.date, count: context.isPreview ? 3 : CounterStore.count) }
    func timeline(in context: Context) async throws -> Timeline<CounterEntry> {
        Timeline(entries: [CounterEntry(date: context.date, count: CounterStore.count)], policy: .never)
    }
}

/// A count with an increment button (first in focus order) and a reset button.
struct CounterView: View {
    let entry: CounterEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        switch family {
        case .accessoryInline:
            Text("Count \(entry.count)")
        case .accessoryCircular:
            VStack(spacing: 0) {
                Text("\(entry.count)").bold().invalidatableContent()
                Button(intent: IncrementCounterIntent()) { Text("+1") }
            }
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                Text("\(entry.count) taps").bold().invalidatableContent()
                HStack {
                    Button(intent: IncrementCounterIntent()) { Text("+1") }
                    Button(intent: ResetCounterIntent()) { Text("Reset") }
                }
            }
        case .systemMedium, .systemLarge, .systemExtraLarge:
            HStack {
                VStack(alignment: .leading, spacing: 0) {
                    Text("\(entry.count)").font(.largeTitle).invalidatableContent()
                    Text("\(entry.count) taps").foregroundStyle(.secondary).invalidatableContent()
                }
                Spacer()
                VStack(alignment: .trailing, spacing: 1) {
                    Button(intent: IncrementCounterIntent()) { Text("+1") }
                    Button(intent: ResetCounterIntent()) { Text("Reset") }
                }
            }
        default:
            VStack(spacing: 1) {
                Text("\(entry.count) taps").font(.title).bold().invalidatableContent()
                HStack(spacing: 2) {
                    Button(intent: IncrementCounterIntent()) { Text("+1") }
                    Button(intent: ResetCounterIntent()) { Text("Reset") }
                }
            }
        }
    }
}

/// A counter you tap: the simplest interactive widget.
public struct CounterWidget: Widget {
    public init() {}
    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "counter", provider: CounterProvider()) { entry in
            CounterView(entry: entry)
        }
        .configurationDisplayName("Counter")
        .description("Counts taps: +1 adds one, Reset starts again.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular, .accessoryInline])
        .layoutUnit(.cells)
    }
}
