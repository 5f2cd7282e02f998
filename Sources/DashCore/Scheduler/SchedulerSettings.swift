import Foundation
import WidgetDash

/// The dashboard-wide rules of the scheduler: budget, jitter, time-outs, retries.
///
/// Every value has WidgetKit's documented or observed default; each is settable so tests,
/// `simulate` and the command line can change it.
public struct SchedulerSettings: Sendable, Equatable {
    /// Budgeted reloads per instance per rolling 24 hours.
    public var budget = 60
    /// Budgets for particular kinds, overriding `budget` (`Int.max`: unlimited).
    public var budgetByKind: [String: Int] = [:]
    /// Jitter of `.after` reloads: share of the time until the date, and its widest window.
    public var jitterFraction = 0.05
    public var maxJitter: TimeInterval = 60
    public var seed: UInt64 = 0
    /// How long a provider may take, in real seconds, before its request is abandoned.
    public var timeout: TimeInterval = 5
    /// The most entries kept from one timeline; the rest are cut with a warning.
    public var entryLimit = 100
    /// Retry after a failure or time-out: `retryBase × 2^(n−1)`, at most `retryMax`.
    public var retryBase: TimeInterval = 30
    public var retryMax: TimeInterval = 30 * 60
    /// The soonest a policy reload may follow the timeline before it, when the timeline's
    /// `.atEnd` or `.after` date is still ahead on arrival.
    public var minimumPolicyInterval: TimeInterval = 5
    /// How long the host waits, in dashboard time, before asking again when a timeline's
    /// reload date is already past on arrival (about 5 minutes, as WidgetKit does). Such a
    /// timeline comes from a provider that dates its entries from `Date()` rather than
    /// `context.date` (or runs under `--speed` or time travel); asking again at once would
    /// burn the whole budget in a moment.
    public var pastReloadDateDelay: TimeInterval = 5 * 60

    public init() {}

    /// The backoff before retry number `failures` (1 for the first).
    public func retryDelay(failures: Int) -> TimeInterval {
        ReloadRules(timeout: timeout, retryBase: retryBase, retryMax: retryMax).retryDelay(failures: failures)
    }
}

/// Settings of one instance that differ from the dashboard's (used by `simulate`).
public struct InstanceSettings: Sendable, Equatable {
    public var budget: Int?
    /// The widest jitter window for this instance (0: none).
    public var maxJitter: TimeInterval?
    public var timeout: TimeInterval?
    public init(budget: Int? = nil, maxJitter: TimeInterval? = nil, timeout: TimeInterval? = nil) {
        self.budget = budget
        self.maxJitter = maxJitter
        self.timeout = timeout
    }
}
