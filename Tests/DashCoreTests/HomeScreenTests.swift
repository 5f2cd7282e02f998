import DashCatalog
import DashCore
import DashTerminal
import DashTesting
import Foundation
import Testing
import WidgetDash

@Suite("Home layout")
struct HomeLayoutTests {
    @Test func smallsFillAFourUnitRowLikeIOS() {
        // 80 columns: three slot columns (22 + 2 + 22 + 2 + 22 = 70).
        let r = HomeLayout.pack([.systemSmall, .systemSmall, .systemSmall, .systemSmall], in: CellSize(width: 80, height: 23))
        #expect(r.pages.count == 1)
        #expect(r.pages[0].map(\.rect.origin) == [
            CellPoint(x: 5, y: 0), CellPoint(x: 29, y: 0), CellPoint(x: 53, y: 0), CellPoint(x: 5, y: 12),
        ])
    }

    @Test func mediumAndLargeTakeTwoSlots() {
        let r = HomeLayout.pack([.systemMedium, .systemSmall, .systemLarge], in: CellSize(width: 94, height: 35))
        let rects = r.pages[0].map(\.rect)
        #expect(rects[0] == CellRect(x: 0, y: 0, width: 46, height: 11))
        #expect(rects[1] == CellRect(x: 48, y: 0, width: 22, height: 11))
        #expect(rects[2] == CellRect(x: 0, y: 12, width: 46, height: 23))
    }

    @Test func whatDoesNotFitStartsANewPage() {
        let r = HomeLayout.pack(Array(repeating: .systemLarge, count: 3), in: CellSize(width: 80, height: 23))
        #expect(r.pages.count == 3)
        #expect(r.unplaced.isEmpty)
    }

    @Test func tooBigForTheTerminalIsUnplaced() {
        let r = HomeLayout.pack([.systemExtraLarge, .systemSmall], in: CellSize(width: 80, height: 23))
        #expect(r.unplaced == [0])
        #expect(r.pages[0].count == 1)
    }

    @Test func accessoriesGoOnTheirOwnRows() {
        let r = HomeLayout.pack([.systemSmall, .accessoryCircular, .accessoryRectangular, .accessoryInline], in: CellSize(width: 80, height: 30))
        let rects = r.pages[0].map(\.rect)
        #expect(rects[1].y == 12)
        #expect(rects[2].y == 12 && rects[2].x > rects[1].x)
        #expect(rects[3].y > 12)
    }

    @Test func widerTerminalsGetMoreColumns() {
        let eight = HomeLayout.pack(Array(repeating: .systemSmall, count: 8), in: CellSize(width: 200, height: 23))
        #expect(Set(eight.pages[0].map(\.rect.y)) == [0])
    }
}

@Suite("Dashboard")
struct DashboardTests {
    static let start = SampleData.date

    static func environment() -> EnvironmentValues { .utcGregorian }

    static func dashboard(_ placements: [WidgetPlacement], clock: ManualClock) async -> Dashboard {
        let d = Dashboard(widgets: BuiltinWidgets().widgetDescriptions, placements: placements, clock: clock, environment: environment())
        await d.settle()
        return d
    }

    @Test func homeScreenAt80x24MatchesGolden() async {
        let clock = ManualClock(Self.start)
        let d = await Self.dashboard([
            WidgetPlacement(kind: "clock", family: .systemSmall),
            WidgetPlacement(kind: "calendar", family: .systemMedium),
            WidgetPlacement(kind: "clock", family: .systemMedium),
            WidgetPlacement(kind: "calendar", family: .systemSmall),
        ], clock: clock)
        _ = d.handle(.resize(CellSize(width: 80, height: 24)))
        Golden.assertMatches(d.render(size: CellSize(width: 80, height: 24)).lines, named: "home-80x24")
    }

    @Test func homeScreenAt120x40WithAccessoriesMatchesGolden() async {
        let clock = ManualClock(Self.start)
        let d = await Self.dashboard([
            WidgetPlacement(kind: "clock", family: .systemLarge),
            WidgetPlacement(kind: "calendar", family: .systemMedium),
            WidgetPlacement(kind: "clock", family: .systemSmall),
            WidgetPlacement(kind: "calendar", family: .systemSmall),
            WidgetPlacement(kind: "clock", family: .accessoryCircular),
            WidgetPlacement(kind: "calendar", family: .accessoryRectangular),
            WidgetPlacement(kind: "calendar", family: .accessoryInline),
        ], clock: clock)
        Golden.assertMatches(d.render(size: CellSize(width: 120, height: 40)).lines, named: "home-120x40")
    }

    @Test func pagesTurnAndShowDots() async {
        let clock = ManualClock(Self.start)
        let d = await Self.dashboard(Array(repeating: WidgetPlacement(kind: "calendar", family: .systemLarge), count: 3), clock: clock)
        let size = CellSize(width: 80, height: 24)
        var screen = d.render(size: size)
        #expect(screen.line(23).contains("● ○ ○"))
        _ = d.handle(.key(.pageDown))
        screen = d.render(size: size)
        #expect(screen.line(23).contains("○ ● ○"))
        _ = d.handle(.key(.character("3")))
        #expect(d.render(size: size).line(23).contains("○ ○ ●"))
    }

    @Test func tooSmallTerminalSaysSoInsteadOfDrawing() async {
        let d = await Self.dashboard([WidgetPlacement(kind: "clock", family: .systemSmall)], clock: ManualClock(Self.start))
        let screen = d.render(size: CellSize(width: 20, height: 8))
        #expect(screen.lines.joined().contains("too small"))
    }

    @Test func oneSecondTickRewritesOnlyTheSeconds() async {
        let clock = ManualClock(Self.start)
        let d = await Self.dashboard([
            WidgetPlacement(kind: "clock", family: .systemSmall),
            WidgetPlacement(kind: "calendar", family: .systemMedium),
        ], clock: clock)
        let size = CellSize(width: 80, height: 24)
        let before = d.render(size: size)
        // Only the clock's seconds are live: the next deadline is within a second.
        let wait = d.secondsUntilNextDeadline()
        #expect((wait ?? 99) <= 1)
        clock.advance(by: 1)
        d.advance()
        #expect(d.needsDisplay)
        let after = d.render(size: size)
        let changed = ScreenDiff.changedCells(from: before, to: after)
        #expect(changed >= 1 && changed <= 2)
        #expect(ANSI.update(from: before, to: after).count < 50)
    }

    @Test func quitKeys() async {
        let d = await Self.dashboard([WidgetPlacement(kind: "clock", family: .systemSmall)], clock: ManualClock(Self.start))
        if case .quit = d.handle(.key(.character("q"))) {} else { Issue.record("q should quit") }
        if case .quit = d.handle(.key(.control("c"))) {} else { Issue.record("Ctrl-C should quit") }
    }

    @Test func placementParsing() throws {
        let widgets = BuiltinWidgets().widgetDescriptions
        #expect(try WidgetPlacement.parse("clock@circular", widgets: widgets).get() == WidgetPlacement(kind: "clock", family: .accessoryCircular))
        #expect(try WidgetPlacement.parse("calendar", widgets: widgets).get().family == .systemSmall)
        #expect(throws: PlacementError.self) { try WidgetPlacement.parse("calendar@circular", widgets: widgets).get() }
        #expect(throws: PlacementError.self) { try WidgetPlacement.parse("nope@small", widgets: widgets).get() }
        #expect(throws: PlacementError.self) { try WidgetPlacement.parse("clock@huge", widgets: widgets).get() }
    }
}

@Suite("Placements")
struct PlacementTests {
    @Test func parametersFollowAColon() throws {
        let widgets = BuiltinWidgets().widgetDescriptions
        let p = try WidgetPlacement.parse("clock@small:zone=UTC,title=Here", widgets: widgets).get()
        #expect(p.parameters == ["zone": "UTC", "title": "Here"])
        #expect(p.description == "clock@small:title=Here,zone=UTC")
        #expect(throws: PlacementError.self) { try WidgetPlacement.parse("clock@small:novalue", widgets: widgets).get() }
    }
}
