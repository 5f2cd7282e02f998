import Foundation
import WidgetDash

/// Taps, focus between interactive elements, links, the detail view and the control center.
/// Kept apart from the screen code in Dashboard.swift.
extension Dashboard {
    // MARK: Set-up

    /// The controls the control center (`c`) shows, in order.
    public func setControls(_ controls: [ControlDescription]) {
        interaction.controls = controls
    }

    /// Where http(s) links go instead of the detail view (nil: always the detail view).
    public func setLinkOpener(_ opener: LinkOpener?) {
        interaction.opener = opener
    }

    /// How long a `perform()` may run before it is given up, and how long an error shows
    /// (real seconds).
    public func setIntentLimits(perform: TimeInterval, message: TimeInterval) {
        interaction.performLimit = perform
        interaction.messageDuration = message
    }

    // MARK: State for tests and screens

    /// True from a tap on the widget until the timeline reloaded after it is on screen.
    public func isInvalidated(_ instance: Int) -> Bool { interaction.widgets[instance]?.isPending ?? false }

    /// The intent error shown in the widget, if any.
    public func intentMessage(_ instance: Int) -> String? { interaction.widgets[instance]?.message?.text }

    /// The interactive elements of a panel from its last render, in reading order, in screen
    /// coordinates.
    public func interactiveElements(of instance: Int) -> [InteractiveElement] {
        guard let origin = interaction.panels.first(where: { $0.id == instance })?.rect.origin else { return [] }
        return (interaction.elements[instance] ?? []).map { $0.moved(by: origin) }
    }

    /// Waits for every intent, control fetch and provider call in flight and takes in the
    /// results (tests and tools; an intent that never returns is waited for forever).
    public func settleInteractions() async {
        while true {
            let tasks = interaction.performing.values.map(\.task) + interaction.controlFetches.values
            await settle()
            if tasks.isEmpty { break }
            for task in tasks { await task.value }
            advance()
        }
        await settle()
    }

    // MARK: Rendering hooks

    /// What the panel of `instance` draws for interactivity: the focused element, toggles shown
    /// flipped, invalidation and an intent's error.
    func panelInteraction(for instance: Int) -> PanelInteraction {
        let state = interaction.widgets[instance]
        let focusedElement = FocusRing.instance(of: focus.focused) == instance ? FocusRing.element(of: focus.focused) : nil
        guard state != nil || focusedElement != nil else { return PanelInteraction() }
        return PanelInteraction(
            focusedElement: focusedElement,
            toggleOverrides: state?.toggleOverrides ?? [:],
            invalidated: state?.isPending ?? false,
            message: state?.message?.text
        )
    }

    /// Keeps what a panel's render reported: its elements and widget URL.
    func recordInteraction(_ instance: Int, _ rendered: RenderedView) {
        if rendered.interactiveElements.isEmpty {
            if interaction.elements[instance] != nil { interaction.elements[instance] = nil }
        } else {
            interaction.elements[instance] = rendered.interactiveElements.sorted { ($0.rect.y, $0.rect.x) < ($1.rect.y, $1.rect.x) }
        }
        interaction.widgetURLs[instance] = rendered.widgetURL
    }

    /// Draws the detail view of `instance` over the screen.
    func drawDetail(_ drawn: inout DashboardFrame, instance id: Int, url: URL?, now: Date) {
        guard let instance = instance(at: id) else { return }
        let rendered = DetailScreen.draw(instance, url: url, into: &drawn.frame.canvas, environment: environment, now: now,
                                         locked: isLocked, canOpen: url.map { LinkOpener.isWebURL($0) && interaction.opener != nil } ?? false)
        drawn.frame.redraw(at: rendered.nextRefresh)
    }

    /// Draws the control center over the screen.
    func drawControlCenter(_ drawn: inout DashboardFrame, now: Date) {
        drawn.regions.controlTiles = ControlCenterScreen.draw(
            interaction.controls.map { controlTile($0, now: now) }, focused: interaction.controlFocus,
            into: &drawn.frame.canvas, environment: environment, now: now, locked: isLocked)
    }

    /// The status line's notice ("opened https://…"), while it lasts.
    func interactionNotice(now: Date) -> String? {
        guard let notice = interaction.notice, notice.until > now else { return nil }
        return notice.text
    }

    // MARK: Time

    /// The earliest moment an intent is given up or a message goes away; nil when nothing is
    /// pending (idle stays idle).
    func interactionDeadline() -> Date? {
        var earliest: Date?
        func consider(_ d: Date?) { if let d, earliest.map({ d < $0 }) ?? true { earliest = d } }
        for p in interaction.performing.values { consider(p.deadline) }
        for w in interaction.widgets.values { consider(w.message?.until) }
        for c in interaction.controlValues.values { consider(c.message?.until) }
        consider(interaction.notice?.until)
        return earliest
    }

    /// Takes in a finished intent or a control's value.
    func takeIntentAnswer(_ delivery: IntentDelivery, now: Date) {
        switch delivery {
        case .performed(let serial, let error):
            finishPerform(serial, error: error, now: now)
        case .controlValue(let kind, let serial, let result):
            takeControlValue(kind, serial: serial, result: result)
        }
    }

    /// Gives up intents past their limit and clears messages whose time is over.
    func advanceInteraction(now: Date) {
        if !interaction.performing.isEmpty {
            for (serial, p) in interaction.performing where p.deadline <= now {
                // A hung intent cannot be stopped, only abandoned: cancel it (a cooperative one
                // stops) and report it like a thrown error; a late return is ignored.
                p.task.cancel()
                finishPerform(serial, error: "\(p.title) did not finish in \(TimelineScheduler.seconds(interaction.performLimit))", now: now)
            }
        }
        for (id, w) in interaction.widgets {
            if let m = w.message, m.until <= now {
                interaction.widgets[id]?.message = nil
                dirtyPanels.insert(id)
                forgetIfIdle(id)
            }
        }
        for (kind, c) in interaction.controlValues {
            if let m = c.message, m.until <= now {
                interaction.controlValues[kind]?.message = nil
                screenDirty = true
            }
        }
        if let notice = interaction.notice, notice.until <= now {
            interaction.notice = nil
            screenDirty = true
        }
    }

    /// A timeline (or the end of a request) arrived for a widget: ends its invalidation when it
    /// is the reload asked for after its intents.
    func intentReloadEnded(_ request: ReloadRequest) {
        let id = request.instance
        guard var state = interaction.widgets[id] else { return }
        if state.awaitingSerial == request.serial { state.awaitingSerial = nil }
        interaction.widgets[id] = state
        if state.needsReload { requestIntentReload(id) }
        if let updated = interaction.widgets[id], !updated.isPending, !updated.toggleOverrides.isEmpty {
            // The new timeline decides: the toggles show what it says (confirmed or reverted).
            interaction.widgets[id]?.toggleOverrides = [:]
        }
        dirtyPanels.insert(id)
        forgetIfIdle(id)
    }

    // MARK: Keys and the mouse

    /// Handles the keys of the control center and the detail view when one is open; nil for
    /// keys that are not theirs (the page's own, arrows and Enter among them, are ``HomeKeys``).
    func handleInteractionKey(_ key: Key) -> HostAction? {
        if showsControlCenter { return handleControlCenterKey(key) }
        if let detail = detailView {
            if let effect = DetailScreen.handle(key, url: detail.url) { _ = run(effect) }
            // The detail view is modal: the page's keys wait until it closes.
            return .continue
        }
        return nil
    }

    /// While locked, `c` still opens the control center (its text redacted, its actions off),
    /// as the lock screen's controls do; nil for every other key.
    func handleLockedInteractionKey(_ key: Key) -> HostAction? {
        guard isLocked, presentation.lock.prompt == nil else { return nil }
        if showsControlCenter, key == .escape || key == .character("c") { return run(.close) }
        if key == .character("c") {
            openControlCenter()
            return .continue
        }
        return nil
    }

    /// A click taps what is under it: a control tile, an element, or a panel with a widget URL.
    func handleMouse(_ mouse: MouseEvent) -> HostAction {
        guard mouse.kind == .click else { return .continue }
        if !showsControlCenter, handleActivityMouse(mouse) { return .continue }
        if showsControlCenter {
            if let i = interaction.controlTiles.firstIndex(where: { $0.contains(mouse.location) }) {
                interaction.controlFocus = i
                actOnControl(i)
                screenDirty = true
            }
            return .continue
        }
        guard !isLocked, detailView == nil, !showsInspector, !showsHelp else { return .continue }
        guard let panel = interaction.panels.first(where: { $0.rect.contains(mouse.location) }) else { return .continue }
        let local = CellPoint(x: mouse.location.x - panel.rect.x, y: mouse.location.y - panel.rect.y)
        if let element = interaction.elements[panel.id]?.first(where: { $0.rect.contains(local) }) {
            focus.focus(FocusRing.elementID(instance: panel.id, element: element.id))
            invalidateAll()
            tap(instance: panel.id, element: element)
        } else if let url = interaction.widgetURLs[panel.id] {
            openLink(url, from: panel.id)
        }
        return .continue
    }

    // MARK: Taps

    /// Taps the focused element (or opens the focused panel's widget URL).
    func activateFocused() {
        guard !isLocked, let id = FocusRing.instance(of: focus.focused) else { return }
        if let elementID = FocusRing.element(of: focus.focused) {
            guard let element = interaction.elements[id]?.first(where: { $0.id == elementID }) else { return }
            tap(instance: id, element: element)
        } else if let url = interaction.widgetURLs[id] {
            openLink(url, from: id)
        }
    }

    /// Taps an element of a widget: runs its intent (flipping a toggle at once) or opens its link.
    /// Does nothing while locked.
    public func tap(instance id: Int, element: InteractiveElement) {
        guard !isLocked else { return }
        switch element.action {
        case .open(let url):
            openLink(url, from: id)
        case .perform(let intent):
            runIntent(intent, owner: .widget(id))
        case .toggle(let isOn, let intent):
            interaction.widgets[id, default: WidgetIntentState()].toggleOverrides[element.id] = !isOn
            runIntent(intent, owner: .widget(id))
        }
        dirtyPanels.insert(id)
    }

    /// Starts `perform()` in a task, off the drawing path; its result comes back through the
    /// mailbox.
    func runIntent(_ intent: AnyAppIntent, owner: IntentOwner) {
        interaction.tapSerial += 1
        let serial = interaction.tapSerial
        let mailbox = interaction.mailbox
        let services = self.services
        let task = Task.detached {
            var message: String?
            do { try await services.bind { try await intent.perform() } } catch { message = TimelineScheduler.message(of: error) }
            mailbox.post(.performed(serial: serial, error: message))
        }
        // The limit is real seconds: on a clock running N times faster it is N times longer.
        let deadline = clock.now().addingTimeInterval(interaction.performLimit * scheduler.clockSpeed)
        interaction.performing[serial] = PerformingIntent(owner: owner, title: intent.title, deadline: deadline, task: task)
        if case .widget(let id) = owner { interaction.widgets[id, default: WidgetIntentState()].running.insert(serial) }
    }

    private func finishPerform(_ serial: Int, error: String?, now: Date) {
        // Answers from intents already given up are dropped: they were reported then.
        guard let p = interaction.performing.removeValue(forKey: serial) else { return }
        let until = now.addingTimeInterval(interaction.messageDuration * scheduler.clockSpeed)
        switch p.owner {
        case .widget(let id):
            interaction.widgets[id]?.running.remove(serial)
            if let error { interaction.widgets[id]?.message = (error, until) }
            // Always reloaded when perform() is over, outside the budget (`.intent` is exempt).
            requestIntentReload(id)
            dirtyPanels.insert(id)
            forgetIfIdle(id)
        case .control(let kind):
            if let error { interaction.controlValues[kind]?.message = (error, until) }
            fetchControlValue(kind)
            screenDirty = true
        case .activity:
            // The intent's update comes back through the store; only a failure is news here.
            if let error {
                interaction.notice = (TextSanitizer.sanitize("\(p.title): \(error)", keepNewlines: false), until)
                screenDirty = true
            }
        }
    }

    private func requestIntentReload(_ id: Int) {
        let effects = scheduler.requestReload(id, reason: .intent, at: clock.now())
        perform(effects)
        let serial = effects.lazy.compactMap { effect -> Int? in
            if case .reload(let r) = effect, r.instance == id { return r.serial }
            return nil
        }.first
        if let serial {
            interaction.widgets[id]?.awaitingSerial = serial
            interaction.widgets[id]?.needsReload = false
        } else {
            interaction.widgets[id]?.needsReload = true
        }
    }

    /// Drops a widget's entry when nothing about it is pending any more.
    private func forgetIfIdle(_ id: Int) {
        guard let s = interaction.widgets[id], !s.isPending, s.message == nil, s.toggleOverrides.isEmpty else { return }
        interaction.widgets[id] = nil
    }

    // MARK: Links

    /// Opens a link: an http(s) URL goes to the opener when one is configured, anything else
    /// (or with no opener) opens the widget's detail view.
    func openLink(_ url: URL, from instance: Int) {
        if LinkOpener.isWebURL(url), interaction.opener != nil {
            openExternally(url)
            return
        }
        push(.detail(instance: instance, url: url))
    }

    func openExternally(_ url: URL) {
        guard let opener = interaction.opener else { return }
        let text: String
        do {
            try opener.open(url)
            text = "opened " + url.absoluteString
        } catch {
            text = "could not open \(url.absoluteString): \(error)"
        }
        interaction.notice = (TextSanitizer.sanitize(text, keepNewlines: false), clock.now().addingTimeInterval(3 * scheduler.clockSpeed))
        screenDirty = true
    }
}
