//
//  WaterWidget.swift
//  WaterWidgetExtension
//
//  A configurable, interactive water tracker: the goal and the glass size are intent
//  parameters (a range and dynamic options), and a button logs a glass.
//

import WidgetDash

struct GlassSizeOptions: DynamicOptionsProvider {
    func results() async throws -> [Int] {
        [150, 250, 330, 500]
    }

    func defaultResult() async -> Int? {
        250
    }
}

struct BottleEntity: AppEntity {
    let id: Int
    let name: String

    static let typeDisplayRepresentation: TypeDisplayRepresentation = "Bottle"
    static let defaultQuery = BottleQuery()

    var displayRepresentation: DisplayRepresentation {
        DisplayRepresentation(title: "\(name)")
    }
}

struct BottleQuery: EntityQuery {
    static let bottles = [BottleEntity(id: 1, name: "Steel bottle"), BottleEntity(id: 2, name: "Glass jar")]

    func entities(for identifiers: [Int]) async throws -> [BottleEntity] {
        Self.bottles.filter { identifiers.contains($0.id) }
    }

    func suggestedEntities() async throws -> [BottleEntity] {
        Self.bottles
    }
}

struct WaterGoalIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Water Goal"
    static let description = IntentDescription("Track the water you drink.")

    @Parameter(title: "Daily goal (glasses)", default: 8, inclusiveRange: (1, 20))
    var goal: Int

    @Parameter(title: "Glass size (ml)", optionsProvider: GlassSizeOptions())
    var glassSize: Int?

    @Parameter(title: "Bottle")
    var bottle: BottleEntity?
}

struct LogGlassIntent: AppIntent {
    static let title: LocalizedStringResource = "Log a Glass"

    func perform() async throws -> some IntentResult {
        WaterLog.glasses += 1
        return .result()
    }
}

enum WaterLog {
    static var glasses: Int {
        get { UserDefaults.standard.integer(forKey: "glasses") }
        set { UserDefaults.standard.set(newValue, forKey: "glasses") }
    }
}

struct WaterEntry: TimelineEntry {
    let date: Date
    let glasses: Int
    let configuration: WaterGoalIntent
}

struct WaterProvider: AppIntentTimelineProvider {
    func placeholder(in context: Context) -> WaterEntry {
        WaterEntry(date: context.date, glasses: 3, configuration: WaterGoalIntent())
    }

    func snapshot(for configuration: WaterGoalIntent, in context: Context) async -> WaterEntry {
        WaterEntry(date: context.date, glasses: WaterLog.glasses, configuration: configuration)
    }

    func timeline(for configuration: WaterGoalIntent, in context: Context) async -> Timeline<WaterEntry> {
        Timeline(entries: [WaterEntry(date: context.date, glasses: WaterLog.glasses, configuration: configuration)], policy: .never)
    }
}

struct WaterWidgetView: View {
    let entry: WaterEntry

    var body: some View {
        VStack(alignment: .leading) {
            Text("Water")
                .font(.headline)
            Gauge(value: Double(entry.glasses), in: 0...Double(entry.configuration.goal)) {
                Text("Glasses")
            }
            Text("\(entry.glasses) of \(entry.configuration.goal) × \(entry.configuration.glassSize ?? 250) ml")
            if let bottle = entry.configuration.bottle {
                Text(bottle.name)
                    .foregroundStyle(.secondary)
            }
            Button(intent: LogGlassIntent()) {
                Label("Glass", systemImage: "drop.fill")
            }
        }
    }
}

struct WaterWidget: Widget {
    var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "WaterWidget", intent: WaterGoalIntent.self, provider: WaterProvider()) { entry in
            WaterWidgetView(entry: entry)
        }
        .configurationDisplayName("Water")
        .description("Glasses of water today.")
        .supportedFamilies([.systemSmall, .systemMedium])
    }
}
