import Foundation
import WidgetDash

struct StocksView: FeedView {
    static let title = "Stocks"
    let entry: StocksEntry

    @Environment(\.widgetFamily) private var family
    @Environment(\.timeZone) private var timeZone

    var content: some View {
        if family == .systemMedium && entry.quotes.count > 1 {
            StocksList(quotes: entry.quotes, label: label(upper: true))
        } else if let sample = entry.sample {
            layout(sample)
        } else if let failure = entry.quotes.first?.failure {
            SourceMessageView(tone: .problem, symbol: "exclamationmark.triangle", title: entry.symbol.id, inline: "\(entry.symbol.id): \(failure)",
                              circular: ["error"], detail: failure, lead: failure,
                              explanation: "Or: widgetdash set \(StockQuoteFeed.key(entry.symbol.id)) PRICE")
        } else {
            UnknownChoiceView(noun: "symbol", id: entry.symbol.id,
                              hint: family == .systemMedium ? "widgetdash set \(StockQuoteFeed.key(entry.symbol.id)) PRICE" : "press e to choose")
        }
    }

    /// "sample data" for the sample; "updated 10:42" (the latest write) for the feed.
    private func label(upper: Bool = false) -> String {
        let fed = entry.quotes.filter { !$0.source.isSample }
        guard let first = fed.first else { return upper ? "SAMPLE DATA" : "sample data" }
        // Live: the currency, whether the market is closed, and how old a kept quote is.
        if case .service = first.source {
            let stale = fed.contains { $0.failure != nil && $0.sample != nil }
            let age = fed.compactMap(\.updated).min().map { HTTPAnswer.age(of: $0, at: entry.date) }
            let parts = [first.currency, first.isOpen == false ? "closed" : nil, stale ? age.map { "⚠ " + $0 } : nil]
            return parts.compactMap { $0 }.joined(separator: " · ")
        }
        return fed.compactMap(\.updated).max().map { "updated \(Feeds.clock($0, in: timeZone))" } ?? first.source.shortName
    }

    @ViewBuilder
    private func layout(_ sample: StockSample) -> some View {
        let color: Color = sample.change > 0.005 ? .green : sample.change < -0.005 ? .red : .secondary
        let price = StockSample.money(sample.price)
        let width = family.contentSize.width
        switch family {
        case .accessoryInline:
            Text("\(sample.symbol) \(price) \(sample.percentText)\(entry.source.isSample ? " (sample)" : "")")
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 1) {
                    Text(sample.symbol).bold()
                    Text(price)
                    Text(sample.signedPercentText).foregroundStyle(color)
                }
                Text(Sparkline.rows(sample.prices, width: width, height: 1).joined()).foregroundStyle(color)
                Text(label()).foregroundStyle(.tertiary)
            }
        case .systemMedium:
            VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 1) {
                    Text(sample.symbol).bold()
                    Text(entry.symbol.name ?? "").foregroundStyle(.secondary)
                    Spacer(minLength: 0)
                    Text(label(upper: true)).foregroundStyle(.tertiary)
                }
                HStack(spacing: 2) {
                    Text(price).font(.title)
                    Text(sample.changeText).foregroundStyle(color)
                }
                Text("Day \(StockSample.money(sample.low))–\(StockSample.money(sample.high))  Prev \(StockSample.money(sample.previousClose))")
                    .foregroundStyle(.secondary)
                // A kept quote: why the latest fetch failed (the detail view shows this family).
                if let failure = entry.quotes.first?.failure {
                    Text("Offline: \(failure)").foregroundStyle(.orange).lineLimit(2)
                }
                Spacer(minLength: 0)
                Text(Sparkline.rows(sample.prices, width: width, height: 4).joined(separator: "\n")).foregroundStyle(color)
            }
        default:
            VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 1) {
                    Text(sample.symbol).bold()
                    Text(entry.symbol.name ?? "").foregroundStyle(.secondary)
                }
                Text(price).font(.title)
                Text(sample.changeText).foregroundStyle(color)
                Spacer(minLength: 0)
                Text(Sparkline.rows(sample.prices, width: width, height: 2).joined(separator: "\n")).foregroundStyle(color)
                Spacer(minLength: 0)
                Text(label()).foregroundStyle(.tertiary)
            }
        }
    }
}

/// Medium with several symbols: a row each, with the day's line, the price and the change.
struct StocksList: View {
    let quotes: [StockQuote]
    let label: String

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Text("Watchlist").bold()
                Spacer(minLength: 0)
                Text(label).foregroundStyle(.tertiary)
            }
            Spacer(minLength: 0)
            VStack(alignment: .leading, spacing: 1) {
                // In a list that mixes the feed and the sample, sample rows say so.
                let mixed = quotes.contains { !$0.source.isSample }
                ForEach(Array(quotes.prefix(4).enumerated()), id: \.offset) { _, quote in
                    Self.row(quote, labelled: mixed && quote.source.isSample)
                }
            }
            Spacer(minLength: 0)
        }
    }

    @ViewBuilder
    private static func row(_ quote: StockQuote, labelled: Bool) -> some View {
        if let s = quote.sample {
            let color: Color = s.change > 0.005 ? .green : s.change < -0.005 ? .red : .secondary
            HStack(spacing: 1) {
                Text(quote.symbol).bold().lineLimit(1).frame(width: 7, alignment: .leading)
                if labelled {
                    Text("sample data").foregroundStyle(.tertiary).frame(width: 16, alignment: .leading)
                } else {
                    Text(Sparkline.rows(s.prices, width: 16, height: 1).joined()).foregroundStyle(color).frame(width: 16, alignment: .leading)
                }
                Spacer(minLength: 0)
                Text(StockSample.money(s.price))
                Text(s.signedPercentText).foregroundStyle(color).frame(width: 7, alignment: .trailing)
            }
        } else {
            HStack(spacing: 1) {
                Text(quote.symbol).bold().lineLimit(1).frame(width: 7, alignment: .leading)
                Text(quote.failure ?? "no data: set \(StockQuoteFeed.key(quote.symbol))").foregroundStyle(.secondary).lineLimit(1)
            }
        }
    }
}

/// A sparkline drawn with eighth blocks over one or more rows.
enum Sparkline {
    static let eighths: [Character] = ["▁", "▂", "▃", "▄", "▅", "▆", "▇", "█"]

    /// The last `width` values scaled between their minimum and maximum, as `height` rows of
    /// text (top row first), each exactly `min(width, values.count)` characters.
    static func rows(_ values: [Double], width: Int, height: Int) -> [String] {
        let shown = Array(values.suffix(max(1, width)))
        let rows = max(1, height)
        guard let low = shown.min(), let high = shown.max() else { return Array(repeating: "", count: rows) }
        let span = high - low
        // Each column is filled to a level from 1 (one eighth of the bottom row) to rows × 8.
        let levels = shown.map { v in span > 0 ? 1 + Int(clamping: fraction(v, low: low, high: high) * Double(rows * 8 - 1)) : rows * 4 }
        return (0..<rows).map { row in
            let floor = (rows - 1 - row) * 8
            return String(levels.map { level in
                let filled = level - floor
                return filled >= 8 ? "█" : filled <= 0 ? " " : eighths[filled - 1]
            })
        }
    }

    /// Where `value` lies from `low` (0) to `high` (1), for `low < high`. Values pushed or
    /// fetched may be so far apart that `high - low` is infinite; halved, every finite span is
    /// finite (and halving is exact, so other spans give the same fraction as before).
    static func fraction(_ value: Double, low: Double, high: Double) -> Double {
        let span = high - low
        if span.isFinite { return (value - low) / span }
        return (value / 2 - low / 2) / (high / 2 - low / 2)
    }
}
