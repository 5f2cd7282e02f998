import Foundation
import Synchronization

/// The source of "now" for the dashboard: the system clock, a manual clock in tests, or a
/// shifted and sped-up clock for time travel.
///
/// The scheduler never reads the system time itself; it asks its clock, and asks how long to
/// sleep in real seconds until a moment on that clock.
public protocol DashClock: Sendable {
    /// The current moment on this clock.
    func now() -> Date
    /// Real seconds until `date` on this clock (negative when it has passed).
    func wallSeconds(until date: Date) -> TimeInterval
    /// True when this clock is the real time at real speed.
    var isRealTime: Bool { get }
}

/// The real time.
public struct SystemClock: DashClock {
    public init() {}
    public func now() -> Date { Date() }
    public func wallSeconds(until date: Date) -> TimeInterval { date.timeIntervalSinceNow }
    public var isRealTime: Bool { true }
}

/// A clock that moves only when told: for tests and simulations.
public final class ManualClock: DashClock {
    private let current: Mutex<Date>

    public init(_ start: Date) { current = Mutex(start) }

    public func now() -> Date { current.withLock { $0 } }
    /// Real seconds are the clock's seconds: a run loop driven by a manual clock never sleeps long.
    public func wallSeconds(until date: Date) -> TimeInterval { date.timeIntervalSince(now()) }
    public var isRealTime: Bool { false }

    /// Moves the clock forward (or to) a moment.
    public func advance(by seconds: TimeInterval) { current.withLock { $0 = $0.addingTimeInterval(seconds) } }
    public func set(_ date: Date) { current.withLock { $0 = date } }
}

/// A clock that starts at a chosen moment and runs `speed` times faster than real time,
/// and can jump ahead: the dashboard's time travel.
public final class TravelClock: DashClock {
    private struct State {
        var origin: Date       // the clock's time at `wallOrigin`
        var wallOrigin: Date   // the real time when `origin` was set
        var speed: Double
    }
    private let state: Mutex<State>

    public init(start: Date, speed: Double = 1) {
        state = Mutex(State(origin: start, wallOrigin: Date(), speed: max(0.001, speed)))
    }

    public func now() -> Date {
        state.withLock { s in s.origin.addingTimeInterval(Date().timeIntervalSince(s.wallOrigin) * s.speed) }
    }

    public func wallSeconds(until date: Date) -> TimeInterval {
        let speed = state.withLock { $0.speed }
        return date.timeIntervalSince(now()) / speed
    }

    public var isRealTime: Bool {
        state.withLock { s in
            s.speed == 1 && abs(s.origin.timeIntervalSince(s.wallOrigin)) < 1
        }
    }

    /// The speed factor (1 is real speed).
    public var speed: Double { state.withLock { $0.speed } }

    /// Jumps the clock ahead by `seconds`, keeping its speed.
    public func jump(by seconds: TimeInterval) {
        let current = now()
        state.withLock { s in
            s.origin = current.addingTimeInterval(seconds)
            s.wallOrigin = Date()
        }
    }

    /// Returns to the real time at real speed.
    public func returnToRealTime() {
        state.withLock { s in
            s.origin = Date()
            s.wallOrigin = s.origin
            s.speed = 1
        }
    }
}
