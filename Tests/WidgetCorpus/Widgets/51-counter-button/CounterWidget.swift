//
//  CounterWidget.swift
//  CounterWidgetExtension
//
//  An interactive widget (iOS 17): a button runs an App Intent that changes a count kept in
//  the app group's defaults, and WidgetKit reloads the timeline afterwards.
//

import WidgetDash

struct CounterStore {
    static let suiteName = "group.com.example.counter"
    static let key = "count"

    static var count: Int {
        UserDefaults(suiteName: suiteName)?.integer(forKey: key) ?? 0
    }

    static func add(_ amount: Int) {
        let defaults = UserDefaults(suiteName: suiteName)
        defaults?.set(count + amount, forKey: key)
    }

    static func reset() {
        UserDefaults(suiteName: suiteName)?.set(0, forKey: key)
    }
}

struct IncrementIntent: AppIntent {
    static let title: LocalizedStringResource = "Increment"
    static let description = IntentDescription("Adds to the counter.")

    @Parameter(title: "Amount")
    var amount: Int

    init() {}

    init(amount: Int) {
        self.amount = amount
    }

    func perform() async throws -> some IntentResult {
        CounterStore.add(amount)
        return .result()
    }
}

struct ResetIntent: AppIntent {
    static let title: LocalizedStringResource = "Reset"

    func perform() async throws -> some IntentResult {
        CounterStore.reset()
        return .result()
    }
}

struct CounterEntry: TimelineEntry {
    let date: Date
    let count: Int
}

struct CounterProvider: TimelineProvider {
    func placeholder(in context: Context) -> CounterEntry {
        CounterEntry(date: Date(), count: 0)
    }

    func getSnapshot(in context: Context, completion: @escaping (CounterEntry) -> Void) {
        completion(CounterEntry(date: Date(), count: CounterStore.count))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<CounterEntry>) -> Void) {
        let entry = CounterEntry(date: Date(), count: CounterStore.count)
        completion(Timeline(entries: [entry], policy: .never))
    }
}

struct CounterWidgetView: View {
    let entry: CounterEntry

    var body: some View {
        VStack(spacing: 8) {
            Text("\(entry.count)")
                .font(.largeTitle)
                .contentTransition(.numericText())
            HStack {
                Button(intent: IncrementIntent(amount: 1)) {
                    Image(systemName: "plus")
                }
                Button(role: .destructive, intent: ResetIntent()) {
                    Image(systemName: "arrow.counterclockwise")
                }
            }
        }
        .containerBackground(.fill.tertiary, for: .widget)
    }
}

struct CounterWidget: Widget {
    let kind: String = "CounterWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: CounterProvider()) { entry in
            CounterWidgetView(entry: entry)
        }
        .configurationDisplayName("Counter")
        .description("Counts taps.")
        .supportedFamilies([.systemSmall])
    }
}

struct CounterWidget_Previews: PreviewProvider {
    static var previews: some View {
        CounterWidgetView(entry: CounterEntry(date: .now, count: 3))
            .previewContext(WidgetPreviewContext(family: .systemSmall))
    }
}
