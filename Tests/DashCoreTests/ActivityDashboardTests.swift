import DashCatalog
@testable import DashCore
import DashTesting
import Foundation
import Synchronization
import Testing
@testable import WidgetDash

/// Every built-in activity type in every presentation, drawn from its preview sample at
/// `SampleData.date`, compared with the text in `Goldens/activity-TYPE-PRESENTATION.txt`.
@Suite("Live Activities: goldens")
struct ActivityGoldenTests {
    static let cases: [(String, ActivityPresentation)] = BuiltinWidgets().activityDescriptions.flatMap { d in
        ActivityPresentation.allCases.map { (d.activityType, $0) }
    }

    @Test(arguments: cases)
    func presentationMatchesGolden(type: String, presentation: ActivityPresentation) throws {
        let description = try #require(BuiltinWidgets().activityDescriptions.first { $0.activityType == type })
        let sample = try #require(description.preview, "\(type) has no preview sample")
        var env = EnvironmentValues()
        env.timeZone = TimeZone(identifier: "UTC") ?? .current
        let record = ActivityRecord(id: "golden", activityType: type, attributes: sample.attributes, state: sample.state, requested: SampleData.date)
        let drawn = try ActivityPreview.canvases(description, record: record, presentations: [presentation], width: 60,
                                                 environment: env, islandPalette: .dark, now: SampleData.date)
        let canvas = try #require(drawn.first?.1)
        // Borders stay aligned: every line is exactly as wide as the canvas.
        for line in canvas.lines { #expect(TextWidth.width(of: line) == canvas.width) }
        Golden.assertMatches(canvas.lines, named: "activity-\(type)-\(presentation.rawValue)")
    }

    @Test func buttonsActOnlyInTheExpandedAndLockScreenPresentations() throws {
        let description = try #require(PingBundle().activityDescriptions.first)
        let record = ActivityRecord(id: "p", activityType: "ping", attributes: try encoded(PingAttributes(name: "p")),
                                    state: try encoded(PingAttributes.ContentState(count: 3)), requested: t0)
        let views = try description.views(record, false)
        let presenter = ActivityPresenter(environment: EnvironmentValues(), islandPalette: .dark, now: t0)
        #expect(presenter.compact(views).elements.isEmpty)
        #expect(presenter.minimal(views, views).drawn.elements.isEmpty)
        #expect(presenter.expanded(views, width: 40).elements.count == 1)
        #expect(presenter.lockScreenCard(views, width: 40).elements.count == 1)
        // The compact button still draws, as plain content.
        #expect(presenter.compact(views).canvas.lines.joined().contains("3"))
    }
}

/// The island on the home screen and the cards on the lock screen, driven by a manual clock.
@Suite("Live Activities on the dashboard")
struct ActivityDashboardTests {
    static let size = CellSize(width: 100, height: 30)

    func dashboard(_ clock: ManualClock, records: [ActivityRecord]) -> (Dashboard, ActivityController) {
        var env = EnvironmentValues()
        env.timeZone = TimeZone(identifier: "UTC") ?? .current
        let d = Dashboard(widgets: BuiltinWidgets().widgetDescriptions, placements: [WidgetPlacement(kind: "calendar", family: .systemSmall)],
                          clock: clock, environment: env)
        let controller = ActivityController(descriptions: BuiltinWidgets().activityDescriptions + PingBundle().activityDescriptions, source: nil,
                                            startedAt: clock.now())
        controller.setRecords(records, now: clock.now())
        d.setActivities(controller)
        _ = d.handle(.resize(Self.size))
        return (d, controller)
    }

    static func game(_ home: Int, _ away: Int, id: String = "g", relevance: Double = 0, sequence: Int = 1, start: Date = t0,
                     staleDate: Date? = nil, version: Int = 1) throws -> ActivityRecord {
        ActivityRecord(id: id, activityType: "game", attributes: try encoded(GameAttributes(home: "Liverpool", away: "Arsenal")),
                       state: try encoded(GameAttributes.ContentState(homeScore: home, awayScore: away, period: 2, clock: "67:12", lastPlay: "Corner")),
                       staleDate: staleDate, relevanceScore: relevance, requested: start, sequence: sequence, version: version)
    }

    static func ping(_ count: Int, id: String = "p", relevance: Double = 0, sequence: Int = 2) throws -> ActivityRecord {
        ActivityRecord(id: id, activityType: "ping", attributes: try encoded(PingAttributes(name: "Ping")),
                       state: try encoded(PingAttributes.ContentState(count: count)), relevanceScore: relevance, requested: t0, sequence: sequence)
    }

    func lines(_ d: Dashboard) -> [String] { d.render(size: Self.size).lines }

    @Test func oneActivityShowsCompactAtTheTopCentre() throws {
        let (d, _) = dashboard(ManualClock(t0), records: [try Self.game(2, 1)])
        let top = lines(d)[0]
        #expect(top.contains("▐ LIV 2    1 ARS ▌"), "\(top)")
        // Centred: the camera's gap sits in the middle of the screen.
        let start = top.distance(from: top.startIndex, to: try #require(top.range(of: "▐")).lowerBound)
        let width = TextWidth.width(of: "▐ LIV 2    1 ARS ▌")
        #expect(abs((start + width / 2) - Self.size.width / 2) <= 1)
    }

    @Test func severalShowTheFirstMinimalAttachedAndTheSecondDetachedByRelevance() throws {
        let (d, _) = dashboard(ManualClock(t0), records: [try Self.game(2, 1, relevance: 1), try Self.ping(7, relevance: 5)])
        let top = lines(d)[0]
        // Ping is more relevant: it is attached (first), the game detached.
        #expect(top.contains("▐ 7"), "\(top)")
        #expect(top.contains("▌ ▐2–1▌"), "\(top)")
    }

    @Test func xExpandsTheTopActivityAndEscCollapsesIt() throws {
        let (d, controller) = dashboard(ManualClock(t0), records: [try Self.game(2, 1)])
        _ = d.handle(.key(.character("x")))
        #expect(controller.expansion?.byPerson == true)
        let open = lines(d).joined(separator: "\n")
        #expect(open.contains("Liverpool") && open.contains("Arsenal") && open.contains("2nd period · 67:12") && open.contains("◎ Corner"), "\(open)")
        #expect(open.contains("╭") && open.contains("╰"))
        _ = d.handle(.key(.escape))
        #expect(controller.expansion == nil)
        #expect(lines(d)[0].contains("LIV 2"))
    }

    @Test func aClickOnTheIslandExpandsItAndTapsItsButtonsOnlyWhenExpanded() async throws {
        let (d, controller) = dashboard(ManualClock(t0), records: [try Self.ping(1)])
        let before = PingTaps.counter.count
        _ = lines(d)
        let island = try #require(controller.islandRect)
        // The compact trailing "button" is plain content: a click opens the island instead.
        _ = d.handle(.mouse(MouseEvent(kind: .click, location: CellPoint(x: island.maxX - 3, y: 0))))
        #expect(controller.expansion?.byPerson == true)
        _ = lines(d)
        let button = try #require(controller.islandElements.first)
        _ = d.handle(.mouse(MouseEvent(kind: .click, location: button.rect.origin)))
        await d.settleInteractions()
        #expect(PingTaps.counter.count >= before + 1)
    }

    @Test func tabAndEnterTapAButtonInTheExpandedIsland() async throws {
        let (d, controller) = dashboard(ManualClock(t0), records: [try Self.ping(1)])
        let before = PingTaps.counter.count
        _ = d.handle(.key(.character("x")))
        _ = lines(d)
        #expect(controller.islandElements.count == 1)
        _ = d.handle(.key(.tab))
        #expect(controller.islandFocus.focused == 0)
        _ = d.handle(.key(.enter))
        await d.settleInteractions()
        #expect(PingTaps.counter.count >= before + 1)
    }

    @Test func anAlertExpandsTheIslandForAFewSecondsThenItCollapses() throws {
        let clock = ManualClock(t0)
        let (d, controller) = dashboard(clock, records: [try Self.game(2, 1)])
        #expect(controller.expansion == nil)
        var goal = try Self.game(3, 1, version: 2)
        goal.alert = AlertConfiguration(title: "Goal!", body: "Liverpool 3–1")
        goal.alertDate = clock.now()
        clock.advance(by: 1)
        controller.setRecords([goal], now: clock.now())
        #expect(controller.expansion?.byPerson == false)
        let open = lines(d).joined(separator: "\n")
        #expect(open.contains("Goal! · Liverpool 3–1"), "\(open)")
        // The dashboard wakes when the alert is over, and the island is compact again.
        let deadline = try #require(controller.deadline(now: clock.now()))
        #expect(deadline == clock.now().addingTimeInterval(controller.alertSeconds))
        clock.set(deadline)
        d.advance()
        #expect(controller.expansion == nil)
        #expect(lines(d)[0].contains("LIV 3"))
        // The same alert seen again (a reload) does not open it again.
        controller.setRecords([goal], now: clock.now())
        #expect(controller.expansion == nil)
        // A dashboard started after the alert was sent does not show it at all.
        let later = ActivityController(descriptions: BuiltinWidgets().activityDescriptions, source: nil, startedAt: clock.now())
        later.setRecords([goal], now: clock.now())
        #expect(later.expansion == nil && later.banner == nil)
    }

    @Test func theLockScreenShowsCardsUnderTheClockAndTheirButtonsWork() async throws {
        let (d, controller) = dashboard(ManualClock(t0), records: [try Self.game(2, 1, relevance: 1), try Self.ping(4)])
        d.lockNow()
        let screen = lines(d)
        let text = screen.joined(separator: "\n")
        #expect(text.contains("Liverpool") && text.contains("Ping 4"), "\(text)")
        #expect(!screen[0].contains("▐"), "no island on the lock screen")
        // The most relevant first: the game's card comes above Ping's.
        let gameRow = try #require(screen.firstIndex { $0.contains("Liverpool") })
        let pingRow = try #require(screen.firstIndex { $0.contains("Ping 4") })
        #expect(gameRow < pingRow)
        let before = PingTaps.counter.count
        _ = d.handle(.key(.tab))
        _ = d.handle(.key(.enter))
        await d.settleInteractions()
        #expect(PingTaps.counter.count >= before + 1)
        #expect(controller.cards.count == 2)
    }

    @Test func eightHoursLaterTheCardSaysEndedAndFourHoursAfterThatItIsGone() throws {
        let clock = ManualClock(t0)
        let (d, controller) = dashboard(clock, records: [try Self.game(2, 1)])
        d.lockNow()
        #expect(!lines(d).joined().contains("ended"))
        // The dashboard's next wake-up is the eighth hour (nothing sooner is due for it).
        #expect(controller.deadline(now: clock.now()) == t0.addingTimeInterval(8 * 3600))
        clock.set(t0.addingTimeInterval(8 * 3600))
        d.advance()
        #expect(lines(d).joined().contains(" ended "))
        // Ended, it has left the island at once; only the lock screen keeps it.
        _ = d.handle(.key(.character("l")))
        #expect(!d.isLocked)
        #expect(!lines(d)[0].contains("LIV"))
        d.lockNow()
        clock.set(t0.addingTimeInterval(12 * 3600))
        d.advance()
        #expect(!lines(d).joined().contains("Liverpool"))
        d.lockNow()
    }

    @Test func theInspectorListsActivitiesWithTheirNextChange() throws {
        let (d, _) = dashboard(ManualClock(t0), records: [try Self.game(2, 1, relevance: 3, staleDate: t0.addingTimeInterval(600))])
        _ = d.handle(.key(.character("i")))
        let text = lines(d).joined(separator: "\n")
        #expect(text.contains("1 Live Activity"), "\(text)")
        #expect(text.contains("activity game g") && text.contains("active") && text.contains("stale 08:10:00") && text.contains("relevance 3"), "\(text)")
    }

    /// `--relevance` takes any number; the inspector writes one too large for an Int as it is.
    @Test func theInspectorWritesAnyRelevance() throws {
        let (d, _) = dashboard(ManualClock(t0), records: [try Self.game(2, 1, relevance: 1e300)])
        _ = d.handle(.key(.character("i")))
        let text = lines(d).joined(separator: "\n")
        #expect(text.contains("relevance 1e+300"), "\(text)")
    }

    @Test func xOnTheLockScreenClearsEndedActivities() async throws {
        let clock = ManualClock(t0)
        let dismissed = Mutex<[String]>([])
        var ended = try Self.game(2, 1, id: "over")
        ended.ended = t0
        let running = try Self.ping(3)
        let controller = ActivityController(descriptions: BuiltinWidgets().activityDescriptions + PingBundle().activityDescriptions,
                                            source: ActivitySource(load: { [] }, dismiss: { id in dismissed.withLock { $0.append(id) } }), startedAt: t0)
        await controller.settle(now: t0)
        controller.setRecords([ended, running], now: t0)
        let d = Dashboard(widgets: [], placements: [], clock: clock)
        d.setActivities(controller)
        d.lockNow()
        #expect(lines(d).joined().contains("Liverpool") && lines(d).joined().contains(" ended "))
        _ = d.handle(.key(.character("x")))
        await controller.settleDismissals()
        #expect(dismissed.withLock { $0 } == ["over"], "only the ended one goes, and through the store")
        let text = lines(d).joined()
        #expect(!text.contains("Liverpool") && text.contains("Ping 3"))
    }

    @Test func aStaleActivityIsShownAsOutOfDate() throws {
        let clock = ManualClock(t0)
        let (d, _) = dashboard(clock, records: [try Self.game(2, 1, staleDate: t0.addingTimeInterval(600))])
        d.lockNow()
        #expect(!lines(d).joined().contains("out of date"))
        clock.advance(by: 600)
        d.advance()
        let text = lines(d).joined(separator: "\n")
        #expect(text.contains("out of date") && text.contains("no update for a while"), "\(text)")
    }

    @Test func anActivityOfAnUnknownTypeShowsWhyInsteadOfFailing() throws {
        let record = ActivityRecord(id: "u", activityType: "rocket", attributes: Data("{}".utf8), state: Data("{}".utf8), requested: t0)
        let (d, _) = dashboard(ManualClock(t0), records: [record])
        #expect(lines(d)[0].contains("rocket"))
        d.lockNow()
        #expect(lines(d).joined().contains("no activity type \"rocket\""))
    }

    @Test func aStoreThatCannotBeReadIsSaidOnTheLockScreen() async throws {
        struct Broken: Error, CustomStringConvertible { var description: String { "the store is damaged" } }
        let controller = ActivityController(descriptions: BuiltinWidgets().activityDescriptions,
                                            source: ActivitySource(load: { throw Broken() }, dismiss: { _ in }))
        await controller.settle(now: t0)
        #expect(controller.loadProblem == "the store is damaged")
        let d = Dashboard(widgets: [], placements: [], clock: ManualClock(t0))
        d.setActivities(controller)
        d.lockNow()
        let text = d.render(size: Self.size).lines.joined(separator: "\n")
        // Wrapped to the card's width.
        #expect(text.contains("⚠ Live Activities could not be read: the store is") && text.contains("damaged"), "\(text)")
    }
}

/// Live text in the island ticks only while the island is drawn.
@Suite("Live Activities and idle")
struct ActivityIdleTests {
    @Test func aCountdownTicksWhileShownAndSleepsUnderTheInspector() throws {
        // A delivery due in ten minutes, on an 80×24 dashboard, the island compact.
        let (d, clock) = try ActivityRenderPurityTests.dashboard(expanded: false)
        let size = CellSize(width: 80, height: 24)
        #expect(d.render(size: size).lines[0].contains("10:00"))
        // The countdown asks for the next second.
        let next = try #require(d.secondsUntilNextDeadline())
        #expect(next > 0 && next <= 1)
        clock.advance(by: 1)
        d.advance()
        #expect(d.needsDisplay)
        #expect(d.render(size: size).lines[0].contains("9:59"))
        // Under the inspector the island is not drawn: once its second has passed, nothing
        // asks for another (the status line's next minute is the next thing due).
        _ = d.handle(.key(.character("i")))
        _ = d.render(size: size)
        clock.advance(by: 1)
        d.advance()
        _ = d.render(size: size)
        let idle = try #require(d.secondsUntilNextDeadline())
        #expect(idle > 1, "\(idle)")
    }
}
