import Foundation
import Testing
@testable import WidgetDash

/// SwiftUI spellings that mean something in cells: decorations on containers, colors in other
/// components, `specifier:`, the content margins, materials and the older modifier forms.
@Suite("Compatibility views")
struct CompatibilityViewTests {
    func render<V: View>(_ view: V, _ width: Int, _ height: Int, _ env: EnvironmentValues = EnvironmentValues()) -> Canvas {
        ViewRenderer.render(view, size: CellSize(width: width, height: height), environment: env, now: Date(timeIntervalSince1970: 0)).canvas
    }

    @Test func decorationsOnAContainerReachItsTexts() {
        let canvas = render(VStack { Text("a"); Text("b").underline(false) }.italic().underline(), 1, 2)
        #expect(canvas[0, 0].style.attributes.contains(.italic))
        #expect(canvas[0, 0].style.attributes.contains(.underline))
        #expect(canvas[0, 1].style.attributes.contains(.italic))
        #expect(!canvas[0, 1].style.attributes.contains(.underline))
        let palette = EnvironmentValues().palette
        let struck = render(HStack(spacing: 0) { Text("a"); Text("b").foregroundStyle(.red) }.strikethrough(), 2, 1)
        #expect(struck[0, 0].style.foreground == palette.tertiary)
        #expect(struck[1, 0].style.foreground == palette.red)
    }

    @Test func colorsFromHueSaturationBrightnessAndWhite() {
        let palette = EnvironmentValues().palette
        #expect(Color(hue: 0, saturation: 1, brightness: 1)._resolve(in: palette) == .rgb(255, 0, 0))
        #expect(Color(hue: 1.0 / 3, saturation: 1, brightness: 1)._resolve(in: palette) == .rgb(0, 255, 0))
        #expect(Color(hue: 0.5, saturation: 0.5, brightness: 1)._resolve(in: palette) == .rgb(128, 255, 255))
        #expect(Color(white: 0.5)._resolve(in: palette) == .rgb(128, 128, 128))
        #expect(Color(red: 1, green: 0, blue: 0, opacity: 1) == Color(red: 1, green: 0, blue: 0))
        #expect(Color(white: 1, opacity: 0.5) == Color.white.opacity(0.5))
        #expect(Color(hue: .nan, saturation: 2, brightness: -1)._resolve(in: palette) == .rgb(0, 0, 0))
    }

    @Test func aSpecifierFormatsANumberAndAnUnsafeOneIsNotUsed() {
        let pi = 3.14159
        #expect("\(pi, specifier: "%.2f")°" == "3.14°")
        #expect("\(42, specifier: "%03d")" == "042")
        #expect("\(7, specifier: "%d%%")" == "7%")
        #expect("\(pi, specifier: "%s")" == "3.14159")
        #expect("\(pi, specifier: "%@")" == "3.14159")
        #expect("\(pi, specifier: "%f %f")" == "3.14159")
        #expect("\(pi, specifier: "no conversion")" == "3.14159")
        #expect("\(pi, specifier: "%Lf")" == "3.14159")
        #expect("\(pi, specifier: "%*d")" == "3.14159")
        #expect("\(pi, specifier: "%1$f")" == "3.14159")
        #expect("\(Int64(5), specifier: "%lld")" == "5")
        #expect(draw(Text("\(21.456, specifier: "%.1f")°"), 5, 1) == ["21.5°"])
    }

    @Test func textsFromKeysImagesAttributedStringsAndDateIntervals() {
        #expect(draw(Text(LocalizedStringKey("Steps \(1200)")), 10, 1) == ["Steps 1200"])
        #expect(draw(Text(Image(systemName: "star")) + Text(" 4.5"), 5, 1).first?.hasSuffix(" 4.5") == true)
        #expect(draw(Text(AttributedString("attributed")), 10, 1) == ["attributed"])
        let start = Date(timeIntervalSince1970: 10 * 3600)
        #expect(draw(Text(start...start.addingTimeInterval(5400)), 11, 1) == ["10:00–11:30"])
        #expect(draw(Text(start...start.addingTimeInterval(2 * 86_400)), 40, 1) == ["    January 1, 1970–January 3, 1970"])
    }

    @Test func contentMarginsAreInTheWidgetsLayoutUnit() {
        var env = EnvironmentValues()
        env.widgetFamily = .systemSmall
        #expect(env.widgetContentMargins == EdgeInsets(top: 0, leading: 1, bottom: 0, trailing: 1))
        env.layoutUnit = .points
        #expect(env.widgetContentMargins == EdgeInsets(top: 0, leading: 8, bottom: 0, trailing: 8))
        // Given back to `padding(_:)`, they are the host's one column again.
        let padded = render(Text("x").padding(env.widgetContentMargins).frame(maxWidth: .infinity, alignment: .leading), 4, 1, env)
        #expect(padded.lines == [" x  "])
        env.widgetFamily = .accessoryCircular
        #expect(env.widgetContentMargins == EdgeInsets())
    }

    @Test func materialsAreTheFillsOfShapes() {
        let palette = EnvironmentValues().palette
        #expect(AnyShapeStyle(.regularMaterial)._resolve(in: palette) == AnyShapeStyle(.fill)._resolve(in: palette))
        #expect(AnyShapeStyle(.ultraThinMaterial)._resolve(in: palette) == AnyShapeStyle(FillShapeStyle().tertiary)._resolve(in: palette))
    }

    @Test func olderOverlayAndBackgroundFormsDrawTheirViews() {
        #expect(draw(Text("abc").overlay(Text("X"), alignment: .trailing), 3, 1) == ["abX"])
        #expect(draw(Text("a").frame(width: 3, alignment: .leading).background(Text("zzz")), 3, 1) == ["azz"])
        let palette = EnvironmentValues().palette
        let capsule = render(Text("ok").background(.red, in: Capsule()), 2, 1)
        #expect(capsule[0, 0].style.background == palette.red)
    }

    @Test func aStrokeWithoutAStyleTakesTheForegroundStyle() {
        let palette = EnvironmentValues().palette
        let canvas = render(Rectangle().stroke(lineWidth: 2).foregroundStyle(.green), 3, 3)
        #expect(canvas[0, 0].style.foreground == palette.green)
        #expect(render(Circle().stroke(style: StrokeStyle(lineWidth: 3, lineCap: .round)), 3, 3)[0, 0].text == "╭")
    }

    @Test func baselineAlignmentsAreTheTopAndBottomOfCells() {
        let row = HStack(alignment: .firstTextBaseline) { VStack { Text("1"); Text("2") }; Text("a") }
        #expect(draw(row, 3, 2) == ["1 a", "2"])
        let last = HStack(alignment: .lastTextBaseline) { VStack { Text("1"); Text("2") }; Text("a") }
        #expect(draw(last, 3, 2) == ["1", "2 a"])
    }

    @Test func aViewAtZeroOpacityKeepsItsPlaceAndIsNotDrawn() {
        #expect(draw(HStack(spacing: 0) { Text("a"); Text("b").opacity(0); Text("c") }, 3, 1) == ["a c"])
        #expect(draw(HStack(spacing: 0) { Text("a"); Text("b").opacity(0.4); Text("c") }, 3, 1) == ["abc"])
    }

    @Test func theNewModifiersWithNoCellMeaningChangeNothing() {
        let plain = draw(Text("42"), 4, 1)
        let decorated = draw(
            Text("42").truncationMode(.middle).lineSpacing(2).baselineOffset(1).ignoresSafeArea().edgesIgnoringSafeArea(.all)
                .symbolEffect(.pulse).widgetLabel { Text("label") }.mask { Rectangle() }.saturation(0).grayscale(1)
                .containerShape(.rect(cornerRadius: 4)).dynamicTypeSize(.xLarge).dynamicTypeSize(...DynamicTypeSize.large)
                .disabled(true).tag(1).help("h").accessibilityElement(children: .combine).drawingGroup(), 4, 1)
        #expect(decorated == plain)
    }

    @Test func aTrimmedStrokeDrawsItsPartOfTheOutlineFromTheTopOverWhatIsBehind() {
        let palette = EnvironmentValues().palette
        let ring = ZStack {
            Circle().stroke(.gray, lineWidth: 4)
            Circle().trim(from: 0, to: 0.5).stroke(.red, style: StrokeStyle(lineWidth: 4, lineCap: .round)).rotationEffect(.degrees(-90))
        }
        let canvas = render(ring, 6, 3)
        #expect(canvas.lines == ["╭──━━┓", "│    ┃", "╰──━━┛"])
        #expect(canvas[3, 0].style.foreground == palette.red)
        #expect(canvas[1, 0].style.foreground == palette.gray)
        // A trim's ends are kept in order and within the outline.
        #expect(render(Circle().trim(from: 0.9, to: 0.2).stroke(.red), 6, 3).lines == ["      ", "      ", "      "])
        // Locked and private, the ring shows nothing of its value.
        var env = EnvironmentValues()
        env.redactionReasons = .privacy
        let locked = render(Circle().trim(from: 0, to: 0.5).stroke(.red).privacySensitive(), 6, 3, env)
        #expect(locked.lines == ["      ", "      ", "      "])
    }

    /// Reads the environment values iOS widgets ask for, as `@Environment` does.
    struct EnvironmentReader: View {
        @Environment(\.isLuminanceReduced) var isLuminanceReduced
        @Environment(\.dynamicTypeSize) var dynamicTypeSize
        @Environment(\.horizontalSizeClass) var horizontalSizeClass
        @Environment(\.layoutDirection) var layoutDirection
        @Environment(\.displayScale) var displayScale
        var body: some View {
            Text("\(isLuminanceReduced) \(dynamicTypeSize) \(horizontalSizeClass.map { "\($0)" } ?? "-") \(layoutDirection) \(displayScale, specifier: "%.0f")")
        }
    }

    @Test func environmentValuesWithOneAnswerInATerminalAreReadable() {
        let view = EnvironmentReader().environment(\.layoutDirection, .rightToLeft).environment(\.locale, Locale(identifier: "fr_FR"))
        #expect(draw(view, 40, 1) == ["   false large compact leftToRight 1"])
    }

    @Test func gaugeBoundLabelsSitAtTheEndsOfItsBar() {
        let gauge = Gauge(value: 0.5) { Text("T") } currentValueLabel: { Text("50") } minimumValueLabel: { Text("0") } maximumValueLabel: { Text("1") }
        #expect(draw(gauge.gaugeStyle(.accessoryLinear), 12, 2) == ["T         50", "0 ████░░░░ 1"])
    }

    @Test func progressShowsItsCurrentValueLabelAndAnUnknownProgressAnEllipsis() {
        let progress = ProgressView(value: 0.25) { Text("Upload") } currentValueLabel: { Text("25%") }
        #expect(draw(progress.frame(width: 8), 8, 3) == ["Upload", "██░░░░░░", "25%"])
        #expect(draw(ProgressView(), 3, 1) == [" …"])
    }

    @Test func separatorsAndBackgroundLevelsResolveThroughThePalette() {
        let palette = EnvironmentValues().palette
        #expect(AnyShapeStyle(.separator)._resolve(in: palette) == palette.border)
        #expect(AnyShapeStyle(BackgroundStyle().secondary)._resolve(in: palette) == palette.widgetBackground)
    }

    @Test func controlAndAccessibilityModifiersChangeNothing() {
        let plain = draw(Text("42").font(.body), 4, 1)
        let decorated = draw(
            Text("42").font(.body.smallCaps().leading(.tight)).controlSize(.small).buttonBorderShape(.capsule).toggleStyle(.button)
                .labelsHidden().accessibilityAddTraits(.isHeader).accessibilityIdentifier("answer"), 4, 1)
        #expect(decorated == plain)
    }
}
