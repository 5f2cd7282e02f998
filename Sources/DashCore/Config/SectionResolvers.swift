import Foundation
import WidgetDash

/// `[[widget]] type = "command"`: a command widget defined once in the config and placed by
/// its name, so the command may hold anything a shell line can (pipes, commas, quotes) that a
/// `command@medium:cmd=…` placement cannot.
///
/// ```toml
/// [[widget]]
/// name = "disk"
/// type = "command"
/// command = "df -h / /home | tail -n +2"
/// every = "5m"
/// ```
public struct CommandSectionResolver: PlacementResolver {
    public let type = "command"
    static let keys = ["command", "every", "timeout", "title"]
    /// One gate for every command this resolver defines, for as long as the registry lives (a
    /// shell keeps its registry across config reloads).
    private let gate: CommandGate

    public init(gate: CommandGate = CommandGate()) { self.gate = gate }

    public func resolve(_ section: WidgetSection) -> Result<WidgetDescription, ConfigProblem> {
        if let (key, entry) = section.entries.sorted(by: { $0.value.line < $1.value.line }).first(where: { !Self.keys.contains($0.key) }) {
            return .failure(section.problem("unknown key \"\(key)\" in [[widget]] \"\(section.name)\" (expected \(Self.keys.joined(separator: ", ")))", line: entry.line))
        }
        guard let entry = section.entries["command"], case .string(let command) = entry.value,
              !command.trimmingCharacters(in: .whitespaces).isEmpty else {
            return .failure(section.problem("expected command = \"…\" (a shell command line) in [[widget]] \"\(section.name)\"",
                                            line: section.entries["command"]?.line))
        }
        var presets = ["cmd": command, "title": section.name]
        for key in ["every", "timeout"] {
            guard let entry = section.entries[key] else { continue }
            guard ConfigReader.duration(entry.value) != nil, case .string(let text) = entry.value else {
                return .failure(section.problem("expected a duration such as \"30s\" or \"5m\" for \"\(key)\", found \(ConfigReader.show(entry.value))", line: entry.line))
            }
            presets[key] = text
        }
        if let entry = section.entries["title"] {
            guard case .string(let title) = entry.value else {
                return .failure(section.problem("expected a string for \"title\", found \(ConfigReader.show(entry.value))", line: entry.line))
            }
            presets["title"] = title
        }
        var description = CommandWidget(gate: gate).body._description.presetting(presets)
        description.displayName = TextSanitizer.sanitize(presets["title"] ?? section.name, keepNewlines: false)
        description.description = "Runs: " + TextSanitizer.sanitize(command, keepNewlines: false)
        return .success(description)
    }

    /// A placement may change how often it runs and its title, not the command.
    public func validate(parameters: [String: String], of section: WidgetSection) -> String? {
        Self.refuseOthers(parameters, allowed: ["every", "timeout", "title"], widget: section.name)
    }

    static func refuseOthers(_ parameters: [String: String], allowed: Set<String>, widget: String) -> String? {
        guard let key = parameters.keys.sorted().first(where: { !allowed.contains($0) }) else { return nil }
        return "\"\(key)\" is set in [[widget]] \"\(widget)\"; a placement may set \(allowed.sorted().joined(separator: ", "))"
    }
}

/// `[[widget]] type = "data"`: one of the store-fed widgets (text, gauge, list, sparkline,
/// stat) with its key and options set once, placed by name.
///
/// ```toml
/// [[widget]]
/// name = "cpu-temp"
/// type = "data"
/// style = "gauge"
/// key = "cpu.temp"
/// max = 100
/// unit = "°C"
/// ```
public struct DataSectionResolver: PlacementResolver {
    public let type = "data"
    static let styles = ["text", "gauge", "list", "sparkline", "stat"]

    public init() {}

    public func resolve(_ section: WidgetSection) -> Result<WidgetDescription, ConfigProblem> {
        .failure(section.problem("data widgets need the built-in widgets to be known"))
    }

    public func resolve(_ section: WidgetSection, known: [WidgetDescription]) -> Result<WidgetDescription, ConfigProblem> {
        guard let styleEntry = section.entries["style"], case .string(let style) = styleEntry.value, Self.styles.contains(style) else {
            return .failure(section.problem("expected style = one of \(Self.styles.map { "\"\($0)\"" }.joined(separator: ", ")) in [[widget]] \"\(section.name)\"",
                                            line: section.entries["style"]?.line))
        }
        guard let base = known.first(where: { $0.kind == style }) else {
            return .failure(section.problem("the \(style) widget is not available in this build", line: styleEntry.line))
        }
        guard let keyEntry = section.entries["key"], case .string = keyEntry.value else {
            return .failure(section.problem("expected key = \"KIND.KEY\" (the store key to show) in [[widget]] \"\(section.name)\"",
                                            line: section.entries["key"]?.line))
        }
        var presets = ["title": section.name]
        switch ThresholdKeys.presets(of: section) {
        case .success(let thresholds): presets.merge(thresholds) { _, new in new }
        case .failure(let problem): return .failure(problem)
        }
        for (key, entry) in section.entries.sorted(by: { $0.value.line < $1.value.line }) where key != "style" && !AlertThreshold.keys.contains(key) {
            guard let parameter = base.configurationParameters.first(where: { $0.name == key }) else {
                let names = ["style"] + base.configurationParameters.map(\.name) + AlertThreshold.keys
                return .failure(section.problem("unknown key \"\(key)\" for a \(style) widget (expected \(names.joined(separator: ", ")))", line: entry.line))
            }
            let text: String
            switch entry.value {
            case .string(let s): text = s
            case .integer(let n): text = String(n)
            case .boolean(let b): text = String(b)
            case .float(let x): text = String(x)
            case .dateTime(let d): text = d.text
            case .array, .table: text = ConfigReader.show(entry.value)
            }
            if let message = parameter.problem(with: text) {
                return .failure(section.problem("\"\(key)\": \(message)", line: entry.line))
            }
            presets[key] = text
        }
        var description = base.presetting(presets)
        description.displayName = TextSanitizer.sanitize(presets["title"] ?? section.name, keepNewlines: false)
        return .success(description)
    }

    /// A placement may retitle it; the key and the options belong to the table.
    public func validate(parameters: [String: String], of section: WidgetSection) -> String? {
        CommandSectionResolver.refuseOthers(parameters, allowed: ["title"], widget: section.name)
    }
}
