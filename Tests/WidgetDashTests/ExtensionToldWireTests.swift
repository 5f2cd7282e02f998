import Foundation
import Testing
import WidgetDash

/// What the host tells an extension (scheme, rendering mode, zone) reaches the views it
/// renders; a toggle comes with its cells flipped, for the host's optimistic flip.
@Suite struct ExtensionToldWireTests {
    static let t0 = ExtensionWireTests.t0

    struct Entry: TimelineEntry {
        let date: Date
        var isOn = false
    }

    struct Provider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: context.date) }
        func snapshot(in context: Context) async -> Entry { Entry(date: context.date) }
        func timeline(in context: Context) async throws -> Timeline<Entry> {
            Timeline(entries: [Entry(date: context.date), Entry(date: context.date.addingTimeInterval(60), isOn: true)], policy: .never)
        }
    }

    struct Switch: AppIntent {
        static let title = "Switch"
        var on = true
        func perform() async throws {}
    }

    struct ToldView: View {
        let entry: Entry
        @Environment(\.colorScheme) private var scheme
        @Environment(\.widgetRenderingMode) private var mode

        var body: some View {
            VStack(alignment: .leading, spacing: 0) {
                Text(scheme == .light ? "light" : "dark")
                Text(mode == .vibrant ? "vibrant" : mode == .accented ? "accented" : "fullColor")
                Text(entry.date, style: .time)
                Toggle("Lamp", isOn: entry.isOn, intent: Switch(on: !entry.isOn))
            }
        }
    }

    static var description: WidgetDescription {
        StaticConfiguration(kind: "told", provider: Provider()) { ToldView(entry: $0) }
            .supportedFamilies([.systemMedium])._description
    }

    func serve(_ request: ExtensionRequest) async -> [ExtensionAnswer] {
        let sink = ExtensionWireTests.Lines()
        await ExtensionServer(widgets: [Self.description]) { line in sink.lines.withLock { $0.append(line) } }.serve(request)
        return sink.all.compactMap { try? ExtensionProtocol.decode(ExtensionAnswer.self, from: $0) }
    }

    func draw(_ rendering: WireRendering?, date: Date, toggleOverrides: [Int: Bool] = [:]) -> RenderedView {
        var env = EnvironmentValues()
        env.widgetFamily = .systemMedium
        return ViewRenderer.render(RemoteContentView(entry: RemoteEntry(date: date, normal: rendering)) { element in
            AnyAppIntent(title: element.title ?? "", typeName: element.typeName ?? "", fingerprint: element.fingerprint ?? "") {}
        }, size: WidgetFamily.systemMedium.contentSize, environment: env, now: date, toggleOverrides: toggleOverrides)
    }

    @Test func theViewsReadTheSchemeTheModeAndTheZoneTheHostShows() async throws {
        var request = ExtensionRequest(request: .timeline, kind: "told", family: .systemMedium, date: Self.t0)
        request.rendering = RenderingEnvironment(colorScheme: .light, renderingMode: .vibrant, timeZone: try #require(TimeZone(identifier: "Asia/Tokyo")))
        let answers = await serve(request)
        #expect(answers.map(\.answer) == [.timeline, .entry, .entry, .end])
        // Every entry's date is announced with the timeline, before any is rendered.
        #expect(answers.first?.dates == [Self.t0, Self.t0.addingTimeInterval(60)])
        let lines = draw(answers[1].normal, date: Self.t0).canvas.lines.joined(separator: "\n")
        #expect(lines.contains("light"), "\(lines)")
        #expect(lines.contains("vibrant"), "\(lines)")
        // 08:00 UTC is 17:00 in Tokyo.
        #expect(lines.contains("17:00"), "\(lines)")

        // Told nothing: dark and full color, as before.
        let plain = await serve(ExtensionRequest(request: .timeline, kind: "told", family: .systemMedium, date: Self.t0, timeZone: "UTC"))
        let plainLines = draw(plain[1].normal, date: Self.t0).canvas.lines.joined(separator: "\n")
        #expect(plainLines.contains("dark") && plainLines.contains("fullColor") && plainLines.contains("08:00"), "\(plainLines)")
    }

    @Test func aTappedToggleShowsItsOtherStateAtOnce() async throws {
        let answers = await serve(ExtensionRequest(request: .timeline, kind: "told", family: .systemMedium, date: Self.t0, timeZone: "UTC"))
        let off = try #require(answers[1].normal)
        let toggle = try #require(off.elements.first { $0.kind == "toggle" })
        #expect(toggle.isOn == false)
        #expect(toggle.flipped != nil)
        let asDrawn = draw(off, date: Self.t0)
        #expect(asDrawn.canvas.lines.contains { $0.contains("[ ] Lamp") })
        // Tapped: the host overrides the toggle until the reloaded timeline arrives.
        let flipped = draw(off, date: Self.t0, toggleOverrides: [toggle.id: true])
        #expect(flipped.canvas.lines.contains { $0.contains("[✓] Lamp") }, "\(flipped.canvas.lines)")
        // The same cells as the entry whose toggle is on, drawn by the extension.
        let on = draw(answers[2].normal, date: Self.t0)
        #expect(flipped.canvas.lines.filter { $0.contains("Lamp") } == on.canvas.lines.filter { $0.contains("Lamp") })
        if case .toggle(let isOn, _)? = flipped.interactiveElements.first(where: { $0.id == toggle.id })?.action {
            #expect(isOn)
        } else {
            Issue.record("the toggle is not an element")
        }
        // The locked variant has no flipped cells (nothing can be tapped while locked).
        #expect(answers[1].privacy?.elements.allSatisfy { $0.flipped == nil } ?? true)
    }
}
