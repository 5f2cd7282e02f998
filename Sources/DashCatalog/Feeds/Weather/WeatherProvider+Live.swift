import Foundation
import WidgetDash

extension WeatherProvider {
    /// How often a live forecast is fetched (Open-Meteo updates `current` every 15 minutes;
    /// half-hourly keeps a widget well inside its daily reload budget).
    static let liveRefresh: TimeInterval = 1800
    /// How long a geocoded city is reused without asking again: places do not move.
    static let geocodingReuse: TimeInterval = 30 * 86_400

    /// The live forecast for `location` from Open-Meteo: entries now and at each hour ahead,
    /// the last good forecast (with why the latest fetch failed) when the service is down.
    func liveTimeline(location: String, units: String, place: PlaceEntity, now: Date) async -> Timeline<WeatherEntry> {
        func failed(_ message: String, retry: TimeInterval = 300) -> Timeline<WeatherEntry> {
            Timeline(entries: [WeatherEntry(date: now, place: place, forecast: nil, problem: message)], policy: .after(now.addingTimeInterval(retry)))
        }
        guard network.isAvailable else {
            return failed("\(location): live weather needs the dashboard (no network here)", retry: Self.refresh)
        }
        let resolved: OpenMeteo.Place
        if let coordinates = OpenMeteo.coordinates(location) {
            resolved = coordinates
        } else {
            let base = network.source(OpenMeteo.geocodingSource, default: OpenMeteo.geocodingDefault)
            let request = HTTPRequest(url: OpenMeteo.searchURL(base: base, name: location), reuseFor: Self.geocodingReuse)
            do {
                let answer = try await network.fetch(request)
                resolved = try OpenMeteo.place(fromSearch: answer.text, query: location)
            } catch let error as HTTPFailure {
                return failed("\(location): cannot look the place up: \(error)")
            } catch {
                return failed("\(location): \(error)")
            }
        }
        let imperial = units.isEmpty ? Locale.current.measurementSystem == .us : units.lowercased() == "imperial"
        let base = network.source(OpenMeteo.forecastSource, default: OpenMeteo.forecastDefault)
        let request = HTTPRequest(url: OpenMeteo.forecastURL(base: base, place: resolved, imperial: imperial))
        let answer: HTTPAnswer
        do { answer = try await network.fetch(request) } catch {
            return failed("\(resolved.name): \(error)")
        }
        let document: ForecastDocument
        do { document = try OpenMeteo.document(fromForecast: answer.text, place: resolved.name, fetched: answer.fetched) } catch {
            return failed("\(resolved.name): \(error)")
        }
        let policy = TimelineReloadPolicy.after(answer.nextTry(after: now, every: Self.liveRefresh))
        let stale = answer.failure.map(\.description)
        let ahead = document.hours.map(\.date).filter { $0 > now }.prefix(WeatherForecast.hoursAhead)
        let entries = ([now] + ahead).map { date in
            let forecast = WeatherForecast(document: document, at: date)
            return WeatherEntry(date: date, place: place, forecast: forecast, source: .service("Open-Meteo"), updated: answer.fetched,
                                problem: forecast == nil ? Self.stale(document) : nil, stale: stale)
        }
        return Timeline(entries: entries, policy: policy)
    }
}
