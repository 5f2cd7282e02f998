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
                      SetCommand.self, GetCommand.self, KeysCommand.self, UnsetCommand.self, PushCommand.self, ReloadCommand.self, ActivityCommand.self],
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

/// The widgets this process knows: the built-in bundle, the command widget, then any bundles
/// added by `WidgetDashApp.main(adding:)` (a widget extension's own).
///
/// Nothing process-wide: `WidgetDashApp.main(adding:)` binds the added bundle types (a
/// task-local) around the command, and a command merges once with ``current()`` and keeps
/// the value (a merge builds every widget's description again).
struct KnownWidgets {
    /// Bundle types that are safe to hand between tasks (every concrete type is, unless its
    /// conformance is isolated to an actor).
    typealias BundleType = any (WidgetBundle & SendableMetatype).Type

    /// The bundles added after the built-in one, for the command running in this task.
    @TaskLocal static var addedBundles: [BundleType] = []

    var widgets: [WidgetDescription]
    /// The controls of every bundle, for the control center.
    let controls: [ControlDescription]
    /// Kinds an added bundle uses that an earlier bundle already has.
    let shadowedKinds: [String]
    /// The Live Activity types of every bundle (a type keeps its first meaning).
    let activities: [ActivityDescription]

    init(_ bundles: [any WidgetBundle]) {
        (widgets, controls, shadowedKinds) = Self.merged(bundles)
        var seen = Set<String>()
        activities = bundles.flatMap(\.activityDescriptions).filter { seen.insert($0.activityType).inserted }
    }

    /// The built-in bundle and the added ones (built-ins first, so a kind keeps its built-in
    /// meaning), merged.
    static func current() -> KnownWidgets {
        KnownWidgets([BuiltinWidgets()] + addedBundles.map { $0.init() }).addingEnvironmentExtensions()
    }

    /// The widgets and controls of `bundles` (the built-in bundle first) with the command
    /// widget after the first bundle's widgets. A widget or control whose kind is already taken
    /// is left out and its kind listed in `shadowed`: a placement names one widget, so a second
    /// widget of the same kind could only show up in the gallery and `list` without ever being
    /// placed.
    static func merged(_ bundles: [any WidgetBundle]) -> (widgets: [WidgetDescription], controls: [ControlDescription], shadowed: [String]) {
        var widgets: [WidgetDescription] = []
        var controls: [ControlDescription] = []
        var shadowed: [String] = []
        for (index, bundle) in bundles.enumerated() {
            for widget in bundle.widgetDescriptions {
                if widgets.contains(where: { $0.kind == widget.kind }) { shadowed.append(widget.kind) } else { widgets.append(widget) }
            }
            if index == 0 { widgets.append(CommandWidget(gate: CommandGate(runner: ProcessCommandRunner())).body._description) }
            for control in bundle.controlDescriptions {
                if controls.contains(where: { $0.kind == control.kind }) { shadowed.append(control.kind) } else { controls.append(control) }
            }
        }
        return (widgets, controls, shadowed)
    }
}

/// Writes a message to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data(("widgetdash: " + message + "\n").utf8))
}
