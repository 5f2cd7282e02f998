import Foundation
import Synchronization
import WidgetDash

/// What taps have started and not yet finished for one widget instance.
struct WidgetIntentState {
    /// Taps whose `perform()` is running (by tap serial).
    var running: Set<Int> = []
    /// The reload asked for after a `perform()`; its timeline ends the invalidation.
    var awaitingSerial: Int?
    /// A `perform()` finished while another reload was in flight (which absorbed the request):
    /// ask again when that one lands, so the timeline shown is one made after the intent.
    var needsReload = false
    /// Toggles shown flipped until the next timeline confirms or reverts them, by element id.
    var toggleOverrides: [Int: Bool] = [:]
    /// A failed or abandoned intent's message, shown in the panel until the date.
    var message: (text: String, until: Date)?

    /// True from a tap until the timeline reloaded after it is on screen.
    var isPending: Bool { !running.isEmpty || awaitingSerial != nil || needsReload }
}

/// A control's value as the control center knows it.
struct ControlValueState {
    /// The provider's last value (its preview until the first fetch answers).
    var value: any Sendable
    /// True once a fetch failed: the value is the last known one.
    var isStale = false
    /// True while a fetch is in flight.
    var isFetching = false
    /// The value a toggle tap flipped to, shown until the value is fetched again.
    var optimisticIsOn: Bool?
    /// The serial of the fetch whose answer is wanted; older answers are dropped.
    var fetchSerial = 0
    /// A failed action's message, shown on the tile until the date.
    var message: (text: String, until: Date)?
}

/// Who started an intent: a widget instance, a control (by kind) or a Live Activity (by id).
enum IntentOwner: Hashable {
    case widget(Int)
    case control(String)
    case activity(String)
}

/// A `perform()` in flight.
struct PerformingIntent {
    var owner: IntentOwner
    var title: String
    /// When it is given up, on the dashboard's clock.
    var deadline: Date
    var task: Task<Void, Never>
}

/// The state of interactivity on the dashboard: elements on screen, taps in flight, the control
/// center's controls and values (whether the detail view or the control center is open is the
/// screen stack's: see ScreenStack.swift). Lives on the run loop, like the rest of `Dashboard`.
final class InteractionState {
    let mailbox = IntentMailbox()

    /// Each panel's interactive elements from its last render, in panel coordinates.
    var elements: [Int: [InteractiveElement]] = [:]
    /// Each panel's widget URL from its last render.
    var widgetURLs: [Int: URL] = [:]
    /// The panels of the page on screen, with their rectangles, in reading order.
    var panels: [(id: Int, rect: CellRect)] = []

    var widgets: [Int: WidgetIntentState] = [:]
    var performing: [Int: PerformingIntent] = [:]
    var tapSerial = 0

    /// Real seconds a `perform()` may take before it is given up.
    var performLimit: TimeInterval = 10
    /// Real seconds an intent's error stays on screen.
    var messageDuration: TimeInterval = 4

    /// Set by `setLinkOpener` (a shell passes its options' on to every dashboard it builds).
    var opener: LinkOpener?
    /// A line shown in the status bar for a moment ("opened https://…").
    var notice: (text: String, until: Date)?

    /// Set by `setControls` (a shell passes its options' on to every dashboard it builds).
    var controls: [ControlDescription] = []
    var controlFocus: Int?
    var controlValues: [String: ControlValueState] = [:]
    var controlFetches: [String: Task<Void, Never>] = [:]
    /// The tiles' rectangles on screen from the last render, for clicks.
    var controlTiles: [CellRect] = []
}

/// What an intent or control-value task hands back to the run loop.
enum IntentDelivery: Sendable {
    /// A `perform()` returned (error nil) or threw.
    case performed(serial: Int, error: String?)
    /// A control's `currentValue()` answered.
    case controlValue(kind: String, serial: Int, result: Result<any Sendable, any Error>)
}

/// Where intent and control-value tasks leave their results for the run loop.
typealias IntentMailbox = LoopMailbox<IntentDelivery>

/// Focus ids for interactive elements, beside the panels' ids in the same ``FocusRing``.
///
/// Panels are focused by their instance id (≥ 0); an element by a negative id that packs its
/// instance and its element id, so the ring, `r` and the inspector need no second kind of id.
extension FocusRing {
    static let elementsPerWidget = 4096

    /// The focus id of element `element` of instance `instance`.
    public static func elementID(instance: Int, element: Int) -> Int {
        -(instance * elementsPerWidget + element + 1)
    }

    /// The instance a focus id belongs to (the panel itself, or one of its elements).
    public static func instance(of id: Int?) -> Int? {
        guard let id else { return nil }
        return id >= 0 ? id : (-id - 1) / elementsPerWidget
    }

    /// The element a focus id stands for; nil for a panel.
    public static func element(of id: Int?) -> Int? {
        guard let id, id < 0 else { return nil }
        return (-id - 1) % elementsPerWidget
    }

    /// Moves the focus to `id` when it is in the ring.
    public mutating func focus(_ id: Int) {
        guard order.contains(id) else { return }
        while focused != id { next() }
    }
}
