import Foundation
import WidgetDash

extension EnvironmentValues {
    /// The environment goldens are drawn in: UTC and a Gregorian calendar in UTC, so a golden
    /// does not depend on the zone of the machine that runs it.
    public static var utcGregorian: EnvironmentValues {
        var env = EnvironmentValues()
        env.timeZone = TimeZone(identifier: "UTC") ?? TimeZone(secondsFromGMT: 0) ?? .current
        var calendar = Calendar(identifier: .gregorian)
        calendar.timeZone = env.timeZone
        env.calendar = calendar
        return env
    }
}
