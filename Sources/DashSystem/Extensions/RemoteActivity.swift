import Foundation
import Synchronization
import WidgetDash

/// Reads an `activity` answer: the payloads re-encoded, and the views when both were sent.
struct ActivityCollector: AnswerCollector {
    var answer: ExtensionAnswer?
    var during: String { "while drawing its Live Activity" }

    mutating func take(_ line: Data) throws -> Bool {
        let answer = try ExtensionProtocol.decode(ExtensionAnswer.self, from: line)
        switch answer.answer {
        case .activity:
            self.answer = answer
            return true
        case .error:
            let message = answer.message ?? "the activity type failed"
            if let what = answer.what { throw ActivityPayloadError(what: what, message: message) }
            throw ExtensionFailure.failed(message)
        default: throw ProtocolError.malformed("an unexpected \(answer.answer.rawValue) answer to activity")
        }
    }
}

/// One Live Activity type of an extension: its payloads are checked and its views drawn by
/// the extension, one spawn each, with the same limits and isolation as a widget's.
///
/// The host's `ActivityDescription` is synchronous (a store change makes an activity's views
/// once, on the run loop, and keeps them until the next change). A payload check waits for the
/// extension (a command does it); the views are waited for only briefly
/// (``RemoteLimits/activityWait``), then drawn as they come, so a hang never holds the loop
/// and a trap costs only that activity's views, which then say why.
struct RemoteActivity: Sendable {
    let path: String
    /// The type as the extension knows it (the catalog may qualify it).
    let type: String
    let limits: RemoteLimits
    /// Where its requests' processes are registered, so that the host can kill them.
    let children: ExtensionChildren

    /// Sends the payloads given; the answer, or why the extension could not give it.
    func exchange(attributes: Data?, state: Data?, record: ActivityRecord? = nil, isStale: Bool = false) throws(ActivityPayloadError) -> ExtensionAnswer {
        var request = ExtensionRequest(request: .activity, date: Date(), timeZone: TimeZone.current.identifier)
        request.activityType = type
        request.attributes = attributes.map { String(decoding: $0, as: UTF8.self) }
        request.state = state.map { String(decoding: $0, as: UTF8.self) }
        request.isStale = isStale
        request.activityID = record?.id
        do {
            var collected = ActivityCollector()
            try ExtensionProcess.exchangeNow(
                path: path, request: request, limits: ExtensionProcess.Limits(first: limits.render, next: limits.render),
                children: children, collector: &collected)
            guard let answer = collected.answer else { throw ProtocolError.malformed("no answer to activity") }
            return answer
        } catch let payload as ActivityPayloadError {
            throw payload
        } catch {
            throw ActivityPayloadError(what: "stopped", message: "\(error)")
        }
    }

    /// The payload the extension re-encoded, or a malformed-answer error.
    private static func payload(_ text: String?, _ what: String) throws(ActivityPayloadError) -> Data {
        guard let text else { throw ActivityPayloadError(what: "stopped", message: "the extension sent a malformed message: no \(what) in its answer") }
        return Data(text.utf8)
    }

    /// What scripts give, in the words the built-in types use: `attributes {"line": String};
    /// state {"eta": ISO-8601, "driver": String?}`; nil when the extension could not tell.
    static func json(attributes: [String]?, state: [String]?) -> String? {
        func object(_ fields: [String]) -> String {
            let shown = fields.map { field -> String in
                let (name, type) = field.firstIndex(of: ":").map { (String(field[..<$0]), String(field[field.index(after: $0)...].dropFirst())) }
                    ?? (field, "")
                let optional = type.hasSuffix("?")
                let bare = optional ? String(type.dropLast()) : type
                let words = ["Date": "ISO-8601", "Double": "Number", "URL": "String"]
                return "\"\(name)\": \(words[bare] ?? bare)\(optional ? "?" : "")"
            }
            return "{" + shown.joined(separator: ", ") + "}"
        }
        var parts: [String] = []
        if let attributes, !attributes.isEmpty { parts.append("attributes " + object(attributes)) }
        if let state, !state.isEmpty { parts.append("state " + object(state)) }
        return parts.isEmpty ? nil : parts.joined(separator: "; ")
    }

    /// The host's description of the type.
    func description(_ wire: WireActivityType) -> ActivityDescription {
        let remote = self
        var preview: (attributes: Data, state: Data)?
        if let a = wire.previewAttributes, let s = wire.previewState { preview = (Data(a.utf8), Data(s.utf8)) }
        var text = wire.description
        if let json = Self.json(attributes: wire.attributesFields, state: wire.stateFields) { text += (text.isEmpty ? "" : " ") + json }
        return ActivityDescription.remote(
            activityType: wire.activityType, attributesTypeName: wire.attributesType, displayName: wire.displayName, description: text,
            canonicalAttributes: { data throws(ActivityPayloadError) in
                try Self.payload(try remote.exchange(attributes: data, state: nil).attributes, "attributes")
            },
            canonicalState: { data throws(ActivityPayloadError) in
                try Self.payload(try remote.exchange(attributes: nil, state: data).state, "state")
            },
            views: { record, isStale throws(ActivityPayloadError) in try remote.views(record, isStale: isStale) },
            preview: preview)
    }

    /// The views of `record`: asked on a thread of its own and waited for up to
    /// ``RemoteLimits/activityWait``; a slower answer fills in views that say `…` until it comes.
    func views(_ record: ActivityRecord, isStale: Bool) throws(ActivityPayloadError) -> ActivityViews {
        let remote = self
        let answer = PendingAnswer()
        Thread {
            do throws(ActivityPayloadError) {
                let answered = try remote.exchange(attributes: record.attributes, state: record.state, record: record, isStale: isStale)
                guard let views = answered.views else {
                    throw ActivityPayloadError(what: "stopped", message: "the extension sent a malformed message: no views in its answer")
                }
                answer.finish(.success(views))
            } catch {
                answer.finish(.failure(error))
            }
        }.start()
        let intent: @Sendable (WireElement) -> AnyAppIntent = { element in
            // Buttons in an extension's activity are drawn; pressing them is not served yet.
            AnyAppIntent(title: element.title ?? "Intent", typeName: element.typeName ?? "AppIntent", fingerprint: element.fingerprint ?? "") {
                throw ExtensionFailure.failed("the buttons of an extension's Live Activity are not served yet")
            }
        }
        switch answer.wait(limits.activityWait) {
        case .success(let views): return views.views(intent: intent)
        case .failure(let error): throw error
        case nil: return WireActivityViews.pending(answer: { answer.result }, intent: intent)
        }
    }
}

/// The answer to one `activity` request, once it has come.
final class PendingAnswer: Sendable {
    private let value = Mutex<Result<WireActivityViews, ActivityPayloadError>?>(nil)
    private let done = DispatchSemaphore(value: 0)

    func finish(_ result: Result<WireActivityViews, ActivityPayloadError>) {
        value.withLock { $0 = result }
        done.signal()
    }

    /// The answer if it came within `seconds`.
    func wait(_ seconds: TimeInterval) -> Result<WireActivityViews, ActivityPayloadError>? {
        _ = done.wait(timeout: .now() + max(0, seconds))
        return result
    }

    var result: Result<WireActivityViews, ActivityPayloadError>? { value.withLock { $0 } }
}
