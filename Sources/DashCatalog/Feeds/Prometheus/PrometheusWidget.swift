import Foundation
import WidgetDash

/// A PromQL query against a Prometheus server: one number as a stat or gauge, several series
/// as a list with their labels, a `range` as a sparkline; the server's error in the panel.
///
/// ```toml
/// [[widget]]
/// name = "nodes"
/// type = "prometheus"
/// url = "http://localhost:9090"
/// query = 'count(up{job="node"} == 1)'
/// every = "30s"
/// # range = "1h"   step = "1m"   → a sparkline
/// # bearer = "$PROM_TOKEN"   basic_auth = "$PROM_USER:$PROM_PASSWORD"
/// ```
///
/// `GET {url}/api/v1/query?query=…` (or `/api/v1/query_range` with `start`, `end`, `step`), as
/// Prometheus's HTTP API documents it; `{"status": "error", "error": "…"}` answers show their
/// `error`. Offline, the last good answer stays with its age and the reason.
public struct PrometheusWidget: Widget {
    public static let kind = "prometheus"

    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: PrometheusProvider()) { entry in
            PrometheusView(entry: entry)
        }
        .configurationDisplayName("Prometheus")
        .description("A PromQL query (url=, query=): a number, a list of series with their labels, or a range as a sparkline.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular, .accessoryInline])
        .layoutUnit(.cells)
        .parameters([
            .text("url", title: "Prometheus URL (http://host:9090)"),
            .text("query", title: "PromQL query"),
            .text("range", title: "Range for a sparkline (1h, 6h)"),
            .text("step", title: "Step of the range (default range/60)"),
            .text("style", title: "Shown as (stat, gauge, list, sparkline, text; default after the answer)"),
            .text("every", title: "Ask every (30s, 5m)", default: "30s"),
            .text("timeout", title: "Time-out", default: "10s"),
            .text("headers", title: "Header lines (NAME: value; $VAR from the environment)"),
            .text("bearer", title: "Bearer token ($VAR from the environment)"),
            .text("basic_auth", title: "user:password for basic auth ($VAR from the environment)"),
            .text("title", title: "Panel title"),
            .text("unit", title: "Unit"),
            .text("label", title: "Label"),
            .number("min", title: "Minimum (gauge)", default: "0"),
            .number("max", title: "Maximum (gauge)", default: "100"),
        ])
    }
}

/// Asks the query and turns the answer into a value and the style it is shown in.
struct PrometheusProvider: TimelineProvider {
    var network: WidgetNetwork = .shared

    func placeholder(in context: Context) -> HTTPEntry {
        var p = context.parameters
        p["style"] = p["style"] ?? (p["range"] == nil ? "stat" : "sparkline")
        let value: JSONValue = p["style"] == "sparkline" ? .array([3, 5, 4, 8, 6, 9, 7, 11].map { .number($0) }) : .number(4242)
        return HTTPEntry(date: context.date, value: value, parameters: p, isSample: true)
    }

    func snapshot(in context: Context) async -> HTTPEntry { placeholder(in: context) }

    func timeline(in context: Context) async throws -> Timeline<HTTPEntry> {
        if context.isPreview { return Timeline(entries: [placeholder(in: context)], policy: .never) }
        let p = context.parameters
        let now = context.date
        let every = max(5, p["every"].flatMap(HTTPProvider.seconds) ?? 30)
        func problem(_ text: String) -> Timeline<HTTPEntry> {
            Timeline(entries: [HTTPEntry(date: now, parameters: p, problem: text)], policy: .after(now.addingTimeInterval(min(every, 300))))
        }
        guard let base = p["url"]?.trimmingCharacters(in: .whitespaces), !base.isEmpty else { return problem("no URL: set url = \"http://host:9090\"") }
        guard let query = p["query"], !query.trimmingCharacters(in: .whitespaces).isEmpty else { return problem("no query: set query = \"up\"") }
        var root = base
        while root.hasSuffix("/") { root.removeLast() }
        var headers = HTTPProvider.headers(p["headers"] ?? "")
        let environment = ProcessInfo.processInfo.environment
        if let bearer = p["bearer"] { headers["Authorization"] = "Bearer " + HTTPProvider.expand(bearer, environment: environment) }
        if let basic = p["basic_auth"] { headers["Authorization"] = "Basic " + Data(HTTPProvider.expand(basic, environment: environment).utf8).base64EncodedString() }
        let url: String
        var cacheKey: String?
        if let range = p["range"].flatMap(HTTPProvider.seconds) {
            let step = p["step"].flatMap(HTTPProvider.seconds) ?? max(1, (range / 60).rounded())
            let end = (now.timeIntervalSince1970 / step).rounded(.down) * step
            url = HTTPRequest.url(root, path: "/api/v1/query_range", query: [("query", query), ("start", Self.number(end - range)),
                                                                               ("end", Self.number(end)), ("step", Self.number(step))])
            cacheKey = "prometheus-range \(root) \(query) \(range) \(step)"
        } else {
            url = HTTPRequest.url(root, path: "/api/v1/query", query: [("query", query)])
        }
        let timeout = p["timeout"].flatMap(HTTPProvider.seconds) ?? 10
        let answer: HTTPAnswer
        do { answer = try await network.fetch(HTTPRequest(url: url, headers: headers, timeout: timeout, cacheKey: cacheKey)) } catch {
            return problem(error.description)
        }
        let result: PrometheusResult
        do { result = try PrometheusResult.decode(answer.text) } catch { return problem(error.message) }
        let (value, style, label) = result.shown(style: p["style"])
        var parameters = p
        parameters["style"] = style
        if parameters["label"] == nil, let label { parameters["label"] = label }
        let entry = HTTPEntry(date: now, value: value, parameters: parameters, fetched: answer.fetched, stale: answer.failure?.description)
        return Timeline(entries: [entry], policy: .after(answer.nextTry(after: now, every: every)))
    }

    /// Seconds as Prometheus reads them, as JSON writes numbers: "1795340537" or "1795340537.5"
    /// (and "-1e+300" for a config's `range = "1e300"`, Prometheus's to refuse, where `Int64(_:)`
    /// trapped).
    static func number(_ t: Double) -> String { JSONValue.number(t).displayText }
}

/// The panel of a prometheus widget: its value in its style, or the server's error.
struct PrometheusView: FeedView {
    static let title = "Prometheus"
    let entry: HTTPEntry
    var content: some View { FetchedValueView(entry: entry) }
}
