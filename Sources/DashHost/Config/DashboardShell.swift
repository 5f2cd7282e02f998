import Foundation
import Synchronization
import WidgetDash

/// How to build dashboards from a config: everything `run` (or `demo`) knows before reading it.
public struct ShellOptions {
    /// The compiled-in widgets (the gallery's order).
    public var widgets: [WidgetDescription]
    public var resolvers: PlacementResolverRegistry = .standard
    /// The config file; nil: none (the defaults).
    public var configFile: URL?
    /// The home screen and lock screen without a config.
    public var defaultPages: [[PagePlacement]]
    public var defaultLockScreen: [WidgetPlacement]
    /// Widgets given on the command line (`--widget`): they replace the config's pages.
    public var fixedPlacements: [WidgetPlacement]?
    public var clock: any DashClock
    public var environment = EnvironmentValues()
    /// The scheduler's settings before the config's budget and jitter.
    public var settings = SchedulerSettings()
    /// A budget from the command line, which wins over the config's.
    public var budgetOverride: Int?
    /// Theme library, passcode and the command line's theme, scheme and auto-lock.
    public var presentation: PresentationOptions
    /// Whether `--theme`, `--scheme`, `--auto-lock` were given (they win over the config).
    public var themeGiven = false
    public var schemeGiven = false
    public var autoLockGiven = false
    /// Install `WidgetCenter.shared`'s handler on each dashboard built.
    public var installsWidgetCenter = false
    /// Watch the config file and reload it when it changes.
    public var watchesConfig = false
    /// The Live Activities every dashboard built shows (nil: none).
    public var activities: ActivityController?
    /// Set from the config's `[activities] max` each time it is read.
    public var activityMaximum: ActivityMaximum?

    public init(widgets: [WidgetDescription], configFile: URL?, defaultPages: [[PagePlacement]], defaultLockScreen: [WidgetPlacement],
                clock: any DashClock, presentation: PresentationOptions = PresentationOptions()) {
        self.widgets = widgets
        self.configFile = configFile
        self.defaultPages = defaultPages
        self.defaultLockScreen = defaultLockScreen
        self.clock = clock
        self.presentation = presentation
    }
}

/// The dashboard as the terminal runs it: the home screen from the config file, and the
/// modes around it (gallery, demo, StandBy), the config's problems, and reloading the config
/// when it changes.
///
/// A config change builds a new ``Dashboard`` (pages, lock screen and scheduler settings can
/// all change) and carries over what the person was doing: the lock, the page, the size.
/// Everything happens on the run loop's thread; snapshot tasks and the file watcher only post
/// results and wake the loop.
public final class DashboardShell: InteractiveHost {
    /// What covers the screen.
    public enum Mode: Equatable, Sendable {
        case home, gallery, demo, standBy
    }

    public let options: ShellOptions
    public private(set) var dashboard: Dashboard
    public private(set) var mode: Mode = .home
    /// The problems of the config last read (shown until a key is pressed).
    public private(set) var problems: [ConfigProblem] = []
    public private(set) var showsProblems = false
    /// True while the default screen stands in for a config with errors.
    public private(set) var fellBack = false
    /// The widgets known: compiled-in plus the config's own.
    public private(set) var widgets: [WidgetDescription]
    /// Quit (rather than return home) on Esc: `widgetdash demo`.
    public var quitsOnEscape = false

    public private(set) var demoFamily: WidgetFamily = .systemSmall
    public private(set) var demoPage = 0
    public private(set) var galleryIndex = 0
    public private(set) var galleryFamily = 0
    public private(set) var standByIndex = 0
    /// The configuration platter (`e`) over the home screen, while open.
    public internal(set) var platter: ConfigurationPlatter?

    private var screenSize = CellSize(width: 80, height: 24)
    var dirty = true
    var waker: (@Sendable () -> Void)?
    private var watcher: ConfigWatcher?
    var loadedText: String?
    private var configTheme: String?
    private var configScheme: ColorScheme?
    var lastPages: [[PagePlacement]] = []

    // Previews (gallery and demo): snapshot entries by "kind@family", asked for once.
    private var previews: [String: any TimelineEntry] = [:]
    private var asked = Set<String>()
    private let arrived = PreviewMailbox()
    private var previewTasks: [Task<Void, Never>] = []
    /// When the StandBy frame last drawn changes by itself, and whether one was drawn since the
    /// last change of mode.
    private var standByRedraw: Date?
    private var standByDrawn = false

    public init(_ options: ShellOptions) {
        self.options = options
        widgets = options.widgets
        // A placeholder until the config is read below.
        dashboard = Dashboard(widgets: [], placements: [], clock: options.clock)
        dashboard = build(load())
        if options.watchesConfig, let file = options.configFile ?? nil { watcher = ConfigWatcher(file: file) }
    }

    // MARK: Config

    /// Reads the config; nil when there is none to read.
    private func load() -> ConfigLoad? {
        guard options.fixedPlacements == nil, let file = options.configFile else { return nil }
        guard FileManager.default.fileExists(atPath: file.path) else { return nil }
        let text = (try? String(contentsOf: file, encoding: .utf8)) ?? ""
        loadedText = text
        return ConfigReader(widgets: options.widgets, resolvers: options.resolvers).parse(text, file: file.path)
    }

    /// Builds a dashboard for `load` (nil or broken: the defaults), recording its problems.
    private func build(_ load: ConfigLoad?) -> Dashboard {
        problems = load?.problems ?? []
        showsProblems = !problems.isEmpty
        var config = DashConfig()
        if let load, !load.hasErrors { config = load.config }
        fellBack = load?.hasErrors ?? false
        widgets = options.widgets + config.widgets
        configTheme = config.theme
        configScheme = config.scheme

        let pages = options.fixedPlacements.map { [$0.map(PagePlacement.widget)] } ?? config.pages ?? options.defaultPages
        lastPages = pages
        // Every member of a Smart Stack is an instance with its own timeline; the dashboard
        // groups them back into slots by `stackSizes`.
        let members = pages.map { $0.flatMap(\.members) }
        var settings = options.settings
        if let budget = options.budgetOverride ?? config.budget { settings.budget = budget }
        if let jitter = config.jitter { settings.maxJitter = jitter }
        var presentation = options.presentation
        presentation.lockScreen = config.lockScreen ?? options.defaultLockScreen
        if !options.autoLockGiven, let autoLock = config.autoLock { presentation.autoLockAfter = autoLock }
        if !options.themeGiven, let name = config.theme {
            let start = presentation.library.startup(requested: name, environment: ProcessInfo.processInfo.environment)
            for warning in start.warnings { problems.append(ConfigProblem(file: config.file ?? "config", line: 0, message: warning, isWarning: true)) }
            presentation.theme = start.theme
            presentation.scheme = start.scheme
        }
        if !options.schemeGiven, let scheme = config.scheme { presentation.scheme = scheme }
        options.activityMaximum?.set(config.maximumActivities ?? ActivityLimits.defaultMaximumCount)
        let d = Dashboard(widgets: widgets, placements: members.flatMap { $0 }, clock: options.clock, environment: options.environment,
                          settings: settings, presentation: presentation, pageSizes: pages.map(\.count),
                          stackSizes: pages.flatMap { $0.map(\.members.count) })
        if options.installsWidgetCenter { d.installWidgetCenter() }
        d.setActivities(options.activities)
        return d
    }

    /// Reads the config again and, unless it has errors, swaps in a dashboard built from it.
    public func reloadConfig() {
        let previousText = loadedText
        let load = self.load()
        if let load, loadedText == previousText, problems == load.problems { return }
        if let load, load.hasErrors {
            // Keep what runs; say what is wrong.
            problems = load.problems
            showsProblems = true
            dirty = true
            return
        }
        let old = dashboard
        let wasLocked = old.isLocked
        let page = old.currentPage
        dashboard = build(load)
        if let waker { dashboard.attach(waker: waker) }
        _ = dashboard.handle(.resize(screenSize))
        if wasLocked { dashboard.lockNow() }
        dashboard.turnPage(to: page)
        previews.removeAll()
        asked.removeAll()
        dirty = true
    }

    /// Adds `kind` in `family` to the configured page on screen, in the config file.
    ///
    /// With no config file yet, the commented example is written first (with the default
    /// pages, so nothing on screen moves), and the widget added to it.
    @discardableResult
    public func add(kind: String, family: WidgetFamily) -> Bool {
        guard options.fixedPlacements == nil else {
            notice("Not saved: --widget chose this screen")
            return false
        }
        let file = options.configFile ?? ConfigLocation.defaultFile()
        let existing = (try? String(contentsOf: file, encoding: .utf8))
        let text = existing ?? ConfigTemplate.text(pages: options.defaultPages, lockScreen: options.defaultLockScreen)
        let page = dashboard.currentPageGroup
        do {
            let edited = try ConfigEditor.adding(.widget(WidgetPlacement(kind: kind, family: family)), toPage: page, in: text, file: file.path)
            try FileManager.default.createDirectory(at: file.deletingLastPathComponent(), withIntermediateDirectories: true)
            // Through a symlink (dotfiles), write the file it points to.
            let target = file.resolvingSymlinksInPath()
            try edited.write(to: target, atomically: true, encoding: .utf8)
        } catch {
            notice("Could not add: \(error)")
            return false
        }
        if watcher == nil && options.watchesConfig { watcher = ConfigWatcher(file: file); if let waker { watcher?.setWaker(waker) } }
        reloadConfig()
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
    private func nextStandByRedraw() -> Date? {
        if standByDrawn, !dirty, !dashboard.hasChanges, standByRedraw.map({ options.clock.now() < $0 }) ?? true { return standByRedraw }
        return renderFrame(size: screenSize).frame.nextRedraw
    }

    public func advance() {
        if watcher?.takeChange() == true { reloadConfig() }
        for (key, entry) in arrived.items.withLock({ let all = $0; $0.removeAll(); return all }) {
            previews[key] = entry
            dirty = true
        }
        dashboard.advance()
        if platter?.advance() == true { dirty = true }
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
        let count = widgets.count
        switch key {
        case .escape, .character("g"), .character("q"): return leave()
        case .down, .character("j"):
            galleryIndex = count == 0 ? 0 : (galleryIndex + 1) % count
            galleryFamily = 0
        case .up, .character("k"):
            galleryIndex = count == 0 ? 0 : (galleryIndex + count - 1) % count
            galleryFamily = 0
        case .right, .character("l"), .tab:
            let n = widgets.indices.contains(galleryIndex) ? widgets[galleryIndex].supportedFamilies.count : 1
            galleryFamily = (galleryFamily + 1) % max(1, n)
        case .left, .character("h"), .backTab:
            let n = max(1, widgets.indices.contains(galleryIndex) ? widgets[galleryIndex].supportedFamilies.count : 1)
            galleryFamily = (galleryFamily + n - 1) % n
        case .enter:
            guard widgets.indices.contains(galleryIndex) else { break }
            let widget = widgets[galleryIndex]
            guard widget.supportedFamilies.indices.contains(galleryFamily) else { break }
            if add(kind: widget.kind, family: widget.supportedFamilies[galleryFamily]) { enter(.home) }
        default: break
        }
        dirty = true
        return .continue
    }

    private func handleDemo(_ key: Key) -> HostAction {
        let all = WidgetFamily.allCases
        let i = all.firstIndex(of: demoFamily) ?? 0
        switch key {
        case .escape, .character("d"), .character("q"): return leave()
        case .character("f"), .right: showDemo(family: all[(i + 1) % all.count])
        case .character("F"), .left: showDemo(family: all[(i + all.count - 1) % all.count])
        case .pageDown, .character("n"): demoPage += 1
        case .pageUp, .character("p"): demoPage = max(0, demoPage - 1)
        default: break
        }
        dirty = true
        return .continue
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
        let count = standByWidgets.count
        switch key {
        case .escape, .character("s"), .character("q"): return leave()
        case .right: if count > 0 { standByIndex = (standByIndex + 1) % count }
        case .left: if count > 0 { standByIndex = (standByIndex + count - 1) % count }
        default: break
        }
        dirty = true
        return .continue
    }

    // MARK: Drawing

    /// A frame of the shell: the screen shown, and what the router does after drawing it.
    struct ShellFrame {
        var frame: Frame
        /// The home screen's frame (its regions), when it is the one shown.
        var home: DashboardFrame?
        /// Previews drawn as placeholders whose snapshots were never asked for.
        var wantedPreviews: [(key: String, widget: WidgetDescription, family: WidgetFamily)] = []
        /// How many pages the demo needed.
        var demoPages: Int?
    }

    /// The router's draw step: takes in the size, renders the frame, then keeps what it drew.
    public func render(size: CellSize) -> Canvas {
        screenSize = size
        if mode == .home { dashboard.takeSize(size) }
        let drawn = renderFrame(size: size)
        didDraw(drawn, size: size)
        return drawn.frame.canvas
    }

    /// The frame for the state as it is: pure (the dashboard's memo of panels aside).
    public func frame(size: CellSize) -> Frame { renderFrame(size: size).frame }

    func renderFrame(size: CellSize) -> ShellFrame {
        let palette = dashboard.environment.palette
        switch mode {
        case .home:
            var home = dashboard.renderFrame(size: size)
            if showsProblems { ProblemsPanel.draw(problems, fellBack: fellBack, into: &home.frame.canvas, palette: palette) }
            platter?.draw(into: &home.frame.canvas, palette: palette)
            return ShellFrame(frame: home.frame, home: home)
        case .demo:
            var wanted: [(key: String, widget: WidgetDescription, family: WidgetFamily)] = []
            let drawn = DemoScreen.render(family: demoFamily, widgets: widgets, page: demoPage, size: size, palette: palette) {
                self.previewPanel($0, family: self.demoFamily, focused: false, wanted: &wanted)
            }
            return ShellFrame(frame: Frame(canvas: drawn.canvas), wantedPreviews: wanted, demoPages: drawn.pages)
        case .gallery:
            var wanted: [(key: String, widget: WidgetDescription, family: WidgetFamily)] = []
            let canvas = GalleryScreen.render(widgets: widgets, selected: galleryIndex, family: galleryFamily,
                                              targetPage: dashboard.currentPageGroup, size: size, palette: palette) {
                self.previewPanel($0, family: $1, focused: $2, wanted: &wanted)
            }
            return ShellFrame(frame: Frame(canvas: canvas), wantedPreviews: wanted)
        case .standBy:
            return ShellFrame(frame: renderStandBy(size: size, palette: palette))
        }
    }

    /// The router's step after a frame is drawn: the dashboard keeps its regions, the demo's
    /// page is clamped to the pages drawn, and the snapshots of the previews drawn are asked for.
    func didDraw(_ drawn: ShellFrame, size: CellSize) {
        dirty = false
        if let home = drawn.home { dashboard.didDraw(home, size: size) }
        if let pages = drawn.demoPages { demoPage = min(demoPage, max(0, pages - 1)) }
        for wanted in drawn.wantedPreviews where !asked.contains(wanted.key) { askForPreview(wanted.key, wanted.widget, family: wanted.family) }
        if mode == .standBy {
            standByRedraw = drawn.frame.nextRedraw
            standByDrawn = true
            // StandBy drew the instances' current entries itself: the home screen redraws on return.
            dashboard.clearChanges()
        }
    }

    /// The widget's preview panel in `family` (its placeholder until the snapshot arrives); a
    /// snapshot never asked for is added to `wanted`.
    private func previewPanel(_ widget: WidgetDescription, family: WidgetFamily, focused: Bool,
                              wanted: inout [(key: String, widget: WidgetDescription, family: WidgetFamily)]) -> Canvas {
        let key = "\(widget.kind)@\(family.shortName)"
        if !asked.contains(key) { wanted.append((key, widget, family)) }
        return WidgetPanel(description: widget, family: family)
            .render(entry: previews[key], environment: dashboard.environment, now: options.clock.now(),
                    status: previews[key] == nil ? .loading : .ok, focused: focused).canvas
    }

    /// Asks the widget's provider for its snapshot in `family`, once, off the loop.
    private func askForPreview(_ key: String, _ widget: WidgetDescription, family: WidgetFamily) {
        asked.insert(key)
        let provider = widget.provider
        let context = TimelineProviderContext(family: family, isPreview: true, date: options.clock.now())
        let waker = self.waker
        let box = arrived
        previewTasks.append(Task.detached {
            let entry = await provider.snapshot(context)
            box.items.withLock { $0.append((key, entry)) }
            waker?()
        })
    }

    /// The home screen's small widgets, which StandBy shows (live, from their timelines).
    var standByWidgets: [WidgetInstance] { dashboard.homeInstances.filter { $0.family == .systemSmall } }

    private func renderStandBy(size: CellSize, palette: Palette) -> Frame {
        let list = standByWidgets
        let left = list.isEmpty ? nil : list[standByIndex % list.count]
        let right = list.count < 2 ? nil : list[(standByIndex + 1) % list.count]
        var env = dashboard.environment
        env.widgetFamily = .systemSmall
        env.showsWidgetContainerBackground = false
        env.colorScheme = .dark
        let now = options.clock.now()
        var refresh: Date?
        let canvas = StandByScreen.render(left: left?.description.displayName, right: right?.description.displayName, size: size, palette: palette) { isLeft, half in
            guard let instance = isLeft ? left : right else { return nil }
            let entry = instance.currentEntry ?? instance.description.provider.placeholder(TimelineProviderContext(family: .systemSmall))
            var e = env
            if instance.currentEntry == nil { e.redactionReasons.insert(.placeholder) }
            let rendered = ViewRenderer.render(instance.description.content(entry), size: half, environment: e, now: now, background: .indexed(0))
            if let next = rendered.nextRefresh { refresh = min(refresh ?? next, next) }
            return rendered.canvas
        }
        return Frame(canvas: canvas, nextRedraw: refresh)
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
