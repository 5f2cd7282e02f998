import Foundation
import WidgetDash

extension Dashboard {
    /// The widget instance the focus is on (its panel or one of its buttons), nil when none.
    public var focusedInstanceID: Int? { FocusRing.instance(of: focus.focused) }

    /// Gives instance `id` new parameters and reloads it at once as the person's act
    /// (`.user`, outside the budget), as saving a configuration on iOS reloads that widget.
    public func reconfigure(_ id: Int, parameters: [String: String]) {
        guard let instance = instance(at: id) else { return }
        if placements.indices.contains(id) { placements[id].parameters = parameters }
        instance.description = instance.description.configured(with: parameters)
        dirtyPanels.insert(id)
        perform(scheduler.requestReload(id, reason: .user, at: clock.now()))
    }
}

extension DashboardShell {
    /// The config page, slot and member of home instance `id` (instances are numbered in
    /// page order, stack members one by one).
    func location(of id: Int) -> (page: Int, slot: Int, member: Int)? {
        var next = 0
        for (p, page) in lastPages.enumerated() {
            for (s, slot) in page.enumerated() {
                if id < next + slot.members.count { return (p, s, id - next) }
                next += slot.members.count
            }
        }
        return nil
    }

    /// Opens the platter on the focused widget; false (with a notice) when it has no options.
    @discardableResult
    public func openPlatter() -> Bool {
        guard let id = dashboard.focusedInstanceID, let instance = dashboard.instance(at: id) else {
            notice("Tab to a widget first, then e to configure it")
            return false
        }
        guard instance.description.isConfigurable else {
            notice("\(instance.description.displayName) has no options")
            return false
        }
        let values = dashboard.placements.indices.contains(id) ? dashboard.placements[id].parameters : [:]
        platter = ConfigurationPlatter(instanceID: id, title: instance.description.displayName,
                                       parameters: instance.description.configurationParameters, values: values, waker: waker,
                                       services: dashboard.services)
        return true
    }

    func handlePlatter(_ key: Key) -> HostAction {
        guard let platter else { return .continue }
        switch platter.handle(key) {
        case .none: break
        case .cancel: self.platter = nil
        case .save(let values):
            self.platter = nil
            saveConfiguration(platter.instanceID, values: values)
        }
        dirty = true
        dashboard.invalidateAll()
        return .continue
    }

    /// Reloads the instance with `values` and writes them into its placement in the config.
    func saveConfiguration(_ id: Int, values: [String: String]) {
        guard dashboard.placements.indices.contains(id) else { return }
        let before = dashboard.placements[id]
        dashboard.reconfigure(id, parameters: values)
        guard options.commandLine.placements == nil else {
            notice("Reloaded; not saved: --widget chose this screen")
            return
        }
        guard let (page, slot, member) = location(of: id) else { return }
        let old = lastPages[page][slot]
        var members = old.members
        guard members.indices.contains(member), members[member] == before else { return }
        members[member].parameters = values
        let new: PagePlacement = members.count == 1 ? .widget(members[0]) : .stack(members)
        let file = options.config.file ?? options.files.defaultConfigFile
        let existing = options.files.text(of: file)
        let text = existing ?? ConfigTemplate.text(pages: options.config.defaultPages, lockScreen: options.config.defaultLockScreen)
        do {
            let edited = try ConfigEditor.replacing(old, with: new, onPage: page, in: text, widgets: widgets, file: file.path)
            try options.files.write(edited, to: file)
            if existing != nil {
                // The dashboard already runs these values: the watcher's reload of our own
                // write finds nothing new instead of rebuilding every widget.
                loadedText = edited
                lastPages[page][slot] = new
            } else {
                requestReading()
            }
        } catch {
            notice("Reloaded; could not save: \(error)")
            return
        }
        notice("Saved \(new.members[member])")
    }
}
