import Foundation
import Synchronization
import WidgetDash

/// The dashboard as the terminal runs it: the home screen from the config file, and the
/// modes around it (gallery, demo, StandBy), the config's problems, and reloading the config
/// when it changes.
///
/// A config change builds a new ``Dashboard`` (pages, lock screen and scheduler settings can
/// all change) and carries over what the person was doing: the lock, the page, the size.
/// Everything happens on the run loop's thread; snapshot tasks, the file watcher and the
/// config's reading (ShellReading.swift) only post results and wake the loop.
public final class DashboardShell: InteractiveHost {
    /// What covers the screen.
    public enum Mode: Equatable, Sendable {
        case home, gallery, demo, standBy
    }

    public let options: ShellOptions
    public internal(set) var dashboard: Dashboard
    public private(set) var mode: Mode = .home
    /// The problems of the config last read (shown until a key is pressed).
    public internal(set) var problems: [ConfigProblem] = []
    public internal(set) var showsProblems = false
    /// True while the default screen stands in for a config with errors.
    public private(set) var fellBack = false
    /// The widgets known: compiled-in and extensions' (the catalog) plus the config's own.
    public private(set) var widgets: [WidgetDescription]
    /// The catalog's widgets and controls, and what loading it found: as at start, until a
    /// reload finds the config's extensions (or `[weather]`) changed.
    var catalogWidgets: [WidgetDescription]
    var controls: [ControlDescription]
    var extensionProblems: [ConfigProblem]
    var catalogSignature: CatalogSignature
    /// `[sources]` of the config last applied by a reload (nil: as the services came, at start).
    var networkSources: [String: String]?
    /// Quit (rather than return home) on Esc: `widgetdash demo`.
    public var quitsOnEscape = false

    public private(set) var demoFamily: WidgetFamily = .systemSmall
    public internal(set) var demoPage = 0
    public private(set) var galleryIndex = 0
    public private(set) var galleryFamily = 0
    public private(set) var standByIndex = 0
    /// The configuration platter (`e`) over the home screen, while open.
    public internal(set) var platter: ConfigurationPlatter?

    var screenSize = CellSize(width: 80, height: 24)
    var dirty = true
    var waker: (@Sendable () -> Void)?
    /// The loop's ways in, attached to every dashboard built (nil: only a waker, or none yet).
    var link: LoopLink?
    var watcher: (any ConfigWatching)?
    var loadedText: String?
    private var configTheme: String?
    private var configScheme: ColorScheme?
    var lastPages: [[PagePlacement]] = []
    /// Readings of the config off the loop: the number of the latest started, the one in
    /// flight, whether the file changed again meanwhile, and where results arrive.
    var readingGeneration = 0
    var readingInFlight: Int?
    var readAgain = false
    let readings = ReadingMailbox()

    // Previews (gallery and demo): snapshot entries by "kind@family", asked for once.
    var previews: [String: any TimelineEntry] = [:]
    var asked = Set<String>()
    let arrived = PreviewMailbox()
    var previewTasks: [Task<Void, Never>] = []
    /// When the StandBy frame last drawn changes by itself, and whether one was drawn since the
    /// last change of mode.
    var standByRedraw: Date?
    var standByDrawn = false

    public init(_ options: ShellOptions) {
        self.options = options
        widgets = options.widgets
        catalogWidgets = options.widgets
        controls = options.controls
        extensionProblems = options.extensionProblems
        catalogSignature = CatalogSignature(widgets: options.widgets, controls: options.controls, problems: options.extensionProblems, network: NetworkSettings())
        // A placeholder until the config is read below.
        dashboard = Dashboard(widgets: [], placements: [], clock: options.clock, services: options.services)
        let load = readNow()
        loadedText = load.text
        // The catalog handed in was preset with the file's network settings, read as these are.
        if let network = load.load?.config.network { catalogSignature.network = network }
        dashboard = build(load.load, theme: load.theme)
        if options.config.watches, let file = options.config.file ?? nil { watcher = options.files.watch(file) }
    }

    // MARK: Config

    /// Reads the config here, on the loop, against the catalog running (at start, and without
    /// a ``BackgroundReading``).
    func readNow() -> ConfigReadResult {
        let file = options.commandLine.placements == nil ? options.config.file : nil
        guard let file, options.files.exists(file) else { return ConfigReadResult(text: nil, load: nil, catalog: nil, theme: nil) }
        let text = options.files.text(of: file) ?? ""
        let load = ConfigReader(widgets: catalogWidgets, resolvers: options.resolvers).parse(text, file: file.path)
        let theme = load.hasErrors ? nil : ConfigReading.themeStart(for: load.config, library: options.presentation.library, files: options.files,
                                                                    fromCommandLine: options.commandLine.theme)
        return ConfigReadResult(text: text, load: load, catalog: nil, theme: theme)
    }

    /// Builds a dashboard for `load` (nil or broken: the defaults) with the theme it names,
    /// recording its problems.
    func build(_ load: ConfigLoad?, theme: ThemeStart?) -> Dashboard {
        problems = (load?.problems ?? []) + extensionProblems
        showsProblems = !problems.isEmpty
        var config = DashConfig()
        if let load, !load.hasErrors { config = load.config }
        fellBack = load?.hasErrors ?? false
        widgets = catalogWidgets + config.widgets
        configTheme = config.theme
        configScheme = config.scheme

        let pages = options.commandLine.placements.map { [$0.map(PagePlacement.widget)] } ?? config.pages ?? options.config.defaultPages
        lastPages = pages
        // Every member of a Smart Stack is an instance with its own timeline; the dashboard
        // groups them back into slots by `stackSizes`.
        let members = pages.map { $0.flatMap(\.members) }
        var settings = options.settings
        if let budget = options.commandLine.budget ?? config.budget { settings.budget = budget }
        if let jitter = config.jitter { settings.maxJitter = jitter }
        var presentation = options.presentation
        presentation.lockScreen = config.lockScreen ?? options.config.defaultLockScreen
        if !options.commandLine.autoLock, let autoLock = config.autoLock { presentation.autoLockAfter = autoLock }
        if let start = theme {
            for warning in start.warnings { problems.append(ConfigProblem(file: config.file ?? "config", line: 0, message: warning, isWarning: true)) }
            presentation.theme = start.theme
            presentation.scheme = start.scheme
        }
        if !options.commandLine.scheme, let scheme = config.scheme { presentation.scheme = scheme }
        options.activityMaximum?.set(config.maximumActivities ?? ActivityLimits.defaultMaximumCount)
        var services = options.services
        if let networkSources { services.network?.sources = networkSources }
        let d = Dashboard(widgets: widgets, placements: members.flatMap { $0 }, clock: options.clock, environment: options.environment,
                          settings: settings, presentation: presentation, pageSizes: pages.map(\.count),
                          stackSizes: pages.flatMap { $0.map(\.members.count) }, services: services)
        d.storeChanges = options.storeChanges
        d.loopKinds = options.loopKinds
        d.setControls(controls)
        d.setLinkOpener(options.opener)
        options.widgetCenter?.connect(d)
        d.setActivities(options.activities)
        d.setAlerts(options.alerts)
        return d
    }

    /// Reads the config again here, on the loop, and applies it (tests; the watcher and the
    /// shell's own edits read off the loop when given a ``BackgroundReading``: ``requestReading()``).
    public func reloadConfig() {
        // A reading in flight started before this one: what it finds is older.
        readingGeneration += 1
        apply(readNow())
    }

    /// Adds `kind` in `family` to the configured page on screen, in the config file.
    ///
    /// With no config file yet, the commented example is written first (with the default
    /// pages, so nothing on screen moves), and the widget added to it.
    @discardableResult
    public func add(kind: String, family: WidgetFamily) -> Bool {
        guard options.commandLine.placements == nil else {
            notice("Not saved: --widget chose this screen")
            return false
        }
        let file = options.config.file ?? options.files.defaultConfigFile
        let existing = options.files.text(of: file)
        let text = existing ?? ConfigTemplate.text(pages: options.config.defaultPages, lockScreen: options.config.defaultLockScreen)
        let page = dashboard.currentPageGroup
        do {
            let edited = try ConfigEditor.adding(.widget(WidgetPlacement(kind: kind, family: family)), toPage: page, in: text, file: file.path)
            // Through a symlink (dotfiles), the file it points to is written.
            try options.files.write(edited, to: file)
        } catch {
            notice("Could not add: \(error)")
            return false
        }
        if watcher == nil && options.config.watches { watcher = options.files.watch(file); if let waker { watcher?.setWaker(waker) } }
        requestReading()
        let name = widgets.first { $0.kind == kind }?.displayName ?? kind
        notice("Added \(name) (\(family.shortName)) to page \(page + 1)")
        return true
    }

    func notice(_ text: String) {
        dashboard.presentation.notice = (text, options.clock.now().addingTimeInterval(4))
        dashboard.screenDirty = true
        dirty = true
    }

    // MARK: InteractiveHost

    public func attach(waker: @escaping @Sendable () -> Void) {
        self.waker = waker
        dashboard.attach(waker: waker)
        watcher?.setWaker(waker)
    }

    public func attach(_ link: LoopLink) {
        self.link = link
        attach(waker: link.wake)
        dashboard.attach(link)
    }

    /// Home and StandBy tick with their clocks; the gallery's and the demo's previews do not.
    public func secondsUntilNextTick() -> Double? {
        switch mode {
        case .home: return dashboard.secondsUntilNextTick()
        case .standBy: return dashboard.seconds(until: nextStandByRedraw())
        case .gallery, .demo: return nil
        }
    }

    /// Whether a widget crossed a threshold with `alert = "bell"` since the last call.
    public func takeBell() -> Bool { options.alerts?.takeBell() ?? false }

    public var needsDisplay: Bool {
        if dirty || !arrived.items.withLock({ $0.isEmpty }) { return true }
        switch mode {
        case .home: return dashboard.needsDisplay
        case .standBy: return dashboard.hasChanges || standByRedraw.map { options.clock.now() >= $0 } ?? false
        case .gallery, .demo: return false
        }
    }

    /// The earliest of what the dashboard's state waits for and the next redraw of the screen
    /// shown (the gallery's and the demo's previews do not tick).
    public func secondsUntilNextDeadline() -> Double? {
        switch mode {
        case .home: return dashboard.secondsUntilNextDeadline()
        case .gallery, .demo: return dashboard.seconds(until: dashboard.stateDeadline())
        case .standBy: return dashboard.seconds(until: [dashboard.stateDeadline(), nextStandByRedraw()].compactMap { $0 }.min())
        }
    }

    /// When StandBy's frame for the state as it is changes by itself: the frame last drawn
    /// answers when nothing changed since, else the frame is rendered (purely) to learn it.
    func nextStandByRedraw() -> Date? {
        if standByDrawn, !dirty, !dashboard.hasChanges, standByRedraw.map({ options.clock.now() < $0 }) ?? true { return standByRedraw }
        return renderFrame(size: screenSize).frame.nextRedraw
    }

    public func handle(_ event: InputEvent) -> HostAction {
        if case .resize(let size) = event {
            screenSize = size
            dirty = true
            return dashboard.handle(event)
        }
        guard case .key(let key) = event else { return mode == .home ? dashboard.handle(event) : .continue }
        if showsProblems {
            showsProblems = false
            dirty = true
            dashboard.invalidateAll()
            if key == .escape { return .continue }
        }
        if platter != nil { return handlePlatter(key) }
        switch mode {
        case .home: return handleHome(key)
        case .gallery: return handleGallery(key)
        case .demo: return handleDemo(key)
        case .standBy: return handleStandBy(key)
        }
    }

    private func enter(_ newMode: Mode) {
        mode = newMode
        standByDrawn = false
        dirty = true
        if newMode == .home { dashboard.invalidateAll() }
    }

    private func leave() -> HostAction {
        if quitsOnEscape { return .quit }
        enter(.home)
        return .continue
    }

    private func handleHome(_ key: Key) -> HostAction {
        // The lock, its prompt, the help and the inspector keep their keys.
        guard !dashboard.isLocked, !dashboard.showsHelp, !dashboard.showsInspector else { return dashboard.handle(.key(key)) }
        switch key {
        case .character("g"):
            galleryFamily = 0
            enter(.gallery)
        case .character("d"):
            demoPage = 0
            enter(.demo)
        case .character("s"):
            enter(.standBy)
        case .character("e"):
            openPlatter()
            dirty = true
        default:
            return dashboard.handle(.key(key))
        }
        return .continue
    }

    private func handleGallery(_ key: Key) -> HostAction {
        var state = GalleryScreen.State(selected: galleryIndex, family: galleryFamily)
        let effect = GalleryScreen.handle(key, &state, widgets: widgets)
        (galleryIndex, galleryFamily) = (state.selected, state.family)
        dirty = true
        return effect.map(run) ?? .continue
    }

    private func handleDemo(_ key: Key) -> HostAction {
        var state = DemoScreen.State(family: demoFamily, page: demoPage)
        if let effect = DemoScreen.handle(key, &state) { return run(effect) }
        if state.family != demoFamily { showDemo(family: state.family) } else { demoPage = state.page }
        dirty = true
        return .continue
    }

    /// The shell's effect runner: leaving a mode and adding a widget are the shell's own; the
    /// rest the dashboard's runner runs.
    func run(_ effect: ScreenEffect) -> HostAction {
        switch effect {
        case .leave:
            return leave()
        case .add(let kind, let family):
            if add(kind: kind, family: family) { enter(.home) }
            return .continue
        default:
            return dashboard.run(effect) ?? .continue
        }
    }

    /// Opens the demo of `family`.
    public func showDemo(family: WidgetFamily) {
        demoFamily = family
        demoPage = 0
        mode = .demo
        standByDrawn = false
        dirty = true
    }

    private func handleStandBy(_ key: Key) -> HostAction {
        if let effect = StandByScreen.handle(key, index: &standByIndex, count: standByWidgets.count) { return run(effect) }
        dirty = true
        return .continue
    }

    /// Waits for every preview snapshot in flight and the dashboard's providers (tests).
    public func settle() async {
        await platter?.settle()
        await dashboard.settle()
        while !previewTasks.isEmpty {
            let tasks = previewTasks
            previewTasks.removeAll()
            for t in tasks { await t.value }
            advance()
        }
    }
}

/// Where preview snapshot tasks leave their entries for the run loop.
final class PreviewMailbox: Sendable {
    let items = Mutex<[(String, any TimelineEntry)]>([])
}
