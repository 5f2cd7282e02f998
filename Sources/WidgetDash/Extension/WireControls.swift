import Foundation

/// One control kind as `describe` tells it (protocol minor 1).
///
/// Only names: the control's code (its value provider, even its preview value) runs in
/// `controlValue` requests, so a control that traps costs its own tile, never the extension's
/// load.
package struct WireControl: Codable, Hashable, Sendable {
    package var kind: String
    package var displayName: String
    package var description: String

    package init(kind: String, displayName: String, description: String) {
        self.kind = kind
        self.displayName = displayName
        self.description = description
    }
}

/// A control drawn for one value: what its tile shows and what a press runs.
package struct WireControlValue: Codable, Hashable, Sendable {
    /// `button` or `toggle`.
    package var template: String
    /// A toggle's title and its state for this value.
    package var title: String?
    package var isOn: Bool?
    /// A button's label or a toggle's value label, drawn in one row of the tile
    /// (``labelSize``), left-aligned as the tile draws it.
    package var label: WireRendering
    /// The intent a press runs: its title, type and fingerprint (see ``AnyAppIntent``).
    package var intentTitle: String
    package var typeName: String
    package var fingerprint: String

    /// The label row of a control center tile: its 24 columns less the border and padding.
    package static let labelSize = CellSize(width: 20, height: 1)
}

extension ControlDescription {
    /// A control whose value, template and intent live elsewhere (an extension's, on the host).
    package static func remote(kind: String, displayName: String, description: String,
                               previewValue: @escaping @Sendable () -> any Sendable,
                               currentValue: @escaping @Sendable () async throws -> any Sendable,
                               template: @escaping (any Sendable) -> ControlTemplate) -> ControlDescription {
        ControlDescription(kind: kind, displayName: displayName, description: description, previewValue: previewValue,
                           currentValue: currentValue, template: template)
    }
}

extension ExtensionRendering {
    /// The control as `describe` tells it.
    static func wire(_ control: ControlDescription) -> WireControl {
        WireControl(kind: control.kind, displayName: control.displayName, description: control.description)
    }

    /// The control's template for `value`, drawn as its tile's label row shows it.
    static func wire(_ template: ControlTemplate, rendering: RenderingEnvironment, now: Date) -> WireControlValue {
        let label: AnyView
        let intent: AnyAppIntent
        var isOn: Bool?, title: String?
        switch template {
        case .button(let l, let i): (label, intent) = (l, i)
        case .toggle(let t, let on, let i, let l): (label, intent, isOn, title) = (l, i, on, t)
        }
        var env = environment(family: .accessoryRectangular, rendering: rendering, reasons: [])
        env.widgetFamily = .accessoryRectangular
        let prepared = ViewRenderer.prepare(label.frame(maxWidth: .infinity, alignment: .leading).lineLimit(1), environment: env)
        var canvas = Canvas(size: WireControlValue.labelSize, fill: .blank())
        var rendered = prepared.draw(into: &canvas, in: canvas.bounds, now: now, recordsLiveText: true)
        rendered.canvas = canvas
        return WireControlValue(template: isOn == nil ? "button" : "toggle", title: title, isOn: isOn, label: wire(rendered),
                                intentTitle: intent.title, typeName: intent.typeName, fingerprint: intent.fingerprint)
    }
}

extension ExtensionServer {
    /// Answers `controlValue` (the provider's current value, drawn) and `controlPerform` (the
    /// intent of the control as the host showed it, run).
    func serveControl(_ request: ExtensionRequest) async {
        guard let kind = request.kind, let control = controls.first(where: { $0.kind == kind }) else {
            return fail("no control of kind \"\(request.kind ?? "")\" here")
        }
        let now = request.date ?? Date()
        if request.request == .controlValue {
            do {
                let value = try await control.currentValue()
                var answer = ExtensionAnswer(answer: .control)
                answer.control = ExtensionRendering.wire(control.template(value), rendering: request.rendering, now: now)
                emit(answer)
            } catch {
                fail("\(error)")
            }
            return
        }
        // The value the tile showed: a toggle's state when the provider's values are Bool (the
        // common case, and exact even if the value changed since), else the value now.
        let value: any Sendable
        if let isOn = request.isOn, control.previewValue() is Bool {
            value = isOn
        } else {
            do { value = try await control.currentValue() } catch { return fail("\(error)") }
        }
        let intent: AnyAppIntent
        switch control.template(value) {
        case .button(_, let i), .toggle(_, _, let i, _): intent = i
        }
        guard request.fingerprint == nil || intent.fingerprint == request.fingerprint else {
            return fail("the control pressed has changed since it was drawn (its intent is not the one shown)")
        }
        do {
            try await intent.perform()
            emit(ExtensionAnswer(answer: .performed))
        } catch {
            fail("\(error)")
        }
    }
}
