//
//  HabitWidgets.swift
//  HabitWidgetsExtension
//
//  The extension's entry point: a bundle with a widget with a check-in button, a control,
//  and a Live Activity for a running habit session.
//

import WidgetDash

@main
struct HabitWidgetsBundle: WidgetBundle {
    var body: some Widget {
        HabitWidget()
        HabitControl()
        HabitSessionLiveActivity()
    }
}

struct CheckInIntent: AppIntent {
    static let title: LocalizedStringResource = "Check In"
    static let description = IntentDescription("Marks today's habit as done.")

    @Parameter(title: "Habit")
    var habit: String

    init() {}

    init(habit: String) {
        self.habit = habit
    }

    func perform() async throws -> some IntentResult {
        HabitLog.checkIn(habit)
        return .result()
    }
}

enum HabitLog {
    static var defaults: UserDefaults? {
        UserDefaults(suiteName: "group.example.habits")
    }

    static func checkIn(_ habit: String) {
        defaults?.set(Date(), forKey: habit)
    }

    static func isDone(_ habit: String) -> Bool {
        guard let last = defaults?.object(forKey: habit) as? Date else { return false }
        return Calendar.current.isDateInToday(last)
    }
}

struct HabitEntry: TimelineEntry {
    let date: Date
    let habit: String
    let isDone: Bool
}

struct HabitProvider: TimelineProvider {
    func placeholder(in context: Context) -> HabitEntry {
        HabitEntry(date: Date(), habit: "Read", isDone: false)
    }

    func getSnapshot(in context: Context, completion: @escaping (HabitEntry) -> ()) {
        completion(HabitEntry(date: Date(), habit: "Read", isDone: HabitLog.isDone("Read")))
    }

    func getTimeline(in context: Context, completion: @escaping (Timeline<HabitEntry>) -> ()) {
        let entry = HabitEntry(date: Date(), habit: "Read", isDone: HabitLog.isDone("Read"))
        let midnight = Calendar.current.startOfDay(for: Date()).addingTimeInterval(86_400)
        completion(Timeline(entries: [entry], policy: .after(midnight)))
    }
}

struct HabitWidgetEntryView: View {
    var entry: HabitProvider.Entry

    var body: some View {
        VStack(spacing: 6) {
            Text(entry.habit)
                .font(.headline)
            if entry.isDone {
                Label("Done", systemImage: "checkmark.circle.fill")
                    .foregroundStyle(.green)
            } else {
                Button(intent: CheckInIntent(habit: entry.habit)) {
                    Label("Check in", systemImage: "circle")
                }
                .buttonStyle(.bordered)
            }
        }
        .containerBackground(.background, for: .widget)
    }
}

struct HabitWidget: Widget {
    let kind: String = "HabitWidget"

    var body: some WidgetConfiguration {
        StaticConfiguration(kind: kind, provider: HabitProvider()) { entry in
            HabitWidgetEntryView(entry: entry)
        }
        .configurationDisplayName("Habit")
        .description("Check in on today's habit.")
        .supportedFamilies([.systemSmall, .systemMedium])
        .disfavoredLocations([.lockScreen, .iPhoneWidgetsOnMac], for: [.systemSmall])
    }
}

struct HabitControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "HabitControl") {
            ControlWidgetButton(action: CheckInIntent(habit: "Read")) {
                Label("Read", systemImage: "book")
            }
        }
        .displayName("Check In")
        .description("Checks in on reading.")
    }
}

struct HabitSessionAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable {
        var minutes: Int
    }

    var habit: String
}

struct HabitSessionLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: HabitSessionAttributes.self) { context in
            HStack {
                Text(context.attributes.habit)
                Spacer()
                Text("\(context.state.minutes) min")
            }
            .padding()
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.center) {
                    Text("\(context.attributes.habit): \(context.state.minutes) min")
                }
            } compactLeading: {
                Image(systemName: "book")
            } compactTrailing: {
                Text("\(context.state.minutes)")
            } minimal: {
                Image(systemName: "book")
            }
        }
    }
}

struct HabitWidget_Previews: PreviewProvider {
    static var previews: some View {
        Group {
            HabitWidgetEntryView(entry: HabitEntry(date: Date(), habit: "Read", isDone: false))
                .previewContext(WidgetPreviewContext(family: .systemSmall))
                .previewDisplayName("To do")
            HabitWidgetEntryView(entry: HabitEntry(date: Date(), habit: "Read", isDone: true))
                .previewContext(WidgetPreviewContext(family: .systemMedium))
                .previewDisplayName("Done")
        }
    }
}

struct HabitSession_Previews: PreviewProvider {
    static let attributes = HabitSessionAttributes(habit: "Read")

    static var previews: some View {
        attributes
            .previewContext(HabitSessionAttributes.ContentState(minutes: 12), viewKind: .dynamicIsland(.compact))
            .previewDisplayName("Compact")
        attributes
            .previewContext(HabitSessionAttributes.ContentState(minutes: 12), viewKind: .content)
            .previewDisplayName("Lock screen")
    }
}
