@testable import DashSystem
import Foundation
import Glibc
import Testing
import WidgetDash

/// An extension's control on the host: what its tile shows before an answer, after one, and
/// when the extension failed.
@Suite struct RemoteControlTests {
    @Test func aFailureIsToldInTheFewWordsTheLabelRowHolds() {
        let reasons = [
            RemoteControlValue.shortReason(ExtensionFailure.crashed(signal: SIGILL, during: "while getting the control's value", detail: "Fatal error")),
            RemoteControlValue.shortReason(ExtensionFailure.hung(limit: 10, during: "while getting the control's value")),
            RemoteControlValue.shortReason(ExtensionFailure.exited(status: 3, during: "", detail: "")),
            RemoteControlValue.shortReason(ProtocolError.garbage("\"hello\"")),
            RemoteControlValue.shortReason(ExtensionFailure.failed("no network\u{1B}[2J")),
        ]
        #expect(reasons == ["⚠ crashed (SIGILL)", "⚠ hung (10 s)", "⚠ exited (3)", "⚠ bad answer", "⚠ no network"])
        #expect(reasons.allSatisfy { TextWidth.width(of: $0) <= WireControlValue.labelSize.width })
    }

    @Test func theTileShowsWaitingThenTheReasonAndAPressAsksAgain() async throws {
        let control = RemoteControl(path: "/nonexistent", kind: "lamp", limits: RemoteLimits(), children: ExtensionChildren())
        let description = control.description(WireControl(kind: "lamp", displayName: "Lamp", description: ""))
        let env = EnvironmentValues()
        let size = CellSize(width: 20, height: 1)
        guard case .button(let waiting, _) = description.template(description.previewValue()) else { Issue.record("not a button"); return }
        #expect(ViewRenderer.render(waiting, size: size, environment: env, now: Date()).canvas.lines.first?.trimmingCharacters(in: .whitespaces) == "…")
        // The executable does not exist: the value says so, and a press is harmless (a retry).
        let value = try await description.currentValue()
        guard case .button(let failed, let retry) = description.template(value) else { Issue.record("not a button"); return }
        let shown = ViewRenderer.render(failed, size: size, environment: env, now: Date()).canvas.lines.first ?? ""
        #expect(shown.trimmingCharacters(in: .whitespaces) == "⚠ cannot start", "\(shown)")
        try await retry.perform()
    }
}
