import Foundation
import WidgetDash

/// Where a widget's data came from, so the view can say so (and label a sample as one).
public enum FeedSource: Hashable, Sendable {
    /// Made-up data: nothing is configured.
    case sample
    /// A file, by the path it was read from.
    case file(String)
    /// A shared-store key (`widgetdash set KEY …`).
    case store(String)
    /// A network service, by its name ("Open-Meteo").
    case service(String)

    public var isSample: Bool { self == .sample }

    /// "forecast.json", "weather.forecast": short enough for a widget's last line.
    public var shortName: String {
        switch self {
        case .sample: "sample"
        case .file(let path): (path as NSString).lastPathComponent
        case .store(let key): key
        case .service(let name): name
        }
    }
}

/// Why a data file or store value could not be used: where, and what was expected.
///
/// The text is shown in the widget, so it names the file (or key), the line or field, and
/// what was expected: `calendar.ics:12: DTSTART: expected a date such as 20261122T090000Z`.
public struct FeedError: Error, Hashable, CustomStringConvertible, Sendable {
    public var message: String
    public init(_ message: String) { self.message = message }
    public var description: String { message }

    /// The same error prefixed with where it happened: `file.ics: …`, `hours[2].time: …`.
    func at(_ place: String) -> FeedError { FeedError("\(place): \(message)") }
}

/// Reading the files and store values that feed the catalog's widgets.
enum Feeds {
    /// The largest data file read; a calendar of many years is far below it.
    static let maxFileSize = 8 << 20

    /// `$XDG_CONFIG_HOME/widgetdash` (default `~/.config/widgetdash`), where data files live
    /// unless a widget's `file=` parameter names another.
    static func configDirectory(environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if let xdg = environment["XDG_CONFIG_HOME"], xdg.hasPrefix("/") { return xdg + "/widgetdash" }
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return home + "/.config/widgetdash"
    }

    /// A `file=` value made absolute: `~/x` is under the home directory, a relative name is
    /// under the config directory.
    static func path(_ value: String, in directory: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        if value.hasPrefix("/") { return value }
        if value == "~" || value.hasPrefix("~/") {
            let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
            return home + value.dropFirst()
        }
        return directory + "/" + value
    }

    /// The file a widget reads: its `file=` parameter, else `fallback` in `directory`, with
    /// whether the person named it (a named file that is missing is an error; a missing
    /// default file just means "not configured").
    static func file(named value: String, default fallback: String, in directory: String?) -> (path: String, named: Bool) {
        let directory = directory ?? configDirectory()
        let value = value.trimmingWhitespace()
        return value.isEmpty ? (directory + "/" + fallback, false) : (path(value, in: directory), true)
    }

    static func exists(_ path: String) -> Bool { FileManager.default.fileExists(atPath: path) }

    /// The text of a file (invalid UTF-8 replaced, a byte-order mark dropped), or why not.
    static func read(_ path: String) throws(FeedError) -> String {
        let name = (path as NSString).lastPathComponent
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory) else { throw FeedError("\(path): no such file") }
        guard !isDirectory.boolValue else { throw FeedError("\(path) is a directory, expected a file") }
        guard let handle = FileHandle(forReadingAtPath: path) else { throw FeedError("\(name): cannot be read (permissions?)") }
        defer { try? handle.close() }
        let data: Data
        do { data = try handle.read(upToCount: maxFileSize + 1) ?? Data() } catch { throw FeedError("\(name): cannot be read: \(error.localizedDescription)") }
        guard data.count <= maxFileSize else { throw FeedError("\(name): larger than \(maxFileSize >> 20) MiB") }
        var text = String(decoding: data, as: UTF8.self)
        if text.hasPrefix("\u{FEFF}") { text.removeFirst() }
        return text
    }

    /// JSON text parsed, with the line and column of a mistake.
    static func json(_ text: String, source: String) throws(FeedError) -> JSONValue {
        do { return try JSONValue.parse(text) } catch { throw FeedError("\(source): not JSON: \(error)") }
    }

    /// A store value, or nil when the key is not set; a store that cannot be read is an error.
    static func storeValue(_ key: String, store: WidgetSharedStore = .shared) throws(FeedError) -> WidgetSharedStore.StoredValue? {
        do { return try store.storedValue(forKey: key) } catch { throw FeedError("\(key): \(error)") }
    }

    /// A date field: ISO-8601 with a zone, or seconds since 1970.
    static func date(_ value: JSONValue?, field: String) throws(FeedError) -> Date {
        switch value {
        case .number(let seconds)? where InternetDate.isInRange(secondsSince1970: seconds): return Date(timeIntervalSince1970: seconds)
        case .string(let text)?:
            if let date = SharedTimeline.parseISO8601(text) { return date }
            throw FeedError("\(field): expected an ISO-8601 date with a zone (2026-11-22T09:00:00Z), found \"\(TextSanitizer.sanitize(text, keepNewlines: false))\"")
        case nil: throw FeedError("\(field): missing")
        default: throw FeedError("\(field): expected an ISO-8601 date string or seconds since 1970")
        }
    }

    /// A finite number field.
    static func number(_ value: JSONValue?, field: String) throws(FeedError) -> Double {
        guard case .number(let n)? = value, n.isFinite else {
            throw FeedError("\(field): \(value == nil ? "missing" : "expected a number")")
        }
        return n
    }

    /// An optional string field, sanitised for one line.
    static func string(_ value: JSONValue?, field: String) throws(FeedError) -> String? {
        switch value {
        case nil, .null?: return nil
        case .string(let s)?: return TextSanitizer.sanitize(s, keepNewlines: false)
        default: throw FeedError("\(field): expected a string")
        }
    }

    /// "10:42" in `zone`.
    static func clock(_ date: Date, in zone: TimeZone) -> String {
        let local = Int(clamping: date.timeIntervalSince1970 + Double(zone.secondsFromGMT(for: date)), rounding: .down)
        let minutes = ((local / 60) % 1440 + 1440) % 1440
        return "\(DateWords.pad2(minutes / 60)):\(DateWords.pad2(minutes % 60))"
    }

    /// The next local midnight after `date` in `zone`.
    static func nextMidnight(after date: Date, in zone: TimeZone) -> Date {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = zone
        let start = calendar.startOfDay(for: date)
        return calendar.date(byAdding: .day, value: 1, to: start) ?? date.addingTimeInterval(86_400)
    }
}
