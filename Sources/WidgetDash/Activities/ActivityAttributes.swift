import Foundation

/// What a Live Activity is about: the static part, with its changing part as `ContentState`,
/// as ActivityKit's `ActivityAttributes`.
///
/// ```swift
/// struct DeliveryAttributes: ActivityAttributes {
///     struct ContentState: Codable, Hashable, Sendable {
///         var status: String
///         var eta: Date
///     }
///     var orderNumber: String
/// }
/// ```
///
/// Attributes and state travel as JSON (scripts start and update activities with
/// `widgetdash activity start TYPE --attributes JSON --state JSON`); dates are ISO-8601 strings.
/// Together, encoded, they must fit in ``ActivityLimits/maximumPayloadSize`` bytes.
public protocol ActivityAttributes: Codable, Sendable {
    /// The part that changes with each update.
    associatedtype ContentState: Codable & Hashable & Sendable

    /// The name scripts use for this type (`widgetdash activity start delivery …`).
    ///
    /// A widgetdash addition: iOS apps start activities in-process, scripts need a name. The
    /// default is the type's name without an `Attributes` suffix, first letter lowercased:
    /// `DeliveryAttributes` is `delivery`.
    static var activityType: String { get }
}

extension ActivityAttributes {
    public static var activityType: String { ActivityCoding.defaultActivityType(for: Self.self) }
}

/// The content of one update: the state, when it goes stale, and how relevant it is, as
/// ActivityKit's `ActivityContent`.
public struct ActivityContent<State: Codable & Hashable & Sendable>: Hashable, Sendable {
    public var state: State
    /// After this moment the content is out of date (shown as stale) until the next update.
    public var staleDate: Date?
    /// Decides which activity gets the Dynamic Island and the lock screen's order: the highest
    /// first, the one started first among equals.
    public var relevanceScore: Double

    public init(state: State, staleDate: Date?, relevanceScore: Double = 0) {
        self.state = state
        self.staleDate = staleDate
        self.relevanceScore = relevanceScore
    }
}

/// Where an activity is in its life, as ActivityKit's `ActivityState`.
public enum ActivityState: String, Hashable, Sendable, Codable, CaseIterable {
    /// Requested to start at a later moment.
    case pending
    /// Running and current.
    case active
    /// Running, but its content passed its `staleDate` without an update.
    case stale
    /// Over: still shown (on the lock screen) but takes no more updates.
    case ended
    /// Removed from every screen.
    case dismissed
}

/// When an ended activity leaves the screen, as ActivityKit's `ActivityUIDismissalPolicy`.
public enum ActivityUIDismissalPolicy: Hashable, Sendable {
    /// It stays until the person removes it, or at most ``ActivityLimits/maximumEndedDuration``.
    case `default`
    /// It goes at once.
    case immediate
    /// It goes at this moment, but never later than ``ActivityLimits/maximumEndedDuration``
    /// after it ended.
    case after(Date)
}

/// What an update with an alert says; the Dynamic Island expands for a few seconds, and the
/// lock screen shows it as a banner (ActivityKit's `AlertConfiguration`, without a sound).
public struct AlertConfiguration: Hashable, Sendable {
    public var title: String
    public var body: String

    public init(title: String, body: String) {
        self.title = TextSanitizer.sanitize(title, keepNewlines: false)
        self.body = TextSanitizer.sanitize(body, keepNewlines: false)
    }
}

/// The rules every Live Activity lives by (WIDGETKIT.md section 7).
public enum ActivityLimits {
    /// Attributes plus content state, encoded as JSON, must fit in this many bytes.
    public static let maximumPayloadSize = 4096
    /// An activity is ended after this long active.
    public static let maximumActiveDuration: TimeInterval = 8 * 3600
    /// An ended activity is removed at most this long after it ended.
    public static let maximumEndedDuration: TimeInterval = 4 * 3600
    /// How many activities may run at once unless the config says otherwise.
    public static let defaultMaximumCount = 5
}

/// Why an activity could not be started or changed, as ActivityKit's
/// `ActivityAuthorizationError` (with the figures in the message).
public enum ActivityAuthorizationError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Attributes plus state, encoded, are larger than the limit.
    case attributesTooLarge(size: Int, limit: Int)
    /// As many activities as allowed are running already.
    case globalMaximumExceeded(limit: Int)
    /// No host runs activities here (a snapshot, a test without one), or the type is unknown.
    case unsupported(String)

    /// What a request gets with no host installed.
    static let noHost = ActivityAuthorizationError.unsupported("no host runs Live Activities in this process")

    public var description: String {
        switch self {
        case .attributesTooLarge(let size, let limit):
            "attributesTooLarge: the attributes and content state take \(size) bytes encoded, more than the \(limit) a Live Activity may have"
        case .globalMaximumExceeded(let limit):
            "globalMaximumExceeded: \(limit) Live Activit\(limit == 1 ? "y is" : "ies are") running already, the most allowed at once; end one first (widgetdash activity end ID)"
        case .unsupported(let why):
            "unsupported: \(why)"
        }
    }
}

/// Why an update or end was refused.
public enum ActivityUpdateError: Error, Hashable, Sendable, CustomStringConvertible {
    /// No activity has this id (it may have been dismissed).
    case unknownActivity(String)
    /// The activity has ended; it takes no more updates.
    case ended(String)
    /// Several activities start with this id prefix.
    case ambiguousID(String, [String])

    public var description: String {
        switch self {
        case .unknownActivity(let id): "no activity has the id \(TextSanitizer.sanitize(id, keepNewlines: false)) (it may have been dismissed; widgetdash activity list shows them)"
        case .ended(let id): "activity \(id) has ended; it takes no more updates"
        case .ambiguousID(let prefix, let ids): "\(TextSanitizer.sanitize(prefix, keepNewlines: false)) could be any of \(ids.joined(separator: ", ")); give more of the id"
        }
    }
}

/// How activities are encoded: one canonical JSON form, whose size is what the limit counts.
public enum ActivityCoding {
    /// Sorted keys, no spaces, ISO-8601 dates: the same value always has the same bytes.
    public static func encode<T: Encodable>(_ value: T) throws -> Data {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        encoder.dateEncodingStrategy = .custom { date, encoder in
            var container = encoder.singleValueContainer()
            try container.encode(iso8601(date))
        }
        return try encoder.encode(value)
    }

    /// Decodes JSON written by a script: dates as ISO-8601 with a zone (fractions allowed) or
    /// seconds since 1970. A mistake says where (`eta`, `line 1, column 12`) and what was expected.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data, what: String) throws(ActivityPayloadError) -> T {
        // Our parser first: it says where the JSON breaks, which JSONDecoder does not.
        let json: JSONValue
        do { json = try JSONValue.parse(String(decoding: data, as: UTF8.self)) } catch {
            throw ActivityPayloadError(what: what, message: "not valid JSON: \(error)")
        }
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .custom { decoder in
            let container = try decoder.singleValueContainer()
            if let seconds = try? container.decode(Double.self) {
                guard InternetDate.isInRange(secondsSince1970: seconds) else {
                    throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected seconds since 1970 within the years 1-9999")
                }
                return Date(timeIntervalSince1970: seconds)
            }
            let text = try container.decode(String.self)
            guard let date = SharedTimeline.parseISO8601(text) else {
                throw DecodingError.dataCorruptedError(in: container, debugDescription: "expected an ISO-8601 date with a zone, such as 2026-11-22T09:00:00Z, found \"\(TextSanitizer.sanitize(text, keepNewlines: false))\"")
            }
            return date
        }
        do { return try decoder.decode(T.self, from: data) } catch let error as DecodingError {
            throw ActivityPayloadError(what: what, message: DecodingErrorText.describe(DecodingErrorText.locate(error, decoding: T.self, from: json)))
        } catch {
            throw ActivityPayloadError(what: what, message: "\(error)")
        }
    }

    /// The date as ISO-8601 in UTC, with milliseconds only when it has them.
    public static func iso8601(_ date: Date) -> String {
        let fraction = date.timeIntervalSince1970.rounded() != date.timeIntervalSince1970
        // Written by hand where it is plain: the formatter loads ICU's date formatting, about
        // 1 MB of resident code and data, and the catalog's activity previews are encoded at
        // every start (docs/DECISIONS.md, "What the idle dashboard touches").
        if let text = InternetDate.utcText(date, milliseconds: fraction) { return text }
        let formatter = ISO8601DateFormatter()
        formatter.timeZone = TimeZone(secondsFromGMT: 0)
        if fraction {
            formatter.formatOptions = [.withInternetDateTime, .withFractionalSeconds]
        }
        return formatter.string(from: date)
    }

    /// `DeliveryAttributes` → `delivery`.
    static func defaultActivityType(for type: Any.Type) -> String {
        // The same text as `String(describing:)` on a metatype, without first asking the
        // runtime whether the metatype conforms to the printing protocols: each new type's
        // miss scans every conformance record in the binary (~0.3 M instructions).
        var name = _typeName(type, qualified: false)
        if let generic = name.firstIndex(of: "<") { name = String(name[..<generic]) }
        if name.hasSuffix("Attributes"), name.count > "Attributes".count { name.removeLast("Attributes".count) }
        guard let first = name.first else { return "activity" }
        return first.lowercased() + name.dropFirst()
    }
}

/// Why a script's attributes or state cannot be used: which of the two, and what is wrong.
public struct ActivityPayloadError: Error, Hashable, Sendable, CustomStringConvertible {
    /// "attributes" or "state".
    public var what: String
    public var message: String
    public init(what: String, message: String) {
        self.what = what
        self.message = message
    }
    public var description: String { "\(what): \(message)" }
}
