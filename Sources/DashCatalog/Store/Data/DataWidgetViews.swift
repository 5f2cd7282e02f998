import Foundation
import WidgetDash

/// The view of every data widget kind; what is drawn follows the kind and the family.
struct DataWidgetView: View {
    let kind: DataWidgetKind
    let entry: DataEntry
    @Environment(\.widgetFamily) var family

    var body: some View {
        if let value = entry.value {
            content(value).alertTint(Self.numbers(of: value).last, parameters: entry.parameters)
        } else {
            // Unset: say which key feeds it and how to set it, the fastest way to a working widget.
            if family == .accessoryInline || family == .accessoryCircular {
                Text("–").foregroundStyle(Color.secondary)
            } else {
                VStack(alignment: .leading, spacing: 0) {
                    Text(entry.key.map { "No value for \($0) yet." } ?? "No key: place it as \(kind.rawValue):key=KIND.KEY")
                        .foregroundStyle(Color.secondary)
                    if let key = entry.key {
                        Text("widgetdash set \(key) …").foregroundStyle(Color.secondary)
                    }
                    Spacer(minLength: 0)
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            }
        }
    }

    @ViewBuilder
    private func content(_ value: JSONValue) -> some View {
        switch kind {
        case .text: TextDataView(text: value.displayText, family: family)
        case .gauge: GaugeDataView(value: value, parameters: entry.parameters, family: family)
        case .list: ListDataView(items: Self.items(of: value), family: family)
        case .sparkline: SparklineDataView(values: Self.numbers(of: value), unit: entry.parameters["unit"] ?? "", family: family)
        case .stat: StatDataView(value: value, delta: entry.delta, parameters: entry.parameters, family: family)
        }
    }

    /// The lines of a list: array items, `key: value` of an object (sorted), or text lines.
    static func items(of value: JSONValue) -> [String] {
        switch value {
        case .array(let items): return items.map(\.displayText)
        case .object(let members): return members.keys.sorted().map { "\($0): \(members[$0]?.displayText ?? "")" }
        default: return value.displayText.split(separator: "\n", omittingEmptySubsequences: true).map(String.init)
        }
    }

    /// The numbers of a sparkline: an array's numeric items, or a single number.
    static func numbers(of value: JSONValue) -> [Double] {
        switch value {
        case .array(let items): return items.compactMap(\.doubleValue).filter(\.isFinite)
        default: return value.doubleValue.map { [$0] } ?? []
        }
    }
}

/// Formats a number for a widget: no trailing ".0", at most one decimal otherwise.
func formatNumber(_ n: Double) -> String {
    guard n.isFinite else { return "–" }
    if n == n.rounded(), abs(n) < 1e15 { return String(Int64(n)) }
    // "%.1f" writes every digit: 1e308 would take over 300 cells.
    if abs(n) >= 1e15 { return "\(n)" }
    return String(format: "%.1f", n)
}

struct TextDataView: View {
    let text: String
    let family: WidgetFamily

    var body: some View {
        if family == .accessoryInline {
            Text(text.replacingOccurrences(of: "\n", with: " "))
        } else {
            VStack(alignment: .leading, spacing: 0) {
                Text(text)
                Spacer(minLength: 0)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }
}

struct GaugeDataView: View {
    let value: JSONValue
    let parameters: [String: String]
    let family: WidgetFamily

    var body: some View {
        let number = value.doubleValue
        let lower = parameters["min"].flatMap(Double.init) ?? 0
        let upper = parameters["max"].flatMap(Double.init) ?? 100
        let bounds = lower < upper ? lower...upper : 0...100
        let unit = parameters["unit"] ?? ""
        let shown = number.map { formatNumber($0) + unit } ?? value.displayText
        let label = parameters["label"] ?? ""
        if family == .accessoryInline {
            Text(label.isEmpty ? shown : "\(label) \(shown)")
        } else if family == .accessoryCircular {
            Gauge(value: number ?? lower, in: bounds) { Text(label) } currentValueLabel: { Text(shown) }
        } else {
            VStack(alignment: .leading, spacing: 0) {
                Text(shown).font(.title).bold()
                Spacer(minLength: 0)
                Gauge(value: number ?? lower, in: bounds) {
                    Text(label.isEmpty ? formatNumber(bounds.lowerBound) : label).foregroundStyle(Color.secondary)
                } currentValueLabel: {
                    Text(formatNumber(bounds.upperBound) + unit).foregroundStyle(Color.secondary)
                }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }
}

struct ListDataView: View {
    let items: [String]
    let family: WidgetFamily

    var body: some View {
        if family == .accessoryInline {
            Text(items.joined(separator: " · "))
        } else {
            VStack(alignment: .leading, spacing: 0) {
                ForEachLine(lines: items.map { "• " + $0.replacingOccurrences(of: "\n", with: " ") })
                Spacer(minLength: 0)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }
}

/// Lines of text, each cut to one row, as one `Text` (so no `ForEach` is needed).
struct ForEachLine: View {
    let lines: [String]
    var body: some View {
        Text(lines.joined(separator: "\n")).lineLimit(nil)
    }
}

struct SparklineDataView: View {
    let values: [Double]
    let unit: String
    let family: WidgetFamily

    static let bars: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The last `width` values as bars scaled between their minimum and maximum.
    static func line(_ values: [Double], width: Int) -> String {
        let shown = values.suffix(max(1, width))
        guard let low = shown.min(), let high = shown.max() else { return "" }
        let span = high - low
        return String(shown.map { v in
            let level = span > 0 ? Int(clamping: Sparkline.fraction(v, low: low, high: high) * 7) : 3
            return bars[min(7, max(0, level))]
        })
    }

    var body: some View {
        let last = values.last.map { formatNumber($0) + unit } ?? "–"
        if family == .accessoryInline {
            Text(Self.line(values, width: 12) + " " + last)
        } else {
            let width = family.contentSize.width
            VStack(alignment: .leading, spacing: 0) {
                Text(last).font(.title).bold()
                Spacer(minLength: 0)
                Text(Self.line(values, width: width)).foregroundStyle(Color.accentColor)
                if family != .accessoryRectangular, let low = values.min(), let high = values.max() {
                    Text("min \(formatNumber(low)) · max \(formatNumber(high))").foregroundStyle(Color.secondary)
                }
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }
}

struct StatDataView: View {
    let value: JSONValue
    let delta: Double?
    let parameters: [String: String]
    let family: WidgetFamily

    var body: some View {
        // An object may carry its own label, unit and delta: {"value": 1284, "delta": -3, "label": "open PRs"}.
        let number = value["value"]?.doubleValue ?? value.doubleValue
        let label = value["label"]?.displayText ?? parameters["label"] ?? ""
        let unit = value["unit"]?.displayText ?? parameters["unit"] ?? ""
        let change = value["delta"]?.doubleValue ?? delta
        let shown = number.map { formatNumber($0) + unit } ?? value.displayText
        let changeText = change.map { ($0 > 0 ? "▲ +" : $0 < 0 ? "▼ " : "= ") + formatNumber($0) }
        let changeColor: Color = (change ?? 0) > 0 ? .green : (change ?? 0) < 0 ? .red : .secondary
        if family == .accessoryInline {
            Text([label, shown, changeText ?? ""].filter { !$0.isEmpty }.joined(separator: " "))
        } else {
            VStack(alignment: .leading, spacing: 0) {
                if !label.isEmpty { Text(label).foregroundStyle(Color.secondary).lineLimit(1) }
                Text(shown).font(.largeTitle).bold().lineLimit(1)
                if let changeText { Text(changeText).foregroundStyle(changeColor).lineLimit(1) }
                Spacer(minLength: 0)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }
}
