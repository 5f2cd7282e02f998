import DashCatalog
@testable import DashCore
import Foundation
import Testing
import WidgetDash

@Suite("Config file: thresholds")
struct ThresholdConfigTests {
    static var known: [WidgetDescription] { BuiltinWidgets().widgetDescriptions }

    func problems(_ text: String) -> [String] {
        ConfigReader(widgets: Self.known).parse(text, file: "c.toml").problems.map(\.description)
    }

    @Test(arguments: [
        ("[[widget]]\nname = \"t\"\ntype = \"data\"\nstyle = \"gauge\"\nkey = \"a.b\"\nwarn = \"hot\"\n",
         "c.toml:6:8: expected a number for \"warn\" (such as warn = 80), found \"hot\""),
        ("[[widget]]\nname = \"t\"\ntype = \"data\"\nstyle = \"gauge\"\nkey = \"a.b\"\ncritical = [1]\n",
         "c.toml:6:12: expected a single value for \"critical\" in [[widget]] \"t\", found an array"),
        ("[[widget]]\nname = \"t\"\ntype = \"data\"\nstyle = \"stat\"\nkey = \"a.b\"\nwarn = 90\ncritical = 80\n",
         "c.toml:6:8: warn (90) is above critical (80); warn must be the lower one (or set below = true)"),
        ("[[widget]]\nname = \"t\"\ntype = \"data\"\nstyle = \"stat\"\nkey = \"a.b\"\nwarn = 5\ncritical = 20\nbelow = true\n",
         "c.toml:6:8: warn (5) is below critical (20); with below = true, warn must be the higher one"),
        ("[[widget]]\nname = \"t\"\ntype = \"data\"\nstyle = \"stat\"\nkey = \"a.b\"\nbelow = \"yes\"\n",
         "c.toml:6:9: expected true or false for \"below\", found \"yes\""),
        ("[[widget]]\nname = \"t\"\ntype = \"data\"\nstyle = \"stat\"\nkey = \"a.b\"\nbelow = true\n",
         "c.toml:6:9: \"below\" needs a threshold: add warn = … or critical = …"),
        ("[[widget]]\nname = \"p\"\ntype = \"prometheus\"\nurl = \"http://127.0.0.1:9090\"\nquery = \"up\"\ncritical = { above = 3 }\n",
         "c.toml:6: unknown key \"critical.above\" in [[widget]] \"p\" (expected url, query, range, step, style, every, timeout, bearer, basic_auth, title, unit, label, min, max, headers, warn, critical, below, alert, on_alert)"),
        ("[[widget]]\nname = \"t\"\ntype = \"data\"\nstyle = \"stat\"\nkey = \"a.b\"\ncritical = 3\nalert = \"siren\"\n",
         "c.toml:7:9: expected alert = \"bell\" or \"activity\", found \"siren\""),
        ("[[widget]]\nname = \"t\"\ntype = \"data\"\nstyle = \"stat\"\nkey = \"a.b\"\nwarn = 3\non_alert = 7\n",
         "c.toml:7:12: expected a command for \"on_alert\", such as on_alert = \"notify-send \\\"$WIDGETDASH_VALUE\\\"\", found 7"),
        ("[[widget]]\nname = \"t\"\ntype = \"data\"\nstyle = \"stat\"\nkey = \"a.b\"\nalert = \"bell\"\n",
         "c.toml:6:9: \"alert\" needs a threshold: add warn = … or critical = …"),
        ("[[widget]]\nname = \"h\"\ntype = \"http\"\nurl = \"http://127.0.0.1/\"\nwarm = 3\n",
         "c.toml:5: unknown key \"warm\" in [[widget]] \"h\" (expected url, select, style, every, timeout, title, unit, label, min, max, headers, warn, critical, below, alert, on_alert)"),
    ])
    func badThresholdsAreReportedAtTheirColumns(text: String, expected: String) {
        #expect(problems(text).first == expected, "\(problems(text))")
    }

    @Test func thresholdsPresetTheWidget() throws {
        let load = ConfigReader(widgets: Self.known).parse("""
            [[widget]]
            name = "cpu"
            type = "data"
            style = "gauge"
            key = "cpu.temp"
            warn = 80.5
            critical = 95
            [[widget]]
            name = "disk-free"
            type = "http"
            url = "http://127.0.0.1:1/"
            critical = 5
            below = true
            [[page]]
            widgets = ["cpu@small", "disk-free@small"]
            """, file: "c.toml")
        #expect(load.problems.isEmpty, "\(load.problems)")
        let cpu = try #require(load.config.widgets.first { $0.kind == "cpu" })
        let context = TimelineProviderContext(family: .systemSmall, date: Date(), parameters: [:])
        let entry = try #require(cpu.provider.placeholder(context) as? DataEntry)
        #expect(AlertThreshold(parameters: entry.parameters) == AlertThreshold(warn: 80.5, critical: 95))
        let disk = try #require(load.config.widgets.first { $0.kind == "disk-free" })
        #expect(disk.provider.placeholder(context) is HTTPEntry)
    }
}
