import ArgumentParser
import DashCore
import DashSystem
import DashTerminal
import Foundation
import WidgetDash

/// `widgetdash demo [--family F]`: every widget that supports a family, side by side.
struct DemoCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "demo",
        abstract: "Show every widget in one family side by side (f/F change the family, Esc quits)."
    )

    @Option(help: ArgumentHelp("The family to start with: small, medium, large, extraLarge, circular, rectangular, inline.", valueName: "FAMILY"))
    var family: String = "small"

    @Option(help: ArgumentHelp("The theme: a name from `widgetdash themes` or a .toml file.", valueName: "NAME"))
    var theme: String?

    @OptionGroup var extensions: ExtensionOptions

    func run() throws {
        let f = try CommandLineInput.family(family)
        let look = try ThemeChoice.resolve(theme: theme, scheme: nil)
        var options = ShellOptions(widgets: extensions.knownWidgets(configFile: ConfigCommand.file(nil)).widgets, configFile: nil, defaultPages: [[]], defaultLockScreen: [],
                                   clock: TravelClock(start: Date(), speed: 1),
                                   presentation: PresentationOptions(library: look.library, theme: look.theme, scheme: look.scheme))
        options.commandLine.theme = true
        options.files = DiskConfigFiles()
        let shell = DashboardShell(options)
        shell.quitsOnEscape = true
        shell.showDemo(family: f)
        do { _ = try TerminalRunLoop.run(host: shell) } catch {
            printError("\(error)")
            throw ExitCode.failure
        }
    }
}
