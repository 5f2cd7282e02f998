import Foundation

/// The extension protocol's messages: one request from the host, answers from the extension.
///
/// Every message is one line of JSON carrying `"protocol": 1` (the major version); a side that
/// reads a major it does not know refuses it with a clear message. Dates are seconds since
/// 1970. See docs/extensions.md.
package enum ExtensionProtocol {
    /// The major version this build speaks.
    package static let version = 1
    /// The minor version: additions within the major (new requests, new optional fields).
    /// 1 added controls (`controlValue`, `controlPerform`) and Live Activities (`activity`).
    package static let minorVersion = 1
    /// The argument that precedes the request on the extension's command line.
    package static let requestFlag = "--widgetdash-request"

    /// Encodes a message as one line (no newline inside, none at the end): compact JSON with
    /// sorted keys, as Foundation's encoder wrote it (``WireJSON``).
    package static func encode(_ value: some Encodable) throws -> Data {
        Data(try WireEncoder.encode(value).bytes)
    }

    /// Decodes a message, refusing a protocol major other than ``version``.
    package static func decode<T: Decodable>(_ type: T.Type, from data: Data) throws -> T {
        let json: WireJSON
        let header: VersionHeader
        do {
            json = try WireJSON.parse(data)
            header = try WireDecoder.decode(VersionHeader.self, from: json)
        } catch {
            throw ProtocolError.garbage(previewText(data))
        }
        guard header.protocol == version else { throw ProtocolError.unknownVersion(header.protocol) }
        do {
            return try WireDecoder.decode(type, from: json)
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
package enum ProtocolError: Error, Hashable, Sendable, CustomStringConvertible {
    /// Not a JSON message with a protocol version.
    case garbage(String)
    /// A major version this side does not speak.
    case unknownVersion(Int)
    /// A message of the right version whose fields are wrong.
    case malformed(String)

    package var description: String {
        switch self {
        case .garbage(let preview): "the extension wrote something that is not the widgetdash protocol: \(preview)"
        case .unknownVersion(let v):
            "the extension speaks protocol \(v); this widgetdash speaks \(ExtensionProtocol.version) (rebuild the extension against this widgetdash)"
        case .malformed(let detail): "the extension sent a malformed message: \(detail)"
        }
    }
}

/// What the host asks; one per process.
package struct ExtensionRequest: Codable, Hashable, Sendable {
    package enum Kind: String, Codable, Hashable, Sendable {
        case describe, timeline, snapshot, perform
        /// Draw one of the extension's `#Preview`s (``ExtensionRequest/preview``); answered as a timeline.
        case preview
        /// Minor 1: a control's current value, drawn; a press on a control; an activity's views.
        case controlValue, controlPerform, activity
    }

    package var `protocol` = ExtensionProtocol.version
    package var request: Kind
    /// The widget kind (all but `describe`).
    package var kind: String?
    package var family: WidgetFamily?
    package var parameters: [String: String]?
    /// The moment the host asks, on the dashboard's clock (`TimelineProviderContext.date`).
    package var date: Date?
    /// The host's time zone identifier, so dates render as the host shows them.
    package var timeZone: String?
    /// `perform`: the date of the entry whose element was tapped.
    package var entryDate: Date?
    /// `perform`: the element's id and its intent's fingerprint.
    package var element: Int?
    package var fingerprint: String?
    /// `perform`: the toggle's state as shown (its intent gets the opposite).
    package var isOn: Bool?
    /// The host's color scheme, `light` or `dark` (absent: dark).
    package var colorScheme: ColorScheme?
    /// The rendering mode the host shows the widget in: `fullColor`, `accented` or `vibrant`
    /// (absent or unknown: fullColor).
    package var renderingMode: String?
    /// True when the host replies to ``ServiceCall``s on the extension's standard input (the
    /// App Group, `WidgetCenter`, pictures); absent from a host that does not.
    package var hostServices: Bool?
    /// `preview`: the preview's index in `describe`'s `previews`.
    package var preview: Int?
    /// `activity`: the type (as the extension knows it), its attributes and content state as
    /// JSON text (either may be alone, to be checked), whether the state is stale, the id.
    package var activityType: String?
    package var attributes: String?
    package var state: String?
    package var isStale: Bool?
    package var activityID: String?

    package init(request: Kind, kind: String? = nil, family: WidgetFamily? = nil, parameters: [String: String]? = nil,
                date: Date? = nil, timeZone: String? = nil) {
        self.request = request
        self.kind = kind
        self.family = family
        self.parameters = parameters
        self.date = date
        self.timeZone = timeZone
    }
}

/// How the host shows a widget's entries, as a request tells the extension: the color scheme,
/// the rendering mode and the time zone its views are drawn in.
package struct RenderingEnvironment: Hashable, Sendable {
    package var colorScheme: ColorScheme
    package var renderingMode: WidgetRenderingMode
    package var timeZone: TimeZone

    package init(colorScheme: ColorScheme = .dark, renderingMode: WidgetRenderingMode = .fullColor, timeZone: TimeZone = .current) {
        self.colorScheme = colorScheme
        self.renderingMode = renderingMode
        self.timeZone = timeZone
    }

    /// What `environment` draws in.
    package init(_ environment: EnvironmentValues) {
        self.init(colorScheme: environment.colorScheme, renderingMode: environment.widgetRenderingMode, timeZone: environment.timeZone)
    }

    /// The mode's name on the wire.
    package static func name(of mode: WidgetRenderingMode) -> String {
        switch mode {
        case .fullColor: "fullColor"
        case .accented: "accented"
        case .vibrant: "vibrant"
        }
    }

    /// The mode a name on the wire means; an unknown one (a later minor version's) is full color.
    package static func mode(named name: String?) -> WidgetRenderingMode {
        switch name {
        case "accented": .accented
        case "vibrant": .vibrant
        default: .fullColor
        }
    }
}

extension ExtensionRequest {
    /// The rendering environment this request tells (the defaults for what it leaves out).
    package var rendering: RenderingEnvironment {
        get {
            RenderingEnvironment(colorScheme: colorScheme ?? .dark, renderingMode: RenderingEnvironment.mode(named: renderingMode),
                                 timeZone: timeZone.flatMap(TimeZone.init(identifier:)) ?? .current)
        }
        set {
            colorScheme = newValue.colorScheme
            renderingMode = RenderingEnvironment.name(of: newValue.renderingMode)
            timeZone = newValue.timeZone.identifier
        }
    }
}

/// The `describe` answer: what the extension offers.
package struct DescribeAnswer: Codable, Hashable, Sendable {
    package var `protocol` = ExtensionProtocol.version
    package var answer = "describe"
    package var widgets: [WireWidget]
    /// The extension's `#Preview`s; absent when it has none (and from extensions built before).
    package var previews: [WirePreview]?
    /// Minor 1: the controls and Live Activity types (absent from older extensions).
    package var minor: Int?
    package var controls: [WireControl]?
    package var activities: [WireActivityType]?

    package init(widgets: [WireWidget], controls: [WireControl]? = nil, activities: [WireActivityType]? = nil) {
        self.widgets = widgets
        self.controls = controls
        self.activities = activities
        minor = ExtensionProtocol.minorVersion
    }
}

/// One widget kind as `describe` tells it.
package struct WireWidget: Codable, Hashable, Sendable {
    package var kind: String
    package var displayName: String
    package var description: String
    package var families: [WidgetFamily]
    package var contentMarginsDisabled: Bool
    package var dataProtection: DataProtection
    package var parameters: [WireParameter]
}

/// A configuration parameter as `describe` tells it (entity searches stay in the extension).
package struct WireParameter: Codable, Hashable, Sendable {
    package var name: String
    package var title: String
    /// text, integer, number, boolean, date, choice or entity.
    package var type: String
    package var range: [Double]?
    package var options: [Option]?
    package var defaultValue: String?
    package var required: Bool

    package struct Option: Codable, Hashable, Sendable {
        package var value: String
        package var title: String
        package var subtitle: String?
    }
}

/// When the host asks for the next timeline.
package enum WirePolicy: Codable, Hashable, Sendable {
    case atEnd, never, after(Date)

    private enum Keys: String, CodingKey { case policy, date }

    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: Keys.self)
        switch try c.decode(String.self, forKey: .policy) {
        case "atEnd": self = .atEnd
        case "never": self = .never
        case "after": self = .after(try c.decode(Date.self, forKey: .date))
        case let other: throw DecodingError.dataCorruptedError(forKey: .policy, in: c, debugDescription: "unknown policy \(other)")
        }
    }

    package func encode(to encoder: any Encoder) throws {
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

    package var policy: TimelineReloadPolicy {
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
package struct ExtensionAnswer: Codable, Hashable, Sendable {
    package enum Kind: String, Codable, Hashable, Sendable {
        case timeline, entry, end, error, performed
        /// Minor 1: a control drawn for its value; an activity's checked JSON and views.
        case control, activity
    }

    package var `protocol` = ExtensionProtocol.version
    package var answer: Kind
    package var policy: WirePolicy?
    package var count: Int?
    /// `timeline`: every entry's date, in the order the entries follow, so that the host knows
    /// when the entries that arrived run out if a later one never does.
    package var dates: [Date]?
    package var placeholder: WireRendering?
    package var index: Int?
    package var date: Date?
    package var relevance: TimelineEntryRelevance?
    /// The entry as shown normally, and as shown locked (`privacySensitive()` masked).
    package var normal: WireRendering?
    package var privacy: WireRendering?
    package var message: String?
    /// `error` of an `activity` request whose JSON does not fit: `attributes` or `state`.
    package var what: String?
    /// `control`: the control drawn for its current value.
    package var control: WireControlValue?
    /// `activity`: the attributes and state re-encoded canonically, and the views when both came.
    package var attributes: String?
    package var state: String?
    package var views: WireActivityViews?

    package init(answer: Kind) { self.answer = answer }
}
