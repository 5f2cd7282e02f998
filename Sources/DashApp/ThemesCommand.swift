import ArgumentParser
import DashCore
import DashSystem
import DashTerminal
import Foundation
import WidgetDash

/// Lists the themes, or checks a theme file.
struct ThemesCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "themes",
        abstract: "List the themes (built-in and yours), or check a theme file.",
        discussion: """
            User themes are read from $XDG_CONFIG_HOME/widgetdash/themes/*.toml (else \
            ~/.config/widgetdash/themes); one named like a built-in theme replaces it.
            """,
        subcommands: [ListThemes.self, CheckTheme.self],
        defaultSubcommand: ListThemes.self
    )
}

/// `widgetdash themes`: every usable theme with its schemes and where it comes from.
struct ListThemes: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "list", abstract: "List the themes.")

    func run() throws {
        let library = ThemeLibrary.load(userDirectory: ThemeLibrary.userDirectory())
        let width = (library.themes.map { TextWidth.width(of: $0.name) }.max() ?? 4) + 2
        for theme in library.themes {
            let schemes = theme.schemes.map(\.rawValue).joined(separator: ", ")
            let source = library.sources[theme.name] ?? "built-in"
            print(TextSanitizer.sanitize(theme.name.padding(toLength: width, withPad: " ", startingAt: 0) + "\(theme.displayName) (\(schemes)) — \(source)", keepNewlines: false))
            if !theme.summary.isEmpty { print(String(repeating: " ", count: width) + TextSanitizer.sanitize(theme.summary, keepNewlines: false)) }
        }
        for problem in library.problems { printError("theme \(problem) (skipped)") }
    }
}

/// `widgetdash themes check FILE`: parses a theme file and reports its contrast.
struct CheckTheme: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "check",
        abstract: "Check a theme file: syntax, keys and colors (file:line: what was expected), then contrast.",
        discussion: "Exit status 0 when the theme is usable, 65 when it is not."
    )

    @Argument(help: "The theme file (.toml).")
    var file: String

    func run() throws {
        let url = URL(fileURLWithPath: file)
        let theme: Theme
        switch ThemeLibrary.loadFile(url) {
        case .success(let t): theme = t
        case .failure(var error):
            error.file = file
            printError("\(error)")
            throw ExitStatus.dataError
        }
        print(TextSanitizer.sanitize("\(file): theme \"\(theme.name)\" (\(theme.displayName)), schemes: \(theme.schemes.map(\.rawValue).joined(separator: ", "))", keepNewlines: false))
        var weak = 0
        for scheme in theme.schemes {
            let palette = theme.palette(for: scheme)
            for pair in palette.contrastPairs(hues: !palette.isANSI16) {
                guard let ratio = Contrast.ratio(pair.foreground, pair.background), ratio < pair.minimum else { continue }
                weak += 1
                print("  warning: [\(scheme.rawValue)] \(pair.name) is \(String(format: "%.2f", ratio)):1, below \(pair.minimum):1")
            }
        }
        print(weak == 0 ? "ok: every pair meets its contrast" : "ok, with \(weak) contrast warning(s)")
    }
}

/// Sets or clears the passcode that unlocking asks for.
struct PasscodeCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "passcode",
        abstract: "Set or clear the passcode that unlocking (l) asks for.",
        discussion: "Stored only as a salted PBKDF2-SHA256 hash in $XDG_CONFIG_HOME/widgetdash/passcode (mode 0600).",
        subcommands: [SetPasscode.self, ClearPasscode.self]
    )
}

struct SetPasscode: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "set",
        abstract: "Set the passcode (asked twice, not echoed; read from standard input when it is not a terminal)."
    )

    func run() throws {
        let store = PasscodeStore(directory: ConfigDirectory.url())
        let first: String
        if SecretPrompt.standardInputIsTerminal {
            guard let a = SecretPrompt.read("New passcode: "), let b = SecretPrompt.read("Again: ") else { throw ExitStatus.usage }
            guard a == b else {
                printError("the two passcodes differ; nothing changed")
                throw ExitStatus.dataError
            }
            first = a
        } else {
            guard let line = readLine(strippingNewline: true) else {
                printError("expected the passcode on standard input")
                throw ExitStatus.usage
            }
            first = line
        }
        do { try store.set(first) } catch {
            printError("\(error)")
            throw ExitStatus.dataError
        }
        print("passcode set (\(store.fileURL.path))")
    }
}

struct ClearPasscode: ParsableCommand {
    static let configuration = CommandConfiguration(commandName: "clear", abstract: "Remove the passcode: l simply toggles again.")

    func run() throws {
        let store = PasscodeStore(directory: ConfigDirectory.url())
        do {
            print(try store.clear() ? "passcode cleared" : "no passcode was set")
        } catch {
            printError("\(error)")
            throw ExitStatus.dataError
        }
    }
}

/// The lock screen's accessory widgets until the config file can choose them.
enum DefaultLockScreen {
    static let placements: [WidgetPlacement] = [
        WidgetPlacement(kind: "bank", family: .accessoryInline),
        WidgetPlacement(kind: "health", family: .accessoryCircular),
        WidgetPlacement(kind: "system", family: .accessoryCircular),
        WidgetPlacement(kind: "bank", family: .accessoryRectangular),
        WidgetPlacement(kind: "calendar", family: .accessoryRectangular),
    ]
}

/// Theme choice shared by `run` and `snapshot`.
enum ThemeChoice {
    /// The theme and scheme for `--theme`/`--scheme`, warnings printed; falls back to a built-in.
    /// With `strict` (a snapshot, whose picture would silently be of the wrong theme), a theme
    /// that cannot be used is an error instead: exit status 65, as `themes check` gives.
    static func resolve(theme: String?, scheme: String?, strict: Bool = false) throws -> (library: ThemeLibrary, theme: Theme, scheme: ColorScheme) {
        let environment = ProcessInfo.processInfo.environment
        let library = ThemeLibrary.load(userDirectory: ThemeLibrary.userDirectory(environment: environment))
        if strict, let theme, case .failure(let problem) = library.theme(requested: theme, themeFile: ThemeLibrary.loadFile) {
            printError(problem.message)
            throw ExitStatus.dataError
        }
        let start = library.startup(requested: theme, environment: environment)
        for warning in start.warnings { printError(warning) }
        var chosen = start.scheme
        if let scheme {
            guard let s = ColorScheme(rawValue: scheme) else {
                printError("--scheme \(scheme): expected light or dark")
                throw ExitStatus.usage
            }
            if start.theme.variants[s] == nil { printError("theme \(start.theme.name) has no \(s.rawValue) variant; using \(start.theme.schemes.map(\.rawValue).joined())") }
            chosen = start.theme.effectiveScheme(s)
        }
        return (library, start.theme, chosen)
    }
}
