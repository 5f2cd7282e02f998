import Foundation
import WidgetDash

extension CalendarProvider {
    /// How often a calendar from `url=` is fetched again: a shared calendar changes now and then,
    /// and half-hourly is 48 reloads a day, inside WidgetKit's budget. Events starting or ending
    /// in between need no reload: the timeline already has an entry at each.
    static let remoteRefresh: TimeInterval = 1800

    /// The entries of the calendar at `url`: fetched with the host's client and its offline
    /// cache; when the server is down, the kept calendar with its age and why the fetch failed.
    func remoteTimeline(url: String, now: Date, midnights: [Date]) async -> Timeline<CalendarEntry> {
        let name = Self.name(ofURL: url)
        let source = FeedSource.service(name)
        func failed(_ message: String, retry: TimeInterval = 300) -> Timeline<CalendarEntry> {
            Timeline(entries: [CalendarAgenda.failure(message, source: source, at: now)], policy: .after(now.addingTimeInterval(retry)))
        }
        guard let address = Self.fetchURL(url) else {
            return failed("\(name): url= takes an http, https or webcal URL", retry: Self.remoteRefresh)
        }
        guard network.isAvailable else {
            return failed("\(name): a calendar URL needs the dashboard (no network here)", retry: Self.remoteRefresh)
        }
        let answer: HTTPAnswer
        do { answer = try await network.fetch(HTTPRequest(url: address, expectsJSON: false)) } catch {
            return failed("\(name): \(error)")
        }
        let entries = CalendarAgenda.entries(text: answer.text, name: name, source: source, fetched: answer.fetched,
                                             stale: answer.failure.map(\.description), now: now, midnights: midnights, calendar: calendar)
        var next = answer.nextTry(after: now, every: Self.remoteRefresh)
        // Past the last entry the list would go stale, so ask again by then at the latest.
        if let last = midnights.last, last > now { next = min(next, last) }
        return Timeline(entries: entries, policy: .after(next))
    }

    /// The URL to fetch for `url=`: `webcal://` (and `webcals://`), the scheme calendar
    /// subscriptions are published under, is `https://`; http and https stay; anything else is nil.
    static func fetchURL(_ text: String) -> String? {
        let url = text.trimmingCharacters(in: .whitespaces)
        guard let colon = url.firstIndex(of: ":") else { return nil }
        let scheme = url[..<colon].lowercased(), rest = url[colon...]
        guard rest.hasPrefix("://"), rest.count > 3 else { return nil }
        switch scheme {
        case "webcal", "webcals", "https": return "https" + rest
        case "http": return "http" + rest
        default: return nil
        }
    }

    /// A short name for the calendar at `url`, for messages and the source line: its host.
    static func name(ofURL url: String) -> String {
        let mapped = fetchURL(url) ?? url
        let host = URLComponents(string: mapped)?.host ?? ""
        return TextSanitizer.sanitize(host.isEmpty ? url : host, keepNewlines: false)
    }
}
