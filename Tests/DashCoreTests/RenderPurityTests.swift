import DashCatalog
@testable import DashCore
import DashTesting
import Foundation
import Testing
import WidgetDash

/// Rendering is a pure function of the state: the same state gives the same frame, and
/// nothing a render does moves a deadline (issue 14).
@Suite("Rendering is pure")
struct RenderPurityTests {
    static let size = CellSize(width: 100, height: 30)

    /// A shell on the defaults (a live clock with seconds and a calendar, two lock-screen
    /// accessories, a passcode-free lock), with `keys` pressed.
    static func shell(_ keys: [Key], clock: ManualClock = ManualClock(SampleData.date)) async -> DashboardShell {
        var options = ShellOptions(widgets: BuiltinWidgets().widgetDescriptions, configFile: nil,
                                   defaultPages: [[.widget(WidgetPlacement(kind: "clock", family: .systemSmall)),
                                                   .widget(WidgetPlacement(kind: "worldclock", family: .systemSmall)),
                                                   .widget(WidgetPlacement(kind: "calendar", family: .systemMedium))]],
                                   defaultLockScreen: [WidgetPlacement(kind: "clock", family: .accessoryInline),
                                                       WidgetPlacement(kind: "calendar", family: .accessoryRectangular)],
                                   clock: clock)
        options.environment = ShellScreenTests.environment()
        let shell = DashboardShell(options)
        _ = shell.handle(.resize(size))
        await shell.settle()
        _ = shell.render(size: size)
        for key in keys {
            _ = shell.handle(.key(key))
            await shell.settle()
        }
        return shell
    }

    /// Renders twice from the same state: the same frame, and neither the scheduler's deadline
    /// nor the shell's moves; the router's render then draws that same frame.
    static func expectPure(_ shell: DashboardShell, _ screen: String) {
        if screen == "widget settings" { #expect(shell.platter != nil) }
        let schedulerBefore = shell.dashboard.scheduler.nextDeadline()
        let deadlineBefore = shell.secondsUntilNextDeadline()
        let first = shell.frame(size: size)
        let second = shell.frame(size: size)
        #expect(first.canvas == second.canvas, "\(screen): two renders differ")
        #expect(first.nextRedraw == second.nextRedraw, "\(screen)")
        #expect(shell.dashboard.scheduler.nextDeadline() == schedulerBefore, "\(screen): a render moved the scheduler")
        #expect(shell.secondsUntilNextDeadline() == deadlineBefore, "\(screen): a render moved the deadline")
        let drawn = shell.render(size: size)
        #expect(drawn == first.canvas, "\(screen): the router drew another frame")
        #expect(shell.dashboard.scheduler.nextDeadline() == schedulerBefore, "\(screen)")
        #expect(shell.secondsUntilNextDeadline() == deadlineBefore, "\(screen): drawing moved the deadline")
    }

    static let screens: [(String, [Key])] = [
        ("home", []),
        ("home, a widget focused", [.tab]),
        ("help", [.character("?")]),
        ("inspector", [.character("i")]),
        ("control center", [.character("c")]),
        ("lock screen", [.character("l")]),
        ("lock screen, control center", [.character("l"), .character("c")]),
        ("gallery", [.character("g")]),
        ("demo", [.character("d")]),
        ("StandBy", [.character("s")]),
        ("widget settings", [.tab, .tab, .character("e")]),
    ]

    @Test(arguments: screens.indices)
    func eachScreenRendersTheSameFrameTwice(index: Int) async {
        let (name, keys) = Self.screens[index]
        let shell = await Self.shell(keys)
        Self.expectPure(shell, name)
    }

    @Test func theDetailViewRendersTheSameFrameTwice() async throws {
        let shell = await Self.shell([])
        shell.dashboard.openLink(try #require(URL(string: "widgetdash://detail")), from: 0)
        #expect(shell.dashboard.detailView != nil)
        Self.expectPure(shell, "detail")
    }

    @Test func theTooSmallScreenRendersTheSameFrameTwice() async {
        let shell = await Self.shell([])
        let small = CellSize(width: 20, height: 8)
        #expect(shell.frame(size: small).canvas == shell.frame(size: small).canvas)
        #expect(shell.frame(size: small).canvas.lines.joined().contains("too small"))
    }

    /// Two dashboards in the same state, one drawn each second and one never: their scheduler
    /// and their deadlines agree all along.
    @Test func theDeadlineDoesNotDependOnWhetherARenderHappened() async {
        let drawnClock = ManualClock(SampleData.date)
        let idleClock = ManualClock(SampleData.date)
        let drawn = await Self.shell([], clock: drawnClock)
        let idle = await Self.shell([], clock: idleClock)
        for _ in 0..<5 {
            _ = drawn.render(size: Self.size)
            #expect(drawn.dashboard.scheduler.nextDeadline() == idle.dashboard.scheduler.nextDeadline())
            #expect(drawn.secondsUntilNextDeadline() == idle.secondsUntilNextDeadline())
            // The clock's seconds tick: within a second, whether drawn or not.
            #expect((idle.secondsUntilNextDeadline() ?? 99) <= 1)
            drawnClock.advance(by: 1)
            idleClock.advance(by: 1)
            drawn.advance()
            idle.advance()
        }
        #expect(drawn.frame(size: Self.size).canvas == idle.frame(size: Self.size).canvas)
    }
}

/// Screens handle keys as values: a key and a state give a new state and an effect, with no
/// dashboard needed.
@Suite("Screens handle keys as values")
struct ScreenHandleTests {
    @Test func theGalleryMovesBetweenWidgetsAndFamiliesAndAsksToAdd() throws {
        let widgets = BuiltinWidgets().widgetDescriptions
        var state = GalleryScreen.State(selected: 0, family: 0)
        #expect(GalleryScreen.handle(.right, &state, widgets: widgets) == nil)
        #expect(state == GalleryScreen.State(selected: 0, family: 1 % max(1, widgets[0].supportedFamilies.count)))
        #expect(GalleryScreen.handle(.up, &state, widgets: widgets) == nil)
        #expect(state == GalleryScreen.State(selected: widgets.count - 1, family: 0))
        let last = try #require(widgets.last)
        #expect(GalleryScreen.handle(.enter, &state, widgets: widgets) == .add(kind: last.kind, family: last.supportedFamilies[0]))
        #expect(GalleryScreen.handle(.escape, &state, widgets: widgets) == .leave)
        var empty = GalleryScreen.State(selected: 0, family: 0)
        #expect(GalleryScreen.handle(.enter, &empty, widgets: []) == nil)
    }

    @Test func theDemoTurnsFamiliesAndPages() {
        var state = DemoScreen.State(family: .systemSmall, page: 2)
        #expect(DemoScreen.handle(.character("n"), &state) == nil)
        #expect(state.page == 3)
        #expect(DemoScreen.handle(.character("f"), &state) == nil)
        #expect(state == DemoScreen.State(family: WidgetFamily.allCases[1], page: 0))
        #expect(DemoScreen.handle(.left, &state) == nil)
        #expect(state.family == .systemSmall)
        #expect(DemoScreen.handle(.character("p"), &state) == nil)
        #expect(state.page == 0)
        #expect(DemoScreen.handle(.character("q"), &state) == .leave)
    }

    @Test func standByWrapsAroundItsWidgets() {
        var index = 0
        #expect(StandByScreen.handle(.left, index: &index, count: 3) == nil)
        #expect(index == 2)
        #expect(StandByScreen.handle(.right, index: &index, count: 0) == nil)
        #expect(index == 2)
        #expect(StandByScreen.handle(.escape, index: &index, count: 3) == .leave)
    }

    @Test func theControlCenterMovesByRowsAndActsOnTheFocusedTile() {
        var focus: Int?
        #expect(ControlCenterScreen.handle(.down, focus: &focus, count: 5, columns: 3) == nil)
        #expect(focus == 3)
        #expect(ControlCenterScreen.handle(.right, focus: &focus, count: 5, columns: 3) == nil)
        #expect(focus == 4)
        #expect(ControlCenterScreen.handle(.tab, focus: &focus, count: 5, columns: 3) == nil)
        #expect(focus == 0)
        #expect(ControlCenterScreen.handle(.enter, focus: &focus, count: 5, columns: 3) == .act(0))
        #expect(ControlCenterScreen.handle(.character("q"), focus: &focus, count: 5, columns: 3) == .notHandled)
        #expect(ControlCenterScreen.handle(.escape, focus: &focus, count: 5, columns: 3) == .close)
    }

    @Test func theDetailViewOpensOnlyWebLinks() throws {
        let web = try #require(URL(string: "https://example.com/a"))
        let app = try #require(URL(string: "widgetdash://detail"))
        #expect(DetailScreen.handle(.character("o"), url: web) == .open(web))
        #expect(DetailScreen.handle(.character("o"), url: app) == nil)
        #expect(DetailScreen.handle(.backspace, url: nil) == .close)
        #expect(HelpScreen.handle(.character("q")) == .closeAndQuit)
        #expect(HelpScreen.handle(.escape) == .close)
        #expect(InspectorScreen.handle(.character("i")) == .close)
        #expect(InspectorScreen.handle(.character("r")) == nil)
    }

    @Test func theHomeScreensKeysAreValues() {
        #expect(HomeKeys.handle(.pageDown, page: 2, pageShown: true) == .turnPage(3))
        #expect(HomeKeys.handle(.character("p"), page: 0, pageShown: true) == .turnPage(-1))
        #expect(HomeKeys.handle(.character("3"), page: 0, pageShown: true) == .turnPage(2))
        // 0 is time travel's (back to real time), not a page.
        #expect(HomeKeys.handle(.character("0"), page: 1, pageShown: true) == .returnToRealTime)
        #expect(HomeKeys.handle(.character("}"), page: 0, pageShown: true) == .travel(HomeKeys.longJump))
        #expect(HomeKeys.handle(.backTab, page: 0, pageShown: true) == .moveFocus(-1))
        #expect(HomeKeys.handle(.character("?"), page: 0, pageShown: true) == .push(.help))
        #expect(HomeKeys.handle(.character("i"), page: 0, pageShown: true) == .push(.inspector))
        #expect(HomeKeys.handle(.character("<"), page: 0, pageShown: true) == .rotateStack(-1))
        #expect(HomeKeys.handle(.control("d"), page: 0, pageShown: true) == .quit)
        #expect(HomeKeys.handle(.character("z"), page: 0, pageShown: true) == nil)
        #expect(HomeKeys.handle(.left, page: 0, pageShown: true) == .moveFocusToward(.left))
        #expect(HomeKeys.handle(.character(" "), page: 0, pageShown: true) == .activateFocused)
        #expect(HomeKeys.handle(.character("c"), page: 0, pageShown: true) == .push(.controlCenter))
        // Under the inspector the panels are not drawn: their keys do nothing, the rest still work.
        #expect(HomeKeys.handle(.left, page: 0, pageShown: false) == nil)
        #expect(HomeKeys.handle(.enter, page: 0, pageShown: false) == nil)
        #expect(HomeKeys.handle(.character("c"), page: 0, pageShown: false) == nil)
        #expect(HomeKeys.handle(.character("R"), page: 0, pageShown: false) == .reloadAll)
    }

    @Test func theLockScreensKeysAreValues() {
        #expect(LockScreen.handle(.character("l"), isLocked: false) == .toggleLock)
        #expect(LockScreen.handle(.character("l"), isLocked: true) == .toggleLock)
        #expect(LockScreen.handle(.character("t"), isLocked: true) == .toggleScheme)
        #expect(LockScreen.handle(.character("T"), isLocked: false) == .nextTheme)
        // While locked every other key is taken and does nothing, but quitting and the help pass.
        #expect(LockScreen.handle(.enter, isLocked: true) == .swallow)
        #expect(LockScreen.handle(.character("r"), isLocked: true) == .swallow)
        #expect(LockScreen.handle(.character("q"), isLocked: true) == nil)
        #expect(LockScreen.handle(.character("?"), isLocked: true) == nil)
        // Unlocked, the rest are the home screen's.
        #expect(LockScreen.handle(.enter, isLocked: false) == nil)
    }

    @Test func closingAnOverlayPopsTheTopOfTheStack() {
        let d = Dashboard(widgets: [], placements: [], clock: ManualClock(Date(timeIntervalSince1970: 0)))
        #expect(d.handle(.key(.character("i"))) == .continue)
        #expect(d.handle(.key(.character("?"))) == .continue)
        #expect(d.showsHelp && d.showsInspector)
        // Any key closes the help only; the inspector under it stays.
        #expect(d.handle(.key(.escape)) == .continue)
        #expect(!d.showsHelp && d.showsInspector)
        #expect(d.handle(.key(.escape)) == .continue)
        #expect(!d.showsInspector)
        #expect(d.handle(.key(.character("?"))) == .continue)
        #expect(d.handle(.key(.character("q"))) == .quit)
        #expect(!d.showsHelp)
    }
}

/// The Dynamic Island and the lock screen's cards used to note where they were drawn and their
/// next second while rendering; now the frame carries both and the router keeps them.
@Suite("Rendering Live Activities is pure")
struct ActivityRenderPurityTests {
    static func dashboard(expanded: Bool) throws -> (Dashboard, ManualClock) {
        let clock = ManualClock(t0)
        let delivery = ActivityRecord(id: "d", activityType: "delivery",
                                      attributes: try encoded(DeliveryAttributes(orderNumber: "1", item: "Pizza")),
                                      state: try encoded(DeliveryAttributes.ContentState(status: "Baking", eta: t0.addingTimeInterval(600))),
                                      requested: t0)
        let d = Dashboard(widgets: [], placements: [], clock: clock)
        let controller = ActivityController(descriptions: BuiltinWidgets().activityDescriptions, source: nil)
        controller.setRecords([delivery], now: t0)
        d.setActivities(controller)
        _ = d.handle(.resize(CellSize(width: 80, height: 24)))
        if expanded { _ = d.handle(.key(.character("x"))) }
        return (d, clock)
    }

    static func expectPure(_ d: Dashboard, _ name: String) {
        let size = CellSize(width: 80, height: 24)
        let before = d.secondsUntilNextDeadline()
        let first = d.frame(size: size)
        #expect(first.canvas == d.frame(size: size).canvas, "\(name)")
        // The countdown asks for its next second through the frame.
        #expect(first.nextRedraw == t0.addingTimeInterval(1), "\(name)")
        #expect(d.secondsUntilNextDeadline() == before, "\(name)")
        #expect(d.render(size: size) == first.canvas, "\(name)")
        #expect(d.secondsUntilNextDeadline() == before, "\(name)")
    }

    @Test func theIslandCompactAndExpanded() throws {
        let (compact, _) = try Self.dashboard(expanded: false)
        Self.expectPure(compact, "compact")
        let (expanded, _) = try Self.dashboard(expanded: true)
        Self.expectPure(expanded, "expanded")
        // The router kept where the island was drawn: a click on it reaches it.
        #expect(expanded.activities?.islandRect != nil)
    }

    @Test func theLockScreensCards() throws {
        let (d, _) = try Self.dashboard(expanded: false)
        d.lockNow()
        Self.expectPure(d, "lock screen")
        #expect(d.activities?.cards.count == 1)
    }
}
