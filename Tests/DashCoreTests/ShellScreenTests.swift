import DashCatalog
import DashCore
import DashSystem
import DashTesting
import Foundation
import Testing
import WidgetDash

/// The shell's screens (pages from a config, gallery, demo, StandBy) as golden text.
@Suite("Shell screens")
struct ShellScreenTests {
    static func environment() -> EnvironmentValues { .utcGregorian }

    static func tempConfig(_ text: String?) -> URL {
        let dir = TestDirectories.path("wd-shell")
        try? FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let file = dir.appendingPathComponent("config.toml")
        if let text { try? text.write(to: file, atomically: true, encoding: .utf8) }
        return file
    }

    static func shell(config text: String?, size: CellSize) async -> (DashboardShell, URL) {
        let file = tempConfig(text)
        var options = ShellOptions(widgets: BuiltinWidgets().widgetDescriptions, configFile: file,
                                   defaultPages: [[.widget(WidgetPlacement(kind: "clock", family: .systemSmall)),
                                                   .widget(WidgetPlacement(kind: "calendar", family: .systemSmall))]],
                                   defaultLockScreen: [], clock: ManualClock(SampleData.date))
        options.environment = environment()
        options.files = DiskConfigFiles()
        let shell = DashboardShell(options)
        _ = shell.handle(.resize(size))
        await shell.settle()
        return (shell, file)
    }

    static func lines(_ shell: DashboardShell, _ size: CellSize) -> [String] { shell.render(size: size).lines }

    static let pagesConfig = """
        [[page]]
        widgets = ["clock@small", "calendar@medium", "bank@small", "clock@circular", "calendar@rectangular"]
        [[page]]
        widgets = ["calendar@large", "health@small"]
        """

    @Test(arguments: [CellSize(width: 80, height: 24), CellSize(width: 100, height: 30), CellSize(width: 120, height: 40), CellSize(width: 50, height: 14)])
    func configPagesPackAtEachSize(size: CellSize) async {
        let (shell, _) = await Self.shell(config: Self.pagesConfig, size: size)
        var screens: [String] = []
        for page in 0..<shell.dashboard.pageCount {
            shell.dashboard.turnPageForTesting(page)
            screens += ["── page \(page + 1) of \(shell.dashboard.pageCount) (config page \(shell.dashboard.currentPageGroup + 1))"] + Self.lines(shell, size)
        }
        Golden.assertMatches(screens, named: "pages-\(size.width)x\(size.height)")
    }

    @Test func brokenConfigFallsBackToTheDefaultWithAProblemsPanel() async {
        let size = CellSize(width: 80, height: 24)
        let (shell, _) = await Self.shell(config: "[[page]]\nwidgets = [\"clock@huge\"]\n", size: size)
        #expect(shell.fellBack)
        #expect(shell.dashboard.placements.map(\.kind) == ["clock", "calendar"])
        let screen = Self.lines(shell, size)
        Golden.assertMatches(screen, named: "config-problems")
        _ = shell.handle(.key(.escape))
        #expect(!Self.lines(shell, size).joined().contains("Config problems"))
    }

    @Test func reloadSwapsInTheNewPagesAndKeepsTheOldOnErrors() async throws {
        let size = CellSize(width: 80, height: 24)
        let (shell, file) = await Self.shell(config: "[[page]]\nwidgets = [\"clock@small\"]\n", size: size)
        try "[[page]]\nwidgets = [\"bank@small\", \"health@small\"]\n".write(to: file, atomically: true, encoding: .utf8)
        shell.reloadConfig()
        #expect(shell.dashboard.placements.map(\.kind) == ["bank", "health"])
        try "[[page]]\nwidgets = [\"bank@nope\"]\n".write(to: file, atomically: true, encoding: .utf8)
        shell.reloadConfig()
        #expect(shell.dashboard.placements.map(\.kind) == ["bank", "health"])
        #expect(shell.showsProblems && shell.problems.first?.line == 2)
    }

    @Test func extensionProblemsAreShownWithTheConfigsAndOutliveAReload() async throws {
        let size = CellSize(width: 80, height: 24)
        let file = Self.tempConfig("[[page]]\nwidgets = [\"clock@small\"]\n")
        var options = ShellOptions(widgets: BuiltinWidgets().widgetDescriptions, configFile: file, defaultPages: [[]], defaultLockScreen: [],
                                   clock: ManualClock(SampleData.date))
        options.environment = Self.environment()
        options.files = DiskConfigFiles()
        let missing = ConfigProblem(file: file.path, line: 0, message: "--extension ./weather: no such file", isWarning: true)
        options.extensionProblems = [missing]
        let shell = DashboardShell(options)
        _ = shell.handle(.resize(size))
        await shell.settle()
        #expect(shell.problems == [missing] && shell.showsProblems && !shell.fellBack)
        #expect(Self.lines(shell, size).joined().contains("warning: --extension ./weather: no such file"))
        try "[[page]]\nwidgets = [\"bank@nope\"]\n".write(to: file, atomically: true, encoding: .utf8)
        shell.reloadConfig()
        #expect(shell.problems.map(\.line) == [2, 0] && shell.problems.last == missing)
        try "[[page]]\nwidgets = [\"bank@small\"]\n".write(to: file, atomically: true, encoding: .utf8)
        shell.reloadConfig()
        #expect(shell.problems == [missing] && shell.dashboard.placements.map(\.kind) == ["bank"])
    }

    @Test func galleryAddsToTheCurrentPageAndThePlacementSurvivesARestart() async throws {
        let size = CellSize(width: 100, height: 30)
        let (shell, file) = await Self.shell(config: "# my comment\n[[page]]\nwidgets = [\"clock@small\"]  # keep\n[[page]]\nwidgets = [\"system@small\"]\n", size: size)
        _ = shell.handle(.key(.pageDown))
        _ = shell.handle(.key(.character("g")))
        _ = shell.handle(.key(.down))          // Calendar
        _ = shell.handle(.key(.right))         // its second family: medium
        await shell.settle()
        Golden.assertMatches(Self.lines(shell, size), named: "gallery-calendar-medium")
        _ = shell.handle(.key(.enter))
        #expect(shell.mode == .home)
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text == "# my comment\n[[page]]\nwidgets = [\"clock@small\"]  # keep\n[[page]]\nwidgets = [\"system@small\", \"calendar@medium\"]\n")
        #expect(shell.dashboard.placements.map(\.description) == ["clock@small", "system@small", "calendar@medium"])
        // A restart reads the same file.
        let (again, _) = await Self.shell(config: text, size: size)
        #expect(again.dashboard.placements.map(\.description) == ["clock@small", "system@small", "calendar@medium"])
    }

    @Test(arguments: [WidgetFamily.systemSmall, .accessoryCircular, .systemExtraLarge])
    func demoOfAFamily(family: WidgetFamily) async {
        let size = CellSize(width: 100, height: 30)
        let (shell, _) = await Self.shell(config: nil, size: size)
        shell.showDemo(family: family)
        _ = Self.lines(shell, size)
        await shell.settle()
        Golden.assertMatches(Self.lines(shell, size), named: "demo-\(family.shortName)")
    }

    @Test func demoStepsThroughFamilies() async {
        let (shell, _) = await Self.shell(config: nil, size: CellSize(width: 100, height: 30))
        _ = shell.handle(.key(.character("d")))
        #expect(shell.mode == .demo && shell.demoFamily == .systemSmall)
        _ = shell.handle(.key(.character("f")))
        #expect(shell.demoFamily == .systemMedium)
        _ = shell.handle(.key(.character("F")))
        _ = shell.handle(.key(.character("F")))
        #expect(shell.demoFamily == .accessoryInline)
        _ = shell.handle(.key(.escape))
        #expect(shell.mode == .home)
    }

    @Test func standByShowsTwoSmallWidgetsAndArrowsChooseThem() async {
        let size = CellSize(width: 100, height: 30)
        let (shell, _) = await Self.shell(config: "[[page]]\nwidgets = [\"clock@small\", \"calendar@small\", \"bank@medium\", \"health@small\"]\n", size: size)
        _ = shell.handle(.key(.character("s")))
        #expect(shell.mode == .standBy)
        Golden.assertMatches(Self.lines(shell, size), named: "standby")
        _ = shell.handle(.key(.right))
        let moved = Self.lines(shell, size)
        #expect(moved.last?.contains("Calendar · Health") == true)
        _ = shell.handle(.key(.escape))
        #expect(shell.mode == .home)
    }

    @Test func lockedDashboardKeepsItsKeys() async {
        let (shell, _) = await Self.shell(config: nil, size: CellSize(width: 80, height: 24))
        shell.dashboard.lockNow()
        _ = shell.handle(.key(.character("g")))
        #expect(shell.mode == .home)
    }
}

extension Dashboard {
    /// Goes to a page (0-based) as the number keys do.
    func turnPageForTesting(_ page: Int) { _ = handle(.key(.character(Character(String(page + 1))))) }
}
