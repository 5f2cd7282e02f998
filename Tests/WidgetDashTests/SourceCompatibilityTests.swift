import Foundation
import Synchronization
import Testing
@testable import WidgetDash

/// iOS code compiles and behaves: providers in either form, shapes and styles in cells, layout
/// numbers in points, default families.
@Suite("Source compatibility")
struct SourceCompatibilityTests {
    // MARK: Providers

    struct Entry: TimelineEntry { let date: Date; let n: Int }

    /// Written as iOS declares it: completion handlers only, non-Sendable closures as most code
    /// writes them.
    struct CompletionProvider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: .distantPast, n: 0) }
        func getSnapshot(in context: Context, completion: @escaping (Entry) -> ()) {
            completion(Entry(date: .distantPast, n: 1))
        }
        func getTimeline(in context: Context, completion: @escaping (Timeline<Entry>) -> ()) {
            // Called twice: only the first answer counts, and nothing traps.
            completion(Timeline(entries: [Entry(date: .distantPast, n: 2)], policy: .never))
            completion(Timeline(entries: [Entry(date: .distantPast, n: 3)], policy: .never))
        }
    }

    struct AsyncProvider: TimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: .distantPast, n: 0) }
        func snapshot(in context: Context) async -> Entry { Entry(date: .distantPast, n: 4) }
        func timeline(in context: Context) async throws -> Timeline<Entry> {
            Timeline(entries: [Entry(date: .distantPast, n: 5)], policy: .atEnd)
        }
    }

    @Test func completionHandlerProvidersAnswerTheHostsAsyncCalls() async throws {
        let provider = AnyTimelineProvider(CompletionProvider())
        let context = TimelineProviderContext(family: .systemSmall)
        #expect((await provider.snapshot(context) as? Entry)?.n == 1)
        let timeline = try await provider.timeline(context)
        #expect(timeline.entries.compactMap { ($0 as? Entry)?.n } == [2])
        #expect(timeline.policy == .never)
    }

    @Test func asyncProvidersAnswerCompletionHandlerCalls() async {
        let context = TimelineProviderContext(family: .systemSmall)
        let n = await withCheckedContinuation { (c: CheckedContinuation<Int, Never>) in
            AsyncProvider().getTimeline(in: context) { c.resume(returning: $0.entries[0].n) }
        }
        #expect(n == 5)
        let snapshot = await withCheckedContinuation { (c: CheckedContinuation<Int, Never>) in
            AsyncProvider().getSnapshot(in: context) { c.resume(returning: $0.n) }
        }
        #expect(snapshot == 4)
    }

    final class Intent: INIntent {}

    struct IntentProvider: IntentTimelineProvider {
        func placeholder(in context: Context) -> Entry { Entry(date: .distantPast, n: 0) }
        func getSnapshot(for configuration: Intent, in context: Context, completion: @escaping (Entry) -> ()) {
            completion(Entry(date: .distantPast, n: 6))
        }
        func getTimeline(for configuration: Intent, in context: Context, completion: @escaping (Timeline<Entry>) -> ()) {
            completion(Timeline(entries: [Entry(date: .distantPast, n: 7)], policy: .atEnd))
        }
    }

    @Test func intentConfigurationsRunTheirProviderWithADefaultIntent() async throws {
        let description = IntentConfiguration(kind: "legacy", intent: Intent.self, provider: IntentProvider()) { entry in
            Text("\(entry.n)")
        }._description
        let timeline = try await description.provider.timeline(TimelineProviderContext(family: .systemSmall))
        #expect(timeline.entries.compactMap { ($0 as? Entry)?.n } == [7])
        #expect(description.supportedFamilies == [.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge])
        #expect(description.layoutUnit == .points)
    }

    @Test func aWidgetThatNamesNoFamiliesGetsEverySystemFamily() {
        let description = StaticConfiguration(kind: "k", provider: AsyncProvider()) { _ in Text("x") }._description
        #expect(description.supportedFamilies == [.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge])
        #expect(!description.supportedFamilies.contains { $0.isAccessory })
    }

    // MARK: Shapes and styles

    func render<V: View>(_ view: V, _ width: Int, _ height: Int) -> Canvas {
        var env = EnvironmentValues()
        env.timeZone = TimeZone(identifier: "UTC")!
        return ViewRenderer.render(view, size: CellSize(width: width, height: height), environment: env, now: Date(timeIntervalSince1970: 0)).canvas
    }

    @Test func aFilledShapeOrAColorGivesEveryCellOfItsFrameTheColorAsBackground() {
        let palette = Palette.dark
        for canvas in [render(Rectangle().fill(Color.red), 4, 2), render(Color.red, 4, 2), render(Capsule().fill(.red), 4, 2)] {
            for y in 0..<2 { for x in 0..<4 { #expect(canvas[x, y].style.background == palette.red) } }
        }
        // A shape on its own is filled with the foreground style.
        let plain = render(Circle().foregroundStyle(.green), 3, 1)
        #expect(plain[1, 0].style.background == palette.green)
    }

    @Test func aStrokedShapeDrawsABoxRoundForRoundShapes() {
        #expect(draw(Rectangle().stroke(.secondary, lineWidth: 2), 5, 3) == ["┌───┐", "│   │", "└───┘"])
        #expect(draw(RoundedRectangle(cornerRadius: 8).stroke(Color.blue), 4, 3) == ["╭──╮", "│  │", "╰──╯"])
        #expect(draw(ContainerRelativeShape().strokeBorder(.tint), 3, 1) == ["───"])
        let boxed = draw(Text("hi").padding(.all, 1).background { RoundedRectangle(cornerRadius: 4).stroke(.primary) }, 4, 3)
        #expect(boxed == ["╭──╮", "│hi│", "╰──╯"])
    }

    @Test func hierarchicalFillsOpacityAndGradientsResolveThroughThePalette() {
        let palette = Palette.dark
        #expect(FillShapeStyle()._resolve(in: palette) == palette.border)
        #expect(FillShapeStyle().tertiary._resolve(in: palette) == palette.widgetBackground)
        #expect(BackgroundStyle()._resolve(in: palette) == palette.widgetBackground)
        #expect(AnyShapeStyle(.fill.secondary)._resolve(in: palette) == palette.border)
        #expect(Color.blue.gradient._resolve(in: palette) == palette.blue)
        #expect(Color.white.opacity(1)._resolve(in: palette) == .rgb(255, 255, 255))
        // White at half strength over the dark panel (0x1C1F26).
        #expect(Color.white.opacity(0.5)._resolve(in: palette) == .rgb(0x8E, 0x8F, 0x93))
        let gradient = LinearGradient(colors: [.white, .black], startPoint: .top, endPoint: .bottom)
        #expect(gradient._resolve(in: palette) == .rgb(128, 128, 128))
    }

    @Test func pointSizesMapToTheTextStyleOfThatSize() {
        #expect(Font.system(size: 44, weight: .bold, design: .rounded) == Font.largeTitle.weight(.bold))
        #expect(Font.system(size: 17) == .body)
        #expect(Font.system(size: 12) == .caption)
        #expect(Font.system(size: 9) == .caption2)
    }

    @Test func modifiersWithNoTerminalMeaningChangeNothing() {
        let plain = draw(Text("42"), 4, 1)
        let decorated = draw(
            Text("42").contentTransition(.numericText()).animation(.easeInOut, value: 42).transition(.opacity)
                .shadow(radius: 2).minimumScaleFactor(0.5).invalidatableContent().imageScale(.large), 4, 1)
        #expect(decorated == plain)
        #expect(draw(Image("photo").widgetAccentedRenderingMode(.accented), 1, 1) == ["▣"])
    }

    // MARK: Points

    func drawInPoints<V: View>(_ view: V, _ width: Int, _ height: Int) -> [String] {
        draw(view.environment(\.layoutUnit, .points), width, height)
    }

    @Test func layoutNumbersCountPointsInWidgetsThatSaySo() {
        // 144 points are 20 columns; 29 points two rows.
        #expect(drawInPoints(Color.clear.frame(width: 144, height: 29).overlay { Rectangle().stroke(.primary) }, 22, 4)
                    == ["", " ┌──────────────────┐", " └──────────────────┘", ""].map { $0 })
        // The default padding is 16 points: two columns and a row.
        #expect(drawInPoints(Text("x").padding(), 5, 3) == ["", "  x", ""])
        // Spacing of 8 points is less than three quarters of a row: none; 16 points is one row.
        #expect(drawInPoints(VStack(spacing: 8) { Text("a"); Text("b") }, 1, 2) == ["a", "b"])
        #expect(drawInPoints(VStack(spacing: 16) { Text("a"); Text("b") }, 1, 3) == ["a", "", "b"])
        // A thin rule stays visible: 2 points high is one row.
        #expect(drawInPoints(Rectangle().fill(.red).frame(width: 14, height: 2).overlay { Text("==") }, 2, 1) == ["=="])
        // The same numbers in cells, as the built-in widgets write them.
        #expect(draw(Text("x").padding(2), 5, 5) == ["", "", "  x", "", ""])
    }

    @Test func formatStylesFormatTextsAndInterpolations() {
        #expect(draw(Text(1234, format: .number.grouping(.never)), 4, 1) == ["1234"])
        let noon = Date(timeIntervalSince1970: 43_200)
        let style = Date.ISO8601FormatStyle().year().month().day()
        #expect(draw(Text(noon, format: style), 10, 1) == ["1970-01-01"])
        #expect(draw(Text("On \(noon, format: style)"), 13, 1) == ["On 1970-01-01"])
        // The lock screen's backdrop fills its frame with the fill color.
        let canvas = render(AccessoryWidgetBackground(), 3, 1)
        #expect(canvas[1, 0].style.background == Palette.dark.border)
    }

    @Test func layoutNumbersHeldAsCGFloatCompileAndCount() {
        let gap: CGFloat = 16
        let inset: Double = 14.4
        #expect(drawInPoints(VStack(spacing: gap) { Text("a"); Text("b") }, 1, 3) == ["a", "", "b"])
        #expect(drawInPoints(HStack(spacing: inset) { Text("a"); Text("b") }, 4, 1) == ["a  b"])
        #expect(drawInPoints(Text("x").padding(.vertical, inset).padding(gap), 5, 5) == ["", "", "  x", "", ""])
        #expect(drawInPoints(VStack { Text("a"); Spacer(minLength: gap); Text("b") }, 1, 3) == ["a", "", "b"])
    }
}
