import Foundation
import WidgetDash

/// The control center (`c`): opening it, its keys, acting on a control, and its controls'
/// values fetched off the loop. Kept apart from the widgets' taps in DashboardInteraction.swift.
extension Dashboard {
    func openControlCenter() {
        push(.controlCenter)
        if interaction.controlFocus == nil, !interaction.controls.isEmpty { interaction.controlFocus = 0 }
        for control in interaction.controls {
            if interaction.controlValues[control.kind] == nil {
                interaction.controlValues[control.kind] = ControlValueState(value: control.previewValue())
            }
            fetchControlValue(control.kind)
        }
        screenDirty = true
    }

    func handleControlCenterKey(_ key: Key) -> HostAction? {
        let columns = ControlCenterScreen.columns(for: screenSize.width)
        guard let effect = ControlCenterScreen.handle(key, focus: &interaction.controlFocus, count: interaction.controls.count, columns: columns) else {
            // The focus moved.
            screenDirty = true
            return .continue
        }
        return run(effect)
    }

    /// Acts on a control: a button runs its intent; a toggle flips at once and runs its intent.
    /// Does nothing while locked.
    public func actOnControl(_ index: Int) {
        guard !isLocked, interaction.controls.indices.contains(index) else { return }
        let control = interaction.controls[index]
        guard let state = interaction.controlValues[control.kind] else { return }
        // A flip still waiting for its value counts: the next tap flips what is shown.
        var value = state.value
        if let optimistic = state.optimisticIsOn, value is Bool { value = optimistic }
        switch control.template(value) {
        case .button(_, let intent):
            runIntent(intent, owner: .control(control.kind))
        case .toggle(_, let isOn, let intent, _):
            interaction.controlValues[control.kind]?.optimisticIsOn = !(state.optimisticIsOn ?? isOn)
            runIntent(intent, owner: .control(control.kind))
        }
        screenDirty = true
    }

    func fetchControlValue(_ kind: String) {
        guard let control = interaction.controls.first(where: { $0.kind == kind }) else { return }
        interaction.controlValues[kind, default: ControlValueState(value: control.previewValue())].fetchSerial += 1
        interaction.controlValues[kind]?.isFetching = true
        let serial = interaction.controlValues[kind]?.fetchSerial ?? 0
        let mailbox = interaction.mailbox
        let current = control.currentValue
        let services = self.services
        interaction.controlFetches[kind] = Task.detached {
            let result: Result<any Sendable, any Error>
            do { result = .success(try await services.bind { try await current() }) } catch { result = .failure(error) }
            mailbox.post(.controlValue(kind: kind, serial: serial, result: result))
        }
    }

    func takeControlValue(_ kind: String, serial: Int, result: Result<any Sendable, any Error>) {
        guard var state = interaction.controlValues[kind], state.fetchSerial == serial else { return }
        interaction.controlFetches[kind] = nil
        state.isFetching = false
        switch result {
        case .success(let value):
            state.value = value
            state.isStale = false
        case .failure:
            // A failing provider keeps the last known value, marked as such.
            state.isStale = true
        }
        // The fetched (or last known) value decides, as the next timeline does for a widget.
        state.optimisticIsOn = nil
        interaction.controlValues[kind] = state
        screenDirty = true
    }

    func controlTile(_ control: ControlDescription, now: Date) -> ControlCenterScreen.Tile {
        let state = interaction.controlValues[control.kind] ?? ControlValueState(value: control.previewValue())
        var value = state.value
        if let optimistic = state.optimisticIsOn, value is Bool { value = optimistic }
        let template = control.template(value)
        var isOn: Bool?
        let label: AnyView
        switch template {
        case .button(let l, _): label = l
        case .toggle(_, let on, _, let l):
            isOn = state.optimisticIsOn ?? on
            label = l
        }
        return ControlCenterScreen.Tile(title: control.displayName, label: label, isOn: isOn, isStale: state.isStale,
                                        isFetching: state.isFetching, message: state.message?.text)
    }
}
