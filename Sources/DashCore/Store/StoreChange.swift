import Foundation
import Synchronization

/// What a script changed, as a running dashboard hears it.
public enum StoreChange: Hashable, Sendable {
    /// `widgetdash set` or `unset` wrote this key.
    case key(String)
    /// `widgetdash push` replaced the timeline of this name.
    case timeline(String)
    /// `widgetdash reload [KIND]`: WidgetCenter from outside (nil: every widget).
    case reload(String?)
    /// `widgetdash activity …` (or an intent) started, updated or ended the activity with this id.
    case activity(String)

    /// One line of the wire format: `key NAME`, `timeline NAME`, `reload NAME`, `reload *`.
    package var line: String {
        switch self {
        case .key(let k): "key \(k)"
        case .timeline(let t): "timeline \(t)"
        case .reload(let kind): "reload \(kind ?? "*")"
        case .activity(let id): "activity \(id)"
        }
    }

    /// Reads the wire format; unknown lines are skipped (a newer CLI may say more).
    package static func parse(_ message: String) -> [StoreChange] {
        message.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", maxSplits: 1).map(String.init)
            guard parts.count == 2 else { return nil }
            switch parts[0] {
            case "key": return .key(parts[1])
            case "timeline": return .timeline(parts[1])
            case "reload": return .reload(parts[1] == "*" ? nil : parts[1])
            case "activity": return .activity(parts[1])
            default: return nil
            }
        }
    }
}

/// Changes heard from scripts, waiting for the run loop; `post` may be called from any thread.
///
/// A shell owns one (``ShellOptions/storeChanges``): `widgetdash run`'s listener posts to it
/// and every dashboard the shell builds drains it, so a config reload's new dashboard hears
/// the same listener.
public final class StoreChangeQueue: Sendable {
    private let items = Mutex<[StoreChange]>([])
    private let waker = Mutex<(@Sendable () -> Void)?>(nil)

    public init() {}

    /// Sets the function that wakes the run loop; wakes it at once if changes are waiting.
    public func setWaker(_ wake: @escaping @Sendable () -> Void) {
        waker.withLock { $0 = wake }
        if !items.withLock({ $0.isEmpty }) { wake() }
    }

    /// Queues changes and wakes the run loop.
    public func post(_ changes: [StoreChange]) {
        guard !changes.isEmpty else { return }
        items.withLock { $0.append(contentsOf: changes) }
        waker.withLock { $0 }?()
    }

    /// Takes the queued changes.
    public func drain() -> [StoreChange] { items.withLock { let all = $0; $0.removeAll(); return all } }
}
