import Foundation
import WidgetDash

/// The dashboard's side of the shared store: per-instance parameters, and reloading exactly the
/// widgets a script's write concerns.
extension Dashboard {
    /// The placement parameters of an instance (empty for the lock screen's own instances).
    func parameters(of id: Int) -> [String: String] {
        placements.indices.contains(id) ? placements[id].parameters : [:]
    }

    /// The description an instance is drawn with: a `title` parameter names its panel.
    static func described(_ description: WidgetDescription, by placement: WidgetPlacement) -> WidgetDescription {
        guard let title = placement.parameters["title"], !title.isEmpty else { return description }
        var named = description
        named.displayName = TextSanitizer.sanitize(title, keepNewlines: false)
        return named
    }

    /// Scheduler settings of an instance: a `timeout` parameter (a command's time limit) gives
    /// its provider that long plus a second, so the scheduler does not abandon the command
    /// before the command's own time-out has killed it and reported why.
    static func instanceSettings(for placement: WidgetPlacement, of description: WidgetDescription) -> InstanceSettings {
        let timeout = placement.parameters["timeout"] ?? description.configurationParameters.first { $0.name == "timeout" }?.defaultValue
        guard let text = timeout, let seconds = DurationText.seconds(text) else { return InstanceSettings() }
        return InstanceSettings(timeout: seconds + 1)
    }

    /// The instances a change concerns.
    ///
    /// A key `K.N` concerns the widgets of kind `K` and every widget with a parameter whose
    /// value is exactly `K.N` (`key=cpu.temp`); a pushed timeline `T` concerns the widgets of
    /// kind `T` and those with `timeline=T`; `reload K` the widgets of kind `K` (nil: all).
    public func instances(affectedBy change: StoreChange) -> [Int] {
        instances.filter { instance in
            let kind = instance.description.kind
            // Defaults count: a config's data widget has its key preset, not placed.
            var parameters = parameters(of: instance.id)
            for p in instance.description.configurationParameters where parameters[p.name] == nil {
                if let value = p.defaultValue { parameters[p.name] = value }
            }
            switch change {
            case .key(let key):
                return kind == StoreKey.kind(ofKey: key) || parameters.values.contains(key)
            case .timeline(let name):
                return kind == name || parameters["timeline"] == name
            case .reload(let target):
                return target == nil || target == kind
            case .activity:
                // Activities are not widgets: the activity controller reloads them.
                return false
            }
        }.map(\.id)
    }

    /// Reloads the widgets that queued changes concern, once each, as WidgetCenter reloads
    /// (exempt from the budget: a script writing is the app in the foreground).
    func handleStoreChanges(_ changes: [StoreChange], at now: Date) {
        guard !changes.isEmpty else { return }
        if changes.contains(where: { if case .activity = $0 { true } else { false } }) { activities?.reload() }
        var seen = Set<Int>()
        for change in changes {
            for id in instances(affectedBy: change) where seen.insert(id).inserted {
                perform(scheduler.requestReload(id, reason: .widgetCenter, at: now))
            }
        }
    }
}
