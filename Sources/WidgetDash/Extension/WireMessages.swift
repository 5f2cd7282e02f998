import Foundation

/// The extension protocol's messages: one request from the host, answers from the extension.
///
/// Every message is one line of JSON carrying `"protocol": 1` (the major version); a side that
/// reads a major it does not know refuses it with a clear message. Dates are seconds since
/// 1970. See docs/extensions.md.
public enum ExtensionProtocol {
    /// The major version this build speaks.
    public static let version = 1
    /// The argument that precedes the request on the extension's command line.
    public static let requestFlag = "--widgetdash-request"

    /// Encodes a message as one line (no newline inside, none at the end).
    public static func encode(_ value: some Encodable) throws -> Data {
        let encoder = JSONEncoder()
        encoder.dateEncodingStrategy = .secondsSince1970
        encoder.outputFormatting = [.sortedKeys, .withoutEscapingSlashes]
        return try encoder.encode(value)
    }

    /// Decodes a message, refusing a protocol major other than ``version``.
    public static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let decoder = JSONDecoder()
        decoder.dateDecodingStrategy = .secondsSince1970
        let header: VersionHeader
        do {
            header = try decoder.decode(VersionHeader.self, from: data)
        } catch {
            throw ProtocolError.garbage(previewText(data))
        }
        guard header.protocol == version else { throw ProtocolError.unknownVersion(header.protocol) }
        do {
            return try decoder.decode(type, from: data)
        } catch {
            throw ProtocolError.malformed("\(error)")
        }
    }

    private struct VersionHeader: Decodable {
        var `protocol`: Int
    }

    /// The start of a line that is not a message, made printable, for the reason shown.
    package static func previewText(_ data: Data) -> String {
        let text = TextSanitizer.sanitize(bytes: data.prefix(60), keepNewlines: false)
        return text.isEmpty ? "an empty line" : "\"\(text)\(data.count > 60 ? "…" : "")\""
    }
}

/// Why a message could not be read.
public enum ProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not a JSON message with a protocol version.
    case garbage(String)
    /// A major version this side does not speak.
    case unknownVersion(Int)
    /// A message of the right version whose fields are wrong.
    case malformed(String)

    public var description: String {
        switch self {
        case .garbage(let preview): "the extension wrote something that is not the widgetdash protocol: \(preview)"
        case .unknownVersion(let v):
            "the extension speaks protocol \(v); this widgetdash speaks \(ExtensionProtocol.version) (rebuild the extension against this widgetdash)"
        case .malformed(let detail): "the extension sent a malformed message: \(detail)"
        }
    }
}

/// What the host asks; one per process.
public struct ExtensionRequest: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        case describe, timeline, snapshot, perform
    }

    public var `protocol` = ExtensionProtocol.version
    public var request: Kind
    /// The widget kind (all but `describe`).
    public var kind: String?
    public var family: WidgetFamily?
    public var parameters: [String: String]?
    /// The moment the host asks, on the dashboard's clock (`TimelineProviderContext.date`).
    public var date: Date?
    /// The host's time zone identifier, so dates render as the host shows them.
    public var timeZone: String?
    /// `perform`: the date of the entry whose element was tapped.
    public var entryDate: Date?
    /// `perform`: the element's id and its intent's fingerprint.
    public var element: Int?
    public var fingerprint: String?
    /// `perform`: the toggle's state as shown (its intent gets the opposite).
    public var isOn: Bool?

    public init(request: Kind, kind: String? = nil, family: WidgetFamily? = nil, parameters: [String: String]? = nil,
                date: Date? = nil, timeZone: String? = nil) {
        self.request = request
        self.kind = kind
        self.family = family
        self.parameters = parameters
        self.date = date
        self.timeZone = timeZone
    }
}

/// The `describe` answer: what the extension offers.
public struct DescribeAnswer: Codable, Hashable, Sendable {
    public var `protocol` = ExtensionProtocol.version
    public var answer = "describe"
    public var widgets: [WireWidget]

    public init(widgets: [WireWidget]) { self.widgets = widgets }
}

/// One widget kind as `describe` tells it.
public struct WireWidget: Codable, Hashable, Sendable {
    public var kind: String
    public var displayName: String
    public var description: String
    public var families: [WidgetFamily]
    public var contentMarginsDisabled: Bool
    public var dataProtection: DataProtection
    public var parameters: [WireParameter]
}

/// A configuration parameter as `describe` tells it (entity searches stay in the extension).
public struct WireParameter: Codable, Hashable, Sendable {
    public var name: String
    public var title: String
    /// text, integer, number, boolean, date, choice or entity.
    public var type: String
    public var range: [Double]?
    public var options: [Option]?
    public var defaultValue: String?
    public var required: Bool

    public struct Option: Codable, Hashable, Sendable {
        public var value: String
        public var title: String
        public var subtitle: String?
    }
}

/// When the host asks for the next timeline.
public enum WirePolicy: Codable, Hashable, Sendable {
    case atEnd, never, after(Date)

    private enum Keys: String, CodingKey { case policy, date }

    public init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        switch try c.decode(String.self, forKey: .policy) {
        case "atEnd": self = .atEnd
        case "never": self = .never
        case "after": self = .after(try c.decode(Date.self, forKey: .date))
        case let other: throw DecodingError.dataCorruptedError(forKey: .policy, in: c, debugDescription: "unknown policy \(other)")
        }
    }

    public func encode(to encoder: any Encoder) throws {
        var c = encoder.container(keyedBy: Keys.self)
        switch self {
        case .atEnd: try c.encode("atEnd", forKey: .policy)
        case .never: try c.encode("never", forKey: .policy)
        case .after(let date):
            try c.encode("after", forKey: .policy)
            try c.encode(date, forKey: .date)
        }
    }

    init(_ policy: TimelineReloadPolicy) {
        switch policy {
        case .atEnd: self = .atEnd
        case .never: self = .never
        case .after(let date): self = .after(date)
        }
    }

    public var policy: TimelineReloadPolicy {
        switch self {
        case .atEnd: .atEnd
        case .never: .never
        case .after(let date): .after(date)
        }
    }
}

/// An answer line of a `timeline`, `snapshot` or `perform` request.
///
/// A timeline streams: `timeline` (the policy, the entry count and the rendered placeholder)
/// first, then one `entry` line per entry as it is rendered, then `end`; a snapshot is the
/// same with one entry. `error` replaces whatever was due when the provider or intent throws;
/// `performed` answers a `perform`.
public struct ExtensionAnswer: Codable, Hashable, Sendable {
    public enum Kind: String, Codable, Hashable, Sendable {
        case timeline, entry, end, error, performed
    }

    public var `protocol` = ExtensionProtocol.version
    public var answer: Kind
    public var policy: WirePolicy?
    public var count: Int?
    public var placeholder: WireRendering?
    public var index: Int?
    public var date: Date?
    public var relevance: TimelineEntryRelevance?
    /// The entry as shown normally, and as shown locked (`privacySensitive()` masked).
    public var normal: WireRendering?
    public var privacy: WireRendering?
    public var message: String?

    public init(answer: Kind) { self.answer = answer }
}
