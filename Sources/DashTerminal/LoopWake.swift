import DashCore
import Synchronization
#if os(Linux)
// SchedulingExecutor: in Swift 6.3 `Task.sleep` asks the executor the task runs on for it.
@_spi(ExperimentalScheduling) import _Concurrency
#endif

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// How other threads wake the run loop: at once, or only when it would not wake within a
/// second anyway.
///
/// Each wake-up of the loop off its tick is a context switch of its own. With a seconds clock
/// on screen the loop wakes every second anyway, so a result that can wait (a provider's
/// timeline) is taken in and drawn at that wake-up rather than at one of its own.
///
/// The loop says when it goes to sleep and until when (``sleeping(milliseconds:)``) and when it
/// woke (``woke()``), under the lock that ``wakeSoon()`` reads: a result left before that read
/// is drained by the loop's next turn, which comes after its next ``woke()``.
final class LoopWake: Sendable {
    /// How much later than its post a result may be taken in: the seconds clock's tick.
    static let slackNanoseconds: UInt64 = 1_000_000_000

    private struct State {
        /// The loop's thread, which drains what it leaves itself before it sleeps.
        var loopThread: pthread_t?
        var asleep = false
        /// When the sleeping loop wakes by itself (monotonic nanoseconds); nil: only when woken.
        var until: UInt64?
    }

    private let pipe: WakePipe
    private let state = Mutex(State())

    init() throws(TerminalError) {
        pipe = try WakePipe()
    }

    /// The descriptor the loop polls.
    var readFD: Int32 { pipe.readFD }

    /// Empties the pipe so the next poll blocks again.
    func drain() { pipe.drain() }

    /// Wakes the loop now.
    func wake() { pipe.wake() }

    /// Wakes the loop unless it is asleep and wakes within ``slackNanoseconds`` by itself, or
    /// this is the loop's own thread (which takes the result in before it sleeps).
    func wakeSoon() {
        let now = Self.monotonicNow()
        let needed = state.withLock { state -> Bool in
            if let loop = state.loopThread, pthread_equal(loop, pthread_self()) != 0 { return false }
            guard state.asleep, let until = state.until else { return true }
            return until > now &+ Self.slackNanoseconds
        }
        if needed { pipe.wake() }
    }

    /// Whether the caller is the loop's thread.
    var isLoopThread: Bool {
        state.withLock { state in state.loopThread.map { pthread_equal($0, pthread_self()) != 0 } ?? false }
    }

    /// Called by the loop's thread once, before its first turn.
    func loopStarted() {
        state.withLock { $0.loopThread = pthread_self() }
    }

    /// The loop is about to block in `poll` for `milliseconds` (-1: with no time-out).
    func sleeping(milliseconds: Int32) {
        let until = milliseconds < 0 ? nil : Self.monotonicNow() &+ UInt64(milliseconds) * 1_000_000
        state.withLock {
            $0.asleep = true
            $0.until = until
        }
    }

    /// The loop's `poll` returned.
    func woke() {
        state.withLock { $0.asleep = false }
    }

    static func monotonicNow() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }
}

/// Runs jobs on the run loop's own thread, between its turns: what ``LoopLink/executor`` is.
///
/// A provider that only reads /proc takes microseconds; run on a pool thread, it wakes that
/// thread (and the loop again for its answer). Run here, a reload due at the tick starts, ends
/// and is drawn in the tick's one wake-up. A job enqueued from another thread (the end of a
/// `Task.sleep`, an answer from elsewhere) wakes the loop at once.
final class LoopExecutor: TaskExecutor, Sendable {
    private struct Queue {
        var ready: [UnownedJob] = []
        /// Jobs waiting for a monotonic time (a `Task.sleep` on the loop), in no order.
        var timed: [(at: UInt64, job: UnownedJob)] = []
    }

    private let queue = Mutex(Queue())
    private let wake: LoopWake

    init(wake: LoopWake) {
        self.wake = wake
    }

    func enqueue(_ job: consuming ExecutorJob) {
        let job = UnownedJob(job)
        queue.withLock { $0.ready.append(job) }
        if !wake.isLoopThread { wake.wake() }
    }

    /// Runs `job` on the loop once the monotonic clock reaches `deadline` (nanoseconds).
    func enqueue(_ job: UnownedJob, atMonotonic deadline: UInt64) {
        queue.withLock { $0.timed.append((deadline, job)) }
        // The loop computes its time-out before it sleeps: only another thread must make it look again.
        if !wake.isLoopThread { wake.wake() }
    }

    /// Runs the jobs ready (and due), and those they queue, up to `limit`; true when any ran.
    /// Called on the loop's thread only.
    @discardableResult
    func runPending(limit: Int = 256) -> Bool {
        var ran = 0
        while ran < limit, let job = queue.withLock({ Self.next(&$0, now: LoopWake.monotonicNow()) }) {
            job.runSynchronously(on: asUnownedTaskExecutor())
            ran += 1
        }
        return ran > 0
    }

    private static func next(_ queue: inout Queue, now: UInt64) -> UnownedJob? {
        if let due = queue.timed.firstIndex(where: { $0.at <= now }) { queue.ready.append(queue.timed.remove(at: due).job) }
        return queue.ready.isEmpty ? nil : queue.ready.removeFirst()
    }

    /// Whether jobs are ready (more than ``runPending(limit:)`` ran in one turn).
    var hasPending: Bool { queue.withLock { !$0.ready.isEmpty } }

    /// Seconds until the earliest timed job is due (0 when past); nil: none waits.
    func secondsUntilNextTimer() -> Double? {
        let now = LoopWake.monotonicNow()
        return queue.withLock { $0.timed.map(\.at).min() }.map { $0 > now ? Double($0 - now) / 1e9 : 0 }
    }
}

#if os(Linux)
extension LoopExecutor: SchedulingExecutor {
    /// Runs `job` at `instant` of `clock` on the loop (Task.sleep's way in).
    func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        if let left = clock.now.duration(to: instant) as? Duration {
            let (seconds, attoseconds) = left.components
            // Past 18e9 s (570 years) the product would overflow: that sleep never ends.
            let nanoseconds = seconds < 0 ? 0 : seconds >= 18_000_000_000 ? UInt64.max
                : UInt64(seconds) * 1_000_000_000 + UInt64(max(0, attoseconds) / 1_000_000_000)
            let now = LoopWake.monotonicNow()
            enqueue(UnownedJob(job), atMonotonic: now.addingReportingOverflow(nanoseconds).overflow ? .max : now + nanoseconds)
        } else {
            // A clock whose durations are not Swift's: run at once, as an early wake-up of a sleep.
            enqueue(job)
        }
    }
}
#endif
