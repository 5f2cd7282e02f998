import DashCore
import Foundation
import Synchronization

extension TerminalRunLoop {
    /// Runs the loop on a thread of its own and awaits its end without holding a thread of
    /// Swift's cooperative pool.
    ///
    /// The loop blocks in `poll()`. On a thread of the global executor's pool it would take
    /// one of the few threads providers' tasks run on (as many as CPUs, whether the pool is
    /// libdispatch's or `QuietGlobalExecutor`). A plain thread is asleep for real.
    ///
    /// The host is `sending`: the caller gives it up, and the loop's thread is its only user.
    public static func runOnOwnThread(host: sending any InteractiveHost, foregroundObserver: (any ForegroundObserver)? = nil,
                                      graphemes: GraphemeMode? = nil, settled: (@Sendable () -> Void)? = nil) async throws -> TerminalExit {
        // The host crosses to the new thread once, through a lock that the thread empties.
        let handoff = Mutex<(any InteractiveHost)?>(host)
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                Thread.current.name = "terminal loop"
                guard let host = handoff.withLock({ $0.take() }) else { preconditionFailure("a thread runs its block once") }
                let terminal = Terminal()
                terminal.configuredGraphemes = graphemes
                let loop = TerminalRunLoop(terminal: terminal)
                loop.foregroundObserver = foregroundObserver
                loop.settled = settled
                do { continuation.resume(returning: try loop.run(host: host)) } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}
