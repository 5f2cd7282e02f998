import Foundation
import DashCore
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
/// drawing): each timeline brings one, which the dashboard keeps for the instance when the
/// timeline's delivery reaches it (``WidgetInstance/placeholder``); before, the panel is empty.
struct RemoteWidget: Sendable {
    let path: String
    let kind: String
    let limits: RemoteLimits
    /// Where its requests' processes are registered, so that the host can kill them.
    let children: ExtensionChildren

    func request(_ kind: ExtensionRequest.Kind, _ context: TimelineProviderContext) -> ExtensionRequest {
        var request = ExtensionRequest(request: kind, kind: self.kind, family: context.family, parameters: context.parameters,
                                       date: context.date)
        // The scheme, mode and zone the host shows the widget in (its defaults when not said).
        request.rendering = context.rendering ?? RenderingEnvironment()
        return request
    }

    /// Asks for a timeline (or a snapshot). A failure after the header throws
    /// ``TimelineCutShort`` with the entries that arrived, a stopped entry dated when they run
    /// out (none when every entry arrived) and the placeholder; a failure before it throws
    /// ``ExtensionStopped``.
    func timeline(_ context: TimelineProviderContext, snapshot: Bool = false) async throws -> ErasedTimeline {
        let (collected, failure) = await ExtensionProcess.exchange(
            path: path, request: request(snapshot ? .snapshot : .timeline, context),
            limits: ExtensionProcess.Limits(first: limits.timeline, next: limits.render), children: children,
            collector: TimelineCollector(), services: .current(for: path))
        var entries: [any TimelineEntry] = collected.entries.map { entry in
            var entry = entry
            (entry.family, entry.parameters, entry.requestDate) = (context.family, context.parameters, context.date)
            entry.rendering = context.rendering
            return entry
        }
        var timeline = ErasedTimeline(entries: entries, policy: collected.header?.policy?.policy ?? .never)
        timeline.placeholder = collected.header?.placeholder.map { RemoteEntry(date: context.date, normal: $0) }
        guard let failure else { return timeline }
        let stopped = (failure as? ExtensionFailure).map { ExtensionStopped(failure: $0) as any Error } ?? failure
        guard let header = collected.header else { throw stopped }
        // The entries that arrived run out when the first one that did not was due: the header
        // announces every date; without them (an older extension), at once. When every entry
        // arrived (only the end failed), they run out when the policy asks for the next timeline.
        let dates = header.dates ?? []
        let policy = header.policy?.policy ?? .never
        let allArrived = !entries.isEmpty && entries.count == header.count
        let runsOut: Date
        switch policy {
        case _ where !allArrived:
            runsOut = dates.count == header.count && entries.count < dates.count ? dates[entries.count] : context.date
        case .after(let date): runsOut = date
        case .atEnd: runsOut = collected.entries.map(\.date).max() ?? context.date
        case .never: runsOut = context.date
        }
        if !entries.isEmpty && !allArrived {
            entries.append(RemoteEntry(date: max(runsOut, collected.entries.last?.date ?? runsOut), normal: nil,
                                       failure: Self.reason(stopped)))
        }
        timeline.entries = entries
        timeline.policy = .never
        throw TimelineCutShort(timeline: timeline, runsOut: runsOut, failure: stopped)
    }

    func perform(_ element: WireElement, entryDate: Date, context: TimelineProviderContext) async throws {
        var request = request(.perform, context)
        request.entryDate = entryDate
        request.element = element.id
        request.fingerprint = element.fingerprint
        request.isOn = element.isOn
        let (_, failure) = await ExtensionProcess.exchange(path: path, request: request,
                                                           limits: ExtensionProcess.Limits(first: limits.timeline, next: limits.render),
                                                           children: children, collector: PerformCollector(), services: .current(for: path))
        if let failure { throw failure }
    }

    /// Why a request failed, as a panel shows it after "stopped:".
    static func reason(_ error: any Error) -> String {
        switch error {
        case let stopped as ExtensionStopped: "\(stopped.failure)"
        case let cut as TimelineCutShort: reason(cut.failure)
        default: "\(error)"
        }
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

/// The provider of a remote widget: each call is a request to the extension.
extension RemoteWidget {
    var provider: AnyTimelineProvider {
        let widget = self
        return AnyTimelineProvider(
            // Never a spawn: the instance's own placeholder (from its last answer) is drawn
            // instead when there is one; this is the empty panel before any answer.
            placeholder: { context in RemoteEntry(date: context.date, normal: nil) },
            snapshot: { context in
                do {
                    return try await widget.timeline(context, snapshot: true).entries.first ?? RemoteEntry(date: context.date, normal: nil)
                } catch {
                    return RemoteEntry(date: context.date, normal: nil, failure: RemoteWidget.reason(error))
                }
            },
            timeline: { context in try await widget.timeline(context) })
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
            provider: widget.provider,
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
        let rendering = entry?.rendering
        return AnyAppIntent(title: element.title ?? "Intent", typeName: element.typeName ?? "AppIntent",
                            fingerprint: element.fingerprint ?? "") {
            var context = TimelineProviderContext(family: family, date: requestDate, parameters: parameters)
            context.rendering = rendering
            try await widget.perform(element, entryDate: entryDate, context: context)
        }
    }
}
