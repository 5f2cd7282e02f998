import Foundation
import Testing
@testable import WidgetDash

/// Renders a view in a `width`×`height` canvas and returns its lines, trailing spaces trimmed.
func draw<V: View>(_ view: V, _ width: Int, _ height: Int, family: WidgetFamily = .systemSmall, now: Date = Date(timeIntervalSince1970: 0), redaction: RedactionReasons = []) -> [String] {
    var env = EnvironmentValues()
    env.widgetFamily = family
    env.timeZone = TimeZone(identifier: "UTC")!
    env.redactionReasons = redaction
    let r = ViewRenderer.render(view, size: CellSize(width: width, height: height), environment: env, now: now)
    return r.canvas.lines.map { String($0.reversed().drop(while: { $0 == " " }).reversed()) }
}

@Suite("Layout")
struct LayoutTests {
    @Test func spacerPushesTextsApart() {
        let lines = draw(HStack { Text("CPU"); Spacer(); Text("42%") }, 18, 1)
        #expect(lines == ["CPU            42%"])
    }

    @Test func leastFlexibleChildIsServedFirst() {
        // The long text gives way; the short one keeps its width.
        let lines = draw(HStack { Text("A long description"); Text("99%") }.lineLimit(1), 14, 1)
        #expect(lines == ["A long de… 99%"])
        #expect(lines[0].contains("…"))
        #expect(TextWidth.width(of: lines[0]) <= 14)
    }

    @Test func aShapeInARowTakesWhatItsNeighboursLeave() {
        // As in SwiftUI: the text is served first, and the color fills the other eight columns
        // (it took an equal share, two columns, when a shape answered an unbounded offer with one
        // cell and so looked barely flexible).
        let palette = EnvironmentValues().palette
        let row = HStack(spacing: 0) { Text("ab"); Color.red }.frame(height: 1)
        let canvas = ViewRenderer.render(row, size: CellSize(width: 10, height: 1), environment: EnvironmentValues(), now: .distantPast).canvas
        #expect(canvas.lines == ["ab        "])
        #expect((0..<10).filter { canvas[$0, 0].style.background == palette.red } == Array(2..<10))
    }

    @Test func vstackAlignsAndStacks() {
        let lines = draw(VStack(alignment: .leading) { Text("one"); Text("three") }, 10, 2)
        #expect(lines == ["  one", "  three"])
        let trailing = draw(VStack(alignment: .trailing) { Text("one"); Text("three") }.frame(maxWidth: .infinity, alignment: .leading), 10, 2)
        #expect(trailing == ["  one", "three"])
    }

    @Test func textWrapsAtSpacesAndTruncatesWhenOutOfRows() {
        let lines = draw(Text("the quick brown fox jumps over").frame(width: 10, alignment: .leading), 10, 2)
        #expect(lines == ["the quick", "brown fox…"])
    }

    @Test func cjkWrapsBetweenCharactersWithoutHalfGlyphs() {
        let lines = draw(Text("日本語のテキスト").frame(width: 5, alignment: .leading), 5, 4)
        #expect(lines == ["日本", "語の", "テキ", "スト"])
        for line in lines { #expect(TextWidth.width(of: line) <= 5) }
    }

    @Test func flexibleFrameFillsAndAligns() {
        let lines = draw(Text("hi").frame(maxWidth: .infinity, alignment: .trailing), 8, 1)
        #expect(lines == ["      hi"])
    }

    @Test func paddingInsetsContent() {
        let lines = draw(Text("x").padding(.leading, 3).frame(maxWidth: .infinity, alignment: .leading), 8, 1)
        #expect(lines == ["   x"])
    }

    @Test func largeTitleNumbersUseBigDigitsWhenTheyFit() {
        let big = draw(Text("10:42").font(.largeTitle), 18, 3)
        #expect(big.count == 3)
        #expect(big[1].contains("│"))
        #expect(big[1].contains(":"))
        // Too little height: plain bold text instead.
        let small = draw(Text("10:42").font(.largeTitle), 18, 1)
        #expect(small == ["      10:42"])
    }

    @Test func linearGaugeFillsToItsFraction() {
        let lines = draw(Gauge(value: 0.5) { Text("CPU") } currentValueLabel: { Text("50%") }, 10, 2)
        #expect(lines[0] == "CPU    50%")
        #expect(lines[1] == "█████░░░░░")
    }

    @Test func circularGaugeDrawsARing() {
        let lines = draw(Gauge(value: 1) { EmptyView() } currentValueLabel: { Text("9") }.gaugeStyle(.accessoryCircular), 8, 3)
        #expect(lines == ["┏━━━━━━┓", "┃  9   ┃", "┗━━━━━━┛"])
    }

    @Test func dividerFollowsItsStack() {
        #expect(draw(VStack { Text("a"); Divider() }, 3, 2) == [" a", "───"])
        #expect(draw(HStack(spacing: 0) { Text("a"); Divider(); Text("b") }, 3, 1) == ["a│b"])
    }

    @Test func environmentReachesCustomViews() {
        struct FamilyName: View {
            @Environment(\.widgetFamily) var family
            var body: some View { Text(family.shortName) }
        }
        #expect(draw(FamilyName(), 10, 1, family: .accessoryCircular) == [" circular"])
        #expect(draw(FamilyName(), 10, 1, family: .systemLarge) == ["  large"])
    }

    @Test func conditionalsAndLoopsBuildViews() {
        let show = true
        let lines = draw(VStack(alignment: .leading) {
            if show { Text("yes") } else { Text("no") }
            ForEach(0..<3) { i in Text("row \(i)") }
        }.frame(maxWidth: .infinity, alignment: .leading), 8, 4)
        #expect(lines == ["yes", "row 0", "row 1", "row 2"])
    }

    @Test func nothingIsDrawnOutsideAFrame() {
        // A fixed frame clips its content: the text never spills into its neighbour.
        let lines = draw(HStack(spacing: 0) { Text("abcdefgh").frame(width: 3).lineLimit(1); Text("|") }, 4, 1)
        #expect(lines == ["ab…|"])
    }
}

@Suite("Live text")
struct LiveTextTests {
    let start = Date(timeIntervalSince1970: 1_000_000)

    @Test func timerCountsDownThenUpAndAsksForTheNextSecond() {
        var env = EnvironmentValues()
        env.timeZone = TimeZone(identifier: "UTC")!
        let target = start.addingTimeInterval(75.5)
        let r = ViewRenderer.render(Text(target, style: .timer), size: CellSize(width: 10, height: 1), environment: env, now: start)
        #expect(r.canvas.line(0).trimmingCharacters(in: .whitespaces) == "1:16")
        #expect(r.nextRefresh == start.addingTimeInterval(0.5))
        let after = ViewRenderer.render(Text(start, style: .timer), size: CellSize(width: 10, height: 1), environment: env, now: start.addingTimeInterval(3725))
        #expect(after.canvas.line(0).trimmingCharacters(in: .whitespaces) == "1:02:05")
    }

    @Test func relativeAndOffset() {
        let date = start.addingTimeInterval(11 * 60 + 14)
        #expect(draw(Text(date, style: .relative), 20, 1, now: start)[0].trimmingCharacters(in: .whitespaces) == "11 min, 14 sec")
        #expect(draw(Text(date, style: .offset), 20, 1, now: start)[0].trimmingCharacters(in: .whitespaces) == "+11 min, 14 sec")
        #expect(draw(Text(start, style: .offset), 20, 1, now: date)[0].trimmingCharacters(in: .whitespaces) == "-11 min, 14 sec")
    }

    @Test func timerIntervalStopsAtItsEnd() {
        let range = start...start.addingTimeInterval(90)
        var env = EnvironmentValues()
        env.timeZone = TimeZone(identifier: "UTC")!
        let mid = ViewRenderer.render(Text(timerInterval: range), size: CellSize(width: 8, height: 1), environment: env, now: start.addingTimeInterval(30))
        #expect(mid.canvas.line(0).trimmingCharacters(in: .whitespaces) == "1:00")
        #expect(mid.nextRefresh == start.addingTimeInterval(31))
        let end = ViewRenderer.render(Text(timerInterval: range), size: CellSize(width: 8, height: 1), environment: env, now: start.addingTimeInterval(200))
        #expect(end.canvas.line(0).trimmingCharacters(in: .whitespaces) == "0:00")
        #expect(end.nextRefresh == nil)
    }

    @Test func staticDatesDoNotAskForRefresh() {
        var env = EnvironmentValues()
        env.timeZone = TimeZone(identifier: "UTC")!
        let r = ViewRenderer.render(Text(start, style: .time), size: CellSize(width: 8, height: 1), environment: env, now: start)
        #expect(r.canvas.line(0).trimmingCharacters(in: .whitespaces) == "13:46")
        #expect(r.nextRefresh == nil)
    }
}

@Suite("Redaction")
struct RedactionTests {
    @Test func placeholderMasksTextKeepingItsShape() {
        let plain = draw(Text("$128.45"), 10, 1)
        let masked = draw(Text("$128.45"), 10, 1, redaction: .placeholder)
        #expect(TextWidth.width(of: plain[0]) == TextWidth.width(of: masked[0]))
        #expect(!masked[0].contains("128"))
        #expect(masked[0].contains("▒"))
    }

    @Test func privacyMasksOnlySensitiveViews() {
        let view = VStack { Text("Balance"); Text("$128.45").privacySensitive() }
        let locked = draw(view, 10, 2, redaction: .privacy)
        #expect(locked[0].contains("Balance"))
        #expect(!locked[1].contains("128"))
        let unlocked = draw(view, 10, 2)
        #expect(unlocked[1].contains("$128.45"))
        #expect(draw(view.unredacted(), 10, 2, redaction: .privacy)[1].contains("$128.45"))
    }

    @Test func sanitisedTextNeverCarriesEscapes() {
        let lines = draw(Text("a\u{1B}[2Jb\u{07}"), 10, 1)
        #expect(!lines[0].unicodeScalars.contains { $0.value < 0x20 })
        #expect(lines[0].contains("ab"))
    }
}

@Suite("Symbols")
struct SymbolTests {
    @Test func everySymbolGlyphIsOneColumn() {
        #expect(SymbolTable.glyphs.count >= 40)
        for (name, glyph) in SymbolTable.glyphs {
            #expect(TextWidth.width(of: glyph) == 1, "\(name) → \(glyph) is \(TextWidth.width(of: glyph)) columns")
        }
        #expect(TextWidth.width(of: SymbolTable.fallback) == 1)
    }

    @Test func variantsFallBackToTheirBaseName() {
        #expect(SymbolTable.glyph(for: "heart.fill") == SymbolTable.glyph(for: "heart"))
        #expect(SymbolTable.glyph(for: "cloud.sun.rain.fill") == SymbolTable.glyph(for: "cloud.sun"))
        #expect(SymbolTable.glyph(for: "no.such.symbol") == SymbolTable.fallback)
    }
}

@Suite("Stack sharing")
struct StackSharingTests {
    @Test func textBesideSpacerKeepsItsIdealWidth() {
        #expect(draw(HStack { Text("Memory"); Spacer(minLength: 0); Text("61%") }, 12, 1) == ["Memory   61%"])
    }

    @Test func bigDigitsKeepThreeRowsInAColumn() {
        let lines = draw(VStack(spacing: 0) { Text("A"); Text("12").font(.largeTitle); Text("B"); Text("C") }, 10, 6)
        #expect(lines.count == 6)
        #expect(lines.contains { $0.contains("┌─┘") })
    }
}
