import CConcurrencyHooks
import Foundation
#if os(Linux)
// SchedulingExecutor: in Swift 6.3 `Task.sleep` asks the executor the task runs on for it.
@_spi(ExperimentalScheduling) import _Concurrency
#endif

#if canImport(Glibc)
import Glibc
#endif

/// Swift concurrency's global executor on threads of its own that sleep until there is work:
/// an idle process makes no wake-ups here.
///
/// On Linux the runtime hands every global job (a `Task.detached`, a nonisolated async call,
/// the end of a `Task.sleep`) to libdispatch. Once one of libdispatch's pool threads has run,
/// its workqueue monitor, a one-second timer on the manager thread, wakes the process every
/// second for the rest of its life (libdispatch's src/event/workqueue.c), and pool threads
/// left idle wake again to exit five seconds later. For a dashboard whose only due work is a
/// seconds clock, that doubled the wake-ups. This pool keeps libdispatch's contract (as many
/// threads as logical CPUs, created on demand) without either cost: an idle thread waits on a
/// condition variable with no time-out, and only one of them (the keeper) waits with a
/// time-out, for the earliest `Task.sleep` to end.
///
/// Two doors lead jobs in: the runtime's global-enqueue hooks (every job without an executor
/// of its own, and the legacy delayed enqueues), and, on Linux, `SchedulingExecutor`: Swift
/// 6.3's `Task.sleep` hands the sleeping task to the executor it runs on, which is this one
/// for every task the hooks brought here.
///
/// ```swift
/// @MainActor func main() async {
///     QuietGlobalExecutor.install()   // before any task runs
///     await run()
/// }
/// ```
///
/// Sendable although it has mutable state: every `var` below is read and written only while
/// `mutex` is held, and the mutex and condition variables are allocated in `init`
/// and never freed (the pool's threads keep the executor alive for the life of the process).
package final class QuietGlobalExecutor: TaskExecutor, @unchecked Sendable {
    /// The executor the hooks hand jobs to.
    package static let shared = QuietGlobalExecutor()

    /// Makes this pool Swift's global executor for the rest of the process. Call it before any
    /// task runs (the runtime reads the hooks without a lock); later calls do nothing.
    ///
    /// Only on Linux, where the runtime would use libdispatch's monitored pool.
    package static func install() {
        #if os(Linux)
        guard wd_global_enqueue_hooks_installed() == 0 else { return }
        _ = shared
        // The last argument of each hook is the runtime's own implementation, unused here; it
        // is typed as a plain pointer, and the deadline hook only forwards, because Swift 6.3's
        // region analysis crashes on a thin function that takes a thin function and on a longer
        // body in the deadline hook.
        let now: @convention(thin) (UnownedJob, UnsafeRawPointer) -> Void = { job, _ in
            QuietGlobalExecutor.shared.enqueue(job)
        }
        let delay: @convention(thin) (UInt64, UnownedJob, UnsafeRawPointer) -> Void = { nanoseconds, job, _ in
            QuietGlobalExecutor.shared.enqueue(job, afterNanoseconds: nanoseconds)
        }
        let deadline: @convention(thin) (Int64, Int64, Int64, Int64, Int32, UnownedJob, UnsafeRawPointer) -> Void = {
            seconds, nanoseconds, _, _, clock, job, _ in
            QuietGlobalExecutor.shared.enqueue(job, seconds: seconds, nanoseconds: nanoseconds, clock: clock)
        }
        wd_install_global_enqueue_hooks(unsafeBitCast(now, to: UnsafeMutableRawPointer.self),
                                        unsafeBitCast(delay, to: UnsafeMutableRawPointer.self),
                                        unsafeBitCast(deadline, to: UnsafeMutableRawPointer.self))
        #endif
    }

    /// Whether `install()` made this pool the global executor.
    package static var isInstalled: Bool { wd_global_enqueue_hooks_installed() != 0 }

    private let maximumThreads: Int
    private let mutex: UnsafeMutablePointer<pthread_mutex_t>
    /// Where idle threads wait, without a time-out, for a ticket.
    private let idle: UnsafeMutablePointer<pthread_cond_t>
    /// Where the keeper waits for the earliest deadline or a nudge.
    private let keeper: UnsafeMutablePointer<pthread_cond_t>

    private var queue = PoolQueue<UnownedJob>()
    private var threads = 0
    /// Threads waiting on `idle`, and how many of them were signalled and not yet up (so a
    /// spurious wake-up neither loses nor doubles a ticket).
    private var sleepers = 0
    private var tickets = 0
    /// The thread waiting on `keeper`, until someone nudges it.
    private var waitingKeeper: pthread_t?
    /// The pool's threads, by kernel thread id.
    private var members: Set<pthread_t> = []

    /// A pool of at most `maximumThreads` threads (default: the logical CPUs, as libdispatch
    /// sizes Swift's global queue).
    package init(maximumThreads: Int? = nil) {
        self.maximumThreads = max(1, maximumThreads ?? Int(sysconf(Int32(_SC_NPROCESSORS_CONF))))
        mutex = .allocate(capacity: 1)
        pthread_mutex_init(mutex, nil)
        var attributes = pthread_condattr_t()
        pthread_condattr_init(&attributes)
        // Deadlines are on the monotonic clock: a wall-clock change must not move them.
        pthread_condattr_setclock(&attributes, CLOCK_MONOTONIC)
        idle = .allocate(capacity: 1)
        pthread_cond_init(idle, &attributes)
        keeper = .allocate(capacity: 1)
        pthread_cond_init(keeper, &attributes)
        pthread_condattr_destroy(&attributes)
    }

    // MARK: Enqueueing

    package func enqueue(_ job: consuming ExecutorJob) {
        enqueue(UnownedJob(job))
    }

    /// Runs `job` as soon as a thread is free.
    package func enqueue(_ job: UnownedJob) {
        var wakes = Wakes()
        pthread_mutex_lock(mutex)
        queue.push(job, priority: job.priority.rawValue)
        wakeForReadyWork(&wakes)
        pthread_mutex_unlock(mutex)
        perform(wakes)
    }

    /// Runs `job` once the monotonic clock reaches `deadline` (nanoseconds).
    package func enqueue(_ job: UnownedJob, atMonotonic deadline: UInt64) {
        var wakes = Wakes()
        pthread_mutex_lock(mutex)
        if queue.schedule(job, priority: job.priority.rawValue, at: deadline) {
            if waitingKeeper != nil {
                // The keeper sleeps until a later deadline: it must look again.
                waitingKeeper = nil
                wakes.keeper = true
            } else if !members.contains(pthread_self()) {
                if !wakeSleeperIfAny(&wakes) && threads < maximumThreads { startThread(&wakes) }
            }
            // On one of the pool's threads the job being run is the task that is going to
            // sleep: it returns at once and that thread becomes the keeper, with no wake-up.
        }
        pthread_mutex_unlock(mutex)
        perform(wakes)
    }

    /// Runs `job` at a deadline on one of the runtime's clocks (the tolerance is not used:
    /// libdispatch's leeway did not delay these jobs either).
    private func enqueue(_ job: UnownedJob, seconds: Int64, nanoseconds: Int64, clock: Int32) {
        enqueue(job, afterNanoseconds: Self.nanosecondsUntil(seconds: seconds, nanoseconds: nanoseconds, clock: clock))
    }

    /// Runs `job` after `nanoseconds`.
    package func enqueue(_ job: UnownedJob, afterNanoseconds nanoseconds: UInt64) {
        let now = Self.monotonicNow()
        enqueue(job, atMonotonic: now.addingReportingOverflow(nanoseconds).overflow ? .max : now + nanoseconds)
    }

    // MARK: Threads

    /// The loop of each of the pool's threads; never returns.
    private func work() -> Never {
        pthread_mutex_lock(mutex)
        let me = pthread_self()
        members.insert(me)
        while true {
            queue.releaseDue(now: Self.monotonicNow())
            if let job = queue.popReady() {
                // Others may run the rest meanwhile, and someone must watch the deadlines.
                var wakes = Wakes()
                wakeForReadyWork(&wakes)
                if queue.nextDeadline != nil && waitingKeeper == nil { wakeSleeperIfAny(&wakes) }
                pthread_mutex_unlock(mutex)
                perform(wakes)
                job.runSynchronously(on: asUnownedTaskExecutor())
                pthread_mutex_lock(mutex)
            } else if let deadline = queue.nextDeadline, waitingKeeper == nil {
                waitingKeeper = me
                var time = timespec(tv_sec: Int(deadline / 1_000_000_000), tv_nsec: Int(deadline % 1_000_000_000))
                _ = pthread_cond_timedwait(keeper, mutex, &time)
                // Unless nudged (and perhaps replaced) meanwhile, this thread stops keeping.
                if waitingKeeper == me { waitingKeeper = nil }
            } else {
                sleepers += 1
                while tickets == 0 { pthread_cond_wait(idle, mutex) }
                tickets -= 1
                sleepers -= 1
            }
        }
    }

    /// Who to wake once the lock is released: a thread woken while the waker still holds the
    /// lock would only block on it again, a second wake-up for nothing.
    private struct Wakes {
        var sleepers = 0
        var keeper = false
        var threads = 0
    }

    /// Makes sure ready work finds a thread: a sleeping one, the keeper, or a new one.
    /// Called with the lock held.
    private func wakeForReadyWork(_ wakes: inout Wakes) {
        guard queue.hasReady else { return }
        if wakeSleeperIfAny(&wakes) { return }
        if waitingKeeper != nil {
            waitingKeeper = nil
            wakes.keeper = true
        } else if threads < maximumThreads {
            startThread(&wakes)
        }
    }

    /// Hands a ticket to a sleeper, if one has none yet. Called with the lock held.
    @discardableResult
    private func wakeSleeperIfAny(_ wakes: inout Wakes) -> Bool {
        guard sleepers > tickets else { return false }
        tickets += 1
        wakes.sleepers += 1
        return true
    }

    /// Counts a thread about to start. Called with the lock held.
    private func startThread(_ wakes: inout Wakes) {
        threads += 1
        wakes.threads += 1
    }

    /// Signals and starts what `wakes` asks for; called without the lock.
    private func perform(_ wakes: Wakes) {
        for _ in 0..<wakes.sleepers { pthread_cond_signal(idle) }
        if wakes.keeper { pthread_cond_signal(keeper) }
        for _ in 0..<wakes.threads {
            let thread = Thread { [self] in
                Thread.current.name = "task pool"
                work()
            }
            thread.start()
        }
    }

    /// Nanoseconds on the monotonic clock.
    static func monotonicNow() -> UInt64 {
        var time = timespec()
        clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(time.tv_sec) * 1_000_000_000 + UInt64(time.tv_nsec)
    }

    // MARK: The runtime's hooks

    /// The time left until a deadline on one of the runtime's clocks (continuous or
    /// suspending); the pool then waits that long on the monotonic clock.
    private static func nanosecondsUntil(seconds: Int64, nanoseconds: Int64, clock: Int32) -> UInt64 {
        var nowSeconds: Int64 = 0
        var nowNanoseconds: Int64 = 0
        swiftGetTime(&nowSeconds, &nowNanoseconds, clock)
        let (whole, overflow) = (seconds &- nowSeconds).multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return seconds > nowSeconds ? .max : 0 }
        let (left, overflowAgain) = whole.addingReportingOverflow(nanoseconds &- nowNanoseconds)
        if overflowAgain { return seconds > nowSeconds ? .max : 0 }
        return UInt64(max(0, left))
    }
}

/// The runtime's reading of its clocks (1: continuous, 2: suspending), as `Clock.now` uses it.
@_silgen_name("swift_get_time")
private func swiftGetTime(_ seconds: UnsafeMutablePointer<Int64>, _ nanoseconds: UnsafeMutablePointer<Int64>, _ clock: Int32)

#if os(Linux)
extension QuietGlobalExecutor: SchedulingExecutor {
    /// Runs `job` at `instant` of `clock` (Task.sleep's way in).
    package func enqueue<C: Clock>(_ job: consuming ExecutorJob, at instant: C.Instant, tolerance: C.Duration?, clock: C) {
        if let left = clock.now.duration(to: instant) as? Duration {
            enqueue(UnownedJob(job), afterNanoseconds: Self.nanoseconds(left))
        } else if let dispatch = globalConcurrentExecutor as? any SchedulingExecutor {
            // A clock whose durations are not Swift's (the standard library sleeps only on the
            // continuous and suspending clocks): libdispatch's executor knows how to wait.
            dispatch.enqueue(job, at: instant, tolerance: tolerance, clock: clock)
        } else {
            enqueue(UnownedJob(job))
        }
    }

    /// Whole nanoseconds of a duration, 0 when negative, saturating.
    static func nanoseconds(_ duration: Duration) -> UInt64 {
        let (seconds, attoseconds) = duration.components
        guard seconds >= 0 else { return 0 }
        let (whole, overflow) = UInt64(seconds).multipliedReportingOverflow(by: 1_000_000_000)
        if overflow { return .max }
        let (total, overflowAgain) = whole.addingReportingOverflow(UInt64(max(0, attoseconds) / 1_000_000_000))
        return overflowAgain ? .max : total
    }
}
#endif
