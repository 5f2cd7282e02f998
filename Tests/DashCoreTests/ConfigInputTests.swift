import DashCatalog
@testable import DashCore
import Foundation
import Testing
import WidgetDash

/// Config input found wrong by fuzzing (issue 17), and the TOML 1.0 forms people write.
@Suite("Config input")
struct ConfigInputTests {
    let reader = ConfigReader(widgets: BuiltinWidgets().widgetDescriptions)

    func problems(_ text: String) -> [String] { reader.parse(text, file: "c.toml").problems.map(\.description) }

    @Test(arguments: [
        ("[scheduler]\nbudget = []", "c.toml:2:10: expected a whole number from 0 to 86400 for \"budget\" (reloads per widget per 24 hours), found an array"),
        ("[scheduler]\njitter = []", "c.toml:2:10: expected a duration up to 1h for \"jitter\""),
        ("[lock]\nauto_lock = []", "c.toml:2:13: expected a duration above 0 and up to 1d for \"auto_lock\""),
        ("[activities]\nmax = []", "c.toml:2:7: expected a whole number from 1 to 100 for \"max\""),
        ("[[widget]]\nname = \"up\"\ntype = \"command\"\ncommand = \"uptime\"\nevery = []", "c.toml:5:9: expected a single value for \"every\" in [[widget]] \"up\", found an array"),
        ("[scheduler]\njitter = \"99999999h\"", "c.toml:2:10: expected a duration up to 1h for \"jitter\" such as \"30s\", \"5m\" or a number of seconds, found \"99999999h\""),
        ("[scheduler]\nbudget = 9223372036854775807", "c.toml:2:10: expected a whole number from 0 to 86400 for \"budget\" (reloads per widget per 24 hours), found 9223372036854775807"),
        ("[lock]\nauto_lock = \"400d\"", "c.toml:2:13: expected a duration above 0 and up to 1d"),
        ("[[page]]\nwidgets = [\"clock@\"]", "c.toml:2:12: page 1: expected KIND[@FAMILY][:KEY=VALUE,…], got \"clock@\""),
        ("[lock]\nscreen = [\"clock@\"]", "c.toml:2:11: lock screen: expected KIND[@FAMILY]"),
        ("theme = \"/dev/zero\"", "c.toml:1:9: expected a theme name (letters, digits, - and _, at most 64) or a path to a .toml file for \"theme\", found \"/dev/zero\""),
        ("theme = \"\"", "c.toml:1:9: expected a theme name"),
        ("theme = []", "c.toml:1:9: expected a string for \"theme\", found an array"),
        ("theme = { name = \"dark\" }", "c.toml:1: unknown table [theme]"),
        ("scheduler = { budget = -3 }", "c.toml:1:24: expected a whole number from 0 to 86400 for \"budget\""),
    ])
    func wrongInputIsRefusedWithItsPlace(text: String, expected: String) {
        let found = problems(text)
        #expect(found.contains { $0.hasPrefix(expected) }, "\(found)")
    }

    @Test func aHugeThemeNameIsRefusedAndNotEchoedWhole() {
        #expect(problems("theme = \"" + String(repeating: "x", count: 1 << 20) + "\"") == ["c.toml: expected at most 1048576 bytes, found 1048586"])
        #expect(problems("theme = \"" + String(repeating: "x", count: 100_000) + "\"") == ["c.toml:1: expected at most 65536 bytes on a line, found 100010"])
        let found = problems("theme = \"" + String(repeating: "x", count: 60_000) + "\"")
        #expect(found.count == 1)
        #expect(found.first?.hasPrefix("c.toml:1:9: expected a theme name") == true)
        #expect((found.first?.count ?? .max) < 300)
    }

    @Test func themeNamesAndPathsThatAreFine() {
        for theme in ["dark", "high-contrast", "my_theme2", "~/themes/paper.toml", "/etc/widgetdash/x.toml", "paper.toml"] {
            let load = reader.parse("theme = \"\(theme)\"", file: "c.toml")
            #expect(load.problems.isEmpty && load.config.theme == theme, "\(theme): \(load.problems)")
        }
    }

    @Test func everyTOMLFormPeopleWriteIsRead() throws {
        let load = reader.parse("""
            theme = 'dark'
            scheduler = { budget = 60, jitter = "30s" }
            lock.auto_lock = "10m"

            [[widget]]
            name = "temp"
            type = "data"
            style = "gauge"
            key = "cpu.temp"
            max = 99.5
            title = \"\"\"
            CPU \\
              temperature\"\"\"

            [[page]]
            name = "Home"
            widgets = [
              "clock@small",
              "temp@small",
            ]
            """, file: "c.toml")
        #expect(load.problems.isEmpty, "\(load.problems)")
        #expect(load.config.theme == "dark")
        #expect(load.config.budget == 60 && load.config.jitter == 30 && load.config.autoLock == 600)
        #expect(load.config.homePlacements.map(\.kind) == ["clock", "temp"])
        let temp = try #require(load.config.widgets.first)
        #expect(temp.displayName == "CPU temperature")
    }

    /// A benchmark (prints, asserts no time): reading 10,000 `[[widget]]` tables took 8 s.
    @Test func tenThousandWidgetTablesAreReadInOnePass() {
        let text = (0..<10_000).map { "[[widget]]\nname = \"w\($0)\"\ntype = \"data\"\nstyle = \"text\"\nkey = \"a.b\"\n" }.joined()
            + "[[page]]\nwidgets = [\"w9999@small\"]\n"
        let start = ContinuousClock.now
        let load = reader.parse(text, file: "c.toml")
        print("Config: 10,000 [[widget]] tables (\(text.utf8.count) bytes) read in \(ContinuousClock.now - start)")
        #expect(load.problems.isEmpty, "\(load.problems.prefix(3))")
        #expect(load.config.widgets.count == 10_000)
        #expect(load.config.homePlacements.map(\.kind) == ["w9999"])
    }
}
