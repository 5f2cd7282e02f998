import DashCore
import DashSystem
import Foundation
import WidgetDash

/// The catalog `run` works with, built again off the run loop each time the config is read
/// again: the built-in widgets and the added bundles, then the extensions of the command line,
/// of the config's `extensions = [...]` and of the extensions directory, merged, with
/// `[weather]` preset. So a change to `extensions` or `[weather]` applies without a restart.
///
/// Each reading describes every extension again (a spawn each, off the loop): an extension
/// rebuilt since is seen as it is now. The shell swaps in the new catalog only when it
/// differs from the one running (``CatalogSignature``).
struct RunCatalog: WidgetCatalogSource {
    /// `--extension PATH`, as given.
    let commandLine: [String]
    /// The bundles added to the built-in one (`WidgetDashApp.main(adding:)`), as at start.
    let bundles: [KnownWidgets.BundleType]
    /// Spawns an extension to ask what it offers (a stand-in in tests).
    var loader: @Sendable (String) throws -> LoadedExtension = ExtensionHost.load

    func catalog(for request: CatalogRequest) -> sending CatalogLoad {
        let (known, failed) = ExtensionOptions.load(commandLine: commandLine, config: request.extensions, configFile: request.configFile,
                                                    bundles: bundles, loader: loader)
        return CatalogLoad(widgets: NetworkSetup.presetting(known.widgets, with: request.network), controls: known.controls,
                           problems: Self.problems(known, failed, configFile: request.configFile))
    }

    /// What loading found, as the dashboard's problems panel lists it: each extension that
    /// failed (at its `file:line:column` when the config named it), then each name that collided.
    static func problems(_ known: KnownWidgets, _ failed: [ExtensionProblem], configFile: String) -> [ConfigProblem] {
        let collisions = known.catalog.collisions.filter { $0.extensionName != nil }
        return failed.map { $0.configProblem(isWarning: true, otherwiseIn: configFile) }
            + collisions.map { ConfigProblem(file: configFile, line: 0, message: $0.description, isWarning: true) }
    }
}
