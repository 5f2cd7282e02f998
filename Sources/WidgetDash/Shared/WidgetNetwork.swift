import Foundation

/// HTTP for the built-in network widgets (weather, stocks, http) and the calendar's `url=`:
/// the host's one client, its offline cache and its `[sources]`, reached through the services.
///
/// ```swift
/// let answer = try await WidgetNetwork.shared.fetch(HTTPRequest(url: "http://127.0.0.1:8080/v1/search?name=Tokyo"))
/// if let failure = answer.failure { print("last good answer, \(failure)") }
/// let json = try JSONValue.parse(answer.text)
/// ```
///
/// The author API does no I/O itself: the host hands in a ``Backing`` with its
/// ``WidgetServices`` (widgetdash's runs `curl` in a child process and keeps the last good
/// answer of every URL in the shared store). With no backing bound (a snapshot, a preview, a
/// test, an extension) every fetch throws ``HTTPFailure/Kind/noNetwork`` and no request is
/// made, so nothing reaches the network unless a dashboard placed a network widget.
public final class WidgetNetwork: Sendable {
    /// The network of the services bound to the calling task (the host's).
    public static let shared = WidgetNetwork()

    /// What the host does for fetches. Not for widget authors.
    public struct Backing: Sendable {
        /// Fetches `request`: a fresh answer, the last good one with the failure that kept it, or
        /// the failure when nothing good was ever fetched.
        public var fetch: @Sendable (HTTPRequest) async -> Result<HTTPAnswer, HTTPFailure>
        /// The base URLs of `[sources]` by name (`open_meteo`), as the config sets them.
        public var sources: [String: String]

        public init(sources: [String: String] = [:], fetch: @escaping @Sendable (HTTPRequest) async -> Result<HTTPAnswer, HTTPFailure>) {
            self.fetch = fetch
            self.sources = sources
        }
    }

    private let fixed: Backing?

    /// The network of the bound services, as ``shared`` is.
    public init() { fixed = nil }

    /// A network that always uses `backing` (tests).
    public init(backing: Backing) { fixed = backing }

    private var backing: Backing? { fixed ?? WidgetServices.current.network }

    /// True when a fetch can reach anything at all.
    public var isAvailable: Bool { backing != nil }

    /// The answer to `request`; throws when there is neither a fresh nor a kept answer.
    public func fetch(_ request: HTTPRequest) async throws(HTTPFailure) -> HTTPAnswer {
        guard let backing else { throw HTTPFailure(.noNetwork) }
        return try await backing.fetch(request).get()
    }

    /// The base URL of the source `name` (`[sources] open_meteo = "…"`), or `fallback`, without a
    /// trailing slash, so a documented path (`/v1/forecast`) can be appended.
    public func source(_ name: String, default fallback: String) -> String {
        var base = backing?.sources[name] ?? fallback
        while base.hasSuffix("/") { base.removeLast() }
        return base
    }
}

/// One GET request: a URL, extra headers and a total time-out.
public struct HTTPRequest: Hashable, Sendable {
    /// An `http` or `https` URL; anything else fails with ``HTTPFailure/Kind/badURL``.
    public var url: String
    /// Extra header lines by name (`Authorization`); values are sent as they are.
    public var headers: [String: String]
    /// The longest the whole request may take, connecting included.
    public var timeout: TimeInterval
    /// True when only a JSON body is a good answer: anything else fails with
    /// ``HTTPFailure/Kind/content`` and the last good answer is kept.
    public var expectsJSON: Bool
    /// A kept answer younger than this is answered without asking the server (a geocoded
    /// place, which does not move); 0 always asks.
    public var reuseFor: TimeInterval
    /// What the answer is kept under; nil: the URL. A URL that changes with every request (a
    /// range query ending now) names what stays the same, so its last answer can be found.
    public var cacheKey: String?

    public init(url: String, headers: [String: String] = [:], timeout: TimeInterval = 20, expectsJSON: Bool = true,
                reuseFor: TimeInterval = 0, cacheKey: String? = nil) {
        self.url = url
        self.headers = headers
        self.timeout = timeout
        self.expectsJSON = expectsJSON
        self.reuseFor = reuseFor
        self.cacheKey = cacheKey
    }

    /// `base` + `path` + the query, each query value percent-encoded.
    public static func url(_ base: String, path: String, query: [(String, String)]) -> String {
        var allowed = CharacterSet.alphanumerics
        allowed.insert(charactersIn: "-._~,")
        let encoded = query.map { "\($0.0)=\($0.1.addingPercentEncoding(withAllowedCharacters: allowed) ?? $0.1)" }
        return base + path + (encoded.isEmpty ? "" : "?" + encoded.joined(separator: "&"))
    }
}

/// What a server answered (status 2xx), now or the last time it answered.
public struct HTTPAnswer: Hashable, Sendable {
    public var status: Int
    /// The body, at most the client's cap (5 MB), decompressed.
    public var body: Data
    /// When it was fetched.
    public var fetched: Date
    /// Nil for a fresh answer; for a kept one, why the latest try failed.
    public var failure: HTTPFailure?
    /// How many tries in a row have failed (0 for a fresh answer): for backing off.
    public var failures: Int

    public init(status: Int, body: Data, fetched: Date, failure: HTTPFailure? = nil, failures: Int = 0) {
        self.status = status
        self.body = body
        self.fetched = fetched
        self.failure = failure
        self.failures = failures
    }

    /// True when this is the last good answer kept after a failure.
    public var isStale: Bool { failure != nil }

    /// The body as text (invalid UTF-8 replaced).
    public var text: String { String(decoding: body, as: UTF8.self) }
}

/// Why a request got no good answer, in words a panel can show ("HTTP 503", "timed out").
public struct HTTPFailure: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Kind: Hashable, Sendable {
        /// No network service here (a snapshot, a preview, a test): nothing was sent.
        case noNetwork
        /// Not an http or https URL.
        case badURL
        /// The server answered with this status (not 2xx).
        case status(Int)
        /// No answer within the time-out.
        case timedOut
        /// The TLS handshake or the certificate failed.
        case tls
        /// The host could not be resolved or connected to.
        case unreachable
        /// The body was larger than the cap.
        case tooLarge
        /// The answer ended early or was garbled.
        case broken
        /// The body could not be read as what the widget expects (not JSON, a missing field).
        case content
        /// Anything else the client reported.
        case other
    }

    public var kind: Kind
    /// The details (the client's own words), sanitised; may be empty.
    public var detail: String

    public init(_ kind: Kind, _ detail: String = "") {
        self.kind = kind
        self.detail = TextSanitizer.sanitize(detail, keepNewlines: false)
    }

    public var description: String {
        let head: String = switch kind {
        case .noNetwork: "no network here"
        case .badURL: "not an http(s) URL"
        case .status(let code): "HTTP \(code)"
        case .timedOut: "timed out"
        case .tls: "TLS failed"
        case .unreachable: "unreachable"
        case .tooLarge: "answer too large"
        case .broken: "answer cut short"
        case .content: "unexpected answer"
        case .other: "failed"
        }
        return detail.isEmpty ? head : "\(head): \(detail)"
    }
}

extension HTTPAnswer {
    /// How long ago it was fetched, as a panel says it: "just now", "5 min ago", "2 h ago", "3 d ago".
    public func age(at now: Date) -> String { Self.age(of: fetched, at: now) }

    /// "just now", "5 min ago", "2 h ago", "3 d ago".
    public static func age(of date: Date, at now: Date) -> String {
        let seconds = max(0, now.timeIntervalSince(date))
        switch seconds {
        case ..<60: return "just now"
        case ..<3600: return "\(Int(seconds / 60)) min ago"
        case ..<86_400: return "\(Int(seconds / 3600)) h ago"
        default: return "\(Int(seconds / 86_400)) d ago"
        }
    }

    /// When to try again: `every` when fresh; after a failure sooner, doubling from 30 s with
    /// each failure in a row, never later than `every`.
    public func nextTry(after now: Date, every: TimeInterval) -> Date {
        guard failures > 0 else { return now.addingTimeInterval(every) }
        let backoff = 30 * pow(2, Double(min(failures - 1, 10)))
        return now.addingTimeInterval(min(every, backoff))
    }
}
