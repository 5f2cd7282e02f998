import Foundation
import WidgetDash

/// The dashboard's scheduling controls: `r`, time travel, the inspector's table and
/// WidgetCenter. Kept apart from the screen code in Dashboard.swift.
extension Dashboard {
    /// Reloads the focused widget as the person asked (`r`); the inspector shows it at once.
    func reloadFocused() {
        guard let id = focus.focused else { return }
        perform(scheduler.requestReload(id, reason: .user, at: clock.now()))
        if showsInspector { screenDirty = true }
    }

    /// Reloads the widgets of a kind (nil: all) for a reason that is not the policy, such as
    /// `.appearance` after a theme change or `.intent` after a tap.
    public func reloadTimelines(ofKind kind: String? = nil, reason: ReloadReason) {
        perform(scheduler.requestReload(kind: kind, reason: reason, at: clock.now()))
    }

    /// What makes `WidgetCenter` talk to this dashboard: the shell's ``WidgetCenterRelay``
    /// connects it, a test may make a `WidgetCenter(handler:)` of it.
    public var widgetCenterHandler: WidgetCenter.Handler { center.handler }

    /// Jumps the clock ahead (time travel); whatever became due is processed at once.
    public func travel(by seconds: TimeInterval) {
        guard let travel = clock as? TravelClock else { return }
        let before = travel.now()
        travel.jump(by: seconds)
        perform(scheduler.clockJumped(from: before, to: travel.now()))
        advance()
        invalidateAll()
    }

    /// Returns to the real time at real speed; every widget reloads for the real "now".
    public func returnToRealTime() {
        guard let travel = clock as? TravelClock, !travel.isRealTime else { return }
        let before = travel.now()
        travel.returnToRealTime()
        scheduler.clockSpeed = 1
        perform(scheduler.clockJumped(from: before, to: travel.now(), reloadReason: .user))
        advance()
        invalidateAll()
    }

    /// "Sun 22 Nov 08:15:00 ×60" when the clock is not real time, else nil.
    func travelStatus(now: Date) -> String? {
        // Only a travelling clock is announced: a manual clock is a test's, and its screens
        // should read like the real thing.
        guard let travel = clock as? TravelClock, !travel.isRealTime else { return nil }
        let calendar = environment.calendarInZone
        let c = calendar.dateComponents([.weekday, .day, .month, .hour, .minute, .second], from: now)
        let days = ["Sun", "Mon", "Tue", "Wed", "Thu", "Fri", "Sat"]
        let months = ["Jan", "Feb", "Mar", "Apr", "May", "Jun", "Jul", "Aug", "Sep", "Oct", "Nov", "Dec"]
        let day = days[max(0, min(6, (c.weekday ?? 1) - 1))]
        let month = months[max(0, min(11, (c.month ?? 1) - 1))]
        let time = String(format: "%02d:%02d:%02d", c.hour ?? 0, c.minute ?? 0, c.second ?? 0)
        let s = travel.speed
        let speed = s == s.rounded() ? " ×\(Int(s))" : String(format: " ×%.2g", s)
        return "⏱ simulated \(day) \(c.day ?? 1) \(month) \(time)\(speed)"
    }

    /// The inspector over the page.
    func drawInspector(_ screen: inout Canvas, page: [WidgetInstance], now: Date) {
        let calendar = environment.calendarInZone
        var rows = page.map {
            InspectorScreen.row(for: $0, info: scheduler.info(for: $0.id, at: now), now: now, calendar: calendar,
                                focused: focus.focused == $0.id)
        }
        let widgets = rows.count
        // Live Activities follow the widgets: their state and the next change of it.
        for record in activities?.shown(at: now) ?? [] {
            var problem: String?
            if case .failure(let error) = activities?.views(for: record, at: now) { problem = error.description }
            rows.append(InspectorScreen.row(for: record, now: now, calendar: calendar, problem: problem))
        }
        var title = "Inspector · page \(currentPage + 1) · \(widgets) widget\(widgets == 1 ? "" : "s")"
        if rows.count > widgets { title += " · \(rows.count - widgets) Live Activit\(rows.count - widgets == 1 ? "y" : "ies")" }
        InspectorScreen.draw(rows, title: title, into: &screen, palette: environment.palette)
    }

    // MARK: Running what the scheduler asks

    func perform(_ effects: [TimelineScheduler.Effect]) {
        for effect in effects {
            switch effect {
            case .reload(let request): startReload(request)
            case .entryChanged(let id):
                dirtyPanels.insert(id)
                if let alerts, let instance = instance(at: id) { alerts.observe(widget: instance.description.kind, entry: instance.currentEntry) }
            case .deferred(let id, _, _): dirtyPanels.insert(id)
            case .timedOut(let request):
                // Abandoned: cancel the task (a cooperative provider stops) and stop waiting for it.
                inFlight.removeValue(forKey: request.serial)?.cancel()
                dirtyPanels.insert(request.instance)
                intentReloadEnded(request)
            }
        }
        // The inspector shows the scheduler's state: anything that happened changes it.
        if showsInspector && !effects.isEmpty { screenDirty = true }
    }

    /// How an instance is shown, as a widget extension is told: the presentation's scheme (the
    /// environment takes it only once the dashboard is set up, after the first reloads start)
    /// and the dashboard's zone, vibrant on the lock screen and full color elsewhere.
    func rendering(of id: Int) -> RenderingEnvironment {
        RenderingEnvironment(colorScheme: presentation.scheme, renderingMode: presentation.lockScreenIDs.contains(id) ? .vibrant : .fullColor,
                             timeZone: environment.timeZone)
    }

    private func startReload(_ request: ReloadRequest) {
        guard let instance = instance(at: request.instance) else { return }
        let provider = instance.description.provider
        // The travelled "now": providers date their entries from the dashboard's clock.
        var context = TimelineProviderContext(family: instance.family, date: clock.now(), parameters: parameters(of: request.instance))
        context.rendering = rendering(of: request.instance)
        let mailbox = self.mailbox
        let services = self.services
        let asked = context
        let work: @Sendable () async -> Void = {
            let started = ContinuousClock.now
            let result: Result<ErasedTimeline, any Error>
            do { result = .success(try await services.bind { try await provider.timeline(asked) }) } catch { result = .failure(error) }
            let elapsed = ContinuousClock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            mailbox.post(ProviderDelivery(request: request, result: result, seconds: seconds))
        }
        if let loopExecutor, loopKinds.contains(instance.description.kind) {
            inFlight[request.serial] = Task.detached(executorPreference: loopExecutor, operation: work)
        } else {
            inFlight[request.serial] = Task.detached(operation: work)
        }
    }
}
