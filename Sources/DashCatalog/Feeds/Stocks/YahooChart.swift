import Foundation
import WidgetDash

/// Live quotes from Yahoo Finance's chart API: keyless and reachable without an account, but
/// unofficial (no published terms for this endpoint; Yahoo's terms of service allow personal,
/// non-commercial use). docs/widgets.md says so; `[sources] yahoo_finance` points it elsewhere.
///
/// `GET {yahoo_finance}/v8/finance/chart/AAPL?range=1d&interval=5m` answers
/// `{"chart": {"result": [{"meta": {…}, "timestamp": [...], "indicators": {"quote": [{"close": [...]}]}}], "error": null}}`;
/// `meta` has `currency`, `regularMarketPrice`, `chartPreviousClose` (or `previousClose`),
/// `regularMarketTime` and `currentTradingPeriod.regular.start`/`end` (seconds since 1970).
/// An unknown symbol answers 404 with `{"chart": {"result": null, "error": {"description": …}}}`.
enum YahooChart {
    static let source = "yahoo_finance"
    static let defaultBase = "https://query1.finance.yahoo.com"

    /// A quote read from one answer.
    struct Quote: Hashable, Sendable {
        var sample: StockSample
        var currency: String?
        /// False outside the regular session.
        var isOpen: Bool
    }

    static func url(base: String, symbol: String) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._^=")
        let path = "/v8/finance/chart/" + (symbol.addingPercentEncoding(withAllowedCharacters: allowed) ?? symbol)
        return HTTPRequest.url(base, path: path, query: [("range", "1d"), ("interval", "5m")])
    }

    /// The quote in a chart answer, or why there is none.
    static func quote(from text: String, symbol: String, now: Date) throws(FeedError) -> Quote {
        guard case .object(let top) = try Feeds.json(text, source: "chart"), case .object(let chart)? = top["chart"] else {
            throw FeedError("chart: expected an object with \"chart\"")
        }
        if case .object(let error)? = chart["error"] {
            throw FeedError(try Feeds.string(error["description"], field: "chart.error.description") ?? "chart: error")
        }
        guard case .array(let results)? = chart["result"], case .object(let result)? = results.first,
              case .object(let meta)? = result["meta"] else {
            throw FeedError("chart.result[0].meta: missing")
        }
        var prices: [Double] = []
        if case .object(let indicators)? = result["indicators"], case .array(let quotes)? = indicators["quote"],
           case .object(let first)? = quotes.first, case .array(let closes)? = first["close"] {
            prices = closes.suffix(StockQuoteFeed.maxHistory).compactMap { if case .number(let n) = $0, n.isFinite { n } else { nil } }
        }
        if case .number(let price)? = meta["regularMarketPrice"], price.isFinite, prices.last != price { prices.append(price) }
        guard let first = prices.first else { throw FeedError("chart: no price for \(symbol)") }
        let closeValue = meta["chartPreviousClose"] ?? meta["previousClose"]
        let close: Double = if case .number(let c)? = closeValue, c.isFinite { c } else { first }
        var isOpen = false
        if case .object(let period)? = meta["currentTradingPeriod"], case .object(let regular)? = period["regular"],
           case .number(let start)? = regular["start"], case .number(let end)? = regular["end"] {
            isOpen = (start..<end).contains(now.timeIntervalSince1970)
        }
        let currency = try? Feeds.string(meta["currency"], field: "currency")
        return Quote(sample: StockSample(symbol: symbol, previousClose: close, prices: prices), currency: currency ?? nil, isOpen: isOpen)
    }
}
