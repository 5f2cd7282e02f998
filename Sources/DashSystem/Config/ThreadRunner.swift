import DashCore
import Foundation

/// Runs each piece of work on a new thread of its own: the shell's config readings, which
/// parse a file of up to 1 MB and may spawn extensions, away from the run loop.
///
/// A thread rather than a task: the work blocks (reading, waiting on an extension's answer)
/// and must not hold a thread of the cooperative pool. Nothing joins it: when the dashboard
/// quits, a reading still running ends with the process, unapplied.
package struct ThreadRunner: BackgroundRunner {
    /// The thread's name, as `top -H` and a debugger show it.
    let name: String

    package init(name: String = "config reader") { self.name = name }

    package func run(_ work: @escaping @Sendable () -> Void) {
        // Named from the thread itself: Foundation on Linux gives the system a name set before
        // `start()` only in its own records, where `top -H` and a debugger never look.
        let thread = Thread { [name] in
            Thread.current.name = name
            work()
        }
        thread.start()
    }
}
