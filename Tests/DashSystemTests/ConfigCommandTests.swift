import DashCatalog
@testable import DashCore
import DashSystem
import Foundation
import Testing
import WidgetDash

/// A config's `[[widget]] type = "command"` tables, run as processes.
@Suite("Config file: command widgets")
struct ConfigCommandTests {
    @Test func commandTablesHoldAnyShellLineAndArePlacedByName() async throws {
        let reader = ConfigReader(widgets: BuiltinWidgets().widgetDescriptions + [CommandWidget().body._description],
                                  resolvers: .standard(commandRunner: ProcessCommandRunner()))
        let load = reader.parse("""
            [[widget]]
            name = "shout"
            type = "command"
            command = "printf 'a,b|c\\n' | tr a-c A-C"
            every = "10m"
            [[page]]
            widgets = ["shout@small", "shout@medium:every=30s,title=Loud"]
            """, file: "c.toml")
        #expect(load.problems.isEmpty, "\(load.problems)")
        let shout = try #require(load.config.widgets.first { $0.kind == "shout" })
        #expect(shout.displayName == "shout")
        #expect(!shout.configurationParameters.contains { $0.isRequired }, "the table gives the command")
        #expect(load.config.homePlacements.map(\.description) == ["shout@small", "shout@medium:every=30s,title=Loud"])
        // The preset command runs, piped, as the widget's provider.
        let t = try await shout.provider.timeline(TimelineProviderContext(family: .systemSmall, date: t0))
        let entry = try #require(t.entries.first as? CommandEntry)
        #expect(entry.text == "A,B|C")
        #expect(t.policy == .after(t0.addingTimeInterval(600)))
        // A placement's own value wins over the table's.
        let placed = try await shout.provider.timeline(TimelineProviderContext(family: .systemSmall, date: t0, parameters: ["every": "30s"]))
        #expect(placed.policy == .after(t0.addingTimeInterval(30)))
    }
}
