import ArgumentParser
import DashCore
import DashSystem
import DashTerminal
import Foundation
import WidgetDash

/// `widgetdash preview --extension PATH [NAME]`: an extension's `#Preview`s, as Xcode's canvas
/// shows them, in the terminal (or as plain text with `--snapshot`).
struct PreviewCommand: AsyncParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "preview",
        abstract: "Show a widget extension's #Preview macros: each preview's entries, one at a time.",
        discussion: """
            The extension draws each preview: a widget's timeline entries in the preview's family, \
            a Live Activity's presentation for each content state, or a view. ↑↓ (j/k) choose the \
            preview, ←→ (h/l, Tab) step through its entries, Esc or q quits. --snapshot prints \
            every entry as plain text instead. Exit status 64 when NAME matches no preview, 1 when \
            the extension cannot be asked or a preview fails to draw.
            """
    )

    @Option(name: .customLong("extension"), help: ArgumentHelp("The widget extension (an executable built against WidgetDash).", valueName: "PATH"))
    var path: String

    @Argument(help: ArgumentHelp("Only previews with this name, of this widget kind or activity type, or this number (1 is the first).", valueName: "NAME"))
    var name: String?

    @Flag(help: "Print every entry of the previews as plain text and exit.")
    var snapshot = false

    @Option(help: ArgumentHelp("The family a view preview is drawn in (default: medium); a widget's preview names its own.", valueName: "FAMILY"))
    var family: String?

    @Option(help: ArgumentHelp("The moment the previews are drawn at, ISO-8601 (default: now).", valueName: "ISO-8601"))
    var at: String?

    @Option(name: .customLong("time-zone"), help: ArgumentHelp("Show times in this zone (default: the system's).", valueName: "ZONE"))
    var timeZone: String?

    @Flag(help: "With --snapshot, color the output with ANSI SGR escapes.")
    var color = false

    @Option(help: ArgumentHelp("The theme: a name from `widgetdash themes` or a .toml file.", valueName: "NAME"))
    var theme: String?

    func run() async throws {
        let viewFamily = try family.map(CommandLineInput.family)
        let zone = try CommandLineInput.timeZone(timeZone) ?? .current
        let date = try CommandLineInput.moment(at, option: "--at", expected: "an ISO-8601 date and time, e.g. 2026-11-22T10:42:00Z")
        let children = ExtensionChildren()
        defer { children.killAll() }
        let source = ExtensionPreviews(path: path, children: children)
        let all: [WirePreview]
        do { all = try source.list() } catch {
            printError("\(error)")
            throw ExitCode.failure
        }
        let chosen = Self.select(all, name: name)
        if let name, chosen.isEmpty {
            let names = all.map { $0.name ?? $0.previewed }
            printError("preview \(TextSanitizer.sanitize(name, keepNewlines: false)): no such preview in \(path)"
                       + (names.isEmpty ? " (it has none)" : "; it has: \(names.joined(separator: ", "))"))
            throw ExitStatus.usage
        }
        var items: [PreviewScreen.Item] = []
        for preview in chosen {
            do {
                items.append(PreviewScreen.Item(preview: preview, frames: try await source.frames(of: preview, family: viewFamily, date: date, timeZone: zone)))
            } catch {
                // The reason may quote the extension (its error, its last line): printable only.
                items.append(PreviewScreen.Item(preview: preview, frames: [], failure: TextSanitizer.sanitize("\(error)", keepNewlines: false)))
            }
        }
        let look = try ThemeChoice.resolve(theme: theme, scheme: nil, strict: snapshot)
        var env = EnvironmentValues()
        env.timeZone = zone
        env.palette = look.theme.palette(for: look.scheme)
        env.colorScheme = look.scheme
        if snapshot {
            if items.isEmpty { print("\(path) has no previews") }
            let lines = PreviewScreen.lines(items, environment: env, now: { $0.date }, text: color ? ANSI.lines(of:) : { $0.lines })
            if !lines.isEmpty { print(lines.joined(separator: "\n")) }
            if items.contains(where: { $0.failure != nil }) { throw ExitCode.failure }
            return
        }
        do { _ = try TerminalRunLoop.run(host: PreviewViewer(items: items, environment: env)) } catch {
            printError("\(error)")
            throw ExitCode.failure
        }
    }

    /// The previews `name` picks: by number, by name, or by the widget kind or activity type.
    static func select(_ previews: [WirePreview], name: String?) -> [WirePreview] {
        guard let name else { return previews }
        if let number = Int(name), previews.indices.contains(number - 1) { return [previews[number - 1]] }
        return previews.filter { $0.name == name || $0.previewed == name }
    }
}

/// The terminal side of `widgetdash preview`: feeds keys to ``PreviewScreen`` and redraws.
final class PreviewViewer: InteractiveHost {
    private let items: [PreviewScreen.Item]
    private let environment: EnvironmentValues
    private var state = PreviewScreen.State()
    private var size = CellSize(width: 0, height: 0)
    /// When a live text in the frame shown next changes (a timer's second).
    private var nextRefresh: Date?
    private(set) var needsDisplay = true

    init(items: [PreviewScreen.Item], environment: EnvironmentValues) {
        self.items = items
        self.environment = environment
    }

    func attach(waker: @escaping @Sendable () -> Void) {}

    func handle(_ event: InputEvent) -> HostAction {
        switch event {
        case .key(let key):
            if PreviewScreen.handle(key, &state, items: items) { return .quit }
            needsDisplay = true
        case .resize:
            needsDisplay = true
        case .mouse:
            break
        }
        return .continue
    }

    func advance() {
        if let nextRefresh, nextRefresh <= Date() { needsDisplay = true }
    }

    func secondsUntilNextDeadline() -> Double? {
        nextRefresh.map { max(0, $0.timeIntervalSinceNow) }
    }

    func render(size: CellSize) -> Canvas {
        let (canvas, next) = PreviewScreen.render(items, state: state, size: size, environment: environment, now: Date())
        nextRefresh = next
        needsDisplay = false
        return canvas
    }
}
