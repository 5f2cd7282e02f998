import Foundation
import Testing
import WidgetDash

/// Theme files: the TOML subset, the keys, colors, derivation and errors with line numbers.
@Suite struct ThemeParserTests {
    func error(_ text: String) -> ThemeError? {
        do {
            _ = try Theme.parse(text, name: "t", file: "t.toml")
            return nil
        } catch { return error }
    }

    @Test func derivesTokensAndAppliesOverrides() throws {
        let theme = try Theme.parse("""
            name = "Mine"  # a comment
            [dark]
            background = "#000000"
            foreground = "#FFF"
            accent = 33
            [dark.tokens]
            secondary = "bright-white"
            """, name: "mine", file: "mine.toml")
        #expect(theme.displayName == "Mine")
        #expect(theme.schemes == [.dark])
        let p = theme.palette(for: .light)   // falls back to the only variant
        #expect(p.background == .rgb(0, 0, 0))
        #expect(p.widgetBackground == .rgb(0, 0, 0))   // surface defaults to the background
        #expect(p.primary == .rgb(255, 255, 255))
        #expect(p.tint == .indexed(33))
        #expect(p.focusedBorder == .indexed(33))
        #expect(p.secondary == .indexed(15))
        // Derived: between foreground and surface.
        #expect(p.tertiary == .rgb(140, 140, 140))
        #expect(theme.effectiveScheme(.light) == .dark)
    }

    @Test func errorsCarryTheLineAndWhatWasExpected() {
        let cases: [(String, Int, String)] = [
            ("[dark]\nbackground = \"#111\"\nforeground = \"#fff\"\naccent = \"#nothex\"\n", 4, "expected a color for \"dark.accent\""),
            ("\n\n[dark\n", 3, "expected ] to close"),
            ("[dark]\nbackground = \"#000\"\nforegrund = \"#fff\"\n", 3, "unknown key \"foregrund\" in [dark]"),
            ("[dark]\nbackground = \"#000\"\nforeground = \"#fff\"\n", 1, "expected \"accent\" in [dark]"),
            ("[dark]\nbackground = [1, 2]\n", 2, "expected a single value for \"dark.background\", found an array"),
            ("[dark]\nbackground = \"#000\n", 2, "expected \" to close the string"),
            ("name = \"a\"\nname = \"b\"\n", 2, "defined twice (first on line 1)"),
            ("[dusk]\nbackground = \"#000\"\n", 2, "unexpected key"),
            ("[dark.tokens]\nprimry = \"#fff\"\n", 2, "unknown token \"primry\""),
            ("[dark]\nbackground = 300\n", 2, "from 0 to 255"),
            ("name = 3\n[dark]\nbackground = 0\nforeground = 15\naccent = 4\n", 1, "expected a string for \"name\""),
            ("# nothing here\n", 0, "expected a [light] or a [dark] table"),
        ]
        for (text, line, message) in cases {
            let e = error(text)
            #expect(e?.line == line, "\(text.debugDescription): \(String(describing: e))")
            #expect(e?.message.contains(message) == true, "\(text.debugDescription): \(String(describing: e))")
            #expect(e?.file == "t.toml")
        }
        #expect(error("[dark]\nbackground = 0\nforeground = 15\naccent = 4\n") == nil)
    }

    @Test func errorDescriptionIsCompilerStyle() {
        #expect(ThemeError(file: "a.toml", line: 3, message: "expected x").description == "a.toml:3: expected x")
    }

    @Test func colorsInEveryNotation() {
        #expect(ThemeColor.parse("#4CA8FF") == .rgb(0x4C, 0xA8, 0xFF))
        #expect(ThemeColor.parse("#abc") == .rgb(0xAA, 0xBB, 0xCC))
        #expect(ThemeColor.parse("bright-blue") == .indexed(12))
        #expect(ThemeColor.parse("ansi:7") == .indexed(7))
        #expect(ThemeColor.parse("#12345") == nil)
        #expect(ThemeColor.parse("blurple") == nil)
        #expect(ThemeColor.format(.rgb(1, 0xAB, 255)) == "#01ABFF")
    }

    @Test func ansiVariantsDeriveOnlyANSIColors() throws {
        let theme = try Theme.parse("[dark]\nbackground = 0\nforeground = 15\naccent = 14\n", name: "a", file: "a.toml")
        #expect(theme.palette(for: .dark).isANSI16)
    }

    @Test func terminalBackgroundPicksTheDefault() {
        #expect(Theme.defaultName(environment: ["COLORFGBG": "0;15"]) == "light")
        #expect(Theme.defaultName(environment: ["COLORFGBG": "15;default;0"]) == "dark")
        #expect(Theme.defaultName(environment: [:]) == "dark")
        #expect(Theme.preferredScheme(environment: ["COLORFGBG": "garbage"]) == nil)
    }

    /// The embedded copies are exactly the files in `themes/` (run scripts/generate-builtin-themes.sh).
    @Test func embeddedThemesMatchTheFiles() throws {
        let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()
        let dir = root.appendingPathComponent("themes")
        let files = try FileManager.default.contentsOfDirectory(atPath: dir.path).filter { $0.hasSuffix(".toml") }.sorted()
        #expect(files.map { String($0.dropLast(5)) } == Theme.builtinSources.map(\.name))
        for source in Theme.builtinSources {
            let text = try String(contentsOf: dir.appendingPathComponent(source.name + ".toml"), encoding: .utf8)
            #expect(source.text + "\n" == text, "\(source.name).toml differs from its embedded copy: run scripts/generate-builtin-themes.sh")
        }
    }
}
