import Foundation
import WidgetDash

/// Prices a script writes for the stocks widget: one store key per symbol, `stocks.SYMBOL`.
///
/// The value is a price, the day's prices so far (the last is the current one), or an object:
///
/// ```sh
/// widgetdash set stocks.AAPL 231.45
/// widgetdash set stocks.AAPL '[228.1, 229.4, 230.2, 231.45]'
/// widgetdash set stocks.SAP.DE '{"price": 231.45, "previousClose": 228.10, "history": [228.1, 230.2]}'
/// ```
///
/// In the object `price` may be left out when `history` is given; `previousClose` (what the
/// change is measured from) defaults to the first price of `history`, else to `price`.
/// `price` is appended to `history` when it differs from its last value.
public enum StockQuoteFeed {
    /// The most prices kept for a sparkline.
    static let maxHistory = 500

    /// The store key of a symbol's prices.
    public static func key(_ symbol: String) -> String { "stocks.\(symbol)" }

    /// A symbol's quote: the feed's when the key is set, else the sample's.
    static func quote(_ symbol: String, at date: Date, store: WidgetSharedStore) throws(FeedError) -> StockQuote {
        guard symbol.unicodeScalars.allSatisfy({ $0.isASCII && ($0.properties.isAlphabetic || ("0"..."9").contains($0) || "._-".unicodeScalars.contains($0)) }),
              symbol.count <= 20 else {
            throw FeedError("symbols: \"\(TextSanitizer.sanitize(symbol, keepNewlines: false))\" cannot name a store key (letters, digits, '.', '-', '_')")
        }
        let key = key(symbol)
        guard let stored = try Feeds.storeValue(key, store: store) else {
            return StockQuote(symbol: symbol, sample: StockSample(symbol: symbol, at: date), source: .sample, updated: nil)
        }
        do {
            return StockQuote(symbol: symbol, sample: try decode(stored.value, symbol: symbol), source: .store(key), updated: stored.modified)
        } catch {
            throw error.at(key)
        }
    }

    /// A stored value read as a day of prices.
    public static func decode(_ value: JSONValue, symbol: String) throws(FeedError) -> StockSample {
        switch value {
        case .number(let price) where price.isFinite:
            return StockSample(symbol: symbol, previousClose: price, prices: [price])
        case .string(let text):
            guard let price = Double(text.trimmingCharacters(in: .whitespaces)), price.isFinite else {
                throw FeedError("expected a price, an array of prices or an object with \"price\", found \"\(text)\"")
            }
            return StockSample(symbol: symbol, previousClose: price, prices: [price])
        case .array:
            let prices = try history(value, field: "(array)")
            return StockSample(symbol: symbol, previousClose: prices[0], prices: prices)
        case .object(let fields):
            var prices = try fields["history"].map { v throws(FeedError) in try history(v, field: "history") } ?? []
            if let raw = fields["price"] {
                let price = try Feeds.number(raw, field: "price")
                if prices.last != price { prices.append(price) }
            }
            guard let first = prices.first else { throw FeedError("price: missing (and no history)") }
            let close = try fields["previousClose"].map { v throws(FeedError) in try Feeds.number(v, field: "previousClose") } ?? first
            return StockSample(symbol: symbol, previousClose: close, prices: Array(prices.suffix(maxHistory)))
        default:
            throw FeedError("expected a price, an array of prices or an object with \"price\"")
        }
    }

    private static func history(_ value: JSONValue, field: String) throws(FeedError) -> [Double] {
        guard case .array(let items) = value, !items.isEmpty else { throw FeedError("\(field): expected a non-empty array of prices") }
        var prices: [Double] = []
        for (n, item) in items.suffix(maxHistory).enumerated() {
            prices.append(try Feeds.number(item, field: "\(field)[\(n)]"))
        }
        return prices
    }

    /// The gallery's watchlist: `first` and three more sample symbols.
    static func sampleWatchlist(first: String, at date: Date) -> [StockQuote] {
        let others = ["MSFT", "NVDA", "KO", "AAPL"].filter { $0 != first }.prefix(3)
        return ([first] + others).map { StockQuote(symbol: $0, sample: StockSample(symbol: $0, at: date), source: .sample, updated: nil) }
    }
}
