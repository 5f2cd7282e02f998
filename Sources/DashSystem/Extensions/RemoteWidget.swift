import Foundation
import Synchronization
import WidgetDash

/// Reads a `describe` answer.
struct DescribeCollector: AnswerCollector {
    var answer: DescribeAnswer?
    var during: String { "while describing its widgets" }

    mutating func take(_ line: Data) throws -> Bool {
        if let failure = try? ExtensionProtocol.decode(ExtensionAnswer.self, from: line), failure.answer == .error {
            throw ExtensionFailure.failed(failure.message ?? "the extension refused to describe its widgets")
        }
        answer = try ExtensionProtocol.decode(DescribeAnswer.self, from: line)
        return true
    }
}

/// Reads a streamed `timeline` or `snapshot` answer: the header, one line per entry, the end.
struct TimelineCollector: AnswerCollector {
    var header: ExtensionAnswer?
    var entries: [RemoteEntry] = []
    /// Where the placeholder goes as soon as the header brings it (even if an entry fails).
    var placeholders: PlaceholderCache?
    var family: WidgetFamily = .systemSmall
    var date = Date()

    var during: String {
        guard let header else { return "while making its timeline" }
        let count = header.count ?? 0
        return entries.count < count ? "while rendering entry \(entries.count + 1)" : "after rendering its entries"
    }

    mutating func take(_ line: Data) throws -> Bool {
        let answer = try ExtensionProtocol.decode(ExtensionAnswer.self, from: line)
        switch answer.answer {
        case .error:
            throw ExtensionFailure.failed(answer.message ?? "the provider failed")
        case .timeline where header == nil:
            guard let count = answer.count, count >= 0, answer.policy != nil else {
                throw ProtocolError.malformed("a timeline without its policy or count")
            }
            header = answer
            if let placeholder = answer.placeholder {
                placeholders?.set(RemoteEntry(date: date, normal: placeholder), for: family)
            }
            return false
        case .entry where header != nil:
            guard let date = answer.date, let normal = answer.normal else { throw ProtocolError.malformed("an entry without its date or rendering") }
            entries.append(RemoteEntry(date: date, relevance: answer.relevance, normal: normal, privacy: answer.privacy))
            return false
        case .end where header != nil:
            guard entries.count == header?.count else {
                throw ProtocolError.malformed("\(entries.count) entries where the timeline announced \(header?.count ?? 0)")
            }
            return true
        default:
            throw ProtocolError.malformed("an unexpected \(answer.answer.rawValue) answer")
        }
    }
}

/// Reads a `perform` answer.
struct PerformCollector: AnswerCollector {
    var during: String { "while performing the intent" }

    mutating func take(_ line: Data) throws -> Bool {
        let answer = try ExtensionProtocol.decode(ExtensionAnswer.self, from: line)
        switch answer.answer {
        case .performed: return true
        case .error: throw ExtensionFailure.failed(answer.message ?? "the intent failed")
        default: throw ProtocolError.malformed("an unexpected \(answer.answer.rawValue) answer to perform")
        }
    }
}

/// One widget kind of an extension, as the host asks it for timelines, snapshots and intents.
///
/// Every request is one spawn. The placeholder is never a spawn (the host asks for it while
/// drawing): it is the one the last answer brought for that family, or an empty panel before.
struct RemoteWidget: Sendable {
    let path: String
    let kind: String
    let limits: RemoteLimits
    let placeholders: PlaceholderCache

    func request(_ kind: ExtensionRequest.Kind, _ context: TimelineProviderContext) -> ExtensionRequest {
        var request = ExtensionRequest(request: kind, kind: self.kind, family: context.family, parameters: context.parameters,
                                       date: context.date, timeZone: TimeZone.current.identifier)
        request.protocol = ExtensionProtocol.version
        return request
    }

    func timeline(_ context: TimelineProviderContext, snapshot: Bool = false) async throws -> (entries: [RemoteEntry], policy: TimelineReloadPolicy) {
        let collected = try await ExtensionProcess.exchange(
            path: path, request: request(snapshot ? .snapshot : .timeline, context),
            limits: ExtensionProcess.Limits(first: limits.timeline, next: limits.render),
            collector: TimelineCollector(placeholders: placeholders, family: context.family, date: context.date))
        let entries = collected.entries.map { entry in
            var entry = entry
            (entry.family, entry.parameters, entry.requestDate) = (context.family, context.parameters, context.date)
            return entry
        }
        return (entries, collected.header?.policy?.policy ?? .never)
    }

    func perform(_ element: WireElement, entryDate: Date, context: TimelineProviderContext) async throws {
        var request = request(.perform, context)
        request.entryDate = entryDate
        request.element = element.id
        request.fingerprint = element.fingerprint
        request.isOn = element.isOn
        _ = try await ExtensionProcess.exchange(path: path, request: request,
                                                limits: ExtensionProcess.Limits(first: limits.timeline, next: limits.render),
                                                collector: PerformCollector())
    }
}

/// Time limits for an extension's answers.
public struct RemoteLimits: Sendable, Hashable {
    /// For the timeline (or snapshot, or intent) to be made.
    public var timeline: TimeInterval = 10
    /// For each entry to be rendered after it.
    public var render: TimeInterval = 2
    /// For `describe`.
    public var describe: TimeInterval = 2
    /// How long the dashboard's run loop waits for an activity's views before it draws them as
    /// they come (`…` until then). `activity preview` waits the whole render limit.
    public var activityWait: TimeInterval = 0.15
    public init() {}
}

/// The last placeholder an extension rendered, per family.
final class PlaceholderCache: Sendable {
    private let entries = Mutex<[WidgetFamily: RemoteEntry]>([:])
    func set(_ entry: RemoteEntry, for family: WidgetFamily) { entries.withLock { $0[family] = entry } }
    func get(_ family: WidgetFamily) -> RemoteEntry? { entries.withLock { $0[family] } }
}

/// The provider of a remote widget: each call is a request to the extension.
struct RemoteProvider: TimelineProvider {
    let widget: RemoteWidget

    func placeholder(in context: Context) -> RemoteEntry {
        widget.placeholders.get(context.family) ?? RemoteEntry(date: context.date, normal: nil)
    }

    func snapshot(in context: Context) async -> RemoteEntry {
        do {
            return try await widget.timeline(context, snapshot: true).entries.first ?? placeholder(in: context)
        } catch {
            return RemoteEntry(date: context.date, normal: nil, failure: "\(error)")
        }
    }

    func timeline(in context: Context) async throws -> Timeline<RemoteEntry> {
        do {
            let answer = try await widget.timeline(context)
            return Timeline(entries: answer.entries, policy: answer.policy)
        } catch let failure as ExtensionFailure {
            throw ExtensionStopped(failure: failure)
        }
    }
}

/// A remote widget's reload that failed: its panel says `stopped` and why.
public struct ExtensionStopped: Error, CustomStringConvertible, Sendable {
    public var failure: ExtensionFailure
    public var description: String { "stopped: \(failure)" }
}

extension RemoteWidget {
    /// The host's description of the widget: a remote provider, and content that draws what
    /// the extension rendered; a tap on a button or toggle is a `perform` request.
    func description(_ wire: WireWidget) -> WidgetDescription {
        let widget = self
        var d = WidgetDescription(
            kind: wire.kind, displayName: wire.displayName, description: wire.description, supportedFamilies: wire.families,
            provider: AnyTimelineProvider(RemoteProvider(widget: widget)),
            content: { entry in
                let shown = entry as? RemoteEntry
                return AnyView(RemoteContentView(entry: entry) { element in widget.intent(element, in: shown) })
            })
        d.contentMarginsDisabled = wire.contentMarginsDisabled
        d.dataProtection = wire.dataProtection
        d.configurationParameters = wire.parameters.map(\.parameter)
        d.reloadRules = .extensionWidget
        return d
    }

    /// The intent of a remote element: performing it asks the extension to perform the intent
    /// the element has in the same entry, found with the request that brought the entry.
    func intent(_ element: WireElement, in entry: RemoteEntry?) -> AnyAppIntent {
        let widget = self
        let family = entry?.family ?? .systemSmall
        let parameters = entry?.parameters ?? [:]
        let requestDate = entry?.requestDate ?? entry?.date ?? Date()
        let entryDate = entry?.date ?? requestDate
        return AnyAppIntent(title: element.title ?? "Intent", typeName: element.typeName ?? "AppIntent",
                            fingerprint: element.fingerprint ?? "") {
            let context = TimelineProviderContext(family: family, date: requestDate, parameters: parameters)
            try await widget.perform(element, entryDate: entryDate, context: context)
        }
    }
}
