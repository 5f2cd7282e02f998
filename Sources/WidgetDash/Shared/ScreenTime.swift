/// How long the dashboard has been on screen, per local day, as the host measured it.
public struct ScreenTimeReport: Hashable, Sendable {
    /// A local calendar day (Gregorian) where the host measures.
    public struct Day: Hashable, Sendable, Comparable, CustomStringConvertible {
        public var year: Int
        public var month: Int
        public var day: Int
        public init(year: Int, month: Int, day: Int) {
            self.year = year
            self.month = month
            self.day = day
        }
        public static func < (a: Day, b: Day) -> Bool { (a.year, a.month, a.day) < (b.year, b.month, b.day) }
        /// "2026-11-22": also how the host keys its stored totals.
        public var description: String {
            func pad(_ v: Int, _ n: Int) -> String { String(repeating: "0", count: max(0, n - String(v).count)) + String(v) }
            return "\(pad(year, 4))-\(pad(month, 2))-\(pad(day, 2))"
        }
        /// The day for "2026-11-22", or nil.
        public init?(_ text: String) {
            let parts = text.split(separator: "-", omittingEmptySubsequences: false)
            guard parts.count == 3, parts[0].count == 4, parts[1].count == 2, parts[2].count == 2,
                  let y = Int(parts[0]), let m = Int(parts[1]), let d = Int(parts[2]),
                  (1...12).contains(m), (1...31).contains(d) else { return nil }
            self.init(year: y, month: m, day: d)
        }
    }

    /// Seconds on screen per day; days without time may be missing. The host keeps some weeks.
    public var seconds: [Day: Double]
    /// The local day it is where the host measures.
    public var today: Day
    /// How long the dashboard has been on screen since it last came to the foreground (started
    /// or resumed), already counted in today's seconds; nil when it is not on screen.
    public var currentSession: Double?
    /// Stored values the host could not read and left out ("2026-11-20: expected seconds").
    public var ignored: [String]

    public init(seconds: [Day: Double], today: Day, currentSession: Double? = nil, ignored: [String] = []) {
        self.seconds = seconds
        self.today = today
        self.currentSession = currentSession
        self.ignored = ignored
    }

    /// The seconds of one day, 0 when none were counted.
    public func seconds(on day: Day) -> Double { seconds[day] ?? 0 }
}

/// The dashboard's own screen time: how long widgetdash has been in the foreground of its
/// terminal today and on the days before.
///
/// A system service the host backs (through its ``WidgetServices``), as `DeviceActivity` is
/// on iOS: the dashboard measures
/// while it runs (not while suspended with Ctrl-Z), keeps the totals per local day, and a
/// provider reads them:
///
/// ```swift
/// func timeline(in context: Context) async throws -> Timeline<Entry> {
///     guard let report = ScreenTime.report() else { /* this program does not measure */ }
///     let today = report.seconds(on: report.today)
///     …
/// }
/// ```
///
/// Reading is cheap and may write: the host adds the time on screen so far to its totals
/// first, so a report is exact to the moment it was made.
public enum ScreenTime {
    /// What the host does. Not for widget authors.
    public struct Backing: Sendable {
        public var report: @Sendable () -> ScreenTimeReport
        public init(report: @escaping @Sendable () -> ScreenTimeReport) { self.report = report }
    }

    /// The report as of now, or nil when this program does not measure screen time (a
    /// snapshot, a test, another host).
    public static func report() -> ScreenTimeReport? {
        WidgetServices.current.screenTime?.report()
    }
}
