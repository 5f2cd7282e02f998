import Foundation
import Synchronization
import WidgetDash

/// A widget whose content is a shell command's output: `command@medium:cmd=git status --short,every=30s`.
///
/// Parameters: `cmd` (run with `/bin/sh -c`), `every` (how often: `30s`, `5m`; default 60 s,
/// becomes `.after` and so gets the scheduler's jitter), `timeout` (default 5 s), `title`.
/// Standard output is plain text (shown as the body) or a JSON timeline in the `push` format
/// (an object with `entries`), told apart automatically. A non-zero exit, a time-out, output
/// over 64 KiB, or nothing on standard output but something on standard error is the widget's
/// error state: the panel keeps the last good content and shows the reason under it.
///
/// It lives in the host, not the catalog, because running processes is the system's job, as
/// on iOS a widget extension cannot spawn anything: the core reads the output, and the process
/// is started by the ``CommandRunning`` its ``CommandGate`` is handed (DashSystem's).
public struct CommandWidget: Widget {
    public static let kind = "command"
    /// Joins reloads of one instance while its command runs; shared by every widget placed from
    /// this description (and by the config's `[[widget]]` commands through their resolver).
    private let gate: CommandGate

    public init() { gate = CommandGate() }

    public init(gate: CommandGate) { self.gate = gate }

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: CommandProvider(gate: gate)) { entry in
            CommandView(entry: entry)
        }
        .configurationDisplayName("Command")
        .description("The output of a shell command, run every so often.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .accessoryRectangular, .accessoryInline])
        .parameters([
            .text("cmd", title: "Command (run with /bin/sh -c)", required: true),
            .text("every", title: "Run every (30s, 5m, 1h)", default: "60s"),
            .text("timeout", title: "Time-out", default: "5s"),
            .text("title", title: "Panel title"),
        ])
    }
}

/// What a command showed at one moment.
public struct CommandEntry: TimelineEntry {
    public let date: Date
    /// The text to show, already sanitised.
    public let text: String
    public let relevance: TimelineEntryRelevance?
}

/// Runs the command of an instance and turns its output into a timeline.
struct CommandProvider: TimelineProvider {
    static let defaultEvery: TimeInterval = 60
    static let defaultTimeout: TimeInterval = 5
    let gate: CommandGate

    func placeholder(in context: Context) -> CommandEntry {
        CommandEntry(date: context.date, text: "Running…\n\n", relevance: nil)
    }

    func snapshot(in context: Context) async -> CommandEntry {
        // Previews never run anything: the gallery must be safe to open.
        CommandEntry(date: context.date, text: "$ " + TextSanitizer.sanitize(context.parameters["cmd"] ?? "date", keepNewlines: false), relevance: nil)
    }

    func timeline(in context: Context) async throws -> Timeline<CommandEntry> {
        if context.isPreview { return Timeline(entries: [await snapshot(in: context)], policy: .never) }
        guard let command = context.parameters["cmd"], !command.trimmingCharacters(in: .whitespaces).isEmpty else {
            throw CommandWidgetError("no command: place it as command@medium:cmd=…")
        }
        let every = context.parameters["every"].flatMap(DurationText.seconds) ?? Self.defaultEvery
        let timeout = context.parameters["timeout"].flatMap(DurationText.seconds) ?? Self.defaultTimeout
        let size = context.displaySize
        let environment = ["WIDGETDASH_FAMILY": context.family.shortName,
                           "COLUMNS": String(size.width), "LINES": String(size.height)]
        let key = context.parameters.sorted { $0.key < $1.key }.map { "\($0.key)=\($0.value)" }.joined(separator: "\u{1F}")
            + "@" + context.family.shortName
        guard let runner = gate.runner else {
            throw CommandWidgetError("commands are not run here (no command runner was handed in)")
        }
        let outcome = try await gate.run(key: key) {
            await runner.run(command, timeout: timeout, environment: environment)
        }.get()
        return try Self.timeline(from: outcome, now: context.date, every: every, timeout: timeout)
    }

    /// Turns an outcome into a timeline or the error the panel shows.
    static func timeline(from outcome: CommandOutcome, now: Date, every: TimeInterval, timeout: TimeInterval) throws -> Timeline<CommandEntry> {
        let errorText = TextSanitizer.sanitize(bytes: outcome.stderr, keepNewlines: false).trimmingCharacters(in: .whitespaces)
        switch outcome.ending {
        case .timedOut: throw CommandWidgetError("timed out after \(DurationText.describe(timeout)); stopped")
        case .outputTooLarge: throw CommandWidgetError("wrote more than 64 KiB; stopped")
        case .signaled(let signo): throw CommandWidgetError("ended by signal \(signo)")
        case .exited(let status) where status != 0:
            throw CommandWidgetError("exit \(status)" + (errorText.isEmpty ? "" : ": " + errorText))
        case .exited: break
        }
        let raw = String(decoding: outcome.stdout, as: UTF8.self)
        let trimmed = raw.trimmingCharacters(in: .whitespacesAndNewlines)
        // Many tools print warnings on stderr and still succeed: stderr is an error only when
        // there is nothing else to show.
        if trimmed.isEmpty && !errorText.isEmpty { throw CommandWidgetError(errorText) }
        if trimmed.hasPrefix("{"), let json = try? JSONValue.parse(trimmed), SharedTimeline.looksLikeTimeline(json) {
            let pushed: SharedTimeline
            do { pushed = try SharedTimeline.decode(json) } catch { throw CommandWidgetError("bad timeline: \(error)") }
            let entries = pushed.entries.map {
                CommandEntry(date: $0.date, text: TextSanitizer.sanitize($0.value.displayText), relevance: $0.relevance)
            }
            return Timeline(entries: entries, policy: pushed.policy)
        }
        let text = TextSanitizer.sanitize(bytes: outcome.stdout)
        let body = text.hasSuffix("\n") ? String(text.dropLast()) : text
        return Timeline(entries: [CommandEntry(date: now, text: body, relevance: nil)], policy: .after(now.addingTimeInterval(every)))
    }
}

/// The error a command widget shows.
struct CommandWidgetError: Error, CustomStringConvertible {
    var description: String
    init(_ description: String) { self.description = description }
}

/// At most one run per widget at a time: a reload asked while the command still runs (a retry
/// after the scheduler gave up, `r` pressed twice, the first reload of a dashboard rebuilt after
/// a config change) waits for that run and shares its outcome.
public final class CommandGate: Sendable {
    /// Who starts the commands (DashSystem's `ProcessCommandRunner`); nil where nothing runs
    /// (checking a config, the gallery's previews in a test): a timeline then fails, saying so.
    let runner: (any CommandRunning)?

    public init(runner: (any CommandRunning)? = nil) { self.runner = runner }

    private let running = Mutex<[String: Task<Result<CommandOutcome, CommandError>, Never>]>([:])

    func run(key: String, _ body: @escaping @Sendable () async -> Result<CommandOutcome, CommandError>) async -> Result<CommandOutcome, CommandError> {
        let task = running.withLock { running in
            if let task = running[key] { return task }
            let task = Task { await body() }
            running[key] = task
            return task
        }
        let result = await task.value
        running.withLock { if $0[key] == task { $0[key] = nil } }
        return result
    }
}

extension DurationText {
    /// "5 s", "1.5 s", "2 min" for messages.
    static func describe(_ seconds: TimeInterval) -> String {
        // Whole minutes only while an Int holds them (a config may say "1e300").
        if seconds >= 60, seconds < 1e15, seconds.truncatingRemainder(dividingBy: 60) == 0 { return "\(Int(seconds / 60)) min" }
        return TimelineScheduler.seconds(seconds)
    }
}

/// The output, top-left, as many lines as fit.
struct CommandView: View {
    let entry: CommandEntry
    @Environment(\.widgetFamily) var family

    var body: some View {
        if family == .accessoryInline {
            Text(entry.text.split(separator: "\n").first.map(String.init) ?? "")
        } else {
            VStack(alignment: .leading, spacing: 0) {
                Text(entry.text.isEmpty ? "(no output)" : entry.text)
                    .foregroundStyle(entry.text.isEmpty ? Color.secondary : Color.primary)
                Spacer(minLength: 0)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }
}
