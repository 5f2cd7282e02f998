import Foundation
import WidgetDash

/// A `widgetdash simulate` scenario: a start, a length, and widgets with scripted providers.
///
/// The JSON format is documented field by field in docs/simulate.md. Durations are written
/// `30s`, `15m`, `2h` (or `1d`); times are ISO-8601 with a zone.
public struct Scenario: Sendable, Equatable {
    public var start: Date
    public var hours: Double
    public var seed: UInt64
    public var widgets: [Widget]

    public init(start: Date, hours: Double, seed: UInt64 = 0, widgets: [Widget]) {
        self.start = start
        self.hours = hours
        self.seed = seed
        self.widgets = widgets
    }

    /// The end of the simulated span.
    public var end: Date { start.addingTimeInterval(hours * 3600) }

    /// One widget instance and how its provider behaves.
    public struct Widget: Sendable, Equatable {
        /// The name used in the output.
        public var id: String
        /// Entry dates as offsets from the moment each timeline is created.
        public var entryOffsets: [TimeInterval]
        public var policy: Policy
        public var budget: Int?
        /// The widest jitter window (0: no jitter); nil: the dashboard's setting.
        public var jitter: TimeInterval?
        public var timeout: TimeInterval?
        public var dataProtection: DataProtection = .none
        /// Intents performed from the widget (taps on a button or toggle).
        public var taps: [Date] = []
        /// Reloads the user asked for (the `r` key).
        public var userReloads: [Date] = []
        /// Intervals during which the device is locked.
        public var locked: [ClosedRange<Date>] = []
        /// The first timeline request at or after `at` takes `seconds` to answer.
        public var providerDelays: [Delay] = []
        /// The first timeline request at or after each moment throws.
        public var providerFailures: [Date] = []

        public init(id: String, entryOffsets: [TimeInterval], policy: Policy) {
            self.id = id
            self.entryOffsets = entryOffsets
            self.policy = policy
        }
    }

    /// A scripted reload policy; `after` is measured from the timeline's creation.
    public enum Policy: Sendable, Equatable {
        case atEnd
        case after(TimeInterval)
        case never
    }

    /// A slow answer.
    public struct Delay: Sendable, Equatable {
        public var at: Date
        public var seconds: TimeInterval
        public init(at: Date, seconds: TimeInterval) {
            self.at = at
            self.seconds = seconds
        }
    }
}

/// A scenario that could not be read: the field at fault and what was expected there.
public struct ScenarioError: Error, Equatable, CustomStringConvertible {
    /// The path of the field, e.g. `widgets[1].policy.after`.
    public var field: String
    public var message: String
    /// Sanitised: the field names and values quoted come from the file.
    public var description: String {
        TextSanitizer.sanitize(field.isEmpty ? message : "\(field): \(message)", keepNewlines: false)
    }
}

extension Scenario {
    /// Reads a scenario from JSON, checking every field.
    public static func parse(_ data: Data) throws(ScenarioError) -> Scenario {
        let root: JSONValue
        do { root = try JSONValue.parse(bytes: Array(data)) } catch {
            throw ScenarioError(field: "", message: "not valid JSON (\(error))")
        }
        let p = Reader(value: root, path: "")
        return try p.scenario()
    }

    /// The most moments one scripted list (`taps`, `userReloads`, `providerFailures`) holds.
    public static let maxScriptedMoments = 100_000

    /// "30s", "15m", "2h", "1d", "1h30m", optionally signed and decimal; nil when malformed or
    /// without a unit (see ``DurationText``).
    public static func duration(_ text: String) -> TimeInterval? {
        guard let (seconds, hasUnit) = DurationText.parse(text), hasUnit else { return nil }
        return seconds
    }
}

/// Walks the JSON tree with the path of the current field, for error messages.
private struct Reader {
    let value: JSONValue
    let path: String

    func fail(_ message: String) -> ScenarioError { ScenarioError(field: path, message: message) }

    func child(_ key: String, in object: [String: JSONValue]) -> Reader? {
        object[key].map { Reader(value: $0, path: path.isEmpty ? key : "\(path).\(key)") }
    }

    func object(allowing keys: Set<String>) throws(ScenarioError) -> [String: JSONValue] {
        guard case .object(let o) = value else { throw fail("expected an object, got \(value.kind)") }
        if let unknown = o.keys.sorted().first(where: { !keys.contains($0) }) {
            let at = path.isEmpty ? unknown : "\(path).\(unknown)"
            throw ScenarioError(field: at, message: "unknown field (expected one of: \(keys.sorted().joined(separator: ", ")))")
        }
        return o
    }

    func array() throws(ScenarioError) -> [Reader] {
        guard case .array(let a) = value else { throw fail("expected an array, got \(value.kind)") }
        return a.enumerated().map { Reader(value: $1, path: "\(path)[\($0)]") }
    }

    func string() throws(ScenarioError) -> String {
        guard case .string(let s) = value else { throw fail("expected a string, got \(value.kind)") }
        return s
    }

    func number() throws(ScenarioError) -> Double {
        guard case .number(let n) = value else { throw fail("expected a number, got \(value.kind)") }
        return n
    }

    func integer(min lower: Int = 0) throws(ScenarioError) -> Int {
        let n = try number()
        guard n == n.rounded(), n >= Double(lower), n < 1e15 else { throw fail("expected a whole number ≥ \(lower), got \(JSONValue.number(n).text)") }
        return Int(n)
    }

    func date() throws(ScenarioError) -> Date {
        let s = try string()
        if let d = SharedTimeline.parseISO8601(s) { return d }
        throw fail("expected an ISO-8601 date and time with a zone, e.g. \"2026-11-22T10:00:00Z\", got \"\(s)\"")
    }

    func duration(allowNegative: Bool = false) throws(ScenarioError) -> TimeInterval {
        let s = try string()
        guard let d = Scenario.duration(s), allowNegative || d >= 0 else {
            throw fail("expected a duration such as \"30s\", \"15m\" or \"2h\"\(allowNegative ? "" : " (not negative)"), got \"\(s)\"")
        }
        return d
    }

    func dates() throws(ScenarioError) -> [Date] {
        let items = try array()
        guard items.count <= Scenario.maxScriptedMoments else {
            throw fail("\(items.count) moments; at most \(Scenario.maxScriptedMoments)")
        }
        var out: [Date] = []
        out.reserveCapacity(items.count)
        for r in items { out.append(try r.date()) }
        return out
    }

    func scenario() throws(ScenarioError) -> Scenario {
        let o = try object(allowing: ["start", "hours", "seed", "widgets"])
        guard let start = child("start", in: o) else { throw fail("missing field \"start\" (an ISO-8601 date and time with a zone)") }
        guard let hours = child("hours", in: o) else { throw fail("missing field \"hours\" (a number of hours to simulate)") }
        guard let widgets = child("widgets", in: o) else { throw fail("missing field \"widgets\" (an array of widgets)") }
        let startDate = try start.date()
        let h = try hours.number()
        guard h > 0, h <= 24 * 366 else { throw hours.fail("expected a number of hours above 0 and at most 8784, got \(JSONValue.number(h).text)") }
        var seed: UInt64 = 0
        if let s = child("seed", in: o) { seed = UInt64(try s.integer()) }
        var list: [Scenario.Widget] = []
        var seen = Set<String>()
        let items = try widgets.array()
        guard !items.isEmpty else { throw widgets.fail("expected at least one widget") }
        for item in items {
            let w = try item.widget()
            guard seen.insert(w.id).inserted else {
                throw ScenarioError(field: item.path + ".id", message: "duplicate id \"\(w.id)\" (each widget needs its own)")
            }
            list.append(w)
        }
        return Scenario(start: startDate, hours: h, seed: seed, widgets: list)
    }

    func widget() throws(ScenarioError) -> Scenario.Widget {
        let o = try object(allowing: ["id", "entries", "policy", "budget", "jitter", "timeout", "dataProtection",
                                      "taps", "userReloads", "locked", "providerDelays", "providerFailures"])
        guard let idField = child("id", in: o) else { throw fail("missing field \"id\" (the widget's name in the output)") }
        let id = try idField.string()
        guard !id.isEmpty else { throw idField.fail("expected a non-empty string") }
        guard let entries = child("entries", in: o) else { throw fail("missing field \"entries\" ({\"count\": N, \"every\": DURATION} or {\"offsets\": [DURATION…]})") }
        guard let policy = child("policy", in: o) else { throw fail("missing field \"policy\" (\"atEnd\", \"never\" or {\"after\": DURATION})") }
        var w = Scenario.Widget(id: id, entryOffsets: try entries.entryOffsets(), policy: try policy.policy())
        if let b = child("budget", in: o) { w.budget = try b.integer() }
        if let j = child("jitter", in: o) { w.jitter = try j.duration() }
        if let t = child("timeout", in: o) {
            let seconds = try t.duration()
            guard seconds > 0 else { throw t.fail("expected a duration above 0s") }
            w.timeout = seconds
        }
        if let d = child("dataProtection", in: o) {
            let s = try d.string()
            guard let protection = DataProtection(rawValue: s) else { throw d.fail("expected \"none\" or \"complete\", got \"\(s)\"") }
            w.dataProtection = protection
        }
        if let t = child("taps", in: o) { w.taps = try t.dates() }
        if let u = child("userReloads", in: o) { w.userReloads = try u.dates() }
        if let f = child("providerFailures", in: o) { w.providerFailures = try f.dates() }
        if let l = child("locked", in: o) {
            for pair in try l.array() {
                let ends = try pair.array()
                guard ends.count == 2 else { throw pair.fail("expected a pair [FROM, TO] of ISO-8601 times") }
                let from = try ends[0].date(), to = try ends[1].date()
                guard from <= to else { throw ends[1].fail("expected a time not before the interval's start") }
                w.locked.append(from...to)
            }
        }
        if let delays = child("providerDelays", in: o) {
            for item in try delays.array() {
                let d = try item.object(allowing: ["at", "seconds"])
                guard let at = item.child("at", in: d) else { throw item.fail("missing field \"at\" (an ISO-8601 time)") }
                guard let seconds = item.child("seconds", in: d) else { throw item.fail("missing field \"seconds\" (how long the answer takes)") }
                let s = try seconds.number()
                guard s >= 0, s.isFinite else { throw seconds.fail("expected a number of seconds ≥ 0") }
                w.providerDelays.append(Scenario.Delay(at: try at.date(), seconds: s))
            }
        }
        return w
    }

    func entryOffsets() throws(ScenarioError) -> [TimeInterval] {
        let o = try object(allowing: ["count", "every", "offsets"])
        if let offsets = child("offsets", in: o) {
            guard child("count", in: o) == nil, child("every", in: o) == nil else {
                throw fail("give either \"offsets\" or \"count\" (with \"every\"), not both")
            }
            var out: [TimeInterval] = []
            for r in try offsets.array() { out.append(try r.duration(allowNegative: true)) }
            return out
        }
        guard let countField = child("count", in: o) else { throw fail("missing field \"count\" (or \"offsets\")") }
        let count = try countField.integer()
        guard count <= 100_000 else { throw countField.fail("expected at most 100000 entries") }
        var every: TimeInterval = 0
        if let e = child("every", in: o) {
            every = try e.duration()
        } else if count > 1 {
            throw fail("missing field \"every\" (a duration; needed when count is more than 1)")
        }
        return (0..<count).map { Double($0) * every }
    }

    func policy() throws(ScenarioError) -> Scenario.Policy {
        switch value {
        case .string("atEnd"): return .atEnd
        case .string("never"): return .never
        case .object:
            let o = try object(allowing: ["after"])
            guard let after = child("after", in: o) else { throw fail("missing field \"after\" (a duration)") }
            return .after(try after.duration())
        default:
            throw fail("expected \"atEnd\", \"never\" or {\"after\": DURATION}, got \(value.text)")
        }
    }
}

extension JSONValue {
    /// What kind of value this is, for messages.
    fileprivate var kind: String {
        switch self {
        case .null: "null"
        case .bool: "a boolean"
        case .number: "a number"
        case .string: "a string"
        case .array: "an array"
        case .object: "an object"
        }
    }

    /// A short rendering for messages: scalars as JSON writes them, containers by kind.
    fileprivate var text: String {
        switch self {
        case .array, .object: kind
        default: jsonText
        }
    }
}
