import ArgumentParser
import DashHost
import DashTerminal
import Foundation
import WidgetDash

/// Opens the dashboard in the terminal.
struct RunCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "run",
        abstract: "Open the dashboard (the default)."
    )

    @Option(name: .customLong("widget"), parsing: .singleValue,
            help: ArgumentHelp("Show this widget (repeatable): KIND or KIND@FAMILY, families small, medium, large, extraLarge, circular, rectangular, inline.", valueName: "KIND[@FAMILY]"))
    var widgets: [String] = []

    func run() async throws {
        let known = KnownWidgets.all
        var placements: [WidgetPlacement] = []
        for text in widgets {
            switch WidgetPlacement.parse(text, widgets: known) {
            case .success(let p): placements.append(p)
            case .failure(let error):
                printError("--widget \(text): \(error)")
                throw ExitStatus.usage
            }
        }
        if placements.isEmpty { placements = DefaultHomeScreen.placements }
        let dashboard = Dashboard(widgets: known, placements: placements, clock: SystemClock())
        do {
            _ = try TerminalRunLoop.run(host: dashboard)
        } catch {
            printError("\(error)")
            throw ExitCode.failure
        }
    }
}

/// The home screen shown when nothing else is asked for: each built-in widget in the families
/// it is best at, hero widgets first, then a row of lock-screen accessories.
enum DefaultHomeScreen {
    static let placements: [WidgetPlacement] = [
        WidgetPlacement(kind: "clock", family: .systemSmall),
        WidgetPlacement(kind: "system", family: .systemSmall),
        WidgetPlacement(kind: "calendar", family: .systemSmall),
        WidgetPlacement(kind: "system", family: .systemMedium),
        WidgetPlacement(kind: "calendar", family: .systemMedium),
        WidgetPlacement(kind: "clock", family: .systemMedium),
        WidgetPlacement(kind: "calendar", family: .systemLarge),
        WidgetPlacement(kind: "system", family: .systemLarge),
        WidgetPlacement(kind: "clock", family: .accessoryCircular),
        WidgetPlacement(kind: "system", family: .accessoryCircular),
        WidgetPlacement(kind: "clock", family: .accessoryRectangular),
        WidgetPlacement(kind: "calendar", family: .accessoryRectangular),
        WidgetPlacement(kind: "clock", family: .accessoryInline),
    ]
}
