import Foundation
import Synchronization
import WidgetDash

/// Runs work on a thread of its own, never the run loop's (DashSystem's `ThreadRunner`).
///
/// The shell reads a changed config this way: a large file takes a second or more to parse,
/// and an extension it lists takes up to its time limit to describe. Neither may hold up a
/// key, a redraw or a quit.
package protocol BackgroundRunner: Sendable {
    /// Starts `work` and returns at once.
    func run(_ work: @escaping @Sendable () -> Void)
}

/// What a reading asks the catalog source for: the widgets a config with these extensions
/// and these network settings may place.
package struct CatalogRequest: Hashable, Sendable {
    /// The config's `extensions = [...]`, as written, with their positions.
    package var extensions: [ExtensionEntry]
    /// The config file (relative extension paths start at its directory; messages name it).
    package var configFile: String
    /// `[sources]` and `[weather]`: the weather widget's defaults are preset from them.
    package var network: NetworkSettings

    package init(extensions: [ExtensionEntry], configFile: String, network: NetworkSettings) {
        self.extensions = extensions
        self.configFile = configFile
        self.network = network
    }
}

/// The widgets and controls a config may place, and the problems of loading them: built off
/// the run loop, then handed to it whole (`sending`: the thread that built it keeps nothing).
package struct CatalogLoad {
    package var widgets: [WidgetDescription]
    package var controls: [ControlDescription]
    /// Extensions that failed to load and names that collided, shown with the config's problems.
    package var problems: [ConfigProblem]
    /// The `[sources]` and `[weather]` it was built for (the weather widget's defaults).
    package var network = NetworkSettings()

    package init(widgets: [WidgetDescription], controls: [ControlDescription], problems: [ConfigProblem]) {
        self.widgets = widgets
        self.controls = controls
        self.problems = problems
    }

    /// What the shell compares to tell whether a new catalog differs from the one running.
    package var signature: CatalogSignature { CatalogSignature(widgets: widgets, controls: controls, problems: problems, network: network) }
}

/// What a catalog offers, in Sendable values: each widget's kind, names, families and
/// parameters, each control's kind, the problems and the network settings its widgets were
/// preset with (presets hide in providers). Two catalogs with one signature place
/// the same widgets the same way, so the shell keeps the one running (and its extensions'
/// state) rather than swap in an equal one.
package struct CatalogSignature: Hashable, Sendable {
    var widgets: [String]
    var controls: [String]
    var problems: [ConfigProblem]
    var network: NetworkSettings

    package init(widgets: [WidgetDescription], controls: [ControlDescription], problems: [ConfigProblem], network: NetworkSettings) {
        self.widgets = widgets.map { w in
            let parameters = w.configurationParameters.map { "\($0.name)=\($0.defaultValue ?? "")" }
            return ([w.kind, w.displayName, w.description] + w.supportedFamilies.map(\.shortName) + parameters).joined(separator: "\u{1F}")
        }
        self.controls = controls.map(\.kind)
        self.problems = problems
        self.network = network
    }
}

/// Builds the catalog again for a changed config, off the run loop: DashApp's loads the
/// extensions it lists (a spawn each), merges them with the built-in widgets as at start and
/// presets `[weather]`.
package protocol WidgetCatalogSource: Sendable {
    func catalog(for request: CatalogRequest) -> sending CatalogLoad
}

/// How the shell reads a changed config away from the run loop: the thread, and where the
/// widgets to read it against come from (the loop's own are not Sendable).
package struct BackgroundReading: Sendable {
    package var runner: any BackgroundRunner
    package var catalog: any WidgetCatalogSource

    package init(runner: any BackgroundRunner, catalog: any WidgetCatalogSource) {
        self.runner = runner
        self.catalog = catalog
    }
}

/// The theme a config names, started as at launch: the theme, its scheme, and warnings.
package typealias ThemeStart = (theme: Theme, scheme: ColorScheme, warnings: [String])

/// One reading of the config, everything that takes time or touches the disk: the text, its
/// TOML, the catalog for the extensions it lists, the placements, and the theme file it names.
///
/// Made of Sendable parts so it can run on a ``BackgroundRunner``; the shell applies what it
/// returns on the run loop (``DashboardShell/apply(_:)``).
struct ConfigReading: Sendable {
    var files: any ConfigFiles
    /// The config file; nil: none is read (`--widget` chose the screen).
    var file: URL?
    var resolvers: PlacementResolverRegistry
    var catalog: any WidgetCatalogSource
    var library: ThemeLibrary
    /// `--theme` was given, which wins over the config's.
    var themeFromCommandLine: Bool

    /// Reads the config from scratch.
    func read() -> sending ConfigReadResult {
        guard let file, files.exists(file) else { return ConfigReadResult(text: nil, load: nil, catalog: nil, theme: nil) }
        let text = files.text(of: file) ?? ""
        let doc: TOML.Document
        switch ConfigReader.document(text, file: file.path) {
        case .success(let parsed): doc = parsed
        case .failure(let problem): return ConfigReadResult(text: text, load: ConfigReader.unreadable(problem, file: file.path), catalog: nil, theme: nil)
        }
        let request = CatalogRequest(extensions: ConfigReader.extensions(in: doc, file: file.path).entries, configFile: file.path,
                                     network: NetworkSettings.read(doc, file: file.path).settings)
        var catalog = catalog.catalog(for: request)
        catalog.network = request.network
        let load = ConfigReader(widgets: catalog.widgets, resolvers: resolvers).read(doc, file: file.path)
        let theme = load.hasErrors ? nil : Self.themeStart(for: load.config, library: library, files: files, fromCommandLine: themeFromCommandLine)
        return ConfigReadResult(text: text, load: load, catalog: catalog, theme: theme)
    }

    /// The theme `config` names, with its file read (nil: it names none, or `--theme` wins).
    static func themeStart(for config: DashConfig, library: ThemeLibrary, files: any ConfigFiles, fromCommandLine: Bool) -> ThemeStart? {
        guard !fromCommandLine, let name = config.theme else { return nil }
        return library.startup(requested: name, environment: files.environment, themeFile: files.theme(at:))
    }
}

/// What a reading found: the text (nil: no file), the config read from it, the catalog built
/// for it (nil: read on the loop against the catalog running) and the theme it names.
struct ConfigReadResult {
    var text: String?
    var load: ConfigLoad?
    var catalog: CatalogLoad?
    var theme: ThemeStart?
}

/// One value handed from the thread that made it to the thread that takes it.
///
/// Sendable without `@unchecked`: the value comes in `sending` (the compiler proves its maker
/// keeps no reference into it) and goes out `sending`, at most once, under a mutex.
final class Handover<Value>: Sendable {
    private let slot: Mutex<Value?>

    init(_ value: sending Value) { slot = Mutex(value) }

    /// The value, the first time; nil after.
    func take() -> sending Value? { slot.withLock { $0.take() } }
}

/// Where a reading off the loop leaves its result for the loop, with the number of the reading.
final class ReadingMailbox: Sendable {
    private let results = Mutex<[(generation: Int, result: Handover<ConfigReadResult>)]>([])

    func post(_ result: sending ConfigReadResult, generation: Int) {
        let parcel = Handover(result)
        results.withLock { $0.append((generation, parcel)) }
    }

    /// The results posted since the last call, oldest first.
    func take() -> [(generation: Int, result: Handover<ConfigReadResult>)] {
        results.withLock { let all = $0; $0.removeAll(); return all }
    }
}
