import ArgumentParser
import DashCore
import DashSystem
import Foundation
import WidgetDash

/// Times one reload of an extension's widget, from the spawn to the drawn panel.
struct ExtensionBench: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "extension",
        abstract: "Time one reload of an extension widget (spawn, timeline, rendered panel); prints the median of N.",
        discussion: "widgetdash bench extension --extension PATH KIND[@FAMILY]"
    )

    @Argument(help: ArgumentHelp("The widget kind, as `list` shows it, optionally with a family.", valueName: "KIND[@FAMILY]"))
    var kind: String

    @Option(help: "Reloads to time.") var runs = 20
    @OptionGroup var extensions: ExtensionOptions

    func run() async throws {
        let children = ExtensionChildren()
        let known = extensions.knownWidgets(configFile: ConfigCommand.file(nil), loader: ExtensionHost.loader(killedWith: children)).widgets
        let text = kind.contains("@") ? kind : kind + "@small"
        let placement: WidgetPlacement
        switch WidgetPlacement.parse(text, widgets: known) {
        case .success(let p): placement = p
        case .failure(let error):
            printError("\(kind): \(error)")
            throw ExitStatus.usage
        }
        guard let description = known.first(where: { $0.kind == placement.kind }) else { throw ExitStatus.usage }
        guard runs > 0 else {
            printError("--runs \(runs): expected a whole number above 0")
            throw ExitStatus.usage
        }
        var times: [Double] = []
        var entries = 0
        for _ in 0..<runs {
            let started = ContinuousClock.now
            let now = Date()
            let timeline: ErasedTimeline
            do {
                timeline = try await description.provider.timeline(TimelineProviderContext(family: placement.family, date: now))
            } catch {
                printError("\(kind): \(error)")
                throw ExitCode.failure
            }
            let panel = WidgetPanel(description: description, family: placement.family)
                .render(entry: timeline.entries.first, environment: EnvironmentValues(), now: now)
            times.append(seconds(ContinuousClock.now - started))
            entries = timeline.entries.count
            _ = panel
        }
        times.sort()
        print("extension bench: \(placement.kind)@\(placement.family.shortName), \(runs) reloads of \(entries) entries each")
        print(String(format: "  spawn to panel: %.1f ms median, %.1f ms best, %.1f ms worst", times[times.count / 2] * 1000, times[0] * 1000,
                     (times.last ?? 0) * 1000))
        print("  extension processes left: \(children.count)")
    }

    private func seconds(_ d: Duration) -> Double {
        Double(d.components.seconds) + Double(d.components.attoseconds) / 1e18
    }
}
