/// One built-in theme file as embedded in the binary.
package struct BuiltinThemeSource: Sendable, Hashable {
    package var name: String
    package var text: String
}

extension Theme {
    /// The order `T` cycles the built-in themes in; themes not listed follow by name.
    static let builtinOrder = ["dark", "light", "high-contrast", "ansi16"]

    /// The built-in themes, parsed from the embedded files, in cycling order.
    ///
    /// A test parses every embedded file, so none is ever dropped here in a released build.
    package static let builtins: [Theme] = builtinSources
        .compactMap { try? Theme.parse($0.text, name: $0.name, file: "themes/\($0.name).toml") }
        .sorted { orderKey($0.name) < orderKey($1.name) }

    /// Sorts known names by `builtinOrder`, then everything else alphabetically.
    static func orderKey(_ name: String) -> (Int, String) {
        (builtinOrder.firstIndex(of: name) ?? builtinOrder.count, name)
    }

    /// The theme a fresh start uses: `dark` or `light` after the terminal's background when
    /// `COLORFGBG` tells it ("15;0" is light text on black), else `dark`.
    package static func defaultName(environment: [String: String]) -> String {
        preferredScheme(environment: environment) == .light ? "light" : "dark"
    }

    /// The scheme the terminal's background suggests, read from `COLORFGBG`
    /// ("fg;bg" or "fg;default;bg", set by rxvt, Konsole and others): background palette
    /// indices 7 and 9–15 are light, the rest dark. Nil when unknown.
    package static func preferredScheme(environment: [String: String]) -> ColorScheme? {
        guard let value = environment["COLORFGBG"],
              let last = value.split(separator: ";").last, let bg = Int(last) else { return nil }
        switch bg {
        case 7, 9...15: return .light
        case 0...6, 8: return .dark
        default: return nil
        }
    }
}
