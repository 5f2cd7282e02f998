import Foundation
import WidgetDash

/// A forecast read from a file or the store: a place and its hours, in widgetdash's forecast
/// JSON.
///
/// ```json
/// {
///   "place": "Lisbon",
///   "timeZone": "Europe/Lisbon",
///   "updated": "2026-11-22T10:00:00Z",
///   "hours": [
///     {"time": "2026-11-22T10:00:00Z", "temperature": 14.5, "condition": "partlyCloudy"},
///     {"time": "2026-11-22T11:00:00Z", "temperature": 15.8, "condition": "clear"}
///   ]
/// }
/// ```
///
/// `hours` is required (at least one; at most 500); each hour has a `time` (ISO-8601 with a
/// zone, or seconds since 1970), a `temperature` (a number, shown rounded) and a `condition`
/// (one of ``WeatherCondition``'s names, or a common synonym such as `sunny` or `overcast`).
/// `place`, `timeZone` (an IANA name for the hour labels; default the dashboard's zone) and
/// `updated` are optional. Unknown fields are ignored, so a script may keep more in the file.
public struct ForecastDocument: Hashable, Sendable {
    public struct Hour: Hashable, Sendable {
        public var date: Date
        public var temperature: Double
        public var condition: WeatherCondition
    }

    /// One day's high and low (a live forecast's `daily`).
    public struct Day: Hashable, Sendable {
        public var date: Date
        public var high: Double
        public var low: Double
        public var condition: WeatherCondition
    }

    public var place: String?
    public var timeZone: TimeZone
    public var updated: Date?
    /// In time order.
    public var hours: [Hour]
    /// The conditions measured now (a live forecast's `current`); shown instead of the hour's.
    public var current: Hour? = nil
    /// The days ahead, from today (a live forecast's `daily`).
    public var days: [Day] = []

    public static let maxHours = 500
    /// The temperatures a forecast may give, in °C or °F: beyond them a number is not a
    /// temperature (and would not fit the panel).
    public static let plausibleTemperatures: ClosedRange<Double> = -1000...1000

    /// Reads the JSON text; errors name the line and column, or the field, that is wrong.
    public static func parse(_ text: String, defaultTimeZone: TimeZone = .current) throws(FeedError) -> ForecastDocument {
        try decode(Feeds.json(text, source: "forecast"), defaultTimeZone: defaultTimeZone)
    }

    /// Reads a parsed value (a file's or a store key's).
    public static func decode(_ json: JSONValue, defaultTimeZone: TimeZone = .current) throws(FeedError) -> ForecastDocument {
        guard case .object(let top) = json else { throw FeedError("expected an object with \"hours\"") }
        let place = try Feeds.string(top["place"], field: "place")
        var zone = defaultTimeZone
        if let name = try Feeds.string(top["timeZone"], field: "timeZone") {
            guard let named = TimeZone(identifier: name) else { throw FeedError("timeZone: no time zone \"\(name)\" (expected a name such as Europe/Lisbon)") }
            zone = named
        }
        let updated = try top["updated"].map { v throws(FeedError) in try Feeds.date(v, field: "updated") }
        guard case .array(let items)? = top["hours"] else {
            throw FeedError("hours: \(top["hours"] == nil ? "missing" : "expected an array of hours")")
        }
        guard !items.isEmpty else { throw FeedError("hours: empty (expected at least one hour)") }
        guard items.count <= maxHours else { throw FeedError("hours: \(items.count) hours; at most \(maxHours) are read") }
        var hours: [Hour] = []
        for (n, item) in items.enumerated() {
            let path = "hours[\(n)]"
            guard case .object(let fields) = item else { throw FeedError("\(path): expected an object with time, temperature and condition") }
            let date = try Feeds.date(fields["time"], field: "\(path).time")
            let temperature = try Feeds.number(fields["temperature"], field: "\(path).temperature")
            guard plausibleTemperatures.contains(temperature) else {
                throw FeedError("\(path).temperature: \(JSONValue.number(temperature).displayText) is not a temperature (expected -1000 to 1000)")
            }
            guard let word = try Feeds.string(fields["condition"], field: "\(path).condition") else {
                throw FeedError("\(path).condition: missing")
            }
            guard let condition = WeatherCondition(word: word) else {
                throw FeedError("\(path).condition: expected one of \(WeatherCondition.allCases.map(\.rawValue).joined(separator: ", ")), found \"\(word)\"")
            }
            hours.append(Hour(date: date, temperature: temperature, condition: condition))
        }
        hours.sort { $0.date < $1.date }
        return ForecastDocument(place: place, timeZone: zone, updated: updated, hours: hours)
    }

    /// The last moment the forecast says anything about: an hour after its last hour starts.
    public var end: Date { (hours.last?.date ?? .distantPast).addingTimeInterval(3600) }
}

extension WeatherCondition {
    /// A condition from its name or a common synonym, ignoring case, spaces, '-' and '_'.
    init?(word: String) {
        let key = word.lowercased().filter { $0.isLetter }
        if let exact = Self.allCases.first(where: { $0.rawValue.lowercased() == key }) { self = exact; return }
        switch key {
        case "sunny", "fair", "clearsky": self = .clear
        case "partlysunny", "mostlysunny", "mostlyclear", "partlycloudyday", "partlycloudynight": self = .partlyCloudy
        case "overcast", "mostlycloudy", "clouds": self = .cloudy
        case "mist", "haze": self = .fog
        case "lightrain", "showers", "heavyrain": self = .rain
        case "storm", "thunder", "thunderstorms": self = .thunderstorm
        case "sleet", "snowshowers", "flurries", "heavysnow", "lightsnow": self = .snow
        default: return nil
        }
    }
}

extension WeatherForecast {
    /// The forecast as of `date` from a document: the hour `date` falls in (or the first hour
    /// when the document starts later), the local day's high and low, and the hours after it.
    /// Nil when the document ends before `date`.
    public init?(document: ForecastDocument, at date: Date) {
        guard date < document.end, let first = document.hours.first else { return nil }
        let index = document.hours.lastIndex { $0.date <= date } ?? 0
        let zone = document.timeZone
        func hour(_ h: ForecastDocument.Hour) -> WeatherHour {
            let local = h.date.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: h.date))
            let hourOfDay = (Int(clamping: local / 3600, rounding: .down) % 24 + 24) % 24
            return WeatherHour(date: h.date, hour: hourOfDay, temperature: Int(clamping: h.temperature), condition: h.condition)
        }
        var current = document.hours[index]
        // What was measured beats the hour's forecast while it is recent.
        if let measured = document.current, measured.date <= date, date.timeIntervalSince(measured.date) < 3600 { current = measured }
        let day = DateWords.localDay(of: current.date, in: zone)
        let today = document.hours.filter { DateWords.localDay(of: $0.date, in: zone) == day }.map { Int(clamping: $0.temperature) }
        let daily = document.days.filter { DateWords.localDay(of: $0.date, in: zone) >= day }.prefix(7).map { d in
            WeatherDay(date: d.date, weekday: DateWords.weekdayNumber(ofDay: DateWords.localDay(of: d.date, in: zone)), high: Int(clamping: d.high), low: Int(clamping: d.low), condition: d.condition)
        }
        self.init(placeID: document.place ?? "Forecast", now: hour(current),
                  high: daily.first?.high ?? today.max() ?? Int(clamping: first.temperature),
                  low: daily.first?.low ?? today.min() ?? Int(clamping: first.temperature),
                  hourly: document.hours[(index + 1)...].prefix(Self.hoursAhead).map(hour))
        self.daily = Array(daily)
    }
}
