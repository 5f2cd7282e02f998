import ArgumentParser
import DashCatalog
import DashCore
import DashSystem
import DashTerminal
import Foundation
import WidgetDash

/// Opens the dashboard in the terminal.
///
/// The dashboard's terminal loop runs on a thread of its own (see
/// `TerminalRunLoop.runOnOwnThread`), so that idle means asleep.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open the dashboard (the default)."
    )

    @Option(name: .customLong("widget"), parsing: .singleValue,
            help: ArgumentHelp("Show this widget (repeatable): KIND or KIND@FAMILY, families small, medium, large, extraLarge, circular, rectangular, inline.", valueName: "KIND[@FAMILY]"))
    var widgets: [String] = []

    @Option(help: ArgumentHelp("Start the dashboard's clock at this moment (time travel), ISO-8601 with a zone, e.g. 2026-11-22T08:00:00Z.", valueName: "ISO-8601"))
    var start: String?

    @Option(help: ArgumentHelp("Run the dashboard's clock this many times faster than real time.", valueName: "N"))
    var speed: Double = 1

    @Option(help: ArgumentHelp("Budgeted reloads per widget per rolling 24 hours.", valueName: "N"))
    var budget: Int?

    @Option(help: ArgumentHelp("The theme: a name from `widgetdash themes` or a .toml file (default: light or dark after COLORFGBG, else dark).", valueName: "NAME"))
    var theme: String?

    @Option(help: ArgumentHelp("light or dark (default: after the terminal's background, else dark).", valueName: "SCHEME"))
    var scheme: String?

    @Option(help: ArgumentHelp("The config file (default: $XDG_CONFIG_HOME/widgetdash/config.toml).", valueName: "FILE"))
    var config: String?

    @Option(name: .customLong("auto-lock"), help: ArgumentHelp("Lock after this many idle minutes.", valueName: "MINUTES"))
    var autoLock: Double?

    @Option(help: ArgumentHelp("Open http(s) links with this command instead of the detail view (default: xdg-open when present; none: never).", valueName: "CMD"))
    var opener: String?

    @OptionGroup var store: StoreOptions

    @OptionGroup var extensions: ExtensionOptions

    func run() async throws {
        // No extension process outlives the dashboard, however it ends (quit, a signal, an error).
        let children = ExtensionChildren()
        defer { children.killAll() }
        let setup = try InteractionSetup.prepare(opener: opener)
        // Loaded and merged: the widgets, the controls and the activity types. A reload of the
        // config loads them again off the loop (RunCatalog), with the same children to kill;
        // activity types stay as at start.
        let loader = ExtensionHost.loader(killedWith: children)
        let (knownWidgets, extensionProblems) = extensions.load(configFile: ConfigCommand.file(config), loader: loader)
        for problem in extensionProblems { printError(problem.description) }
        // [sources] and [weather], read whatever is placed; a change to [weather] applies on
        // reload (RunCatalog presets it again), one to [sources] takes a restart.
        let network = NetworkSetup.settings(configFile: ConfigCommand.file(config))
        let known = NetworkSetup.presetting(knownWidgets.widgets, with: network)
        var placements: [WidgetPlacement] = []
        for text in widgets {
            switch await CommandLineInput.placement(text, in: known) {
            case .success(let p): placements.append(p)
            case .failure(let problem):
                printError("--widget \(text): \(problem)")
                throw ExitStatus.usage
            }
        }
        let startDate = try CommandLineInput.moment(start, option: "--start",
                                                    expected: "an ISO-8601 date and time with a zone, e.g. 2026-11-22T08:00:00Z")
        guard speed.isFinite, speed > 0, speed <= 1_000_000 else {
            printError("--speed \(speed): expected a number above 0 (1 is real time)")
            throw ExitStatus.usage
        }
        if let budget, budget < 0 {
            printError("--budget \(budget): expected a whole number ≥ 0")
            throw ExitStatus.usage
        }
        var settings = SchedulerSettings()
        // The system monitor asks every 15 s, far beyond any daily budget: on a terminal it is
        // watched live, like an app in the foreground, so it is not budgeted (see its provider).
        settings.budgetByKind["system"] = .max
        // The network monitor is watched live the same way: a rate every 15 s (see its provider).
        settings.budgetByKind["network"] = .max
        // Command widgets run the user's own commands at the `every` they chose (see CommandWidget).
        settings.budgetByKind[CommandWidget.kind] = .max
        // Always a travel clock: at speed 1 from now it is the real time, and `]`/`}` can jump.
        let clock = TravelClock(start: startDate, speed: speed)
        let look = try ThemeChoice.resolve(theme: theme, scheme: scheme)
        if let autoLock, !(autoLock.isFinite && autoLock > 0) {
            printError("--auto-lock \(autoLock): expected a number of minutes above 0")
            throw ExitStatus.usage
        }
        let passcodeStore = PasscodeStore(directory: ConfigDirectory.url())
        var passcode: PasscodeHash?
        switch passcodeStore.loadResult() {
        case .success(let hash): passcode = hash
        case .failure(let error):
            // Refuse to run unlockable-without-passcode by accident: a damaged file is an error.
            printError("\(error); fix or remove it (widgetdash passcode clear)")
            throw ExitStatus.dataError
        }
        var presentation = PresentationOptions(
            library: look.library, theme: look.theme, scheme: look.scheme, passcode: passcode, passcodeVerifier: passcodeStore,
            autoLockAfter: autoLock.map { $0 * 60 }, lockScreen: DefaultLockScreen.placements)
        presentation.stackMemory = setup.stateStore
        // The config file (pages, lock screen, theme, budget) is read by the shell, which
        // falls back to the defaults when it is broken and reloads it when it changes.
        var options = ShellOptions(widgets: known, configFile: ConfigCommand.file(config), defaultPages: [DefaultHomeScreen.placements.map(PagePlacement.widget)],
                                   defaultLockScreen: DefaultLockScreen.placements, clock: clock, presentation: presentation)
        options.commandLine.placements = placements.isEmpty ? nil : placements
        options.settings = settings
        // These read only /proc, in microseconds, so they run on the loop's thread: a reload
        // then wakes no pool thread (see TerminalRunLoop's LoopExecutor).
        options.loopKinds = ["system", "network"]
        options.commandLine.budget = budget
        options.commandLine.theme = theme != nil
        options.commandLine.scheme = scheme != nil
        options.commandLine.autoLock = autoLock != nil
        // Shown on the dashboard too: standard error is hidden while it runs.
        let configFile = ConfigCommand.file(config).path
        options.extensionProblems = RunCatalog.problems(knownWidgets, extensionProblems, configFile: configFile)
        setup.apply(to: &options, controls: knownWidgets.controls)
        options.config.watches = true
        options.files = DiskConfigFiles()
        // A changed config is read off the run loop, so a key or a quit never waits for it.
        options.backgroundReading = BackgroundReading(runner: ThreadRunner(),
                                                      catalog: RunCatalog(commandLine: extensions.paths, bundles: KnownWidgets.addedBundles, loader: loader))
        // The config's `[[widget]] type = "command"` widgets run their commands as processes.
        options.resolvers = .standard(commandRunner: ProcessCommandRunner())
        // Before the shell: its dashboard asks providers at once, and they read the store.
        // One connection for widgets and activities, opened on the first read.
        let sharedStore = LazySharedStore(location: store.location)
        options.services.sharedStore = SharedStore.lazyBacking(sharedStore)
        options.services.network = NetworkSetup.backing(settings: network, store: sharedStore)
        let storeListener = StoreLink.start(options: store, queue: options.storeChanges)
        defer { storeListener?.stop() }
        let activityMaximum = ActivityMaximum()
        options.activityMaximum = activityMaximum
        let activities = ActivityLink.start(options: store, store: sharedStore, maximum: activityMaximum, changes: options.storeChanges,
                                            descriptions: knownWidgets.activities)
        options.activities = activities.controller
        options.services.activities = activities.backing
        // Thresholds crossed ring the bell, run `on_alert` as a process and show an activity.
        let services = options.services
        options.alerts = AlertCenter(runner: ProcessCommandRunner()) { action in
            // A detached task inherits no task-local: the activity is recorded in this run's store.
            await services.bind {
                switch action {
                case .showActivity(let widget, let value, let level): await AlertActivityControl.show(widget: widget, value: value, level: level.name)
                case .endActivity(let widget): await AlertActivityControl.end(widget: widget, value: nil)
                case .bell, .command: break
                }
            }
        }
        let shell = DashboardShell(options)
        do {
            // The terminal's grapheme mode is settled before the terminal starts, so it is read
            // from the config here once (a change to it takes a restart); a broken config is
            // the shell's to report.
            let graphemes = FileManager.default.fileExists(atPath: configFile)
                ? ConfigReader(widgets: known).read(ConfigCommand.file(config)).config.graphemes : nil
            _ = try await TerminalRunLoop.runOnOwnThread(host: ServicesBoundHost(shell, services: options.services),
                                                               foregroundObserver: setup.screenTime, graphemes: graphemes,
                                                               settled: { StartupPages.release() })
        } catch {
            printError("\(error)")
            throw ExitCode.failure
        }
    }
}

/// The home screen shown when nothing else is asked for: the widgets that show this machine's
/// own data first (what fits a plain 80×24 terminal: clock, calendar, system, disk), then
/// larger views, then a row of lock-screen accessories. One widget shows sample data, labelled
/// "sample": the bank, whose balance shows what locking hides (`widgetdash set bank.account`
/// makes it real). Nothing here reaches the network.
///
/// One clock shows seconds and the system and network monitors refresh every few seconds, so
/// an idle dashboard wakes about once a second and writes a few dozen bytes a second.
enum DefaultHomeScreen {
    static let placements: [WidgetPlacement] = [
        WidgetPlacement(kind: "clock", family: .systemSmall),
        WidgetPlacement(kind: "calendar", family: .systemSmall),
        WidgetPlacement(kind: "system", family: .systemSmall),
        WidgetPlacement(kind: "disk", family: .systemSmall),
        WidgetPlacement(kind: "network", family: .systemMedium),
        WidgetPlacement(kind: "calendar", family: .systemLarge),
        WidgetPlacement(kind: "bank", family: .systemMedium),
        WidgetPlacement(kind: "clock", family: .accessoryCircular),
        WidgetPlacement(kind: "disk", family: .accessoryCircular),
        WidgetPlacement(kind: "calendar", family: .accessoryRectangular),
        WidgetPlacement(kind: "clock", family: .accessoryInline),
    ]
}
