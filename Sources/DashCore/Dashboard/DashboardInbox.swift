import Foundation
import WidgetDash

/// Something that happened, as the dashboard takes it in: the one inbox that
/// ``Dashboard/handle(_:at:)`` routes.
///
/// Input comes from the run loop. The rest comes from the mailboxes, the thread-safe queues
/// that provider tasks, intents, passcode checks, `WidgetCenter` and the store's listener post
/// to (each post wakes the loop); ``Dashboard/advance()`` drains them into events.
enum DashboardEvent {
    /// A key, a click or a new terminal size.
    case input(InputEvent)
    /// A provider's answer to a timeline request, or its failure.
    case timelineAnswered(ProviderDelivery)
    /// An intent's `perform()` returned or threw, or a control's value came.
    case intentAnswered(IntentDelivery)
    /// A typed passcode was checked.
    case passcodeChecked(PasscodeCheck)
    /// `WidgetCenter` asked to reload the timelines of a kind (nil: every widget).
    case widgetCenterReload(kind: String?)
    /// Scripts changed the shared store (widget data, pushed timelines, Live Activities).
    case storeChanged([StoreChange])
    /// The time came for what is due.
    case deadline(Due)

    /// What a deadline runs.
    enum Due {
        /// Intents past their limit are given up; messages and notices whose time is over go.
        case interaction
        /// Live Activities change state, the scheduler's due reloads and entries run, Smart
        /// Stacks rotate, auto-lock locks.
        case state
    }
}

extension Dashboard {
    /// Does everything that is due now and takes in what the mailboxes hold, as events.
    public func advance() {
        let now = clock.now()
        for event in inbox() { handle(event, at: now) }
    }

    /// The mailboxes drained into events, in the order they are taken in: a timeline before
    /// the intents' answers (an intent's reload waits for the timeline in flight), the intents'
    /// time-outs before the passcode, `WidgetCenter` and the store (their reloads may meet the
    /// same widget), and the state's deadlines last, once everything that arrived is in.
    func inbox() -> [DashboardEvent] {
        var events = mailbox.drain().map(DashboardEvent.timelineAnswered)
        events += interaction.mailbox.drain().map(DashboardEvent.intentAnswered)
        events.append(.deadline(.interaction))
        events += presentation.passcodeChecks.drain().map(DashboardEvent.passcodeChecked)
        events += center.drain().map { DashboardEvent.widgetCenterReload(kind: $0) }
        let changes = storeChanges.drain()
        if !changes.isEmpty { events.append(.storeChanged(changes)) }
        events.append(.deadline(.state))
        return events
    }

    public func handle(_ event: InputEvent) -> HostAction {
        handle(.input(event), at: clock.now())
    }

    /// The router's one entry: each event goes to what handles it; input goes to the screens
    /// (see ``handleInput(_:)``).
    @discardableResult
    func handle(_ event: DashboardEvent, at now: Date) -> HostAction {
        switch event {
        case .input(let input):
            return handleInput(input)
        case .timelineAnswered(let delivery):
            inFlight[delivery.request.serial] = nil
            if let effects = scheduler.deliver(delivery.result, for: delivery.request, at: now, seconds: delivery.seconds) {
                perform(effects)
                dirtyPanels.insert(delivery.request.instance)
                intentReloadEnded(delivery.request)
            }
        case .intentAnswered(let delivery):
            takeIntentAnswer(delivery, now: now)
        case .passcodeChecked(let check):
            takePasscodeCheck(check, at: now)
        case .widgetCenterReload(let kind):
            perform(scheduler.requestReload(kind: kind, reason: .widgetCenter, at: now))
        case .storeChanged(let changes):
            handleStoreChanges(changes, at: now)
        case .deadline(.interaction):
            advanceInteraction(now: now)
        case .deadline(.state):
            if activities?.advance(now: now, speed: scheduler.clockSpeed) == true { screenDirty = true }
            perform(scheduler.advance(to: now))
            updateStacks(at: now)
            lockIfIdle(at: now)
        }
        return .continue
    }
}
