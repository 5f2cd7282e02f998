import Foundation
import WidgetDash

/// `[[widget]] type = "http"`: a value from a JSON API, defined once in the config and placed
/// by its name; every key is checked here, at its line.
///
/// ```toml
/// [[widget]]
/// name = "stars"
/// type = "http"
/// url = "https://api.github.com/repos/swiftlang/swift"
/// select = ".stargazers_count"
/// style = "stat"            # text (default), stat, gauge, sparkline, list
/// every = "15m"             # default 5m
/// headers = ["Authorization: Bearer $GITHUB_TOKEN"]   # $NAME read from the environment
/// ```
///
/// `type = "prometheus"` is read the same way, with `query` (PromQL, required), `range` and
/// `step` (a range query, shown as a sparkline), and `bearer` or `basic_auth` instead of `select`.
public struct HTTPSectionResolver: PlacementResolver {
    public let type: String
    static let styles = ["text", "stat", "gauge", "sparkline", "list"]
    static let numberKeys = ["min", "max"]
    /// The string keys of the table; the first ones are required.
    let textKeys: [String]
    let required: [String]
    /// `headers = ["Name: value", …]` is the one array.
    public var arrayKeys: Set<String> { ["headers"] }

    /// The resolver of `type = "http"`.
    public init() {
        type = "http"
        textKeys = ["url", "select", "style", "every", "timeout", "title", "unit", "label"]
        required = ["url"]
    }

    /// The resolver of `type = "prometheus"` (the same shape, a PromQL query instead of a path).
    public static var prometheus: HTTPSectionResolver {
        HTTPSectionResolver(type: "prometheus", textKeys: ["url", "query", "range", "step", "style", "every", "timeout", "bearer",
                                                          "basic_auth", "title", "unit", "label"], required: ["url", "query"])
    }

    init(type: String, textKeys: [String], required: [String]) {
        self.type = type
        self.textKeys = textKeys
        self.required = required
    }

    public func resolve(_ section: WidgetSection) -> Result<WidgetDescription, ConfigProblem> {
        .failure(section.problem("\(type) widgets need the built-in widgets to be known"))
    }

    public func resolve(_ section: WidgetSection, known: [WidgetDescription]) -> Result<WidgetDescription, ConfigProblem> {
        let allowed = textKeys + Self.numberKeys + ["headers"] + AlertThreshold.keys
        let all = section.entries.map { ($0.key, $0.value.line) } + section.arrays.map { ($0.key, $0.value.line) }
        if let (key, line) = all.sorted(by: { $0.1 < $1.1 }).first(where: { !allowed.contains($0.0) }) {
            return .failure(section.problem("unknown key \"\(key)\" in [[widget]] \"\(section.name)\" (expected \(allowed.joined(separator: ", ")))", line: line))
        }
        guard let base = known.first(where: { $0.kind == type }) else {
            return .failure(section.problem("the \(type) widget is not available in this build"))
        }
        var presets = ["title": section.name]
        switch ThresholdKeys.presets(of: section) {
        case .success(let thresholds): presets.merge(thresholds) { _, new in new }
        case .failure(let problem): return .failure(problem)
        }
        for (key, entry) in section.entries.sorted(by: { $0.value.line < $1.value.line }) where !AlertThreshold.keys.contains(key) {
            switch (key, entry.value) {
            case ("min", .integer(let n)), ("max", .integer(let n)):
                presets[key] = String(n)
            case ("min", .string(let s)), ("max", .string(let s)):
                guard let n = Double(s), n.isFinite else { return .failure(section.problem("expected a number for \"\(key)\", found \"\(s)\"", line: entry.line)) }
                presets[key] = String(n)
            case (_, .string(let text)):
                if let message = Self.problem(key: key, text) { return .failure(section.problem("\"\(key)\": \(message)", line: entry.line)) }
                presets[key] = text
            default:
                return .failure(section.problem("expected \(Self.numberKeys.contains(key) ? "a number" : "a string") for \"\(key)\", found \(ConfigReader.show(entry.value))", line: entry.line))
            }
        }
        guard presets["url"] != nil else {
            let what = type == "http" ? "the JSON to fetch" : "the server, such as http://localhost:9090"
            return .failure(section.problem("expected url = \"https://…\" (\(what)) in [[widget]] \"\(section.name)\"", line: section.line))
        }
        if required.contains("query"), presets["query"] == nil {
            return .failure(section.problem("expected query = \"…\" (PromQL, such as 'up{job=\"node\"}') in [[widget]] \"\(section.name)\"", line: section.line))
        }
        if let entry = section.entries["headers"] {
            return .failure(section.problem("expected an array of header lines for \"headers\", such as [\"Authorization: Bearer $TOKEN\"], found \(ConfigReader.show(entry.value))", line: entry.line))
        }
        if let array = section.arrays["headers"] {
            var lines: [String] = []
            for element in array.elements {
                guard case .string(let line) = element.value, let colon = line.firstIndex(of: ":"),
                      Self.isHeaderName(line[..<colon]), !line.contains(where: \.isNewline) else {
                    return .failure(ConfigProblem(file: section.file, line: element.line, column: element.column + 1,
                                                  message: "expected a header line \"Name: value\" (a value may use $NAME from the environment)"))
                }
                lines.append(line)
            }
            presets["headers"] = lines.joined(separator: "\n")
        }
        var description = base.presetting(presets)
        description.displayName = TextSanitizer.sanitize(presets["title"] ?? section.name, keepNewlines: false)
        description.description = type == "http" ? "Fetches: " + TextSanitizer.sanitize(presets["url"] ?? "", keepNewlines: false)
            : "Asks \(TextSanitizer.sanitize(presets["url"] ?? "", keepNewlines: false)): " + TextSanitizer.sanitize(presets["query"] ?? "", keepNewlines: false)
        return .success(description)
    }

    /// A placement may retitle it; everything else belongs to the table.
    public func validate(parameters: [String: String], of section: WidgetSection) -> String? {
        CommandSectionResolver.refuseOthers(parameters, allowed: ["title"], widget: section.name)
    }

    /// What is wrong with one string value, or nil.
    static func problem(key: String, _ text: String) -> String? {
        switch key {
        case "url":
            return NetworkSettings.isBaseURL(text) ? nil : "expected an http:// or https:// URL, found \"\(TextSanitizer.sanitize(text, keepNewlines: false))\""
        case "select":
            do { _ = try JSONSelection(text) } catch { return "\(error) (paths look like .a.b[0] or items[*].name)" }
            return nil
        case "style":
            return styles.contains(text) ? nil : "expected one of \(styles.map { "\"\($0)\"" }.joined(separator: ", ")), found \"\(text)\""
        case "query":
            return text.trimmingCharacters(in: .whitespaces).isEmpty ? "expected a PromQL query, found an empty string" : nil
        case "every", "timeout", "range", "step":
            return DurationText.seconds(text) == nil ? "expected a duration such as \"30s\" or \"5m\", found \"\(text)\"" : nil
        default:
            return nil
        }
    }

    static func isHeaderName(_ name: Substring) -> Bool {
        !name.isEmpty && name.allSatisfy { $0.isASCII && ($0.isLetter || $0.isNumber || $0 == "-" || $0 == "_") }
    }
}
