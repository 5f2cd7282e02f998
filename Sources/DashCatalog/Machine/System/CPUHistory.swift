import Synchronization

/// The latest /proc/stat readings, so that CPU use is the change since the previous reading,
/// as htop and btop show it, and only a first reading needs a pause for a second one.
///
/// Without it each reload read /proc/stat twice a quarter of a second apart: a sleep, and a
/// wake-up of its own, every 15 s. The figure shown is now the average over the time since the
/// last reading (15 s on a dashboard) rather than over that quarter second.
public final class CPUHistory: Sendable {
    /// A reading older than this is no baseline: "CPU now" is not an average over minutes (a
    /// dashboard stopped with Ctrl-Z), so the provider samples afresh.
    public static let maximumAge: Double = 60
    /// Readings closer than this are no interval (a second system widget reloading at the same
    /// time measures from the reading before).
    public static let minimumInterval: Double = 0.2

    private let readings = Mutex<[(time: Double, sample: SystemStats.CPUSample)]>([])

    public init() {}

    /// The reading to measure from at `time` (monotonic seconds): the latest one at least
    /// ``minimumInterval`` and at most ``maximumAge`` before it; nil: none.
    func baseline(at time: Double) -> SystemStats.CPUSample? {
        readings.withLock { all in
            all.last { time - $0.time >= Self.minimumInterval && time - $0.time <= Self.maximumAge }?.sample
        }
    }

    /// Keeps a reading taken at `time`, with the few before it that may still be a baseline.
    func record(_ sample: SystemStats.CPUSample, at time: Double) {
        readings.withLock { all in
            all.removeAll { time - $0.time > Self.maximumAge || $0.time > time }
            all.append((time, sample))
            if all.count > 4 { all.removeFirst(all.count - 4) }
        }
    }
}
