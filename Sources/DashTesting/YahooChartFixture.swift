import Foundation

/// Answers in the shape of Yahoo Finance's chart API (`/v8/finance/chart/SYMBOL`), for an
/// ``HTTPFixtureServer``.
public enum YahooChartFixture {
    /// A day's chart: `prices` five minutes apart up to now, the last being the market price;
    /// the regular session runs from `open` to `close` (default: around now, so it is open).
    public static func chart(symbol: String, currency: String, prices: [Double], previousClose: Double,
                             now: Date = Date(), open: Date? = nil, close: Date? = nil) -> String {
        let t = Int(now.timeIntervalSince1970)
        let start = Int((open ?? now.addingTimeInterval(-3600)).timeIntervalSince1970)
        let end = Int((close ?? now.addingTimeInterval(3600)).timeIntervalSince1970)
        let stamps = prices.indices.map { String(t - (prices.count - 1 - $0) * 300) }
        let closes = prices.map { String($0) }
        return """
            {"chart":{"result":[{"meta":{"currency":"\(currency)","symbol":"\(symbol)","exchangeName":"GER","instrumentType":"EQUITY",\
            "regularMarketTime":\(t),"gmtoffset":3600,"timezone":"CET","exchangeTimezoneName":"Europe/Berlin",\
            "regularMarketPrice":\(prices.last ?? previousClose),"chartPreviousClose":\(previousClose),"previousClose":\(previousClose),\
            "currentTradingPeriod":{"pre":{"timezone":"CET","start":\(start - 3600),"end":\(start),"gmtoffset":3600},\
            "regular":{"timezone":"CET","start":\(start),"end":\(end),"gmtoffset":3600},\
            "post":{"timezone":"CET","start":\(end),"end":\(end + 3600),"gmtoffset":3600}},"dataGranularity":"5m","range":"1d"},\
            "timestamp":[\(stamps.joined(separator: ","))],\
            "indicators":{"quote":[{"close":[\(closes.joined(separator: ","))],"open":[\(closes.joined(separator: ","))]}]}}],"error":null}}
            """
    }

    /// The answer for a symbol Yahoo does not know (sent with status 404).
    public static let notFound = #"{"chart":{"result":null,"error":{"code":"Not Found","description":"No data found, symbol may be delisted"}}}"#
}
