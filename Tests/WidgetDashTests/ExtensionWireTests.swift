import Foundation
import Synchronization
import Testing
import WidgetDash

/// The extension protocol's wire format: what an extension renders, the host draws the same.
@Suite struct ExtensionWireTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_334_400)

    struct Entry: TimelineEntry {
        let date: Date
        let name: String
    }

    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.date, name: "Placeholder") }
        func snapshot(in context: Context) async -> Entry { Entry(date: context.date, name: "Snapshot") }
        func timeline(in context: Context) async throws -> Timeline<Entry> {
            Timeline(entries: [Entry(date: context.date, name: "Tokyo 東京"), Entry(date: context.date.addingTimeInterval(60), name: "Paris")],
                     policy: .after(context.date.addingTimeInterval(600)))
        }
    }

    struct EntryView: View {
        let entry: Entry
        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                Text(entry.name).bold().foregroundStyle(.tint)
                Text(ExtensionWireTests.t0.addingTimeInterval(-5), style: .timer).foregroundStyle(Color.red)
                Text("secret 42").privacySensitive()
                Text("Fixed").foregroundStyle(Color(red: 0.5, green: 0.25, blue: 1))
                Link(destination: URL(string: "https://example.com/x")!) { Text("open") }
            }
            .containerBackground(Color.blue, for: .widget)
        }
    }

    static var description: WidgetDescription {
        StaticConfiguration(kind: "probe", provider: Provider()) { EntryView(entry: $0) }
            .supportedFamilies([.systemSmall, .systemMedium])._description
    }

    /// A palette unlike the extension's stand-ins, so that tokens must be resolved to match.
    static var hostPalette: Palette {
        var p = Palette.dark
        p.tint = .rgb(1, 2, 3)
        p.red = .indexed(9)
        p.primary = .rgb(200, 100, 50)
        return p
    }

    final class Lines: Sendable {
        let lines = Mutex<[Data]>([])
        var all: [Data] { lines.withLock { $0 } }
    }

    func serve(_ request: ExtensionRequest) async -> [ExtensionAnswer] {
        let sink = Lines()
        await ExtensionServer(widgets: [Self.description]) { line in sink.lines.withLock { $0.append(line) } }.serve(request)
        return sink.all.compactMap { try? ExtensionProtocol.decode(ExtensionAnswer.self, from: $0) }
    }

    @Test func aRemoteEntryDrawsAsTheWidgetDrawsInProcessLiveTextIncluded() async throws {
        let request = ExtensionRequest(request: .timeline, kind: "probe", family: .systemMedium, date: Self.t0, timeZone: "UTC")
        let answers = await serve(request)
        #expect(answers.map(\.answer) == [.timeline, .entry, .entry, .end])
        #expect(answers[0].policy == .after(Self.t0.addingTimeInterval(600)))
        let line = try #require(answers.dropFirst().first)
        #expect(line.privacy != nil)
        let entry = RemoteEntry(date: try #require(line.date), normal: line.normal, privacy: line.privacy)

        var env = EnvironmentValues()
        env.widgetFamily = .systemMedium
        env.palette = Self.hostPalette
        env.timeZone = TimeZone(identifier: "UTC")!
        env.calendar.timeZone = env.timeZone
        let size = WidgetFamily.systemMedium.contentSize
        // Drawn 17 s after the entry: the timer has moved on, on the host.
        let later = Self.t0.addingTimeInterval(17)
        let remote = ViewRenderer.render(RemoteContentView(entry: entry) { _ in fatalError("no intents here") },
                                         size: size, environment: env, now: later)
        let local = ViewRenderer.render(EntryView(entry: Entry(date: Self.t0, name: "Tokyo 東京")), size: size, environment: env, now: later)
        #expect(remote.canvas.lines == local.canvas.lines)
        #expect(remote.canvas == local.canvas)
        #expect(remote.canvas.lines.contains { $0.contains("0:22") })
        #expect(remote.containerBackground == local.containerBackground)
        #expect(remote.nextRefresh == local.nextRefresh)
        #expect(remote.interactiveElements.map(\.rect) == local.interactiveElements.map(\.rect))
        #expect(remote.interactiveElements.map(\.title) == ["https://example.com/x"])

        // Locked: the privacy variant masks what the widget marked sensitive.
        env.redactionReasons = [.privacy]
        let locked = ViewRenderer.render(RemoteContentView(entry: entry) { _ in fatalError("no intents here") },
                                         size: size, environment: env, now: later)
        let lockedLocal = ViewRenderer.render(EntryView(entry: Entry(date: Self.t0, name: "Tokyo 東京")), size: size, environment: env, now: later)
        #expect(locked.canvas == lockedLocal.canvas)
        #expect(!locked.canvas.lines.joined().contains("secret"))
    }

    @Test func describeTellsTheWidgetsFamiliesAndNames() async throws {
        let sink = Lines()
        await ExtensionServer(widgets: [Self.description]) { line in sink.lines.withLock { $0.append(line) } }
            .serve(ExtensionRequest(request: .describe))
        let answer = try ExtensionProtocol.decode(DescribeAnswer.self, from: try #require(sink.all.first))
        #expect(answer.widgets.map(\.kind) == ["probe"])
        #expect(answer.widgets.first?.families == [.systemSmall, .systemMedium])
    }

    @Test func aThrowingProviderAnswersAnError() async throws {
        let answers = await serve(ExtensionRequest(request: .timeline, kind: "nothing", family: .systemSmall, date: Self.t0))
        #expect(answers.map(\.answer) == [.error])
        #expect(answers.first?.message?.contains("nothing") == true)
    }

    @Test func anotherMajorVersionIsRefusedAndGarbageIsNamed() throws {
        let future = Data(#"{"protocol":2,"answer":"end"}"#.utf8)
        #expect(throws: ProtocolError.unknownVersion(2)) { try ExtensionProtocol.decode(ExtensionAnswer.self, from: future) }
        #expect(ProtocolError.unknownVersion(2).description.contains("protocol 2"))
        #expect(throws: ProtocolError.garbage("\"hello\"")) { try ExtensionProtocol.decode(ExtensionAnswer.self, from: Data("hello".utf8)) }
        let current = Data(#"{"protocol":1,"answer":"end"}"#.utf8)
        #expect(try ExtensionProtocol.decode(ExtensionAnswer.self, from: current).answer == .end)
    }

    @Test func colorsStylesAndRectsRoundTrip() throws {
        for text in ["default", "i:12", "#0AFF00", "p:tint", "p:widgetBackground"] {
            let data = try ExtensionProtocol.encode([text])
            let colors = try JSONDecoder().decode([WireColor].self, from: data)
            #expect(String(decoding: try JSONEncoder().encode(colors), as: UTF8.self) == "[\"\(text)\"]")
        }
        #expect(throws: (any Error).self) { try JSONDecoder().decode([WireColor].self, from: Data(#"["p:nonsense"]"#.utf8)) }
        let rect = WireRect(CellRect(x: 1, y: 2, width: 3, height: 4))
        #expect(try JSONDecoder().decode(WireRect.self, from: try JSONEncoder().encode(rect)) == rect)
    }
}

/// `perform`: the extension finds the tapped element again by id and fingerprint.
@Suite struct ExtensionPerformTests {
    static let taps = Mutex(0)

    struct Step: AppIntent {
        static let title = "Step"
        var amount: Int
        func perform() async throws { ExtensionPerformTests.taps.withLock { $0 += amount } }
    }

    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> ExtensionWireTests.Entry { .init(date: context.date, name: "p") }
        func snapshot(in context: Context) async -> ExtensionWireTests.Entry { .init(date: context.date, name: "s") }
        func timeline(in context: Context) async throws -> Timeline<ExtensionWireTests.Entry> {
            Timeline(entries: [.init(date: context.date, name: "t")], policy: .never)
        }
    }

    static var description: WidgetDescription {
        StaticConfiguration(kind: "steps", provider: Provider()) { _ in
            VStack {
                Button(intent: Step(amount: 2)) { Text("+2") }
                Button(intent: Step(amount: 5)) { Text("+5") }
            }
        }._description
    }

    func serve(_ request: ExtensionRequest) async -> [ExtensionAnswer] {
        let sink = ExtensionWireTests.Lines()
        await ExtensionServer(widgets: [Self.description]) { line in sink.lines.withLock { $0.append(line) } }.serve(request)
        return sink.all.compactMap { try? ExtensionProtocol.decode(ExtensionAnswer.self, from: $0) }
    }

    @Test func theTappedElementsIntentRunsAndAChangedOneIsRefused() async throws {
        let t0 = ExtensionWireTests.t0
        let timeline = await serve(ExtensionRequest(request: .timeline, kind: "steps", family: .systemSmall, date: t0))
        let elements = try #require(timeline.first { $0.answer == .entry }?.normal?.elements)
        #expect(elements.map(\.kind) == ["button", "button"])
        // Nothing is private here, so no locked variant is sent.
        #expect(timeline.first { $0.answer == .entry }?.privacy == nil)
        #expect(elements.map(\.typeName) == ["Step", "Step"])
        #expect(elements[0].fingerprint != elements[1].fingerprint)

        var perform = ExtensionRequest(request: .perform, kind: "steps", family: .systemSmall, date: t0)
        perform.entryDate = t0
        perform.element = elements[1].id
        perform.fingerprint = elements[1].fingerprint
        let before = Self.taps.withLock { $0 }
        #expect(await serve(perform).map(\.answer) == [.performed])
        #expect(Self.taps.withLock { $0 } == before + 5)

        // An element whose intent is no longer what was drawn is not performed.
        perform.fingerprint = "Step(amount: 99)"
        let refused = await serve(perform)
        #expect(refused.map(\.answer) == [.error])
        #expect(refused.first?.message?.contains("no longer in the widget") == true)
        #expect(Self.taps.withLock { $0 } == before + 5)
    }
}
