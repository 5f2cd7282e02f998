import ArgumentParser
import DashCore
import DashSystem
import DashTerminal
import Foundation
import WidgetDash

/// Prints one widget, rendered, as text of exactly its family's size.
struct SnapshotCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "snapshot",
        abstract: "Print a widget rendered in a family, as plain text (or with ANSI colors).",
        discussion: """
            The widget's provider is asked for its timeline as of --at (default: now), and the \
            entry current at that moment is drawn, border included. Exit status 64 for an \
            unknown kind or a family the widget does not support.
            """
    )

    @Argument(help: ArgumentHelp("The widget kind (see `widgetdash list`), optionally with a family and parameters as in --widget: worldclock@small:zone=Asia/Tokyo.", valueName: "KIND[@FAMILY][:KEY=VALUE,…]"))
    var kind: String

    @Option(help: "The family: small, medium, large, extraLarge, circular, rectangular, inline (or the full WidgetKit name).")
    var family: String = "small"

    @Option(help: ArgumentHelp("The moment to render, ISO-8601 (e.g. 2026-11-22T10:42:00Z).", valueName: "ISO-8601"))
    var at: String?

    @Option(name: .customLong("time-zone"), help: ArgumentHelp("Show times in this zone (default: the system's).", valueName: "ZONE"))
    var timeZone: String?

    @Flag(help: "Color the output with ANSI SGR escapes.")
    var color = false

    @Flag(help: "Draw the widget as the locked dashboard shows it (private content masked, protected widgets as their placeholder).")
    var locked = false

    @Option(help: ArgumentHelp("The theme: a name from `widgetdash themes` or a .toml file.", valueName: "NAME"))
    var theme: String?

    @Option(help: ArgumentHelp("light or dark.", valueName: "SCHEME"))
    var scheme: String?

    @Option(name: .customLong("rendering-mode"), help: ArgumentHelp("fullColor, accented or vibrant.", valueName: "MODE"))
    var renderingMode: String?

    @OptionGroup var store: StoreOptions

    @OptionGroup var extensions: ExtensionOptions

    func run() async throws {
        let known = extensions.knownWidgets(configFile: ConfigCommand.file(nil)).widgets
        let placement: WidgetPlacement
        // The family comes from the placement text when it names one, else from --family.
        var text = kind
        if !kind.contains("@") {
            let name = kind.prefix { $0 != ":" }
            text = "\(name)@\(family)" + kind.dropFirst(name.count)
        }
        switch await CommandLineInput.placement(text, in: known) {
        case .success(let p): placement = p
        case .failure(.unparsable(let error)):
            printError(error.description)
            throw ExitStatus.usage
        case .failure(.parameter(let problem)):
            printError("\(kind): \(problem)")
            throw ExitStatus.usage
        }
        let date = try CommandLineInput.moment(at, option: "--at", expected: "an ISO-8601 date and time, e.g. 2026-11-22T10:42:00Z")
        var env = EnvironmentValues()
        if let zone = try CommandLineInput.timeZone(timeZone) { env.timeZone = zone }
        let look = try ThemeChoice.resolve(theme: theme, scheme: scheme, strict: true)
        env.palette = look.theme.palette(for: look.scheme)
        env.colorScheme = look.scheme
        if let renderingMode {
            switch renderingMode.lowercased() {
            case "fullcolor", "full": env.widgetRenderingMode = .fullColor
            case "accented": env.widgetRenderingMode = .accented
            case "vibrant": env.widgetRenderingMode = .vibrant
            default:
                printError("--rendering-mode \(renderingMode): expected fullColor, accented or vibrant")
                throw ExitStatus.usage
            }
        }
        guard let description = known.first(where: { $0.kind == placement.kind }) else { throw ExitStatus.usage }
        let rendered: RenderedView
        do {
            rendered = try await userState().bind {
                try await WidgetSnapshot.render(description, family: placement.family, parameters: placement.parameters,
                                                at: date, environment: env, locked: locked)
            }
        } catch {
            printError("\(kind): the provider failed: \(error)")
            throw ExitCode.failure
        }
        let lines = color ? ANSI.lines(of: rendered.canvas) : rendered.canvas.lines
        print(lines.joined(separator: "\n"))
    }

    /// The services the dashboard hands its widgets, over the same user state: the shared
    /// store (`widgetdash set`), widget state (to-dos, counters, timers) and screen time, so a
    /// snapshot shows what the dashboard would.
    private func userState() -> WidgetServices {
        var services = WidgetServices.current
        services.sharedStore = SharedStore.lazyBacking(LazySharedStore(location: store.location))
        // Without a usable data directory the widgets show their empty states, as on a first run.
        if let state = try? JSONFileStateStore(directory: JSONFileStateStore.dataDirectory()) {
            services.sharedDefaults = state
            services.screenTime = ScreenTimeRecorder(store: state).backing
        }
        return services
    }
}
