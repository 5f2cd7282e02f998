import ArgumentParser
import DashCatalog
import DashCore
import DashSystem
import Foundation

/// `--extension PATH` (repeatable), on every command that builds the catalog, and the
/// catalog it builds: the built-in widgets, then the extensions of the command line, the
/// config file and the extensions directory.
///
/// Only commands that show, check or start widgets take it; `set`, `get`, `push`, `keys`,
/// `unset` and `reload` never spawn an extension.
struct ExtensionOptions: ParsableArguments {
    @Option(name: .customLong("extension"), parsing: .singleValue,
            help: ArgumentHelp("Add a widget extension's widgets, controls and Live Activity types (repeatable); also config.toml's extensions and every executable in $XDG_DATA_HOME/widgetdash/extensions.", valueName: "PATH"))
    var paths: [String] = []

    /// Loads every extension once and merges them into the catalog, printing a message for
    /// each that failed and each name that collided; the command goes on with the rest.
    ///
    /// `configFile` is the config whose `extensions` key counts (a missing or broken file
    /// names none here; `config check` and the dashboard report its problems).
    func knownWidgets(configFile: URL, loader: (String) throws -> LoadedExtension = ExtensionHost.load) -> KnownWidgets {
        let (known, problems) = load(configFile: configFile, loader: loader)
        for problem in problems { printError(problem.description) }
        return known
    }

    /// Loads and merges as ``knownWidgets(configFile:loader:)`` does, returning the
    /// extensions that failed instead of printing them (`config check` reports its file's
    /// at their positions); collisions are printed.
    func load(configFile: URL, loader: (String) throws -> LoadedExtension = ExtensionHost.load) -> (KnownWidgets, [ExtensionProblem]) {
        let entries = (try? String(contentsOf: configFile, encoding: .utf8)).map { ConfigReader.extensionEntries($0, file: configFile.path) } ?? []
        let (known, problems) = Self.load(commandLine: paths, config: entries, configFile: configFile.path, bundles: KnownWidgets.addedBundles, loader: loader)
        for collision in known.catalog.collisions where collision.extensionName != nil { printError(collision.description) }
        return (known, problems)
    }

    /// Loads the extensions of the command line, of `config` (the config file's `extensions`)
    /// and of the extensions directory, and merges them after the built-in widgets and `bundles`.
    static func load(commandLine: [String], config: [ExtensionEntry], configFile: String, bundles: [KnownWidgets.BundleType],
                     loader: (String) throws -> LoadedExtension) -> (KnownWidgets, [ExtensionProblem]) {
        let locations = ExtensionSources.locations(commandLine: commandLine, config: config, configFile: configFile, directory: ExtensionSources.directory())
        let loaded = ExtensionSources.load(locations, loader: loader)
        return (KnownWidgets([BuiltinWidgets()] + bundles.map { $0.init() }, extensions: loaded.extensions), loaded.problems)
    }
}

/// Where the host loads an extension: the one call site of the extension loader.
enum ExtensionHost {
    /// Spawns the extension at `path` to ask what it offers (`describe`; docs/extensions.md),
    /// for a command whose requests all end before it does.
    static func load(path: String) throws -> LoadedExtension {
        try ExtensionLoader.load(path: path)
    }

    /// The loader of a command that may leave extension processes running when it ends (the
    /// dashboard): their processes are registered in `children`, which it kills on its way out.
    static func loader(killedWith children: ExtensionChildren) -> @Sendable (String) throws -> LoadedExtension {
        { path in try ExtensionLoader.load(path: path, children: children) }
    }
}
