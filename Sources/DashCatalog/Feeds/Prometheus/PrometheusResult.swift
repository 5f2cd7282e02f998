import Foundation
import WidgetDash

/// An answer of Prometheus's query API, as its documentation gives it:
/// `{"status": "success", "data": {"resultType": "vector", "result": [{"metric": {…}, "value": [t, "1"]}]}}`,
/// `"scalar"` (`"result": [t, "4242"]`), `"matrix"` (`"values": [[t, "1"], …]` per series) or
/// `"string"`; `{"status": "error", "errorType": …, "error": "…"}` for a bad query.
package enum PrometheusResult: Equatable {
    package struct Series: Equatable {
        package var labels: [String: String]
        package var values: [Double]
    }

    case scalar(Double)
    case text(String)
    /// One value per series.
    case vector([Series])
    /// Many values per series, in time order.
    case matrix([Series])

    /// The most series and points read from one answer.
    static let maxSeries = 500
    static let maxPoints = 20_000

    package static func decode(_ text: String) throws(FeedError) -> PrometheusResult {
        guard case .object(let top) = try Feeds.json(text, source: "prometheus") else { throw FeedError("prometheus: expected an object") }
        if case .string("error")? = top["status"] {
            throw FeedError((try? Feeds.string(top["error"], field: "error")).flatMap { $0 } ?? "prometheus: error")
        }
        guard case .object(let data)? = top["data"], case .string(let type)? = data["resultType"] else {
            throw FeedError("prometheus: data.resultType: missing")
        }
        switch (type, data["result"]) {
        case ("scalar", .array(let pair)?):
            return .scalar(value(pair))
        case ("string", .array(let pair)?):
            return .text(pair.count == 2 ? TextSanitizer.sanitize(pair[1].displayText, keepNewlines: false) : "")
        case ("vector", .array(let items)?):
            return .vector(items.prefix(maxSeries).map { item in
                Series(labels: labels(item), values: [item["value"].map { if case .array(let pair) = $0 { value(pair) } else { .nan } } ?? .nan])
            })
        case ("matrix", .array(let items)?):
            var budget = maxPoints
            return .matrix(items.prefix(maxSeries).map { item in
                guard case .array(let points)? = item["values"] else { return Series(labels: labels(item), values: []) }
                let kept = points.prefix(max(0, budget))
                budget -= kept.count
                return Series(labels: labels(item), values: kept.map { if case .array(let pair) = $0 { value(pair) } else { .nan } })
            })
        default:
            throw FeedError("prometheus: unexpected result type \"\(TextSanitizer.sanitize(type, keepNewlines: false))\"")
        }
    }

    /// `[t, "1.5"]`: the value, NaN when it is not a number ("NaN", "+Inf" stay what they are).
    private static func value(_ pair: [JSONValue]) -> Double {
        guard pair.count == 2, case .string(let text) = pair[1] else { return .nan }
        return Double(text) ?? .nan
    }

    private static func labels(_ item: JSONValue) -> [String: String] {
        guard case .object(let metric)? = item["metric"] else { return [:] }
        return metric.compactMapValues { if case .string(let s) = $0 { TextSanitizer.sanitize(s, keepNewlines: false) } else { nil } }
    }

    /// `up{job="node", instance="…"}` as one short line: `up job=node instance=…`.
    static func describe(_ labels: [String: String]) -> String {
        let name = labels["__name__"].map { [$0] } ?? []
        return (name + labels.keys.sorted().filter { $0 != "__name__" }.map { "\($0)=\(labels[$0] ?? "")" }).joined(separator: " ")
    }

    /// What the panel shows: the value, the style (the one asked for, else after the answer)
    /// and a label naming the series when there is one.
    func shown(style asked: String?) -> (JSONValue, String, String?) {
        func number(_ v: Double) -> JSONValue { v.isFinite ? .number(v) : .string(v.isNaN ? "NaN" : v > 0 ? "+Inf" : "-Inf") }
        switch self {
        case .scalar(let v):
            return (number(v), asked ?? "stat", nil)
        case .text(let s):
            return (.string(s), "text", nil)
        case .vector(let series) where series.count == 1 && asked != "list":
            let label = Self.describe(series[0].labels)
            return (number(series[0].values.first ?? .nan), asked ?? "stat", label.isEmpty ? nil : label)
        case .vector(let series):
            if series.isEmpty { return (.string("no series (empty result)"), "text", nil) }
            let lines = series.map { s in "\(Self.describe(s.labels).isEmpty ? "{}" : Self.describe(s.labels)): \(number(s.values.first ?? .nan).displayText)" }
            return (.array(lines.sorted().map { .string($0) }), "list", nil)
        case .matrix(let series):
            guard let first = series.first else { return (.string("no series (empty result)"), "text", nil) }
            let label = Self.describe(first.labels)
            return (.array(first.values.filter(\.isFinite).map { .number($0) }), "sparkline", label.isEmpty ? nil : label)
        }
    }
}
