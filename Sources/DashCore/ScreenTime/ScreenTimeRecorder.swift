import Foundation
import Synchronization
import WidgetDash

/// Told when the dashboard comes to and leaves the foreground of its terminal, and on every
/// wake-up of the run loop (what the terminal loop reports; the screen-time recorder listens).
public protocol ForegroundObserver: AnyObject, Sendable {
    /// The dashboard is on screen: it started, or resumed after a suspend (Ctrl-Z, SIGTSTP).
    func enteredForeground()
    /// The dashboard is about to leave the screen: suspended, or quitting.
    func leavingForeground()
    /// The run loop woke for something else (input, a deadline); a chance to do cheap
    /// periodic work without a wake-up of one's own.
    func loopWoke()
}

/// The two clocks screen time needs: the wall clock places time in days, and an "awake"
/// clock that stops while the computer sleeps measures it (a laptop closed overnight with
/// the dashboard open is not screen time).
public protocol ScreenTimeClock: Sendable {
    /// The wall-clock time.
    func now() -> Date
    /// Seconds on a monotonic clock that does not advance while the system sleeps.
    func awakeSeconds() -> Double
}

/// The real clocks: `Date()` and Swift's `SuspendingClock` (CLOCK_MONOTONIC on Linux, which
/// stops during system sleep).
public struct SystemScreenTimeClock: ScreenTimeClock {
    private let origin = SuspendingClock.now
    public init() {}
    public func now() -> Date { Date() }
    public func awakeSeconds() -> Double {
        let elapsed = SuspendingClock.now - origin
        return Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
    }
}

/// A clock for tests: both clocks move together, unless the "computer sleeps".
public final class ManualScreenTimeClock: ScreenTimeClock {
    private let state: Mutex<(wall: Date, awake: Double)>
    public init(_ start: Date) { state = Mutex((start, 0)) }
    public func now() -> Date { state.withLock { $0.wall } }
    public func awakeSeconds() -> Double { state.withLock { $0.awake } }
    /// Time passes with the computer awake.
    public func advance(by seconds: Double) { state.withLock { $0.wall += seconds; $0.awake += seconds } }
    /// The computer sleeps: the wall clock moves, the awake clock does not.
    public func sleep(for seconds: Double) { state.withLock { $0.wall += seconds } }
}

/// Measures how long the dashboard is on screen and keeps the totals per local day in the
/// widgets' state store (suite `screentime`, keys `2026-11-22`, values in seconds), so they
/// survive restarts and other dashboards add to them.
///
/// It never wakes anything: time on screen is added to the store when the dashboard leaves
/// the foreground (suspend, quit), when a widget asks for a report, and on a wake-up the
/// run loop had anyway if the last write is more than ``checkpointInterval`` old (so a crash
/// loses at most that much). Each write adds to what the store holds, atomically, so two
/// dashboards open at once both count.
public final class ScreenTimeRecorder: ForegroundObserver {
    /// The suite of the state store the totals live in.
    public static let suite = "screentime"
    /// How many days are kept (four weeks: this week and the three before).
    public static let keptDays = 28

    private struct State {
        /// The awake-clock reading when the current stretch on screen began; nil off screen.
        var sessionStart: Double?
        /// The awake-clock reading up to which time has been written to the store.
        var counted: Double = 0
        /// The wall time of the last write (or of the start), for checkpoints.
        var lastWrite: Date?
        /// True once the dashboard has been in the foreground (so the next entry is a resume).
        var hasStarted = false
        /// True when a report went out while off screen (the first reloads run before the
        /// terminal loop starts): coming on screen makes it stale.
        var reportedOffScreen = false
    }

    private let store: any WidgetStateStore
    private let clock: any ScreenTimeClock
    private let timeZone: TimeZone
    private let state = Mutex(State())
    /// Called after a resume, or at the start when a report was already read off screen: the
    /// dashboard reloads the widgets that show screen time, whose counters are stale.
    private let didResume: @Sendable () -> Void
    /// The longest a stretch goes unwritten while the run loop wakes anyway.
    public let checkpointInterval: TimeInterval

    public init(store: any WidgetStateStore, clock: any ScreenTimeClock = SystemScreenTimeClock(), timeZone: TimeZone = .current,
                checkpointInterval: TimeInterval = 15 * 60, didResume: @escaping @Sendable () -> Void = {}) {
        self.store = store
        self.clock = clock
        self.timeZone = timeZone
        self.checkpointInterval = checkpointInterval
        self.didResume = didResume
    }

    /// ``ScreenTime`` reporting from this recorder, for the host's `WidgetServices`.
    public var backing: ScreenTime.Backing {
        ScreenTime.Backing { [self] in report() }
    }

    // MARK: - Foreground

    public func enteredForeground() {
        let resumed = state.withLock { s -> Bool in
            guard s.sessionStart == nil else { return false }
            let awake = clock.awakeSeconds()
            s.sessionStart = awake
            s.counted = awake
            s.lastWrite = clock.now()
            defer {
                s.hasStarted = true
                s.reportedOffScreen = false
            }
            return s.hasStarted || s.reportedOffScreen
        }
        if resumed { didResume() }
    }

    public func leavingForeground() {
        write(ending: true)
    }

    public func loopWoke() {
        let due = state.withLock { s -> Bool in
            guard s.sessionStart != nil, let last = s.lastWrite else { return false }
            let now = clock.now()
            // A wall clock set back is "due" too, so the next write happens soon.
            return now.timeIntervalSince(last) >= checkpointInterval || now < last
        }
        if due { write(ending: false) }
    }

    /// Adds the time on screen since the last write to the store.
    public func flush() { write(ending: false) }

    private func write(ending: Bool) {
        // Under the state lock: two writes never count the same seconds.
        state.withLock { s in
            guard s.sessionStart != nil else { return }
            let awake = clock.awakeSeconds()
            let now = clock.now()
            let elapsed = max(0, awake - s.counted)
            s.counted = awake
            s.lastWrite = now
            if ending { s.sessionStart = nil }
            guard elapsed >= 0.5 else { return }
            let spans = Self.split(end: now, seconds: elapsed, timeZone: timeZone)
            let oldest = Self.day(of: now.addingTimeInterval(-Double(Self.keptDays) * 86_400), timeZone: timeZone)
            store.modify(Self.suite) { values in
                for (day, seconds) in spans {
                    let key = day.description
                    // A damaged value (not a number, negative) is replaced, not added to.
                    let before = values[key].flatMap(Self.validSeconds) ?? 0
                    values[key] = .double((before + seconds).rounded(toPlaces: 3))
                }
                for key in values.keys {
                    if let day = ScreenTimeReport.Day(key), day < oldest { values[key] = nil }
                }
            }
        }
    }

    // MARK: - Reading

    /// Writes the time so far, then reads every kept day.
    public func report() -> ScreenTimeReport {
        flush()
        let values = store.values(in: Self.suite)
        var seconds: [ScreenTimeReport.Day: Double] = [:]
        var ignored: [String] = []
        for (key, value) in values.sorted(by: { $0.key < $1.key }) {
            guard let day = ScreenTimeReport.Day(key) else {
                ignored.append("\(TextSanitizer.sanitize(key, keepNewlines: false)): expected a day such as 2026-11-22")
                continue
            }
            guard let s = Self.validSeconds(value) else {
                ignored.append("\(key): expected seconds from 0 to 90000")
                continue
            }
            seconds[day] = s
        }
        let session = state.withLock { s in
            if s.sessionStart == nil { s.reportedOffScreen = true }
            return s.sessionStart.map { max(0, clock.awakeSeconds() - $0) }
        }
        return ScreenTimeReport(seconds: seconds, today: Self.day(of: clock.now(), timeZone: timeZone), currentSession: session, ignored: ignored)
    }

    /// A stored value that can be a day's seconds (a day has at most 25 hours, with the
    /// change from summer time).
    static func validSeconds(_ value: WidgetStateValue) -> Double? {
        guard let s = value.doubleValue, s.isFinite, s >= 0, s <= 90_000 else { return nil }
        return s
    }

    /// The local day of `date`.
    public static func day(of date: Date, timeZone: TimeZone) -> ScreenTimeReport.Day {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        let c = calendar.dateComponents([.year, .month, .day], from: date)
        return ScreenTimeReport.Day(year: c.year ?? 1970, month: c.month ?? 1, day: c.day ?? 1)
    }

    /// The `seconds` before `end`, cut at local midnights: (day, seconds) oldest first.
    static func split(end: Date, seconds: Double, timeZone: TimeZone) -> [(ScreenTimeReport.Day, Double)] {
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = timeZone
        var result: [(ScreenTimeReport.Day, Double)] = []
        var cursor = end
        var left = seconds
        // Walk back from the end one day at a time; time older than the kept days is dropped.
        while left > 0 && result.count <= keptDays {
            // The day holding the instant just before `cursor` (cursor itself may be a midnight).
            let inside = cursor.addingTimeInterval(-0.0005)
            let dayStart = calendar.startOfDay(for: inside)
            let taken = min(left, max(0.0005, cursor.timeIntervalSince(dayStart)))
            result.append((day(of: inside, timeZone: timeZone), taken))
            left -= taken
            cursor = dayStart
        }
        return result.reversed().filter { $0.1 > 0 }
    }
}

extension Double {
    fileprivate func rounded(toPlaces places: Int) -> Double {
        let factor = pow(10, Double(places))
        return (self * factor).rounded() / factor
    }
}
