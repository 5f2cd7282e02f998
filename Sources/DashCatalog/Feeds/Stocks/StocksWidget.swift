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
    static func money(_ value: Double) -> String { SystemStats.decimal(value, places: 2) }
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
    /// When the feed wrote it (or the live quote was fetched).
    public let updated: Date?
    /// The quote's currency (live quotes: "USD", "EUR").
    public var currency: String? = nil
    /// Live quotes: whether the market is in its regular session now.
    public var isOpen: Bool? = nil
    /// Live quotes: why the latest fetch failed, while an older quote is shown or none at all.
    public var failure: String? = nil
}

/// One moment of a watchlist; `symbol` and `sample` are its first symbol's.
public struct StocksEntry: TimelineEntry, FeedEntry {
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
    /// Where live quotes are fetched for symbols the store has no key for (tests give their own).
    var network: WidgetNetwork = .shared

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
        var retry = Self.refresh
        do {
            var quotes = try symbols.map { symbol throws(FeedError) in try StockQuoteFeed.quote(symbol, at: date, store: store) }
            // A symbol the store has no key for is fetched live when the host has a network.
            if network.isAvailable {
                for (i, quote) in quotes.enumerated() where quote.source.isSample {
                    let (live, next) = await liveQuote(quote.symbol, at: date)
                    quotes[i] = live
                    retry = min(retry, next)
                }
            }
            entry = StocksEntry(date: date, symbol: first, sample: quotes[0].sample, quotes: quotes)
        } catch {
            entry = StocksEntry(date: date, symbol: first, sample: nil, problem: error.message)
        }
        return Timeline(entries: [entry], policy: .after(date.addingTimeInterval(retry)))
    }

    /// A symbol's live quote (the kept one with the failure when the source is down), and how
    /// soon to ask again.
    func liveQuote(_ symbol: String, at date: Date) async -> (StockQuote, TimeInterval) {
        let base = network.source(YahooChart.source, default: YahooChart.defaultBase)
        let source = FeedSource.service("Yahoo Finance")
        do {
            let answer = try await network.fetch(HTTPRequest(url: YahooChart.url(base: base, symbol: symbol), timeout: 15))
            let quote = try YahooChart.quote(from: answer.text, symbol: symbol, now: date)
            let next = answer.nextTry(after: date, every: Self.refresh).timeIntervalSince(date)
            return (StockQuote(symbol: symbol, sample: quote.sample, source: source, updated: answer.fetched,
                               currency: quote.currency, isOpen: quote.isOpen, failure: answer.failure?.description), next)
        } catch let failure as HTTPFailure {
            return (StockQuote(symbol: symbol, sample: nil, source: source, updated: nil, failure: failure.description), 300)
        } catch {
            return (StockQuote(symbol: symbol, sample: nil, source: source, updated: nil, failure: "\(error)"), 300)
        }
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
        .description("Live prices of your symbols (symbols=AAPL MSFT) from Yahoo Finance, or from the store (stocks.SYMBOL); press e to choose.")
        .supportedFamilies([.systemSmall, .systemMedium, .accessoryRectangular, .accessoryInline])
        .layoutUnit(.cells)
    }
}
