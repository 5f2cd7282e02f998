import Foundation
import WidgetDash

/// The threshold keys of a data, http or prometheus widget table, checked at their line and
/// column and turned into the presets ``AlertThreshold`` reads back.
///
/// ```toml
/// warn = 80          # an integer or a float
/// critical = 95
/// below = true       # the alert is falling to them (free disk, battery); default false
/// alert = "bell"     # or "activity": what crossing does besides the tint
/// on_alert = "notify-send \"$WIDGETDASH_LEVEL: $WIDGETDASH_VALUE\""   # run at each change of level
/// ```
enum ThresholdKeys {
    /// The presets of the thresholds in `section`, or the first problem.
    static func presets(of section: WidgetSection) -> Result<[String: String], ConfigProblem> {
        func problem(_ entry: TOML.Entry, _ message: String) -> ConfigProblem {
            ConfigProblem(file: section.file, line: entry.line, column: entry.column + 1, message: message)
        }
        var presets: [String: String] = [:]
        for key in AlertThreshold.keys {
            guard let entry = section.entries[key] else { continue }
            switch (key, entry.value) {
            case ("below", .boolean(let b)):
                presets[key] = String(b)
            case ("below", _):
                return .failure(problem(entry, "expected true or false for \"below\", found \(ConfigReader.show(entry.value))"))
            case ("alert", .string(let mode)) where AlertWatch.modes.contains(mode):
                presets[key] = mode
            case ("alert", _):
                return .failure(problem(entry, "expected alert = \"bell\" or \"activity\", found \(ConfigReader.show(entry.value))"))
            case ("on_alert", .string(let command)) where !command.trimmingCharacters(in: .whitespaces).isEmpty:
                presets[key] = command
            case ("on_alert", _):
                return .failure(problem(entry, "expected a command for \"on_alert\", such as on_alert = \"notify-send \\\"$WIDGETDASH_VALUE\\\"\", found \(ConfigReader.show(entry.value))"))
            case (_, .integer(let n)):
                presets[key] = String(n)
            case (_, .float(let x)) where x.isFinite:
                presets[key] = String(x)
            default:
                return .failure(problem(entry, "expected a number for \"\(key)\" (such as \(key) = \(key == "warn" ? 80 : 95)), found \(ConfigReader.show(entry.value))"))
            }
        }
        if presets["warn"] == nil, presets["critical"] == nil,
           let (key, entry) = section.entries.filter({ ["below", "alert", "on_alert"].contains($0.key) }).min(by: { $0.value.line < $1.value.line }) {
            return .failure(problem(entry, "\"\(key)\" needs a threshold: add warn = … or critical = …"))
        }
        if let threshold = AlertThreshold(parameters: presets), let message = threshold.problem,
           let entry = section.entries["warn"] {
            return .failure(problem(entry, message))
        }
        return .success(presets)
    }
}
