import Synchronization

/// Where work running off the run loop (provider calls, intents, passcode checks) leaves its
/// results, and how it wakes the loop to take them.
///
/// The loop never waits on a task: it sleeps in `poll()` until a waker writes to its pipe, then
/// drains every mailbox. So a result is handed over without sharing any of the loop's state.
final class LoopMailbox<Delivery: Sendable>: Sendable {
    private let items = Mutex<[Delivery]>([])
    private let waker = Mutex<(@Sendable () -> Void)?>(nil)

    init() {}

    /// Sets the function that wakes the run loop; wakes it at once if results are waiting.
    func setWaker(_ wake: @escaping @Sendable () -> Void) {
        waker.withLock { $0 = wake }
        if !items.withLock({ $0.isEmpty }) { wake() }
    }

    /// Leaves a result and wakes the run loop.
    func post(_ delivery: Delivery) {
        items.withLock { $0.append(delivery) }
        waker.withLock { $0 }?()
    }

    /// Takes every result left so far, oldest first.
    func drain() -> [Delivery] { items.withLock { let all = $0; $0.removeAll(); return all } }
}
