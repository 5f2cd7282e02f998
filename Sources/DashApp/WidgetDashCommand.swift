import ArgumentParser
import DashCatalog
import DashHost
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
enum KnownWidgets {
    /// Added bundles. Safe without a lock: `WidgetDashApp.main(adding:)` writes it once, before
    /// the command line is parsed and before any task or thread exists; later it is only read.
    nonisolated(unsafe) private static var added: [any WidgetBundle.Type] = []

    static func add(_ bundles: [any WidgetBundle.Type]) { added += bundles }

    /// Every bundle: the built-ins first, so a kind keeps its built-in meaning.
    static var bundles: [any WidgetBundle] { [BuiltinWidgets()] + added.map { $0.init() } }

    static var all: [WidgetDescription] {
        let added = bundles.dropFirst().flatMap(\.widgetDescriptions)
        return BuiltinWidgets().widgetDescriptions + [CommandWidget().body._description] + added
    }

    /// The controls of every bundle, for the control center.
    static var controls: [ControlDescription] { bundles.flatMap(\.controlDescriptions) }

    /// The Live Activity types of every bundle (a type keeps its first meaning).
    static var activities: [ActivityDescription] {
        var seen = Set<String>()
        return bundles.flatMap(\.activityDescriptions).filter { seen.insert($0.activityType).inserted }
    }
}

/// Writes a message to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data(("widgetdash: " + message + "\n").utf8))
}
