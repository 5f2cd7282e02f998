import Foundation
import WidgetDash

/// How to build dashboards from a config: everything `run` (or `demo`) knows before reading it.
public struct ShellOptions {
    /// The compiled-in widgets (the gallery's order).
    public var widgets: [WidgetDescription]
    public var resolvers: PlacementResolverRegistry = .standard
    /// Where the config comes from, and what stands in without one.
    public var config: ConfigSource
    /// Reads, writes and watches the config and theme files (DashSystem's on disk; by default
    /// in memory, with none).
    package var files: any ConfigFiles = InMemoryConfigFiles()
    public var clock: any DashClock
    /// What widget code reaches (store, image decoding, screen time, WidgetCenter, activities),
    /// handed to every dashboard built; by default what is bound where the options are made.
    public var services = WidgetServices.current
    public var environment = EnvironmentValues()
    /// The control center's controls (`c`) and where http(s) links go (nil: the detail view),
    /// for every dashboard built.
    public var controls: [ControlDescription] = []
    public var opener: LinkOpener?
    /// What scripts changed in the store: the listener posts here, every dashboard built drains it.
    public var storeChanges = StoreChangeQueue()
    /// Kinds whose providers run on the run loop's own thread (see ``Dashboard/loopKinds``).
    public var loopKinds: Set<String> = []
    /// The scheduler's settings before the config's budget and jitter.
    public var settings = SchedulerSettings()
    /// Theme library, passcode and the command line's theme, scheme and auto-lock.
    public var presentation: PresentationOptions
    /// What the command line chose, which wins over the config.
    public var commandLine = CommandLineChoices()
    /// Connected to each dashboard built: the `WidgetCenter` handler in `services` (nil: none).
    public var widgetCenter: WidgetCenterRelay?
    /// The Live Activities every dashboard built shows (nil: none).
    public var activities: ActivityController?
    /// Where every dashboard built sends crossed thresholds (nil: only the tint shows them).
    public var alerts: AlertCenter?
    /// Set from the config's `[activities] max` each time it is read.
    public var activityMaximum: ActivityMaximum?
    /// What loading the extensions found at start (a path that failed, a name that collided),
    /// shown with the config's problems after every reading until a reading loads them again.
    public var extensionProblems: [ConfigProblem] = []
    /// Reads a changed config off the run loop, with the catalog built again for it (its
    /// extensions loaded); nil: on the loop, against the catalog of start (tests, `demo`).
    package var backgroundReading: BackgroundReading?

    public init(widgets: [WidgetDescription], configFile: URL?, defaultPages: [[PagePlacement]], defaultLockScreen: [WidgetPlacement],
                clock: any DashClock, presentation: PresentationOptions = PresentationOptions()) {
        self.widgets = widgets
        config = ConfigSource(file: configFile, defaultPages: defaultPages, defaultLockScreen: defaultLockScreen)
        self.clock = clock
        self.presentation = presentation
    }
}

/// What `run` or `demo` was told on its command line; each wins over the config's setting.
public struct CommandLineChoices: Sendable {
    /// Widgets given with `--widget`: they replace the config's pages.
    public var placements: [WidgetPlacement]?
    /// A budget from `--budget`.
    public var budget: Int?
    /// Whether `--theme`, `--scheme`, `--auto-lock` were given.
    public var theme = false
    public var scheme = false
    public var autoLock = false

    public init() {}
}

/// Where a shell's config comes from, and the screens it shows without one.
public struct ConfigSource: Sendable {
    /// The config file; nil: none (the defaults).
    public var file: URL?
    /// Watch the file and reload it when it changes.
    public var watches = false
    /// The home screen and lock screen without a config.
    public var defaultPages: [[PagePlacement]]
    public var defaultLockScreen: [WidgetPlacement]

    public init(file: URL?, watches: Bool = false, defaultPages: [[PagePlacement]], defaultLockScreen: [WidgetPlacement]) {
        self.file = file
        self.watches = watches
        self.defaultPages = defaultPages
        self.defaultLockScreen = defaultLockScreen
    }
}
