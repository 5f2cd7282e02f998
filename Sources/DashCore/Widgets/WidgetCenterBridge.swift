import Foundation
import Synchronization
import WidgetDash

/// Connects `WidgetCenter` to a dashboard: calls from any thread are queued here and
/// taken in by the run loop, and the list of widgets on screen is kept ready to read.
///
/// WidgetCenter's calls come from provider tasks, intents or scripts on other threads, while
/// the dashboard lives on the run loop's thread; so the bridge holds only `Sendable` state
/// behind locks, and wakes the loop when a request arrives.
final class WidgetCenterBridge: Sendable {
    /// Kinds asked to reload, in order; nil means every widget.
    private let pending = Mutex<[String?]>([])
    private let shown = Mutex<[WidgetCenter.WidgetInfo]>([])
    private let waker = Mutex<(@Sendable () -> Void)?>(nil)

    func setWaker(_ wake: @escaping @Sendable () -> Void) { waker.withLock { $0 = wake } }

    /// The handler to install in a `WidgetCenter`.
    var handler: WidgetCenter.Handler {
        WidgetCenter.Handler(
            reload: { [self] kind in
                pending.withLock { $0.append(kind) }
                waker.withLock { $0 }?()
            },
            configurations: { [self] in shown.withLock { $0 } }
        )
    }

    /// Records what is on the dashboard, for `getCurrentConfigurations()`.
    func setShown(_ infos: [WidgetCenter.WidgetInfo]) { shown.withLock { $0 = infos } }

    /// Takes the queued reload requests.
    func drain() -> [String?] { pending.withLock { let all = $0; $0.removeAll(); return all } }
}

/// `WidgetCenter`'s handler for a shell's services: it talks to whichever dashboard the shell
/// built last, so the services made once at start-up outlive a config reload's new dashboard.
public final class WidgetCenterRelay: Sendable {
    private let target = Mutex<WidgetCenter.Handler?>(nil)

    public init() {}

    /// The handler to put in the services; calls before a dashboard is connected are dropped.
    public var handler: WidgetCenter.Handler {
        WidgetCenter.Handler(
            reload: { [self] kind in target.withLock { $0 }?.reload(kind) },
            configurations: { [self] in target.withLock { $0 }?.configurations() ?? [] }
        )
    }

    /// Sends WidgetCenter's calls to `dashboard` from now on.
    public func connect(_ dashboard: Dashboard) {
        let handler = dashboard.widgetCenterHandler
        target.withLock { $0 = handler }
    }
}
