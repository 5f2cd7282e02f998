import Foundation
import WidgetDash

/// The themes a dashboard can use: the built-in ones, plus the user's from
/// `$XDG_CONFIG_HOME/widgetdash/themes/*.toml`, which add to them or replace one by name
/// (DashSystem reads those files: `ThemeLibrary.load(userDirectory:)`).
///
/// A user file that does not parse is left out and reported in ``problems`` (file, line, what
/// was expected); the dashboard keeps running on the built-in themes.
package struct ThemeLibrary: Sendable {
    /// Every usable theme, in the order `T` cycles them (built-ins first, then the user's by name).
    package private(set) var themes: [Theme]
    /// Where each theme came from, by name: "built-in" or a file path.
    package private(set) var sources: [String: String]
    /// User theme files that were refused.
    package private(set) var problems: [ThemeError]

    /// The built-in themes only.
    package static let builtin = ThemeLibrary(themes: Theme.builtins,
                                             sources: Dictionary(uniqueKeysWithValues: Theme.builtins.map { ($0.name, "built-in") }),
                                             problems: [])

    init(themes: [Theme], sources: [String: String], problems: [ThemeError]) {
        self.themes = themes
        self.sources = sources
        self.problems = problems
    }

    /// Records a user theme file that was refused.
    package mutating func refuse(_ problem: ThemeError) { problems.append(problem) }

    /// Adds `theme`, replacing a theme of the same name in place.
    package mutating func add(_ theme: Theme, source: String) {
        if let i = themes.firstIndex(where: { $0.name == theme.name }) { themes[i] = theme } else { themes.append(theme) }
        sources[theme.name] = source
    }

    /// The theme called `name`.
    package func theme(named name: String) -> Theme? { themes.first { $0.name == name } }

    /// The theme after `name` in cycling order (wrapping around).
    package func theme(after name: String) -> Theme {
        guard let i = themes.firstIndex(where: { $0.name == name }) else { return themes.first ?? Self.fallback }
        return themes[(i + 1) % themes.count]
    }

    /// The theme `requested` names: one of the library's by name, or a `.toml` file (a
    /// requested path is anything with a `/` or ending in `.toml`), read by `themeFile`.
    package func theme(requested: String, themeFile: (URL) -> Result<Theme, ThemeError>) -> Result<Theme, ThemeRequestError> {
        if requested.hasSuffix(".toml") || requested.contains("/") {
            return themeFile(URL(fileURLWithPath: requested)).mapError { ThemeRequestError(message: "theme \($0)") }
        }
        if let theme = theme(named: requested) { return .success(theme) }
        let shown = requested.count > 80 ? requested.prefix(80) + "…" : Substring(requested)
        return .failure(ThemeRequestError(message: "unknown theme \"\(shown)\" (known: \(themes.map(\.name).joined(separator: ", ")))"))
    }

    /// The theme to use when nothing else is available.
    static var fallback: Theme { Theme.builtins.first ?? Theme(name: "dark", displayName: "Dark", variants: [.dark: .dark]) }

    /// The theme and scheme to start with.
    ///
    /// `requested` is a theme name or a path to a `.toml` file; nil (or anything unusable,
    /// which adds a warning) gives the default: `light` or `dark` after `COLORFGBG`, else `dark`.
    /// The scheme follows the terminal's background when the theme has both.
    /// `themeFile` reads a requested path (DashSystem's `ThemeLibrary.loadFile` on disk).
    package func startup(requested: String?, environment: [String: String],
                         themeFile: (URL) -> Result<Theme, ThemeError>) -> (theme: Theme, scheme: ColorScheme, warnings: [String]) {
        var warnings = problems.map { "theme \($0) (skipped)" }
        var chosen: Theme?
        if let requested {
            switch theme(requested: requested, themeFile: themeFile) {
            case .success(let theme): chosen = theme
            case .failure(let problem): warnings.append("\(problem.message); using a built-in theme")
            }
        }
        let theme = chosen ?? theme(named: Theme.defaultName(environment: environment)) ?? Self.fallback
        let preferred = Theme.preferredScheme(environment: environment) ?? .dark
        return (theme, theme.effectiveScheme(preferred), warnings)
    }
}

/// Why a requested theme cannot be used: a message that quotes what was asked for.
package struct ThemeRequestError: Error, Sendable {
    package var message: String
}
