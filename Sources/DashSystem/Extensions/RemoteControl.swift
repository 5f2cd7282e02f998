import Foundation
import Synchronization
import WidgetDash

/// Reads a `controlValue` answer: the control drawn for its current value.
struct ControlValueCollector: AnswerCollector {
    var value: WireControlValue?
    var during: String { "while getting the control's value" }

    mutating func take(_ line: Data) throws -> Bool {
        let answer = try ExtensionProtocol.decode(ExtensionAnswer.self, from: line)
        switch answer.answer {
        case .control:
            guard let control = answer.control else { throw ProtocolError.malformed("a control answer without the control") }
            value = control
            return true
        case .error: throw ExtensionFailure.failed(answer.message ?? "the value provider failed")
        default: throw ProtocolError.malformed("an unexpected \(answer.answer.rawValue) answer to controlValue")
        }
    }
}

/// A control's value on the host: what the extension drew for it, or why there is none.
///
/// The control center keeps it as the control's value and hands it back to the template, so
/// the tile shows the extension's cells; the host never sees the extension's own value type.
struct RemoteControlValue: Sendable {
    /// Nil before the first answer.
    var drawn: WireControlValue?
    /// Why the last request failed (the extension stopped), in a few words: the tile's label
    /// row has 20 columns.
    var failure: String?
}

extension RemoteControlValue {
    /// What a control's tile says when its extension failed: the kind of failure, short
    /// enough for the label row (`⚠ crashed (SIGILL)`, `⚠ hung (10 s)`), or the provider's own
    /// error.
    static func shortReason(_ error: any Error) -> String {
        guard let failure = error as? ExtensionFailure else { return "⚠ bad answer" }
        switch failure {
        case .crashed(let signal, _, _): return "⚠ crashed (\(ExtensionFailure.signalName(signal)))"
        case .hung(let limit, _): return "⚠ hung (\(Int(limit.rounded())) s)"
        case .exited(let status, _, _): return "⚠ exited (\(status))"
        case .garbage: return "⚠ bad answer"
        case .cannotStart: return "⚠ cannot start"
        case .failed(let message): return "⚠ " + TextSanitizer.sanitize(message, keepNewlines: false)
        case .closing: return "⚠ closing"
        }
    }
}

/// One control kind of an extension, as the host asks it for values and presses.
///
/// A value is one spawn (`controlValue`), a press another (`controlPerform`), after which the
/// control center asks for the value again, as WidgetKit does after a control's action.
struct RemoteControl: Sendable {
    let path: String
    /// The kind as the extension knows it (the catalog may qualify it).
    let kind: String
    let limits: RemoteLimits
    /// Where its requests' processes are registered, so that the host can kill them.
    let children: ExtensionChildren
    /// The last value answered: the preview of the next opening of the control center.
    let last = LastControlValue()

    func request(_ kind: ExtensionRequest.Kind) -> ExtensionRequest {
        ExtensionRequest(request: kind, kind: self.kind, date: Date(), timeZone: TimeZone.current.identifier)
    }

    /// The value now; a failure is a value too, so that the tile shows why.
    func currentValue() async -> RemoteControlValue {
        do {
            let (collected, failure) = await ExtensionProcess.exchange(
                path: path, request: request(.controlValue),
                limits: ExtensionProcess.Limits(first: limits.timeline, next: limits.render), children: children,
                collector: ControlValueCollector(), services: .current(for: path))
            if let failure { throw failure }
            last.set(collected.value)
            return RemoteControlValue(drawn: collected.value)
        } catch {
            return RemoteControlValue(drawn: last.get(), failure: RemoteControlValue.shortReason(error))
        }
    }

    /// Runs the intent of the control as `shown` drew it.
    func perform(_ shown: WireControlValue) async throws {
        var request = request(.controlPerform)
        request.fingerprint = shown.fingerprint
        request.isOn = shown.isOn
        let (_, failure) = await ExtensionProcess.exchange(path: path, request: request,
                                                           limits: ExtensionProcess.Limits(first: limits.timeline, next: limits.render),
                                                           children: children, collector: PerformCollector(), services: .current(for: path))
        if let failure = failure as? ExtensionFailure { throw ExtensionStopped(failure: failure) }
        if let failure { throw failure }
    }

    /// The host's description of the control.
    func description(_ wire: WireControl) -> ControlDescription {
        let control = self
        return ControlDescription.remote(
            kind: wire.kind, displayName: wire.displayName, description: wire.description,
            previewValue: { RemoteControlValue(drawn: control.last.get()) },
            currentValue: { await control.currentValue() },
            template: { value in control.template(value as? RemoteControlValue ?? RemoteControlValue()) })
    }

    /// What the tile shows for `value`: the extension's cells and its intent, or why it stopped.
    func template(_ value: RemoteControlValue) -> ControlTemplate {
        let control = self
        guard let drawn = value.drawn, value.failure == nil else {
            // A press asks again (the control center fetches the value after every action).
            let retry = AnyAppIntent(title: "Retry", typeName: "Retry", fingerprint: "") {}
            let text = value.failure ?? "…"
            return .button(label: AnyView(Text(text).foregroundStyle(value.failure == nil ? Color.secondary : Color.red)), intent: retry)
        }
        let label = AnyView(RemoteControlLabel(drawn: drawn.label))
        let intent = AnyAppIntent(title: drawn.intentTitle, typeName: drawn.typeName, fingerprint: drawn.fingerprint) {
            try await control.perform(drawn)
        }
        if drawn.template == "toggle" {
            return .toggle(title: drawn.title ?? "", isOn: drawn.isOn ?? false, intent: intent, valueLabel: label)
        }
        return .button(label: label, intent: intent)
    }
}

/// The last value a control's extension answered.
final class LastControlValue: Sendable {
    private let value = Mutex<WireControlValue?>(nil)
    func set(_ drawn: WireControlValue?) { value.withLock { $0 = drawn } }
    func get() -> WireControlValue? { value.withLock { $0 } }
}

/// A control's label as the extension drew it; masked on a locked dashboard, as the tile's
/// title is (the cells are the extension's, so the redaction cannot reach into them).
struct RemoteControlLabel: View {
    @Environment(\.redactionReasons) var redactionReasons
    let drawn: WireRendering

    var body: some View {
        if redactionReasons.contains(.placeholder) {
            Text(String(repeating: "▒", count: 8))
        } else {
            // A label's own buttons are not the control's: the tile runs the control's intent.
            RemoteContentView(entry: RemoteEntry(date: Date(timeIntervalSince1970: 0), normal: drawn)) { _ in
                AnyAppIntent(title: "", typeName: "", fingerprint: "") {}
            }
        }
    }
}
