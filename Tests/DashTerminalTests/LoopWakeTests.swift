import DashCore
import Foundation
import Synchronization
import Testing

@testable import DashTerminal

#if canImport(Glibc)
import Glibc
#endif

/// The run loop's wake-ups: deadlines served at the clock's tick, results that wait for it,
/// and jobs run on the loop's own thread.
@Suite("The run loop's wake-ups")
struct LoopWakeTests {
    @Test("A deadline less than a second before the tick waits for it; others keep their time")
    func wakeDelay() {
        // The jitter put a reload 0.07 s after a tick: it is served at the next one.
        #expect(TerminalRunLoop.wakeDelay(deadline: 0.07, tick: 1.0) == 1.0)
        #expect(TerminalRunLoop.wakeDelay(deadline: 0, tick: 0.5) == 0.5)
        #expect(TerminalRunLoop.wakeDelay(deadline: 0.2, tick: 1.2) == 1.2)
        // More than a tick before: on time.
        #expect(TerminalRunLoop.wakeDelay(deadline: 0.2, tick: 1.3) == 0.2)
        #expect(TerminalRunLoop.wakeDelay(deadline: 2, tick: 59) == 2)
        // The tick first (the deadline is the tick itself), no tick, or no deadline.
        #expect(TerminalRunLoop.wakeDelay(deadline: 1, tick: 1) == 1)
        #expect(TerminalRunLoop.wakeDelay(deadline: 0.5, tick: 0.3) == 0.5)
        #expect(TerminalRunLoop.wakeDelay(deadline: 0.5, tick: nil) == 0.5)
        #expect(TerminalRunLoop.wakeDelay(deadline: nil, tick: 0.5) == nil)
    }

    /// Whether a byte waits in the loop's pipe (then empties it).
    private func woken(_ wake: LoopWake) -> Bool {
        var fd = pollfd(fd: wake.readFD, events: Int16(POLLIN), revents: 0)
        let ready = poll(&fd, 1, 0) > 0
        wake.drain()
        return ready
    }

    /// Runs `body` on a thread other than the caller's and waits for it.
    private func onAnotherThread(_ body: @escaping @Sendable () -> Void) {
        let done = DispatchSemaphore(value: 0)
        Thread {
            body()
            done.signal()
        }.start()
        done.wait()
    }

    @Test("wakeSoon wakes a loop that sleeps longer than a second or is awake, not one that wakes soon")
    func wakeSoon() throws {
        let wake = try LoopWake()
        wake.loopStarted()
        // Awake: the loop may have drained already, so the byte is needed.
        onAnotherThread { wake.wakeSoon() }
        #expect(woken(wake))
        wake.sleeping(milliseconds: 400)
        onAnotherThread { wake.wakeSoon() }
        #expect(!woken(wake))
        wake.sleeping(milliseconds: 5000)
        onAnotherThread { wake.wakeSoon() }
        #expect(woken(wake))
        wake.sleeping(milliseconds: -1)
        onAnotherThread { wake.wakeSoon() }
        #expect(woken(wake))
        wake.woke()
        onAnotherThread { wake.wakeSoon() }
        #expect(woken(wake))
        // The loop's own thread takes its results in before it sleeps; wake() always writes.
        wake.wakeSoon()
        #expect(!woken(wake))
        wake.wake()
        #expect(woken(wake))
    }

    @Test("A task preferring the loop's executor runs on the loop's thread, sleeps included")
    func loopExecutor() async throws {
        let wake = try LoopWake()
        let executor = LoopExecutor(wake: wake)
        let loopThread = Mutex<pthread_t?>(nil)
        let ranOn = Mutex<[Bool]>([])
        let finished = Atomic<Bool>(false)
        // A plain thread plays the loop: it runs what is queued until the task has finished.
        let loop = Thread {
            wake.loopStarted()
            loopThread.withLock { $0 = pthread_self() }
            while !finished.load(ordering: .acquiring) {
                executor.runPending()
                var fd = pollfd(fd: wake.readFD, events: Int16(POLLIN), revents: 0)
                let wait = executor.secondsUntilNextTimer().map { Int32(($0 * 1000).rounded(.up)) } ?? 50
                _ = poll(&fd, 1, executor.hasPending ? 0 : min(wait, 50))
                wake.drain()
            }
        }
        loop.start()
        let record: @Sendable () -> Void = {
            let here = pthread_self()
            ranOn.withLock { $0.append(loopThread.withLock { $0.map { pthread_equal($0, here) != 0 } ?? false }) }
        }
        await Task.detached(executorPreference: executor) {
            record()
            try? await Task.sleep(for: .milliseconds(20))
            record()
        }.value
        finished.store(true, ordering: .releasing)
        #expect(ranOn.withLock { $0 } == [true, true])
    }
}
