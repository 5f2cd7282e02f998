import Foundation
import WidgetDash

/// The lock: whether the dashboard is locked, the passcode prompt, wrong-attempt delays and
/// auto-lock after idle time. Pure state over a clock's times, so tests drive it by hand.
///
/// Without a passcode `l` simply toggles. With one, `l` on the lock screen opens a masked
/// prompt; each wrong passcode makes the next attempt wait longer (1, 2, 4 … 60 seconds).
///
/// Checking a passcode is slow on purpose (yescrypt), so Enter does not check it here: it hands
/// the typed passcode out as ``Outcome/check(_:attempt:)`` for the host to verify off the run
/// loop, and ``finishCheck(attempt:matches:at:)`` takes the answer.
public final class LockController {
    /// The passcode prompt as drawn: how many characters are typed, and a message.
    public struct Prompt: Equatable, Sendable {
        /// What has been typed (never drawn; only its length is).
        var typed: String = ""
        public var message: String?
        /// The attempt being checked, while its check runs.
        public var checking: Int?
        public var length: Int { typed.count }
    }

    public private(set) var isLocked = false
    /// The stored passcode hash; nil when unlocking needs none.
    public var passcode: PasscodeHash?
    /// Lock after this many seconds without a key; nil: never.
    public var autoLockAfter: TimeInterval?
    /// The prompt while it is open.
    public private(set) var prompt: Prompt?
    /// Wrong attempts since the last unlock.
    public private(set) var failures = 0
    /// Numbers the checks, so the answer to an abandoned one (Esc) is ignored.
    private var attempts = 0
    /// No attempt is taken before this moment.
    public private(set) var retryAt: Date?
    private var lastActivity: Date

    public init(passcode: PasscodeHash? = nil, autoLockAfter: TimeInterval? = nil, now: Date) {
        self.passcode = passcode
        self.autoLockAfter = autoLockAfter
        lastActivity = now
    }

    /// How long the next attempt waits after `failures` wrong ones.
    public static func delay(afterFailures failures: Int) -> TimeInterval {
        failures <= 0 ? 0 : min(60, pow(2, Double(failures - 1)))
    }

    /// What a key did to the lock.
    public enum Outcome: Equatable {
        case none, locked, unlocked, promptChanged
        /// Enter with a passcode typed: verify it off the loop, then call ``finishCheck``.
        case check(String, attempt: Int)
    }

    /// Notes input (for auto-lock).
    public func noteActivity(at now: Date) { lastActivity = now }

    /// When auto-lock will lock, if it is on and the dashboard is unlocked.
    public func autoLockDate() -> Date? {
        guard !isLocked, let after = autoLockAfter else { return nil }
        return lastActivity.addingTimeInterval(after)
    }

    /// The next moment the lock's drawing changes by itself: auto-lock, or the end of a wait.
    public func nextDeadline(now: Date) -> Date? {
        var dates: [Date] = []
        if let d = autoLockDate() { dates.append(d) }
        if prompt != nil, let retryAt, retryAt > now {
            // The prompt counts the wait down each second.
            dates.append(min(retryAt, now.addingTimeInterval(1 - now.timeIntervalSince1970.truncatingRemainder(dividingBy: 1))))
        }
        return dates.min()
    }

    /// Locks when the idle time is up; true when it did.
    public func lockIfIdle(at now: Date) -> Bool {
        guard let due = autoLockDate(), now >= due else { return false }
        lock()
        return true
    }

    public func lock() {
        isLocked = true
        prompt = nil
    }

    /// `l`: locks, unlocks, or (with a passcode, while locked) opens the prompt.
    public func toggle(at now: Date) -> Outcome {
        if !isLocked {
            lock()
            return .locked
        }
        guard passcode != nil else { return unlock(at: now) }
        if prompt == nil { prompt = Prompt() }
        return .promptChanged
    }

    /// A key while the prompt is open; `.none` when the prompt is closed (the key is not ours).
    public func promptKey(_ key: Key, at now: Date) -> Outcome {
        guard var p = prompt else { return .none }
        let waiting = retryAt.map { $0 > now } ?? false
        // While a check runs only Esc does something (it abandons the check and the prompt).
        if p.checking != nil && key != .escape { return .promptChanged }
        switch key {
        case .escape:
            prompt = nil
            return .promptChanged
        case .backspace, .delete:
            if !p.typed.isEmpty { p.typed.removeLast() }
        case .enter:
            if waiting {
                p.message = waitMessage(now)
            } else if passcode != nil {
                attempts += 1
                let typed = p.typed
                p.typed = ""
                p.checking = attempts
                p.message = "Checking…"
                prompt = p
                return .check(typed, attempt: attempts)
            }
        case .character(let c):
            // Typing during the wait is refused, so the wait really slows guessing down.
            if waiting { p.message = waitMessage(now) } else if p.typed.count < 64 { p.typed.append(c) }
        default:
            return .none
        }
        prompt = p
        return .promptChanged
    }

    /// Takes the answer of a check: unlocks, or counts a wrong attempt and makes the next
    /// one wait. An answer to a check no longer shown (Esc, a new lock) is ignored.
    public func finishCheck(attempt: Int, matches: Bool, at now: Date) -> Outcome {
        guard var p = prompt, p.checking == attempt else { return .none }
        if matches { return unlock(at: now) }
        failures += 1
        retryAt = now.addingTimeInterval(Self.delay(afterFailures: failures))
        p.checking = nil
        p.message = "Wrong passcode"
        prompt = p
        return .promptChanged
    }

    /// What the prompt's message line says now.
    public func promptMessage(at now: Date) -> String? {
        if let retryAt, retryAt > now { return waitMessage(now) }
        return prompt?.message
    }

    private func waitMessage(_ now: Date) -> String {
        let seconds = Int((retryAt ?? now).timeIntervalSince(now).rounded(.up))
        return "Wrong passcode · try again in \(seconds)s"
    }

    private func unlock(at now: Date) -> Outcome {
        isLocked = false
        prompt = nil
        failures = 0
        retryAt = nil
        lastActivity = now
        return .unlocked
    }
}
