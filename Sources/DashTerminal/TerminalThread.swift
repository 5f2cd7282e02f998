import DashHost
import Foundation

extension TerminalRunLoop {
    /// Runs the loop on a thread of its own and awaits its end without holding a thread of
    /// Swift's cooperative pool.
    ///
    /// The loop blocks in `poll()`. On a dispatch worker that would leave libdispatch's pool
    /// monitor waking every second to see whether the blocked worker needs a replacement, and
    /// it would take one of the few threads providers' tasks run on. A plain thread is asleep
    /// for real.
    public static func runOnOwnThread(host: any InteractiveHost, foregroundObserver: (any ForegroundObserver)? = nil) async throws -> TerminalExit {
        let handoff = HostHandoff(host)
        return try await withCheckedThrowingContinuation { continuation in
            let thread = Thread {
                let loop = TerminalRunLoop()
                loop.foregroundObserver = foregroundObserver
                do { continuation.resume(returning: try loop.run(host: handoff.host)) } catch {
                    continuation.resume(throwing: error)
                }
            }
            thread.name = "widgetdash-terminal"
            thread.stackSize = 8 << 20
            thread.start()
        }
    }
}

/// Carries the host to the loop's thread.
///
/// `@unchecked Sendable` is safe here: the caller builds the host, hands it over once in
/// `runOnOwnThread(host:)` and never touches it again; from then on the loop's thread is its
/// only user, so no two threads ever access it.
private final class HostHandoff: @unchecked Sendable {
    let host: any InteractiveHost
    init(_ host: any InteractiveHost) { self.host = host }
}
