/// The work of a thread pool: items ready to run (highest priority first, then oldest first)
/// and items waiting for a moment on a monotonic clock (earliest first, then oldest first).
///
/// Pure bookkeeping, so the pool's ordering is tested without threads or clocks:
///
/// ```swift
/// var queue = PoolQueue<String>()
/// queue.schedule("later", priority: 0, at: 2_000)
/// queue.push("now", priority: 0)
/// queue.releaseDue(now: 2_000)   // "later" becomes ready after "now"
/// ```
package struct PoolQueue<Item> {
    private struct Ready {
        var priority: UInt8
        var item: Item
    }

    private struct Waiting {
        var deadline: UInt64
        var order: UInt64
        var priority: UInt8
        var item: Item
    }

    private var ready: [Ready] = []
    /// Sorted by deadline, then by `order` (the order they were scheduled in).
    private var waiting: [Waiting] = []
    private var scheduled: UInt64 = 0

    package init() {}

    /// Whether an item is ready to run.
    package var hasReady: Bool { !ready.isEmpty }

    /// How many items are ready to run.
    package var readyCount: Int { ready.count }

    /// The earliest moment an item waits for, nil when none waits.
    package var nextDeadline: UInt64? { waiting.first?.deadline }

    /// Adds an item to run as soon as a thread is free.
    package mutating func push(_ item: Item, priority: UInt8) {
        ready.append(Ready(priority: priority, item: item))
    }

    /// Adds an item to run at `deadline`; answers whether it is now the earliest one waiting
    /// (so whoever watches the deadlines must look again).
    @discardableResult
    package mutating func schedule(_ item: Item, priority: UInt8, at deadline: UInt64) -> Bool {
        scheduled &+= 1
        let entry = Waiting(deadline: deadline, order: scheduled, priority: priority, item: item)
        // Binary search for the first entry due later: equal deadlines keep their order.
        var low = 0
        var high = waiting.count
        while low < high {
            let middle = (low + high) / 2
            if waiting[middle].deadline <= deadline { low = middle + 1 } else { high = middle }
        }
        waiting.insert(entry, at: low)
        return low == 0
    }

    /// Makes every item whose deadline is at or before `now` ready, earliest first.
    package mutating func releaseDue(now: UInt64) {
        var due = 0
        while due < waiting.count, waiting[due].deadline <= now { due += 1 }
        guard due > 0 else { return }
        for entry in waiting[0..<due] { ready.append(Ready(priority: entry.priority, item: entry.item)) }
        waiting.removeFirst(due)
    }

    /// Takes the next item to run: the highest priority, the oldest among equals.
    package mutating func popReady() -> Item? {
        guard var best = ready.indices.first else { return nil }
        for index in ready.indices.dropFirst() where ready[index].priority > ready[best].priority { best = index }
        return ready.remove(at: best).item
    }
}
