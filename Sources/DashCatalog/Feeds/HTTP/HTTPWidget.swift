import Foundation
import WidgetDash

/// A value from any JSON API: `url`, a `select` path into the answer, shown as text, a stat, a
/// gauge, a sparkline or a list. Usually defined once in config.toml:
///
/// ```toml
/// [[widget]]
/// name = "stars"
/// type = "http"
/// url = "https://api.github.com/repos/swiftlang/swift"
/// select = ".stargazers_count"
/// style = "stat"
/// every = "15m"
/// headers = ["Authorization: Bearer $GITHUB_TOKEN"]
/// ```
///
/// Parameters: `url` (http or https), `select` (see ``JSONSelection``; default the whole
/// answer), `style` (text, stat, gauge, sparkline, list), `every` (default 5 min), `timeout`
/// (default 10 s), `headers` (header lines, one a line; `$NAME` and `${NAME}` are taken from
/// the environment when fetching, so tokens stay out of the file), and the style's `unit`,
/// `label`, `min`, `max`. Offline, the last good value stays with its age and the reason.
public struct HTTPWidget: Widget {
    public static let kind = "http"
    static let styles = ["text", "stat", "gauge", "sparkline", "list"]

    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: HTTPProvider()) { entry in
            HTTPView(entry: entry)
        }
        .configurationDisplayName("HTTP")
        .description("A value from a JSON API (url=, select=), as text, a stat, a gauge, a sparkline or a list.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular, .accessoryInline])
        .layoutUnit(.cells)
        .parameters([
            .text("url", title: "URL (http or https)"),
            .text("select", title: "Path into the JSON (.a.b[0])"),
            .choice("style", title: "Shown as", options: Self.styles.map { WidgetParameter.Option(value: $0, title: $0) }, default: "text"),
            .text("every", title: "Fetch every (30s, 5m, 1h)", default: "5m"),
            .text("timeout", title: "Time-out", default: "10s"),
            .text("headers", title: "Header lines (NAME: value; $VAR from the environment)"),
            .text("title", title: "Panel title"),
            .text("unit", title: "Unit"),
            .text("label", title: "Label"),
            .number("min", title: "Minimum (gauge)", default: "0"),
            .number("max", title: "Maximum (gauge)", default: "100"),
        ])
    }
}

/// One answer of an http widget: the selected value, or why there is none.
public struct HTTPEntry: TimelineEntry, FeedEntry {
    public let date: Date
    /// The selected value, sanitised.
    public var value: JSONValue?
    public var parameters: [String: String]
    /// When the value was fetched.
    public var fetched: Date?
    /// Why the latest fetch failed while an older value is shown.
    public var stale: String?
    /// Why there is nothing to show.
    public var problem: String?
    /// True for the gallery's made-up value, which is labelled as a sample.
    public var isSample = false
    public var relevance: TimelineEntryRelevance? { nil }
}

/// Fetches the URL, selects the value, and asks again `every` (sooner, backing off, after a failure).
struct HTTPProvider: TimelineProvider {
    var network: WidgetNetwork = .shared

    func placeholder(in context: Context) -> HTTPEntry {
        HTTPEntry(date: context.date, value: DataProvider.sample(Self.style(context.parameters)), parameters: context.parameters, isSample: true)
    }

    func snapshot(in context: Context) async -> HTTPEntry {
        // Previews never fetch: the gallery must be safe to open offline.
        placeholder(in: context)
    }

    func timeline(in context: Context) async throws -> Timeline<HTTPEntry> {
        let p = context.parameters
        let now = context.date
        if context.isPreview { return Timeline(entries: [placeholder(in: context)], policy: .never) }
        let every = max(10, p["every"].flatMap(Self.seconds) ?? 300)
        func problem(_ text: String) -> Timeline<HTTPEntry> {
            Timeline(entries: [HTTPEntry(date: now, parameters: p, problem: text)], policy: .after(now.addingTimeInterval(min(every, 300))))
        }
        guard let url = p["url"]?.trimmingCharacters(in: .whitespaces), !url.isEmpty else {
            return problem("no URL: set url = \"https://…\" in its [[widget]] table")
        }
        let selection: JSONSelection
        do { selection = try JSONSelection(p["select"] ?? "") } catch { return problem("select: \(error)") }
        let timeout = p["timeout"].flatMap(Self.seconds) ?? 10
        let request = HTTPRequest(url: url, headers: Self.headers(p["headers"] ?? ""), timeout: timeout)
        let answer: HTTPAnswer
        do { answer = try await network.fetch(request) } catch { return problem(error.description) }
        let json: JSONValue
        do { json = try JSONValue.parse(answer.text) } catch { return problem("not JSON: \(error)") }
        guard let value = selection.select(in: json) else {
            return problem("select \"\(selection)\": nothing there in the answer")
        }
        let entry = HTTPEntry(date: now, value: value.sanitized(), parameters: p, fetched: answer.fetched, stale: answer.failure?.description)
        return Timeline(entries: [entry], policy: .after(answer.nextTry(after: now, every: every)))
    }

    /// `30s`, `5m`, `1h`, `1d` or bare seconds (the config checks the full grammar first).
    static func seconds(_ text: String) -> TimeInterval? {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        let scale: Double = switch t.last {
        case "s": 1
        case "m": 60
        case "h": 3600
        case "d": 86_400
        default: 0
        }
        guard let n = Double(scale == 0 ? t : String(t.dropLast())), n.isFinite, n > 0 else { return nil }
        return n * max(scale, 1)
    }

    static func style(_ parameters: [String: String]) -> DataWidgetKind {
        parameters["style"].flatMap(DataWidgetKind.init(rawValue:)) ?? .text
    }

    /// Header lines (`Name: value`, one a line) with `$NAME`/`${NAME}` taken from `environment`.
    static func headers(_ text: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> [String: String] {
        var headers: [String: String] = [:]
        for line in text.split(whereSeparator: \.isNewline) {
            guard let colon = line.firstIndex(of: ":") else { continue }
            let name = line[..<colon].trimmingCharacters(in: .whitespaces)
            guard !name.isEmpty else { continue }
            headers[name] = expand(line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces), environment: environment)
        }
        return headers
    }

    /// `$NAME` and `${NAME}` replaced by the variable's value (empty when unset).
    static func expand(_ text: String, environment: [String: String]) -> String {
        var out = ""
        var chars = text[...]
        while let dollar = chars.firstIndex(of: "$") {
            out += chars[..<dollar]
            var rest = chars[chars.index(after: dollar)...]
            let braced = rest.first == "{"
            if braced { rest = rest.dropFirst() }
            let name = rest.prefix { $0.isLetter || $0.isNumber || $0 == "_" }
            rest = rest.dropFirst(name.count)
            if name.isEmpty || (braced && rest.first != "}") {
                out += "$"
                chars = chars[chars.index(after: dollar)...]
                continue
            }
            if braced { rest = rest.dropFirst() }
            out += environment[String(name)] ?? ""
            chars = rest
        }
        return out + chars
    }
}

/// The value in its style, with its age and a warning line while it is stale.
struct HTTPView: FeedView {
    static let title = "HTTP"
    let entry: HTTPEntry
    var content: some View { FetchedValueView(entry: entry) }
}

/// A fetched value drawn as a data widget of its style, labelled as a sample in previews, and
/// with its age and the failure under it while it is a kept one (http and prometheus).
struct FetchedValueView: View {
    let entry: HTTPEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        let style = HTTPProvider.style(entry.parameters)
        let data = DataEntry(date: entry.date, value: entry.value, delta: nil, key: nil, parameters: entry.parameters, relevance: nil)
        if family == .accessoryInline {
            HStack(spacing: 1) {
                if entry.stale != nil { Image(systemName: "exclamationmark.triangle") }
                DataWidgetView(kind: style, entry: data)
                if entry.isSample { Text("(sample)") }
            }
        } else {
            VStack(alignment: .leading, spacing: 0) {
                DataWidgetView(kind: style, entry: data)
                if entry.isSample {
                    Text("sample data").foregroundStyle(.tertiary)
                }
                if let stale = entry.stale {
                    Label("\(entry.fetched.map { HTTPAnswer.age(of: $0, at: entry.date) } ?? "") · \(stale)", systemImage: "exclamationmark.triangle")
                        .foregroundStyle(.orange).lineLimit(family == .systemLarge ? 3 : 1)
                }
            }
        }
    }
}
