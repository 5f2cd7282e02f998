import ArgumentParser
import DashCatalog
import DashCore
import DashSystem
import DashTerminal
import Foundation
import WidgetDash

/// The `widgetdash` command: the dashboard, and the tools around it.
struct WidgetDashCommand: AsyncParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "widgetdash",
        abstract: "WidgetKit for the terminal: a home screen of widgets.",
        discussion: "Run without a subcommand to open the dashboard. Press ? in it for the keys.",
        version: version,
        subcommands: [RunCommand.self, ListCommand.self, SnapshotCommand.self, SimulateCommand.self, BenchCommand.self, ThemesCommand.self, PasscodeCommand.self, TodoCommand.self, ConfigCommand.self, DemoCommand.self,
                      SetCommand.self, GetCommand.self, KeysCommand.self, UnsetCommand.self, PushCommand.self, ReloadCommand.self, ActivityCommand.self, PreviewCommand.self],
        defaultSubcommand: RunCommand.self
    )
}

/// Exit statuses, after sysexits.h, so scripts can tell usage errors from data errors.
enum ExitStatus {
    /// The command was used wrongly: an unknown kind, an unsupported family.
    static let usage = ExitCode(64)
    /// The input data was malformed.
    static let dataError = ExitCode(65)
    /// An input file could not be read.
    static let noInput = ExitCode(66)
}

/// The widgets this process knows: the built-in bundle, the command widget, any bundles
/// added by `WidgetDashApp.main(adding:)`, then the extensions loaded for this command, merged
/// by ``WidgetCatalog`` (a kind that collides is qualified with its extension's name).
///
/// Nothing process-wide: `WidgetDashApp.main(adding:)` binds the added bundle types (a
/// task-local) around the command, and a command merges once (``ExtensionOptions`` loads the
/// extensions and calls ``current(extensions:)``) and keeps the value (a merge builds every
/// widget's description again).
struct KnownWidgets {
    /// Bundle types that are safe to hand between tasks (every concrete type is, unless its
    /// conformance is isolated to an actor).
    typealias BundleType = any (WidgetBundle & SendableMetatype).Type

    /// The bundles added after the built-in one, for the command running in this task.
    @TaskLocal static var addedBundles: [BundleType] = []

    let catalog: WidgetCatalog

    var widgets: [WidgetDescription] { catalog.widgets }
    /// The controls of every bundle and extension, for the control center.
    var controls: [ControlDescription] { catalog.controls }
    /// The Live Activity types of every bundle and extension.
    var activities: [ActivityDescription] { catalog.activities }

    init(_ bundles: [any WidgetBundle], extensions: [LoadedExtension] = []) {
        catalog = WidgetCatalog(Self.sources(bundles) + extensions.map {
            WidgetCatalog.Source(extensionName: $0.name, widgets: $0.widgets, controls: $0.controls, activities: $0.activities)
        })
    }

    /// The built-in bundle, the added ones and `extensions` (built-ins first, so a kind keeps
    /// its built-in meaning), merged.
    static func current(extensions: [LoadedExtension] = []) -> KnownWidgets {
        KnownWidgets([BuiltinWidgets()] + addedBundles.map { $0.init() }, extensions: extensions)
    }

    /// One catalog source per bundle (the built-in bundle first), with the command widget
    /// after the first bundle's widgets. Bundles are built into the program, so a kind one
    /// of them repeats is left out rather than qualified (see ``WidgetCatalog``).
    static func sources(_ bundles: [any WidgetBundle]) -> [WidgetCatalog.Source] {
        bundles.enumerated().map { index, bundle in
            let command = index == 0 ? [CommandWidget(gate: CommandGate(runner: ProcessCommandRunner())).body._description] : []
            let contents = BundleContents(bundle)
            return WidgetCatalog.Source(widgets: contents.widgets + command, controls: contents.controls,
                                        activities: contents.activities)
        }
    }
}

/// Writes a message to standard error.
func printError(_ message: String) {
    // Messages quote user input (a widget kind, a color, a path): never let it drive the terminal.
    FileHandle.standardError.write(Data(("widgetdash: " + TextSanitizer.sanitize(message) + "\n").utf8))
}
