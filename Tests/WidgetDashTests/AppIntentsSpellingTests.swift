import Foundation
import Synchronization
import Testing
@testable import WidgetDash

// Intents written as iOS code writes them (issue 15): these tests hold the host's behaviour for
// the iOS spellings, not only that they compile.

private let performed = Mutex<[String]>([])

private struct EmojiIntent: WidgetConfigurationIntent {
    static var title: LocalizedStringResource { "Configuration" }
    static var description: IntentDescription { "Shows an emoji." }
    @Parameter(title: "Favorite Emoji", default: "😃") var favoriteEmoji: String
    @Parameter(title: "City") var city: CityEntity?
    @Parameter(title: "Home") var home: CityEntity
    @Parameter(title: "Size", default: .large) var size: SizeChoice

    static var parameterSummary: some ParameterSummary {
        Summary("Show \(\.$favoriteEmoji) in \(\.$city)") { \.$size }
    }
}

private enum SizeChoice: Int, AppEnum {
    case small = 1, large = 2
    static let typeDisplayRepresentation = TypeDisplayRepresentation(name: "Size")
    static let caseDisplayRepresentations: [SizeChoice: DisplayRepresentation] = [.small: "Small", .large: "Large"]
}

private struct CityEntity: AppEntity {
    let id: UUID
    let name: String
    static let typeDisplayRepresentation: TypeDisplayRepresentation = "City"
    static let defaultQuery = CityQuery()
    var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: "\(name)", image: .init(systemName: "building.2")) }
    static let lisbon = CityEntity(id: UUID(uuidString: "00000000-0000-0000-0000-000000000001") ?? UUID(), name: "Lisbon")
    static let osaka = CityEntity(id: UUID(uuidString: "00000000-0000-0000-0000-000000000002") ?? UUID(), name: "Osaka")
}

private struct CityQuery: EntityQuery {
    func entities(for identifiers: [UUID]) async throws -> [CityEntity] { [CityEntity.lisbon, .osaka].filter { identifiers.contains($0.id) } }
    func suggestedEntities() async throws -> [CityEntity] { [.lisbon, .osaka] }
    func defaultResult() async -> CityEntity? { .osaka }
}

private struct RecordIntent: AppIntent {
    static let title: LocalizedStringResource = "Record"
    @Parameter(title: "Word") var word: String
    init() {}
    init(word: String) { self.word = word }
    func perform() async throws -> some IntentResult & ReturnsValue<Int> {
        performed.withLock { $0.append(word) }
        return .result(value: word.count)
    }
}

private struct SwitchIntent: SetValueIntent {
    static let title: LocalizedStringResource = "Switch"
    @Parameter(title: "On") var value: Bool
    func perform() async throws -> some IntentResult {
        performed.withLock { $0.append("switch \(value)") }
        return .result()
    }
}

@Suite("App Intents as iOS writes them", .serialized)
struct AppIntentsSpellingTests {
    @Test("@Parameter(title:default:) declares its default; a parameter can be set on a let intent, as the Xcode template's previews do")
    func parameterDefaults() {
        let declarations = EmojiIntent.parameterDeclarations
        #expect(declarations.map(\.name) == ["favoriteEmoji", "city", "home", "size"])
        #expect(declarations.first?.defaultValue == "😃")
        #expect(declarations.last?.defaultValue == "2")
        let intent = EmojiIntent()
        intent.favoriteEmoji = "🤩"
        #expect(intent.favoriteEmoji == "🤩")
        #expect(EmojiIntent().favoriteEmoji == "😃")
        #expect(EmojiIntent.title == "Configuration")
        #expect(EmojiIntent.description.descriptionText == "Shows an emoji.")
    }

    @Test("an entity with UUID ids resolves from the config's text; one nothing set takes the query's defaultResult()")
    func entities() async throws {
        let resolved = try await EmojiIntent.resolved(["city": "00000000-0000-0000-0000-000000000001", "size": "1"])
        #expect(resolved.city?.name == "Lisbon")
        #expect(resolved.home.name == "Osaka")
        #expect(resolved.size == .small)
        #expect(resolved.parameterValues["city"] == "00000000-0000-0000-0000-000000000001")
        await #expect(throws: InvalidParameterError.self) { try await EmojiIntent.resolved(["city": "not-a-uuid"]) }
        let source = try #require(EmojiIntent.parameterDeclarations[1].source)
        #expect(try await source.suggestions().map(\.title) == ["Lisbon", "Osaka"])
    }

    @Test("perform() returning some IntentResult runs through the host's erased intent")
    func intentResult() async throws {
        performed.withLock { $0.removeAll() }
        try await AnyAppIntent(RecordIntent(word: "hello")).perform()
        #expect(performed.withLock { $0 } == ["hello"])
        #expect(AnyAppIntent(RecordIntent()).title == "Record")
    }

    @Test("a toggle's SetValueIntent gets its new value when it runs, even after a redraw for the other state")
    func toggleSetsValueWhenRun() async throws {
        performed.withLock { $0.removeAll() }
        let intent = SwitchIntent()
        let tap = AnyAppIntent.toggling(intent, from: false)
        // The optimistic redraw makes the intent again for the state now shown.
        _ = AnyAppIntent.toggling(intent, from: true)
        try await tap.perform()
        #expect(performed.withLock { $0 } == ["switch true"])
    }

    @Test("Button(role: .destructive, intent:) is a button whose label is red; Toggle(isOn:intent:) is a toggle")
    func buttonRole() {
        var env = EnvironmentValues()
        env.widgetFamily = .systemSmall
        let view = VStack {
            Button(role: .destructive, intent: RecordIntent(word: "x")) { Text("Delete") }
            Toggle(isOn: true, intent: SwitchIntent()) { Text("Lamp") }
        }
        let r = ViewRenderer.render(view, size: CellSize(width: 12, height: 2), environment: env, now: Date(timeIntervalSince1970: 0))
        #expect(r.interactiveElements.map(\.kind) == [.button, .toggle])
        #expect(r.canvas.line(0).contains("[Delete]"))
        let red = AnyShapeStyle(Color.red)._resolve(in: env.palette)
        let d = r.canvas.line(0).firstIndex(of: "D").map { r.canvas.line(0).distance(from: r.canvas.line(0).startIndex, to: $0) } ?? 0
        #expect(r.canvas[d, 0].style.foreground == red)
    }

    @Test("a struck-through row (a done item beside its toggle) is drawn in the tertiary style")
    func strikethrough() {
        let env = EnvironmentValues()
        let r = ViewRenderer.render(Text("Milk").strikethrough(), size: CellSize(width: 4, height: 1), environment: env, now: Date(timeIntervalSince1970: 0))
        #expect(r.canvas.line(0) == "Milk")
        #expect(r.canvas[0, 0].style.foreground == AnyShapeStyle(HierarchicalShapeStyle.tertiary)._resolve(in: env.palette))
        let plain = ViewRenderer.render(Text("Milk").strikethrough(false), size: CellSize(width: 4, height: 1), environment: env, now: Date(timeIntervalSince1970: 0))
        #expect(plain.canvas[0, 0].style.foreground != r.canvas[0, 0].style.foreground)
    }

    @Test("controls: ControlWidgetToggle's label: form titles the tile from the label; AppIntentControlConfiguration reads its intent's defaults")
    func controls() async throws {
        let toggle = ControlWidgetToggle(isOn: false, action: SwitchIntent()) { Text("Lamp") } valueLabel: { on in Text(on ? "On" : "Off") }
        guard case .toggle(let title, let isOn, _, _) = toggle._template else { Issue.record("not a toggle"); return }
        #expect(title == "Lamp")
        #expect(!isOn)
        let control = AppIntentControlConfiguration(kind: "named", provider: NamedProvider()) { name in
            ControlWidgetButton(action: RecordIntent(word: name)) { Text(name) }.tint(.orange)
        }
        #expect(try await control._controlDescription.currentValue() as? String == "Timer")
        guard case .toggle(let lightTitle, true, _, _) = ControlWidgetToggle("Light", systemImage: "lightbulb", isOn: true, action: SwitchIntent())._template else {
            Issue.record("not a toggle that is on"); return
        }
        #expect(lightTitle == "Light")
        guard case .button = ControlWidgetButton("Lap", systemImage: "stopwatch", action: RecordIntent(word: "lap"))._template else {
            Issue.record("not a button"); return
        }
    }
}

private struct EmojiOptions: DynamicOptionsProvider {
    func results() async throws -> [String] { ["😀", "🤩", "🐸"] }
    func defaultResult() async -> String? { "🐸" }
}

private struct OptionsIntent: WidgetConfigurationIntent {
    static let title: LocalizedStringResource = "Options"
    @Parameter(title: "Emoji", optionsProvider: EmojiOptions()) var emoji: String?
    @Parameter(title: "Count", default: 3, inclusiveRange: (1, 10)) var count: Int
    @Parameter(title: "Name", requestValueDialog: "Which name?") var name: String
}

@Suite("Parameter declarations as iOS writes them")
struct ParameterDeclarationTests {
    @Test("inclusiveRange bounds the value the host accepts; optionsProvider offers its results and gives its defaultResult()")
    func rangesAndOptions() async throws {
        let d = OptionsIntent.parameterDeclarations
        #expect(d.map(\.name) == ["emoji", "count", "name"])
        #expect(d[1].kind == .integer(1...10))
        #expect(d[1].problem(with: "11") != nil)
        #expect(d[1].problem(with: "7") == nil)
        let source = try #require(d[0].source)
        #expect(try await source.suggestions().map(\.value) == ["😀", "🤩", "🐸"])
        #expect(try await source.search("🤩").map(\.value) == ["🤩"])
        let resolved = try await OptionsIntent.resolved([:])
        #expect(resolved.emoji == "🐸")
        #expect(resolved.count == 3)
        #expect(resolved.name == "")
        #expect(try await OptionsIntent.resolved(["emoji": "🐸🐸"]).emoji == "🐸🐸")
    }
}

private struct TimerConfiguration: ControlConfigurationIntent {
    static let title: LocalizedStringResource = "Timer"
    @Parameter(title: "Name", default: "Timer") var name: String
}

private struct NamedProvider: AppIntentControlValueProvider {
    func previewValue(configuration: TimerConfiguration) -> String { configuration.name }
    func currentValue(configuration: TimerConfiguration) async throws -> String { configuration.name }
}

private struct PizzaAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable { var status: String }
    var order: String
}

@Suite("ActivityKit as iOS writes it")
struct ActivityKitSpellingTests {
    @Test("activityBackgroundTint on the lock screen view tints the card; the configuration's own tint wins")
    func viewTint() throws {
        let configuration = ActivityConfiguration(for: PizzaAttributes.self) { context in
            Text(context.state.status).activityBackgroundTint(Color.cyan)
        } dynamicIsland: { context in
            DynamicIsland { DynamicIslandExpandedRegion(.center) { Text("🍕") } } compactLeading: { Text("🍕") } compactTrailing: { Text("") } minimal: { Text("🍕") }
        }
        let record = ActivityRecord(id: "a", activityType: "pizza", attributes: try ActivityCoding.encode(PizzaAttributes(order: "1")),
                                    state: try ActivityCoding.encode(PizzaAttributes.ContentState(status: "Baking")), requested: Date(timeIntervalSince1970: 0))
        #expect(try configuration._activityDescription.views(record, false).backgroundTint == Color.cyan)
        #expect(try configuration.activityBackgroundTint(.red)._activityDescription.views(record, false).backgroundTint == Color.red)
    }

    @Test("without a host: not enabled, request(attributes:content:pushType:) throws, push tokens end at once")
    func withoutHost() async throws {
        #expect(!ActivityAuthorizationInfo().areActivitiesEnabled)
        #expect(throws: ActivityAuthorizationError.self) {
            try Activity.request(attributes: PizzaAttributes(order: "1"),
                                 content: ActivityContent(state: .init(status: "Baking"), staleDate: nil, relevanceScore: 50), pushType: .token)
        }
        var tokens = 0
        for await _ in Activity<PizzaAttributes>.pushToStartTokenUpdates { tokens += 1 }
        #expect(tokens == 0)
    }

    @Test("activityStateUpdates gives the state now and each change, ending once dismissed")
    func stateUpdates() async throws {
        let state = Mutex(ActivityState.active)
        let backing = ActivitySystem.Backing(
            request: { _, attributes, content, _, _, _ in ActivityRecord(id: "a", activityType: "pizza", attributes: attributes, state: content, requested: Date()) },
            update: { _, _, _, _, _ in }, end: { _, _, _, _, _ in },
            activities: { _ in
                [(ActivityRecord(id: "a", activityType: "pizza", attributes: Data(#"{"order":"1"}"#.utf8), state: Data(#"{"status":"Baking"}"#.utf8),
                                 requested: Date()), state.withLock { $0 })]
            })
        let activity = try Activity.request(attributes: PizzaAttributes(order: "1"), content: ActivityContent(state: .init(status: "Baking"), staleDate: nil),
                                            start: nil, system: ActivitySystem(backing: backing))
        var seen: [ActivityState] = []
        for await s in activity.activityStateUpdates {
            seen.append(s)
            state.withLock { $0 = s == .active ? .ended : .dismissed }
        }
        #expect(seen == [.active, .ended, .dismissed])
        var tokens = 0
        for await _ in activity.pushTokenUpdates { tokens += 1 }
        #expect(tokens == 0)
    }
}
