import Foundation

/// Answers in Open-Meteo's documented JSON (geocoding `/v1/search`, forecast `/v1/forecast` with
/// `timeformat=unixtime`), for an ``HTTPFixtureServer``.
///
/// ```swift
/// let server = try HTTPFixtureServer(handler: OpenMeteoFixture.handler(current: 17.3))
/// // [sources] open_meteo = server.baseURL, open_meteo_geocoding = server.baseURL
/// ```
public enum OpenMeteoFixture {
    /// The places the geocoding answer knows: name, latitude, longitude, zone, country.
    public static let places: [(name: String, latitude: Double, longitude: Double, zone: String, country: String)] = [
        ("Tokyo", 35.6895, 139.69171, "Asia/Tokyo", "Japan"),
        ("Berlin", 52.52437, 13.41053, "Europe/Berlin", "Germany"),
        ("Lisbon", 38.71667, -9.13333, "Europe/Lisbon", "Portugal"),
    ]

    /// The geocoding answer for `name` (no `results` when it is not a known place).
    public static func search(_ name: String) -> String {
        guard let p = places.first(where: { $0.name.lowercased() == name.lowercased() }) else { return #"{"generationtime_ms":0.3}"# }
        return """
            {"results":[{"id":1850147,"name":"\(p.name)","latitude":\(p.latitude),"longitude":\(p.longitude),"elevation":44.0,\
            "feature_code":"PPLC","country_code":"XX","timezone":"\(p.zone)","population":8336599,"country":"\(p.country)",\
            "admin1":"\(p.name)"}],"generationtime_ms":0.9}
            """
    }

    /// A forecast answer: `current` at the last quarter hour before `now`, 48 hours from the
    /// start of the UTC day, two days; temperatures around `current`, codes clear then rain.
    public static func forecast(now: Date, current: Double, latitude: Double = 35.7, longitude: Double = 139.7,
                                zone: String = "Asia/Tokyo", offset: Int = 32400) -> String {
        let t = Int(now.timeIntervalSince1970)
        let quarter = t - t % 900
        let day = t - t % 86_400
        let hours = (0..<48).map { day + $0 * 3600 }
        let temperatures = hours.indices.map { String(format: "%.1f", current - 3 + Double($0 % 24) / 4) }
        let codes = hours.indices.map { $0 < 30 ? "0" : "61" }
        return """
            {"latitude":\(latitude),"longitude":\(longitude),"generationtime_ms":0.1,"utc_offset_seconds":\(offset),\
            "timezone":"\(zone)","timezone_abbreviation":"GMT+9","elevation":40.0,\
            "current_units":{"time":"unixtime","interval":"seconds","temperature_2m":"°C","weather_code":"wmo code"},\
            "current":{"time":\(quarter),"interval":900,"temperature_2m":\(current),"weather_code":2},\
            "hourly_units":{"time":"unixtime","temperature_2m":"°C","weather_code":"wmo code"},\
            "hourly":{"time":[\(hours.map(String.init).joined(separator: ","))],\
            "temperature_2m":[\(temperatures.joined(separator: ","))],"weather_code":[\(codes.joined(separator: ","))]},\
            "daily_units":{"time":"unixtime","weather_code":"wmo code","temperature_2m_max":"°C","temperature_2m_min":"°C"},\
            "daily":{"time":[\(day),\(day + 86_400)],"weather_code":[2,61],"temperature_2m_max":[\(current + 3),\(current + 1)],\
            "temperature_2m_min":[\(current - 3),\(current - 4)]}}
            """
    }

    /// Routes `/v1/search` and `/v1/forecast`; anything else is a 404.
    public static func handler(current: Double, now: @escaping @Sendable () -> Date = { Date() }) -> @Sendable (HTTPFixtureServer.Request) -> HTTPFixtureServer.Response {
        { request in
            switch request.path {
            case "/v1/search": return .json(search(request.query["name"] ?? ""))
            case "/v1/forecast":
                guard request.query["latitude"] != nil, request.query["longitude"] != nil else { return .status(400) }
                return .json(forecast(now: now(), current: current))
            default: return .status(404)
            }
        }
    }
}
