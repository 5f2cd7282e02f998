import Foundation

/// Durations as people write them in the config file, widget parameters and scenarios.
///
/// ```swift
/// DurationText.parse("1h30m")   // (seconds: 5400, hasUnit: true)
/// DurationText.parse("-5m")     // (seconds: -300, hasUnit: true)
/// DurationText.seconds("1.5")   // 1.5 (a parameter may give bare seconds)
/// ```
///
/// One grammar for the whole host: an optional sign, then one or more numbers each followed by
/// a unit (`ms`, `s`, `m`, `h`, `d`; decimals allowed, case ignored), or a bare number of
/// seconds. Each caller then says what it accepts (a unit required, a sign allowed, above 0), so
/// `every = "1h30m"` means the same in the config file as in a command widget's parameter.
/// RFC 5545 durations (`PT1H30M`, in calendars) are another grammar and are read by `ICalendar`.
public enum DurationText {
    /// The seconds `text` stands for, and whether it named a unit; nil when it is not a duration.
    public static func parse(_ text: String) -> (seconds: TimeInterval, hasUnit: Bool)? {
        var rest = Substring(text.trimmingCharacters(in: .whitespaces).lowercased())
        if let bare = Double(rest), bare.isFinite { return (bare, false) }
        var sign: Double = 1
        if let first = rest.first, first == "-" || first == "+" {
            sign = first == "-" ? -1 : 1
            rest = rest.dropFirst()
        }
        guard !rest.isEmpty else { return nil }
        var total: TimeInterval = 0
        while !rest.isEmpty {
            let number = rest.prefix { $0.isASCII && ($0.isNumber || $0 == ".") }
            rest = rest.dropFirst(number.count)
            let unit = rest.prefix { $0.isASCII && $0.isLetter }
            rest = rest.dropFirst(unit.count)
            guard let value = Double(number), value.isFinite, let scale = units[String(unit)] else { return nil }
            total += value * scale
        }
        guard total.isFinite else { return nil }
        return (sign * total, true)
    }

    /// Seconds for `text` (a unit, or a bare number of seconds), or nil when it is not a
    /// positive duration.
    public static func seconds(_ text: String) -> TimeInterval? {
        guard let (seconds, _) = parse(text), seconds > 0 else { return nil }
        return seconds
    }

    private static let units: [String: Double] = ["ms": 0.001, "s": 1, "m": 60, "h": 3600, "d": 86_400]
}
