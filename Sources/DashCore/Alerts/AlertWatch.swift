import Foundation
import WidgetDash

/// What the host does when a watched value changes level: ring the bell, run the widget's
/// `on_alert` command, or start, update or end its alert Live Activity.
package enum AlertAction: Sendable, Equatable {
    case bell
    /// `on_alert`, with the value and levels in its environment.
    case command(String, environment: [String: String])
    /// Starts the widget's alert activity, or updates the one it has.
    case showActivity(widget: String, value: Double, level: AlertLevel)
    case endActivity(widget: String)
}

/// Which level each widget's value was at, and what a new value changes: pure, so each rule
/// (a crossing rings once, a recovery ends the activity) is tested without a terminal.
///
/// Keyed by the widget's name, so a widget placed twice alerts once.
package struct AlertWatch: Sendable {
    /// How a widget alerts: `alert = "bell"` or `"activity"`; `on_alert` runs in either case.
    package static let modes = ["bell", "activity"]

    private var levels: [String: AlertLevel] = [:]
    private var shownValues: [String: Double] = [:]

    package init() {}

    /// The level `widget` was last seen at.
    package func level(of widget: String) -> AlertLevel { levels[widget] ?? .normal }

    /// Takes the value a widget now shows (nil: none yet, which changes nothing) and returns
    /// what to do about it.
    package mutating func observe(widget: String, value: Double?, parameters: [String: String]) -> [AlertAction] {
        guard let threshold = AlertThreshold(parameters: parameters), let value, value.isFinite else { return [] }
        let previous = level(of: widget)
        let level = threshold.level(of: value)
        levels[widget] = level
        var actions: [AlertAction] = []
        let mode = parameters["alert"]
        if level > previous, mode == "bell" { actions.append(.bell) }
        if level != previous, let command = parameters["on_alert"], !command.isEmpty {
            actions.append(.command(command, environment: [
                "WIDGETDASH_WIDGET": widget, "WIDGETDASH_VALUE": AlertThreshold.show(value),
                "WIDGETDASH_LEVEL": level.name, "WIDGETDASH_PREVIOUS_LEVEL": previous.name,
            ]))
        }
        if mode == "activity" {
            if level > .normal, level != previous || shownValues[widget] != value {
                actions.append(.showActivity(widget: widget, value: value, level: level))
                shownValues[widget] = value
            } else if level == .normal, previous > .normal {
                actions.append(.endActivity(widget: widget))
                shownValues[widget] = nil
            }
        }
        return actions
    }
}
