import Foundation
import WidgetDash

/// A stock a stocks widget can follow: one of the built-in well-known symbols.
public struct StockSymbolEntity: AppEntity {
    /// The ticker, upper-case: `AAPL`.
    public let id: String

    public init(id: String) { self.id = id }

    public static let typeDisplayRepresentation: DisplayRepresentation = "Symbol"
    public static let defaultQuery = StockSymbolQuery()

    /// The company's short name, or nil for a symbol the sample feed does not know.
    public var name: String? { StockSymbolQuery.known[id]?.name }

    public var displayRepresentation: DisplayRepresentation { DisplayRepresentation(title: id, subtitle: name) }
}

/// Finds stocks among the built-in symbols, by ticker or company name, ignoring case.
public struct StockSymbolQuery: EntityQuery {
    public init() {}

    /// The symbols the sample feed knows, with their company names and a base price.
    static let symbols: [(id: String, name: String, base: Double)] = [
        ("AAPL", "Apple", 228), ("MSFT", "Microsoft", 415), ("GOOGL", "Alphabet", 172),
        ("AMZN", "Amazon", 186), ("NVDA", "NVIDIA", 131), ("META", "Meta", 562),
        ("TSLA", "Tesla", 248), ("BRK.B", "Berkshire", 452), ("JPM", "JPMorgan", 214),
        ("V", "Visa", 281), ("KO", "Coca-Cola", 64), ("DIS", "Disney", 97),
    ]

    static let known: [String: (name: String, base: Double)] = Dictionary(
        uniqueKeysWithValues: symbols.map { ($0.id, ($0.name, $0.base)) })

    public func entities(for identifiers: [String]) async throws -> [StockSymbolEntity] {
        identifiers.compactMap { Self.normalized($0) }.map(StockSymbolEntity.init(id:))
    }

    public func suggestedEntities() async throws -> [StockSymbolEntity] {
        Self.symbols.map { StockSymbolEntity(id: $0.id) }
    }

    public func entities(matching string: String) async throws -> [StockSymbolEntity] {
        let query = string.trimmingCharacters(in: .whitespaces)
        guard !query.isEmpty else { return try await suggestedEntities() }
        return Self.symbols
            .filter { $0.id.localizedCaseInsensitiveContains(query) || $0.name.localizedCaseInsensitiveContains(query) }
            .map { StockSymbolEntity(id: $0.id) }
    }

    /// The known ticker a typed symbol stands for (" aapl " is `AAPL`); nil for an unknown one.
    static func normalized(_ text: String) -> String? {
        let id = text.trimmingCharacters(in: .whitespaces).uppercased()
        return known[id] == nil ? nil : id
    }
}

/// A stocks widget's one option: which symbol.
public struct StocksIntent: WidgetConfigurationIntent {
    public static let title = "Stocks"
    @Parameter(title: "Symbol") public var symbol: StockSymbolEntity = StockSymbolEntity(id: "AAPL")
    /// Tickers your feed writes (`stocks.SAP.DE`), separated by spaces; when set they replace
    /// `symbol`, and medium lists up to four.
    @Parameter(title: "Symbols (space-separated)") public var symbols: String = ""
    public init() {}

    /// The symbols shown, in order: `symbols` when set, else `symbol`.
    var watchlist: [String] {
        let listed = symbols.split(whereSeparator: { $0 == " " || $0 == "+" || $0 == ";" }).map { $0.uppercased() }
        var seen = Set<String>()
        let unique = listed.filter { seen.insert($0).inserted }
        return unique.isEmpty ? [symbol.id] : Array(unique.prefix(StocksProvider.maxSymbols))
    }
}

/// A SAMPLE day of prices for one symbol: made up, deterministic, never fetched.
///
/// There is no network, so prices come from a seeded random walk: the seed is the symbol and
/// the UTC day, with one price every 15 minutes from midnight; the same symbol and moment
/// always give the same numbers, on every machine.
public struct StockSample: Hashable, Sendable {
    /// The minutes between two prices.
    public static let step: TimeInterval = 15 * 60

    public let symbol: String
    /// The previous close the change is measured from.
    public let previousClose: Double
    /// The prices from midnight UTC up to the moment asked for, one per step (at least one).
    public let prices: [Double]

    /// A day of prices from a feed.
    init(symbol: String, previousClose: Double, prices: [Double]) {
        self.symbol = symbol
        self.previousClose = previousClose
        self.prices = prices
    }

    /// The sample for `symbol` at `date`; nil when the symbol is not one of the built-in ones.
    public init?(symbol: String, at date: Date) {
        guard let base = StockSymbolQuery.known[symbol]?.base else { return nil }
        let day = Int((date.timeIntervalSince1970 / 86_400).rounded(.down))
        var random = SeededRandom(seed: SeededRandom.hash(symbol) ^ UInt64(truncatingIfNeeded: day &* 0x9E37_79B9))
        // Yesterday's close wanders up to ±8 % from the base, so days differ.
        let close = base * (1 + (random.unit() - 0.5) * 0.16)
        let steps = Int(date.timeIntervalSince1970 - Double(day) * 86_400) / Int(Self.step)
        var price = close * (1 + (random.unit() - 0.5) * 0.01)
        var prices = [price]
        for _ in 0..<max(0, steps) {
            price *= 1 + (random.unit() - 0.5) * 0.008
            prices.append(price)
        }
        self.symbol = symbol
        previousClose = close
        self.prices = prices
    }

    public var price: Double { prices.last ?? previousClose }
    public var change: Double { price - previousClose }
    public var changePercent: Double { previousClose == 0 ? 0 : change / previousClose * 100 }
    public var low: Double { prices.min() ?? price }
    public var high: Double { prices.max() ?? price }

    /// "▲ +1.23 (+0.54%)", "▼ −0.40 (−0.18%)", "= 0.00 (0.00%)".
    public var changeText: String { "\(arrow) \(Self.signed(change)) (\(Self.signed(changePercent))%)" }

    /// "▲ +0.54%": the change as a percentage only.
    public var percentText: String { "\(arrow) \(Self.signed(changePercent))%" }

    /// "+0.54%": the percentage with its sign, for the narrowest families.
    public var signedPercentText: String { "\(Self.signed(changePercent))%" }

    var arrow: String { change > 0.005 ? "▲" : change < -0.005 ? "▼" : "=" }

    /// Two decimals, with a plus or minus sign unless zero.
    static func signed(_ value: Double) -> String {
        let text = money(abs(value))
        if text == "0.00" { return text }
        return (value > 0 ? "+" : "−") + text
    }

    /// Two decimals, without a locale: "1234.50".
    static func money(_ value: Double) -> String {
        let cents = Int((value * 100).rounded())
        let whole = cents / 100, part = abs(cents % 100)
        return "\(whole).\(part < 10 ? "0" : "")\(part)"
    }
}

/// A small deterministic generator (SplitMix64), so a sample never depends on the platform.
struct SeededRandom: RandomNumberGenerator {
    var state: UInt64

    init(seed: UInt64) { state = seed }

    mutating func next() -> UInt64 {
        state &+= 0x9E37_79B9_7F4A_7C15
        var z = state
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// A number in 0..<1.
    mutating func unit() -> Double { Double(next() >> 11) / Double(1 << 53) }

    /// FNV-1a of a string's UTF-8 bytes: a seed that is stable across runs (unlike `hashValue`).
    static func hash(_ text: String) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in text.utf8 { h = (h ^ UInt64(byte)) &* 0x100_0000_01B3 }
        return h
    }
}

/// One symbol of a watchlist: its prices (nil when neither the feed nor the sample has any)
/// and where they came from.
public struct StockQuote: Hashable, Sendable {
    public let symbol: String
    public let sample: StockSample?
    public let source: FeedSource
    /// When the feed wrote it.
    public let updated: Date?
}

/// One moment of a watchlist; `symbol` and `sample` are its first symbol's.
public struct StocksEntry: TimelineEntry {
    public let date: Date
    public let symbol: StockSymbolEntity
    public let sample: StockSample?
    /// Every symbol shown, the first being `symbol` (one item unless `symbols=` lists more).
    public var quotes: [StockQuote] = []
    /// Why the feed could not be read: the key, the field, what was expected.
    public var problem: String?

    /// Where the first symbol's prices came from.
    public var source: FeedSource { quotes.first?.source ?? .sample }
}

/// One entry now and a reload 15 minutes later (jittered by the host, since every
/// dashboard would otherwise ask at the same quarter hour).
///
/// Each symbol's prices come from the store key `stocks.SYMBOL` (see ``StockQuoteFeed``),
/// which a script or a cron job writes; a symbol the feed has not written shows the clearly
/// labelled sample, or "no data" when the sample does not know it either.
public struct StocksProvider: AppIntentTimelineProvider {
    var store: WidgetSharedStore = .shared

    public init() {}

    /// How long an entry stays current.
    public static let refresh: TimeInterval = 15 * 60
    /// The most symbols one widget follows.
    public static let maxSymbols = 8

    public func placeholder(in context: Context) -> StocksEntry {
        entry(StockSymbolEntity(id: "AAPL"), at: SampleData.date)
    }

    public func snapshot(for configuration: StocksIntent, in context: Context) async -> StocksEntry {
        if context.isPreview {
            return StocksEntry(date: context.date, symbol: configuration.symbol,
                               sample: StockSample(symbol: configuration.symbol.id, at: context.date),
                               quotes: StockQuoteFeed.sampleWatchlist(first: configuration.symbol.id, at: context.date))
        }
        return (try? await timeline(for: configuration, in: context).entries.first) ?? entry(configuration.symbol, at: context.date)
    }

    public func timeline(for configuration: StocksIntent, in context: Context) async throws -> Timeline<StocksEntry> {
        let date = context.date
        let symbols = configuration.watchlist
        let first = StockSymbolEntity(id: symbols[0])
        let entry: StocksEntry
        do {
            let quotes = try symbols.map { symbol throws(FeedError) in try StockQuoteFeed.quote(symbol, at: date, store: store) }
            entry = StocksEntry(date: date, symbol: first, sample: quotes[0].sample, quotes: quotes)
        } catch {
            entry = StocksEntry(date: date, symbol: first, sample: nil, problem: error.message)
        }
        return Timeline(entries: [entry], policy: .after(date.addingTimeInterval(Self.refresh)))
    }

    /// The sample entry for one symbol.
    func entry(_ symbol: StockSymbolEntity, at date: Date) -> StocksEntry {
        let sample = StockSample(symbol: symbol.id, at: date)
        return StocksEntry(date: date, symbol: symbol, sample: sample,
                           quotes: [StockQuote(symbol: symbol.id, sample: sample, source: .sample, updated: nil)])
    }
}

/// A stock's price, change and day so far, from a clearly labelled SAMPLE feed.
public struct StocksWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        AppIntentConfiguration(kind: "stocks", intent: StocksIntent.self, provider: StocksProvider()) { entry in
            StocksView(entry: entry)
        }
        .configurationDisplayName("Stocks")
        .description("Prices of your symbols from the store (stocks.SYMBOL), else sample data; press e to choose.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryRectangular, .accessoryInline])
    }
}

struct StocksView: View {
    let entry: StocksEntry

    @Environment(\.widgetFamily) private var family
    @Environment(\.timeZone) private var timeZone

    var body: some View {
        content.frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }

    @ViewBuilder
    private var content: some View {
        if let problem = entry.problem {
            FeedProblemView(title: "Stocks", message: problem)
        } else if family == .systemMedium && entry.quotes.count > 1 {
            StocksList(quotes: entry.quotes, label: label(upper: true))
        } else if let sample = entry.sample {
            layout(sample)
        } else if family == .accessoryInline {
            Text("Unknown symbol \(entry.symbol.id)")
        } else {
            VStack(alignment: .leading, spacing: 0) {
                Text("Unknown symbol").bold()
                Text(entry.symbol.id).foregroundStyle(.secondary)
                if family != .accessoryRectangular { Spacer(minLength: 0) }
                Text(family == .systemMedium ? "widgetdash set \(StockQuoteFeed.key(entry.symbol.id)) PRICE" : "press e to choose")
                    .foregroundStyle(.secondary)
            }
        }
    }

    /// "sample data" for the sample; "updated 10:42" (the latest write) for the feed.
    private func label(upper: Bool = false) -> String {
        let fed = entry.quotes.filter { !$0.source.isSample }
        guard let first = fed.first else { return upper ? "SAMPLE DATA" : "sample data" }
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
                Text("no data: set \(StockQuoteFeed.key(quote.symbol))").foregroundStyle(.secondary).lineLimit(1)
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
        let levels = shown.map { v in span > 0 ? 1 + Int(((v - low) / span * Double(rows * 8 - 1)).rounded()) : rows * 4 }
        return (0..<rows).map { row in
            let floor = (rows - 1 - row) * 8
            return String(levels.map { level in
                let filled = level - floor
                return filled >= 8 ? "█" : filled <= 0 ? " " : eighths[filled - 1]
            })
        }
    }
}
