import Foundation
import WidgetDash

/// Something that happened, as the shell takes it in: its inbox, beside the dashboard's own
/// (DashboardInbox.swift), to which it hands the dashboard's turn.
///
/// The config watcher, the config's readings and the preview tasks only post and wake the
/// loop; ``DashboardShell/advance()`` drains what they left into events.
enum ShellEvent {
    /// The config file changed on disk.
    case configChanged
    /// A reading of the config off the loop finished: its number, and what it found.
    case configRead(generation: Int, result: Handover<ConfigReadResult>)
    /// A preview's snapshot arrived (gallery, demo), by "kind@family".
    case previewArrived(key: String, entry: any TimelineEntry)
    /// The dashboard's turn: it drains its own mailboxes and runs what is due.
    case dashboardDue
    /// The settings platter's turn: its options fetched off the loop.
    case platterDue
}

extension DashboardShell {
    public func advance() {
        for event in inbox() { handle(event) }
    }

    /// What arrived, as events, in the order it is taken in: the config first (a reading
    /// that finished, then a change that starts the next; a dashboard rebuilt from it then
    /// takes in what its mailboxes hold), the previews, the dashboard, the platter.
    func inbox() -> [ShellEvent] {
        var events: [ShellEvent] = readings.take().map { .configRead(generation: $0.generation, result: $0.result) }
        if watcher?.takeChange() == true { events.append(.configChanged) }
        let previews = arrived.items.withLock { let all = $0; $0.removeAll(); return all }
        events += previews.map { ShellEvent.previewArrived(key: $0.0, entry: $0.1) }
        return events + [.dashboardDue, .platterDue]
    }

    /// The shell's router for what is not input: each event goes to what handles it.
    func handle(_ event: ShellEvent) {
        switch event {
        case .configChanged:
            requestReading()
        case .configRead(let generation, let result):
            finishReading(generation, result.take())
        case .previewArrived(let key, let entry):
            previews[key] = entry
            dirty = true
        case .dashboardDue:
            dashboard.advance()
        case .platterDue:
            if platter?.advance() == true { dirty = true }
        }
    }
}
