import Foundation
import WidgetDash

/// The sky in one hour, with the SF Symbol that shows it.
public enum WeatherCondition: String, CaseIterable, Hashable, Sendable {
    case clear, partlyCloudy, cloudy, fog, drizzle, rain, thunderstorm, snow

    /// The condition in words: "Partly cloudy".
    public var name: String {
        switch self {
        case .clear: "Clear"
        case .partlyCloudy: "Partly cloudy"
        case .cloudy: "Cloudy"
        case .fog: "Fog"
        case .drizzle: "Drizzle"
        case .rain: "Rain"
        case .thunderstorm: "Thunderstorms"
        case .snow: "Snow"
        }
    }

    /// The SF Symbol name, by day or by night.
    public func symbol(night: Bool) -> String {
        switch self {
        case .clear: night ? "moon.stars" : "sun.max"
        case .partlyCloudy: night ? "cloud" : "cloud.sun"
        case .cloudy: "cloud"
        case .fog: "cloud.fog"
        case .drizzle: "cloud.drizzle"
        case .rain: "cloud.rain"
        case .thunderstorm: "cloud.bolt"
        case .snow: "cloud.snow"
        }
    }
}

/// One hour of a SAMPLE forecast.
public struct WeatherHour: Hashable, Sendable {
    /// The start of the hour.
    public let date: Date
    /// The local hour, 0 to 23.
    public let hour: Int
    /// °C, whole degrees.
    public let temperature: Int
    public let condition: WeatherCondition
    public var isNight: Bool { hour < 7 || hour >= 19 }
    public var symbol: String { condition.symbol(night: isNight) }
}

/// One day of a forecast: its high, its low and its sky.
public struct WeatherDay: Hashable, Sendable {
    /// The start of the local day.
    public let date: Date
    /// The day of the week where the forecast is (1 is Sunday).
    public let weekday: Int
    public let high: Int
    public let low: Int
    public let condition: WeatherCondition
}

/// A SAMPLE forecast for one place: made up, deterministic, never fetched.
///
/// There is no network, so the weather comes from the place's climate (a yearly mean and
/// swing), a seeded daily departure and a daily curve peaking mid-afternoon; the seed is the
/// place and the local day, so the same place and hour always give the same forecast.
public struct WeatherForecast: Hashable, Sendable {
    /// The hours shown after the current one.
    public static let hoursAhead = 6

    public let placeID: String
    /// The hour `date` falls in.
    public let now: WeatherHour
    /// The local day's highest and lowest temperatures.
    public let high: Int
    public let low: Int
    /// The next `hoursAhead` hours.
    public let hourly: [WeatherHour]
    /// Today and the days after, when the forecast has them (a live one does).
    public var daily: [WeatherDay] = []

    init(placeID: String, now: WeatherHour, high: Int, low: Int, hourly: [WeatherHour]) {
        self.placeID = placeID
        self.now = now
        self.high = high
        self.low = low
        self.hourly = hourly
    }

    /// The forecast for `placeID` as of `date`; nil when the place is not one of the built-in ones.
    public init?(placeID: String, at date: Date) {
        guard let place = PlaceQuery.known[placeID] else { return nil }
        let zone = TimeZone(identifier: place.zone) ?? TimeZone(secondsFromGMT: 0) ?? .current
        let hourStart = Date(timeIntervalSince1970: (date.timeIntervalSince1970 / 3600).rounded(.down) * 3600)
        let today = Self.hours(place, zone: zone, day: DateWords.localDay(of: hourStart, in: zone))
        let local = hourStart.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: hourStart))
        let hourOfDay = Int(local.truncatingRemainder(dividingBy: 86_400) / 3600 + 24) % 24
        var ahead: [WeatherHour] = []
        var day = DateWords.localDay(of: hourStart, in: zone)
        var hours = today
        var index = hourOfDay
        for _ in 0..<Self.hoursAhead {
            index += 1
            if index == 24 { index = 0; day += 1; hours = Self.hours(place, zone: zone, day: day) }
            ahead.append(hours[index])
        }
        self.placeID = place.id
        now = WeatherHour(date: hourStart, hour: hourOfDay, temperature: today[hourOfDay].temperature, condition: today[hourOfDay].condition)
        high = today.map(\.temperature).max() ?? now.temperature
        low = today.map(\.temperature).min() ?? now.temperature
        hourly = ahead.enumerated().map { i, h in
            WeatherHour(date: hourStart.addingTimeInterval(Double(i + 1) * 3600), hour: h.hour, temperature: h.temperature, condition: h.condition)
        }
    }

    /// What the next hours bring, in words: "Rain for the next 6 hours", "Cloudy from 15:00".
    public var outlook: String {
        guard let change = hourly.first(where: { $0.condition != now.condition }) else {
            return "\(now.condition.name) for the next \(hourly.count) hours"
        }
        return "\(change.condition.name) from \(DateWords.pad2(change.hour)):00"
    }

    /// The 24 hours of one local day (counted from 1970-01-01) at a place.
    static func hours(_ place: PlaceQuery.Place, zone: TimeZone, day: Int) -> [WeatherHour] {
        var random = SeededRandom(seed: SeededRandom.hash(place.id) ^ UInt64(truncatingIfNeeded: day &* 0x2545_F491))
        let civil = DateWords.civil(fromDays: day)
        let dayOfYear = Double(day - DateWords.daysFromCivil(year: civil.year, month: 1, day: 1))
        // Warmest around 20 July in the north, 20 January in the south.
        let peak = place.south ? 20.0 : 201.0
        let seasonal = place.mean + place.swing * cos(2 * Double.pi * (dayOfYear - peak) / 365.25)
        let departure = (random.unit() - 0.5) * 6
        let range = 2 + random.unit() * 3 * (1.2 - place.wet)
        // A day's sky: a main condition, which may change once, in the afternoon.
        let wetness = random.unit()
        let main = Self.condition(wetness: wetness, wet: place.wet, cold: seasonal + departure < 2)
        let later = Self.condition(wetness: random.unit(), wet: place.wet, cold: seasonal + departure < 2)
        let change = 12 + Int(random.unit() * 8)
        return (0..<24).map { hour in
            let curve = cos(2 * Double.pi * (Double(hour) - 15) / 24)
            let t = seasonal + departure + range * curve + (random.unit() - 0.5)
            let start = Date(timeIntervalSince1970: Double(day) * 86_400 + Double(hour) * 3600 - Double(zone.secondsFromGMT(for: Date(timeIntervalSince1970: Double(day) * 86_400))))
            return WeatherHour(date: start, hour: hour, temperature: Int(t.rounded()), condition: hour < change ? main : later)
        }
    }

    /// A condition from a random number and how wet the place is.
    static func condition(wetness: Double, wet: Double, cold: Bool) -> WeatherCondition {
        let x = wetness * (0.6 + wet)
        switch x {
        case ..<0.35: return .clear
        case ..<0.6: return .partlyCloudy
        case ..<0.8: return .cloudy
        case ..<0.88: return .fog
        case ..<1.0: return cold ? .snow : .drizzle
        case ..<1.3: return cold ? .snow : .rain
        default: return .thunderstorm
        }
    }
}
