import DashCatalog
@testable import DashCore
import Testing
import WidgetDash

@Suite("Config file: extensions")
struct ConfigExtensionsTests {
    let reader = ConfigReader(widgets: BuiltinWidgets().widgetDescriptions)

    @Test func readsEveryPathWithItsLineAndColumn() {
        let load = reader.parse("""
            theme = "dark"
            extensions = ["~/bin/weather", "pizza",
                # a comment between paths
                  '/opt/widgets/stocks']
            [[page]]
            widgets = ["clock@small"]
            """, file: "c.toml")
        #expect(load.problems.isEmpty)
        #expect(load.config.extensions == [
            ExtensionEntry(path: "~/bin/weather", line: 2, column: 15),
            ExtensionEntry(path: "pizza", line: 2, column: 32),
            ExtensionEntry(path: "/opt/widgets/stocks", line: 4, column: 7),
        ])
        #expect(ConfigReader.extensionEntries("extensions = [\"a\"]\n[[page]]\nwidgets = [\"nothing@small\"]", file: "c.toml")
            == [ExtensionEntry(path: "a", line: 1, column: 15)])
    }

    @Test(arguments: [
        ("extensions = \"~/bin/weather\"", "c.toml:1: expected an array of paths for \"extensions\", such as [\"~/.local/bin/weather-widgets\"], found a string"),
        ("extensions = [\"a\", 3]", "c.toml:1:20: expected a path in quotes for an extension, found an integer"),
        ("extensions = [\n  \"a\",\n  \"\",\n]", "c.toml:3:3: expected a path to an extension executable, found \"\""),
        ("extension = [\"a\"]", "c.toml:1: unknown key \"extension\" (expected one of: theme, scheme, extensions, or a table [scheduler], [lock], [activities], [sources], [terminal], [weather], [[page]] or [[widget]])"),
        ("[lock]\nextensions = [\"a\"]", "c.toml:2: unknown key \"extensions\" in [lock] (expected: auto_lock, screen); extensions = … belongs at the top of the file, before any table"),
        ("[[page]]\nwidgets = []\nextensions = [\"a\"]", "c.toml:3: unknown key \"extensions\" in [[page]] (expected: widgets, name); extensions = … belongs at the top of the file, before any table"),
    ])
    func aWrongValueIsAProblemAtItsPosition(text: String, expected: String) {
        #expect(reader.parse(text, file: "c.toml").problems.map(\.description) == [expected])
    }

    @Test func theGoodPathsOfAnArrayWithABadOneAreKept() {
        let load = reader.parse("extensions = [\"a\", true, \"b\"]", file: "c.toml")
        #expect(load.config.extensions.map(\.path) == ["a", "b"])
        #expect(load.hasErrors)
    }

    @Test func aBrokenFileNamesNoExtensionForTheCommandsThatLoadFirst() {
        #expect(ConfigReader.extensionEntries("extensions = [\"a\"\ntheme = ", file: "c.toml").isEmpty)
        #expect(ConfigReader.extensionEntries("theme = \"dark\"", file: "c.toml").isEmpty)
    }

    @Test(arguments: [
        ("~/bin/weather", "/home/ann/bin/weather"),
        ("~", "/home/ann"),
        ("weather", "/home/ann/.config/widgetdash/weather"),
        ("./bin/../weather", "/home/ann/.config/widgetdash/weather"),
        ("../../.local/bin/w", "/home/ann/.local/bin/w"),
        ("/opt//w/./x", "/opt/w/x"),
        ("~ann/w", "/home/ann/.config/widgetdash/~ann/w"),
    ])
    func aPathIsResolvedFromHomeOrTheConfigFilesDirectory(written: String, resolved: String) {
        let entry = ExtensionEntry(path: written, line: 1, column: 1)
        #expect(entry.resolvedPath(configFile: "/home/ann/.config/widgetdash/config.toml", home: "/home/ann") == resolved)
    }

    @Test func theConfigFilesDirectoryIsItsPathUpToTheLastSlash() {
        #expect(ExtensionEntry.directory(of: "/srv/x/config.toml") == "/srv/x")
        #expect(ExtensionEntry.directory(of: "/config.toml") == "/")
        #expect(ExtensionEntry.directory(of: "config.toml") == ".")
        #expect(ExtensionEntry.resolve("w", relativeTo: "/srv/x", home: "/h") == "/srv/x/w")
        #expect(ExtensionEntry.resolve("../w", relativeTo: ".", home: "/h") == "../w")
        #expect(ExtensionEntry.resolve("/../w", relativeTo: "/", home: "/h") == "/w")
    }

    @Test func aProblemWithAColumnPrintsItAfterTheLine() {
        #expect(ConfigProblem(file: "c.toml", line: 3, column: 7, message: "m").description == "c.toml:3:7: m")
        #expect(ConfigProblem(file: "c.toml", line: 3, message: "m", isWarning: true).description == "c.toml:3: warning: m")
        #expect(ConfigProblem(file: "c.toml", line: 0, column: 7, message: "m").description == "c.toml: m")
    }
}
