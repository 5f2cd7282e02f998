import WidgetDash

/// How the dashboard draws grapheme clusters (`[terminal] graphemes` in the config, or the
/// `WIDGETDASH_GRAPHEMES` environment variable, which wins).
///
/// ```toml
/// [terminal]
/// graphemes = "auto"   # ask the terminal (mode 2027); "clusters" or "legacy" decide for it
/// ```
public enum GraphemeMode: String, Sendable, CaseIterable {
    /// Ask the terminal at start whether it clusters (DECRQM for mode 2027) and follow its answer.
    case auto
    /// Draw every cluster whole (a ZWJ family, a flag, a skin tone), as a clustering terminal does.
    case clusters
    /// Draw each cluster in a form a terminal that does not cluster shows at the counted width.
    case legacy

    /// The environment variable that overrides the config.
    public static let environmentVariable = "WIDGETDASH_GRAPHEMES"

    /// The mode after the environment (when set to a known mode), else the config, else auto.
    public static func resolve(environment: [String: String], config: GraphemeMode?) -> GraphemeMode {
        if let text = environment[environmentVariable], let mode = GraphemeMode(rawValue: text.lowercased()) { return mode }
        return config ?? .auto
    }
}

extension ConfigReader {
    /// `[terminal] graphemes`: one of auto, clusters, legacy, else what was expected instead.
    static func graphemeMode(_ entry: TOML.Entry?) -> (mode: GraphemeMode?, problem: String?) {
        guard let entry else { return (nil, nil) }
        if case .string(let text) = entry.value, let mode = GraphemeMode(rawValue: text) { return (mode, nil) }
        let choices = GraphemeMode.allCases.map { "\"\($0.rawValue)\"" }.joined(separator: ", ")
        return (nil, "expected one of \(choices) for \"graphemes\", found \(show(entry.value))")
    }
}
