//
//  MoodWidget.swift
//  MoodWidgetExtension
//

import WidgetDash

enum Mood: String, AppEnum {
    case happy
    case calm
    case tired
    case grumpy

    static var typeDisplayRepresentation: TypeDisplayRepresentation {
        TypeDisplayRepresentation(name: "Mood")
    }

    static var caseDisplayRepresentations: [Mood: DisplayRepresentation] {
        [
            .happy: DisplayRepresentation(title: "Happy", image: .init(systemName: "sun.max")),
            .calm: "Calm",
            .tired: "Tired",
            .grumpy: DisplayRepresentation(title: "Grumpy", subtitle: "Leave me alone"),
        ]
    }

    var emoji: String {
        switch self {
        case .happy: "😄"
        case .calm: "😌"
        case .tired: "😴"
        case .grumpy: "😠"
        }
    }
}

enum Frequency: Int, AppEnum {
    case hourly = 1
    case daily = 24

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Frequency"
    static let caseDisplayRepresentations: [Frequency: DisplayRepresentation] = [
        .hourly: "Every hour",
        .daily: "Every day",
    ]
}

struct MoodConfigurationIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Mood" }
    static var description: IntentDescription { IntentDescription("Shows how you feel.") }

    @Parameter(title: "Mood", default: .happy)
    var mood: Mood

    @Parameter(title: "Show Name", default: true)
    var showName: Bool

    @Parameter(title: "Name")
    var name: String?

    @Parameter(title: "Refresh", default: .daily)
    var frequency: Frequency

    static var parameterSummary: some ParameterSummary {
        When(\.$showName, .equalTo, true) {
            Summary("Feeling \(\.$mood) as \(\.$name)") {
                \.$frequency
            }
        } otherwise: {
            Summary("Feeling \(\.$mood)")
        }
    }
}

struct MoodEntry: TimelineEntry {
    let date: Date
    let configuration: MoodConfigurationIntent
}

struct MoodProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> MoodEntry {
        MoodEntry(date: .now, configuration: MoodConfigurationIntent())
    }

    func snapshot(for configuration: MoodConfigurationIntent, in context: Context) async -> MoodEntry {
        MoodEntry(date: .now, configuration: configuration)
    }

    func timeline(for configuration: MoodConfigurationIntent, in context: Context) async -> Timeline<MoodEntry> {
        let next = Date.now.addingTimeInterval(TimeInterval(configuration.frequency.rawValue) * 3600)
        return Timeline(entries: [MoodEntry(date: .now, configuration: configuration)], policy: .after(next))
    }
}

struct MoodWidgetView: View {
    let entry: MoodEntry

    var body: some View {
        VStack {
            Text(entry.configuration.mood.emoji)
                .font(.system(size: 48))
            if entry.configuration.showName, let name = entry.configuration.name {
                Text(name)
            }
        }
        .containerBackground(.fill.tertiary, for: .widget)
    }
}

struct MoodWidget: Widget {
    let kind = "MoodWidget"

    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: kind, intent: MoodConfigurationIntent.self, provider: MoodProvider()) { entry in
            MoodWidgetView(entry: entry)
        }
        .configurationDisplayName("Mood")
        .description("Your mood at a glance.")
        .supportedFamilies([.systemSmall, .accessoryCircular])
    }
}

struct LogMoodIntent: AppIntent {
    static let title: LocalizedStringResource = "Log Mood"
    static let openAppWhenRun = false

    @Parameter(title: "Mood")
    var mood: Mood

    init() {}

    init(mood: Mood) {
        self.mood = mood
    }

    func perform() async throws -> some IntentResult & ReturnsValue<String> {
        return .result(value: mood.emoji)
    }
}
