import Foundation
import Synchronization
import Testing
@testable import DashSystem

/// The pool that stands in for Swift's global executor: its ordering (pure), and real tasks run
/// on a pool of its own (preferred by the task, so the test process's global executor stays
/// as it is for the other tests).
@Suite("The quiet global executor")
struct QuietGlobalExecutorTests {
    @Test func readyItemsRunByPriorityThenAge() {
        var queue = PoolQueue<String>()
        queue.push("low", priority: 9)
        queue.push("high 1", priority: 25)
        queue.push("high 2", priority: 25)
        queue.push("medium", priority: 21)
        var order: [String] = []
        while let item = queue.popReady() { order.append(item) }
        #expect(order == ["high 1", "high 2", "medium", "low"])
        #expect(!queue.hasReady)
    }

    @Test func waitingItemsBecomeReadyAtTheirDeadlineEarliestFirst() {
        var queue = PoolQueue<String>()
        let earliest = [
            queue.schedule("at 300", priority: 0, at: 300),
            queue.schedule("at 500", priority: 0, at: 500),
            queue.schedule("at 100", priority: 0, at: 100),
            queue.schedule("at 300 again", priority: 0, at: 300),
        ]
        #expect(earliest == [true, false, true, false])
        #expect(queue.nextDeadline == 100)

        queue.releaseDue(now: 99)
        #expect(!queue.hasReady)
        queue.releaseDue(now: 300)
        #expect(queue.readyCount == 3)
        #expect(queue.nextDeadline == 500)
        var order: [String] = []
        while let item = queue.popReady() { order.append(item) }
        #expect(order == ["at 100", "at 300", "at 300 again"])

        queue.releaseDue(now: .max)
        #expect(queue.popReady() == "at 500")
        #expect(queue.nextDeadline == nil)
    }

    @Test func manyTasksFinishOnAPoolOfTwoThreads() async {
        let pool = QuietGlobalExecutor(maximumThreads: 2)
        let total = await withTaskGroup(of: Int.self, returning: Int.self) { group in
            for i in 1...200 {
                group.addTask(executorPreference: pool) {
                    // A suspension in the middle: the rest is enqueued on the pool again.
                    await Task.yield()
                    return i
                }
            }
            return await group.reduce(0, +)
        }
        #expect(total == 200 * 201 / 2)
    }

    @Test func aJobDueLaterWaitsAndOneDueSoonerOvertakesIt() async {
        let pool = QuietGlobalExecutor(maximumThreads: 2)
        let finished = Finished()
        let start = ContinuousClock.now
        await withCheckedContinuation { (done: CheckedContinuation<Void, Never>) in
            for (name, milliseconds) in [("late", 300), ("early", 50)] {
                Task(executorPreference: Delaying(pool: pool, milliseconds: UInt64(milliseconds))) {
                    if finished.add(name) == 2 { done.resume() }
                }
            }
        }
        #expect(finished.names.withLock { $0 } == ["early", "late"])
        #expect(start.duration(to: .now) >= .milliseconds(300))
    }
}

/// The names of the jobs that ran, in order.
private final class Finished: Sendable {
    let names = Mutex<[String]>([])

    /// Adds a name; answers how many there are now.
    func add(_ name: String) -> Int { names.withLock { $0.append(name); return $0.count } }
}

/// Hands each job to the pool to run after a delay, as the runtime's delay hook does.
private final class Delaying: TaskExecutor {
    let pool: QuietGlobalExecutor
    let milliseconds: UInt64

    init(pool: QuietGlobalExecutor, milliseconds: UInt64) {
        self.pool = pool
        self.milliseconds = milliseconds
    }

    func enqueue(_ job: consuming ExecutorJob) {
        pool.enqueue(UnownedJob(job), afterNanoseconds: milliseconds * 1_000_000)
    }
}
