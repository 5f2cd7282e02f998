import Foundation
import WidgetDash

/// `[sources]` and `[weather]` of config.toml: the network services' base URLs and the weather
/// widget's defaults.
///
/// ```toml
/// [sources]
/// open_meteo = "https://api.open-meteo.com"                      # + /v1/forecast
/// open_meteo_geocoding = "https://geocoding-api.open-meteo.com"  # + /v1/search
/// yahoo_finance = "https://query1.finance.yahoo.com"             # + /v8/finance/chart/SYMBOL
/// [weather]
/// location = "Tokyo"   # or "35.68,139.69"
/// units = "metric"     # or "imperial"; default from the locale
/// ```
///
/// Read at start by `widgetdash run` (whatever is placed, so `widgetdash weather@medium` uses
/// them too) and checked with line numbers by `config check`; a changed value takes effect
/// at the next start.
public struct NetworkSettings: Hashable, Sendable {
    /// Every source and its default base URL.
    public static let defaultSources: [String: String] = [
        "open_meteo": "https://api.open-meteo.com",
        "open_meteo_geocoding": "https://geocoding-api.open-meteo.com",
        "yahoo_finance": "https://query1.finance.yahoo.com",
    ]
    static let weatherKeys = ["location", "units"]

    /// Base URLs the config sets, by source name.
    public var sources: [String: String] = [:]
    /// `[weather] location`: a city name or `lat,lon`.
    public var weatherLocation: String?
    /// `[weather] units`: `metric` or `imperial`.
    public var weatherUnits: String?

    public init() {}

    /// Presets for the weather widget's placements (a placement's own parameters win).
    public var weatherPresets: [String: String] {
        var presets: [String: String] = [:]
        if let weatherLocation { presets["location"] = weatherLocation }
        if let weatherUnits { presets["units"] = weatherUnits }
        return presets
    }

    /// The settings of config text, ignoring problems (`config check` reports them).
    public static func read(configText text: String) -> NetworkSettings {
        guard let doc = try? TOML.parse(text) else { return NetworkSettings() }
        return read(doc, file: "").settings
    }

    /// The settings of a parsed config, and a problem at its line for every value that is wrong.
    package static func read(_ doc: TOML.Document, file: String) -> (settings: NetworkSettings, problems: [ConfigProblem]) {
        var settings = NetworkSettings()
        var problems: [ConfigProblem] = []
        func problem(_ entry: TOML.Entry, _ message: String) {
            problems.append(ConfigProblem(file: file, line: entry.line, column: entry.column + 1, message: message))
        }
        for name in defaultSources.keys.sorted() {
            guard let entry = doc.entries["sources." + name] else { continue }
            guard case .string(let url) = entry.value, isBaseURL(url) else {
                problem(entry, "expected an http:// or https:// base URL for \"\(name)\" such as \"\(defaultSources[name] ?? "")\", found \(ConfigReader.show(entry.value))")
                continue
            }
            settings.sources[name] = url
        }
        if let entry = doc.entries["weather.location"] {
            if case .string(let text) = entry.value, !text.trimmingCharacters(in: .whitespaces).isEmpty, !text.contains(where: \.isNewline) {
                settings.weatherLocation = text.trimmingCharacters(in: .whitespaces)
            } else {
                problem(entry, "expected a city name such as \"Tokyo\" or \"lat,lon\" such as \"35.68,139.69\" for \"location\", found \(ConfigReader.show(entry.value))")
            }
        }
        if let entry = doc.entries["weather.units"] {
            if case .string(let text) = entry.value, ["metric", "imperial"].contains(text) {
                settings.weatherUnits = text
            } else {
                problem(entry, "expected \"metric\" or \"imperial\" for \"units\", found \(ConfigReader.show(entry.value))")
            }
        }
        return (settings, problems)
    }

    /// True for `http://HOST…` or `https://HOST…` with nothing a URL cannot hold.
    public static func isBaseURL(_ text: String) -> Bool {
        let lower = text.lowercased()
        guard lower.hasPrefix("http://") || lower.hasPrefix("https://"),
              !text.contains(where: { $0.isWhitespace || ($0.asciiValue.map { $0 < 0x20 || $0 == 0x7F } ?? false) }),
              let host = URLComponents(string: text)?.host else { return false }
        return !host.isEmpty
    }
}
