import ArgumentParser
import DashCatalog
import DashHost
import DashTerminal
import Foundation
import WidgetDash

/// The `widgetdash` command: the dashboard, and the tools around it.
@main
struct WidgetDashCommand: AsyncParsableCommand {
    static let version = "0.1.0"

    static let configuration = CommandConfiguration(
        commandName: "widgetdash",
        abstract: "WidgetKit for the terminal: a home screen of widgets.",
        discussion: "Run without a subcommand to open the dashboard. Press ? in it for the keys.",
        version: version,
        subcommands: [RunCommand.self, ListCommand.self, SnapshotCommand.self, SimulateCommand.self, BenchCommand.self, ThemesCommand.self, PasscodeCommand.self, TodoCommand.self, ConfigCommand.self, DemoCommand.self,
                      SetCommand.self, GetCommand.self, KeysCommand.self, UnsetCommand.self, PushCommand.self, ReloadCommand.self],
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

/// The widgets this build knows: the built-in bundle.
enum KnownWidgets {
    static var all: [WidgetDescription] { BuiltinWidgets().widgetDescriptions + [CommandWidget().body._description] }
}

/// Writes a message to standard error.
func printError(_ message: String) {
    FileHandle.standardError.write(Data(("widgetdash: " + message + "\n").utf8))
}
