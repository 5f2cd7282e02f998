import Foundation
import WidgetDash

/// Open-Meteo's forecast and geocoding APIs (free, no key, CC BY 4.0 data), read into a
/// ``ForecastDocument``.
///
/// Geocoding: `GET {open_meteo_geocoding}/v1/search?name=Tokyo&count=1&language=en&format=json`
/// answers `{"results": [{"name", "latitude", "longitude", "country", "timezone"}, …]}` (no
/// `results` when nothing matches). Forecast: `GET {open_meteo}/v1/forecast?latitude=…&longitude=…
/// &current=temperature_2m,weather_code&hourly=temperature_2m,weather_code
/// &daily=weather_code,temperature_2m_max,temperature_2m_min&timezone=auto&timeformat=unixtime`
/// answers `current`, `hourly` and `daily` objects of parallel arrays, times in seconds since 1970.
enum OpenMeteo {
    static let forecastSource = "open_meteo"
    static let geocodingSource = "open_meteo_geocoding"
    static let forecastDefault = "https://api.open-meteo.com"
    static let geocodingDefault = "https://geocoding-api.open-meteo.com"
    /// The most hours read from one answer (a week of hours, with room).
    static let maxHours = 400

    /// A place the forecast is for.
    struct Place: Hashable, Sendable {
        var name: String
        var latitude: Double
        var longitude: Double
    }

    /// `35.68,139.69` (or `35.68, 139.69`) as coordinates; nil for anything else (a name).
    static func coordinates(_ text: String) -> Place? {
        let parts = text.split(separator: ",").map { $0.trimmingCharacters(in: .whitespaces) }
        guard parts.count == 2, let lat = Double(parts[0]), let lon = Double(parts[1]),
              (-90...90).contains(lat), (-180...180).contains(lon) else { return nil }
        return Place(name: "\(parts[0]),\(parts[1])", latitude: lat, longitude: lon)
    }

    static func searchURL(base: String, name: String) -> String {
        HTTPRequest.url(base, path: "/v1/search", query: [("name", name), ("count", "1"), ("language", "en"), ("format", "json")])
    }

    static func forecastURL(base: String, place: Place, imperial: Bool) -> String {
        var query = [("latitude", String(place.latitude)), ("longitude", String(place.longitude)),
                     ("current", "temperature_2m,weather_code"), ("hourly", "temperature_2m,weather_code"),
                     ("daily", "weather_code,temperature_2m_max,temperature_2m_min"),
                     ("timezone", "auto"), ("forecast_days", "7"), ("timeformat", "unixtime")]
        if imperial { query.append(("temperature_unit", "fahrenheit")) }
        return HTTPRequest.url(base, path: "/v1/forecast", query: query)
    }

    /// The first place of a search answer, or why there is none.
    static func place(fromSearch text: String, query: String) throws(FeedError) -> Place {
        guard case .object(let top) = try Feeds.json(text, source: "geocoding") else { throw FeedError("geocoding: expected an object") }
        guard case .array(let results)? = top["results"], case .object(let first)? = results.first else {
            throw FeedError("no place called \"\(TextSanitizer.sanitize(query, keepNewlines: false))\" (Open-Meteo geocoding)")
        }
        let name = try Feeds.string(first["name"], field: "results[0].name") ?? query
        let lat = try Feeds.number(first["latitude"], field: "results[0].latitude")
        let lon = try Feeds.number(first["longitude"], field: "results[0].longitude")
        return Place(name: name, latitude: lat, longitude: lon)
    }

    /// A forecast answer as a document named `place`.
    static func document(fromForecast text: String, place: String, fetched: Date) throws(FeedError) -> ForecastDocument {
        guard case .object(let top) = try Feeds.json(text, source: "forecast") else { throw FeedError("forecast: expected an object") }
        var zone = TimeZone(secondsFromGMT: 0) ?? .current
        if let name = try Feeds.string(top["timezone"], field: "timezone"), let named = TimeZone(identifier: name) {
            zone = named
        } else if case .number(let offset)? = top["utc_offset_seconds"], abs(offset) <= 18 * 3600, let fixed = TimeZone(secondsFromGMT: Int(offset)) {
            zone = fixed
        }
        let times = try series(top["hourly"], "time", field: "hourly")
        let temperatures = try series(top["hourly"], "temperature_2m", field: "hourly")
        let codes = try series(top["hourly"], "weather_code", field: "hourly")
        guard !times.isEmpty else { throw FeedError("forecast: hourly.time is empty") }
        var hours: [ForecastDocument.Hour] = []
        for i in times.indices.prefix(maxHours) {
            guard i < temperatures.count, i < codes.count, let t = temperatures[i], let time = times[i],
                  plausible(time: time, temperature: t) else { continue }
            hours.append(.init(date: Date(timeIntervalSince1970: time), temperature: t, condition: condition(wmo: codes[i])))
        }
        guard !hours.isEmpty else { throw FeedError("forecast: no hour has a temperature") }
        hours.sort { $0.date < $1.date }
        var document = ForecastDocument(place: TextSanitizer.sanitize(place, keepNewlines: false), timeZone: zone, updated: fetched, hours: hours)
        if case .object(let current)? = top["current"], case .number(let time)? = current["time"], case .number(let t)? = current["temperature_2m"],
           plausible(time: time, temperature: t) {
            let code: Double? = if case .number(let c)? = current["weather_code"] { c } else { nil }
            document.current = .init(date: Date(timeIntervalSince1970: time), temperature: t, condition: condition(wmo: code))
        }
        if let days = try? series(top["daily"], "time", field: "daily"),
           let highs = try? series(top["daily"], "temperature_2m_max", field: "daily"),
           let lows = try? series(top["daily"], "temperature_2m_min", field: "daily") {
            let dayCodes = (try? series(top["daily"], "weather_code", field: "daily")) ?? []
            document.days = days.indices.prefix(16).compactMap { i in
                guard let day = days[i], i < highs.count, i < lows.count, let high = highs[i], let low = lows[i],
                      plausible(time: day, temperature: high), plausible(time: day, temperature: low) else { return nil }
                return .init(date: Date(timeIntervalSince1970: day), high: high, low: low, condition: condition(wmo: i < dayCodes.count ? dayCodes[i] : nil))
            }
        }
        return document
    }

    /// True for a moment and a temperature a forecast can hold; anything else is read as the
    /// service's null is, as missing (the panel draws dates and temperatures as whole numbers).
    private static func plausible(time: Double, temperature: Double) -> Bool {
        InternetDate.isInRange(secondsSince1970: time) && ForecastDocument.plausibleTemperatures.contains(temperature)
    }

    /// One array of numbers (nulls kept as nil) of an object of parallel arrays.
    private static func series(_ object: JSONValue?, _ key: String, field: String) throws(FeedError) -> [Double?] {
        guard case .object(let fields)? = object else { throw FeedError("forecast: \(field): missing") }
        guard case .array(let items)? = fields[key] else { throw FeedError("forecast: \(field).\(key): missing") }
        return items.map { if case .number(let n) = $0, n.isFinite { n } else { nil } }
    }

    /// A WMO weather code (Open-Meteo's `weather_code`) as a condition.
    static func condition(wmo code: Double?) -> WeatherCondition {
        switch code.flatMap({ (0...1000).contains($0) ? Int($0) : nil }) ?? 3 {
        case 0: .clear
        case 1, 2: .partlyCloudy
        case 45, 48: .fog
        case 51...57: .drizzle
        case 61...67, 80...82: .rain
        case 71...77, 85, 86: .snow
        case 95...99: .thunderstorm
        default: .cloudy
        }
    }
}
