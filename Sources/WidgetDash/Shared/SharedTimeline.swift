import Foundation

/// A timeline written by a script: dated JSON values and a reload policy.
///
/// The format that `widgetdash push` reads and that a command widget may print:
///
/// ```json
/// {
///   "entries": [
///     {"date": "2026-11-22T09:00:00Z", "value": "Stand-up at 9:30"},
///     {"date": "2026-11-22T09:30:00Z", "value": "Stand-up now", "relevance": {"score": 1, "duration": 900}}
///   ],
///   "policy": "atEnd"
/// }
/// ```
///
/// `date` is ISO-8601 with a zone, or seconds since 1970; `policy` is `"atEnd"` (the default),
/// `"never"`, or `{"after": DATE}`. Every error names the field that is wrong
/// (`entries[1].date: …`). At most ``maxEntries`` entries are accepted.
public struct SharedTimeline: Hashable, Sendable {
    /// One dated value.
    public struct Entry: Hashable, Sendable {
        public var date: Date
        public var value: JSONValue
        public var relevance: TimelineEntryRelevance?
        public init(date: Date, value: JSONValue, relevance: TimelineEntryRelevance? = nil) {
            self.date = date
            self.value = value
            self.relevance = relevance
        }
    }

    public var entries: [Entry]
    public var policy: TimelineReloadPolicy

    /// WidgetKit calls more than a few dozen entries a smell; past this the text is refused.
    public static let maxEntries = 1000

    public init(entries: [Entry], policy: TimelineReloadPolicy) {
        self.entries = entries
        self.policy = policy
    }

    /// The entry on screen at `date`: the latest whose date is ≤ `date`, else the first.
    public func entry(at date: Date) -> Entry? {
        entries.last { $0.date <= date } ?? entries.first
    }

    /// Reads the format above from JSON text; errors say where the text or a field is wrong.
    public static func parse(_ text: String) throws(SharedTimelineError) -> SharedTimeline {
        let json: JSONValue
        do { json = try JSONValue.parse(text) } catch { throw .json(error) }
        return try decode(json)
    }

    /// True when `json` looks like a timeline (an object with an `entries` member), which is
    /// how a command's output is told apart from plain text.
    public static func looksLikeTimeline(_ json: JSONValue) -> Bool {
        json["entries"] != nil
    }

    /// Reads the format above from a parsed JSON value, with field paths in errors.
    public static func decode(_ json: JSONValue) throws(SharedTimelineError) -> SharedTimeline {
        guard case .object(let members) = json else { throw .field("(top level)", "expected an object with \"entries\"") }
        for key in members.keys where !["entries", "policy"].contains(key) {
            throw .field(key, "unknown field (expected \"entries\" and \"policy\")")
        }
        guard case .array(let items)? = members["entries"] else { throw .field("entries", "expected an array of entries") }
        guard items.count <= maxEntries else { throw .field("entries", "\(items.count) entries; at most \(maxEntries) are accepted") }
        var entries: [Entry] = []
        for (n, item) in items.enumerated() {
            let path = "entries[\(n)]"
            guard case .object(let fields) = item else { throw .field(path, "expected an object with \"date\" and \"value\"") }
            for key in fields.keys where !["date", "value", "relevance"].contains(key) {
                throw .field("\(path).\(key)", "unknown field (expected \"date\", \"value\", \"relevance\")")
            }
            guard let rawDate = fields["date"] else { throw .field("\(path).date", "missing") }
            let date = try readDate(rawDate, path: "\(path).date")
            guard let value = fields["value"] else { throw .field("\(path).value", "missing") }
            var relevance: TimelineEntryRelevance?
            if let r = fields["relevance"] {
                guard let score = r["score"]?.doubleValue, case .number = r["score"] else {
                    throw .field("\(path).relevance.score", "expected a number")
                }
                let duration = r["duration"]?.doubleValue ?? 0
                guard duration >= 0 else { throw .field("\(path).relevance.duration", "expected seconds ≥ 0") }
                relevance = TimelineEntryRelevance(score: Float(score), duration: duration)
            }
            entries.append(Entry(date: date, value: value, relevance: relevance))
        }
        entries.sort { $0.date < $1.date }
        var policy = TimelineReloadPolicy.atEnd
        switch members["policy"] {
        case nil, .string("atEnd")?: policy = .atEnd
        case .string("never")?: policy = .never
        case .object(let p)? where p.keys.count == 1 && p["after"] != nil:
            policy = .after(try readDate(p["after"] ?? .null, path: "policy.after"))
        default:
            throw .field("policy", "expected \"atEnd\", \"never\" or {\"after\": DATE}")
        }
        return SharedTimeline(entries: entries, policy: policy)
    }

    /// The timeline as the JSON text it was read from (dates as ISO-8601), for storing.
    public var jsonValue: JSONValue {
        let policyValue: JSONValue
        switch policy {
        case .atEnd: policyValue = .string("atEnd")
        case .never: policyValue = .string("never")
        case .after(let d): policyValue = .object(["after": .number(d.timeIntervalSince1970)])
        }
        return .object([
            "entries": .array(entries.map { e in
                var o: [String: JSONValue] = ["date": .number(e.date.timeIntervalSince1970), "value": e.value]
                if let r = e.relevance { o["relevance"] = .object(["score": .number(Double(r.score)), "duration": .number(r.duration)]) }
                return .object(o)
            }),
            "policy": policyValue,
        ])
    }

    private static func readDate(_ value: JSONValue, path: String) throws(SharedTimelineError) -> Date {
        switch value {
        case .number(let seconds):
            guard InternetDate.isInRange(secondsSince1970: seconds) else { throw .field(path, "expected seconds since 1970 within the years 1-9999") }
            return Date(timeIntervalSince1970: seconds)
        case .string(let text):
            if let date = parseISO8601(text) { return date }
            throw .field(path, "\"\(TextSanitizer.sanitize(text, keepNewlines: false))\" is not an ISO-8601 date with a zone (e.g. 2026-11-22T09:00:00Z)")
        default:
            throw .field(path, "expected an ISO-8601 date string or seconds since 1970")
        }
    }

    /// Parses an ISO-8601 date and time with a zone, with or without fractional seconds
    /// (``InternetDate/parse(_:)``, the project's one bounded date parser).
    public static func parseISO8601(_ text: String) -> Date? {
        InternetDate.parse(text)
    }
}

/// Why a script's timeline could not be read.
public enum SharedTimelineError: Error, Equatable, CustomStringConvertible {
    /// The text is not JSON.
    case json(JSONParseError)
    /// The JSON does not fit the format: the field's path and what was expected.
    case field(String, String)

    public var description: String {
        switch self {
        case .json(let e): "not JSON: \(e)"
        case .field(let path, let message): "\(path): \(message)"
        }
    }
}
