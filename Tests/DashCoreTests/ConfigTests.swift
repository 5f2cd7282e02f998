import DashCatalog
@testable import DashCore
import DashTesting
import Foundation
import Testing
import WidgetDash

@Suite("Config file")
struct ConfigReaderTests {
    let reader = ConfigReader(widgets: BuiltinWidgets().widgetDescriptions)

    func problems(_ text: String) -> [String] { reader.parse(text, file: "c.toml").problems.map(\.description) }

    @Test func readsEverySection() throws {
        let load = reader.parse("""
            theme = "light"   # a comment
            scheme = "light"
            [scheduler]
            budget = 40
            jitter = "1m30s"
            [lock]
            auto_lock = "10m"
            screen = ["clock@inline", "system@circular"]
            [[page]]
            widgets = [
              "clock@small",   # hero
              "system@small | calendar@small",
            ]
            [[page]]
            widgets = ["calendar@large"]
            """, file: "c.toml")
        #expect(load.problems.isEmpty)
        let c = load.config
        #expect(c.theme == "light" && c.scheme == .light && c.budget == 40 && c.jitter == 90 && c.autoLock == 600)
        #expect(c.lockScreen?.map(\.description) == ["clock@inline", "system@circular"])
        #expect(c.pages?.count == 2)
        #expect(c.pages?[0].map(\.description) == ["clock@small", "system@small | calendar@small"])
        #expect(c.pages?[0][1] == .stack([WidgetPlacement(kind: "system", family: .systemSmall), WidgetPlacement(kind: "calendar", family: .systemSmall)]))
    }

    @Test(arguments: [
        ("colour = 1", "c.toml:1: unknown key \"colour\""),
        ("[sched]\nbudget = 1", "c.toml:1: unknown table [sched]"),
        ("[scheduler]\nbudgt = 1", "c.toml:2: unknown key \"budgt\" in [scheduler]"),
        ("[scheduler]\nbudget = -1", "c.toml:2:10: expected a whole number from 0 to 86400 for \"budget\""),
        ("[scheduler]\nbudget = \"x\"", "c.toml:2:10: expected a whole number from 0 to 86400"),
        ("[scheduler]\njitter = \"5 parsecs\"", "c.toml:2:10: expected a duration up to 1h for \"jitter\""),
        ("[lock]\nauto_lock = \"0s\"", "c.toml:2:13: expected a duration above 0 and up to 1d for \"auto_lock\""),
        ("[lock]\nscreen = [\"clock@small\"]", "c.toml:2:11: expected an accessory family"),
        ("[lock]\nscreen = \"clock@inline\"", "c.toml:2: expected an array of placements for \"screen\""),
        ("scheme = \"blue\"", "c.toml:1:10: expected light or dark"),
        ("theme = 3", "c.toml:1:9: expected a string for \"theme\", found an integer"),
        ("[[page]]\nwidgets = [\n\"nope@small\"]", "c.toml:3:1: page 1: unknown widget kind \"nope\""),
        ("[[page]]\nwidgets = [\"clock@huge\"]", "c.toml:2:12: page 1: unknown family \"huge\""),
        ("[[page]]\nwidgets = [\"bank@circular\"]", "c.toml:2:12: page 1: widget \"bank\" does not support the circular family"),
        ("[[page]]\nwidgets = [\"clock@small:zone=UTC\"]", "c.toml:2:12: page 1: bad parameter \"zone\""),
        ("[[page]]\nwidgets = [\"clock@small:=x\"]", "c.toml:2:12: page 1: expected KIND[@FAMILY]"),
        ("[[page]]\nwidgets = [\"clock@small | clock@medium\"]", "c.toml:2:12: expected every widget of a stack in one family"),
        ("[[page]]\nwidgets = [\"" + Array(repeating: "clock@small", count: 11).joined(separator: "|") + "\"]", "c.toml:2:12: expected at most 10 widgets in a stack"),
        ("[[page]]\nwidgets = [1]", "c.toml:2:12: expected a placement in quotes"),
        ("[[page]]\nwidgets = \"clock\"", "c.toml:2: expected an array of placements for \"widgets\""),
        ("[[page]]\nwigets = []", "c.toml:2: unknown key \"wigets\" in [[page]]"),
        ("[[pages]]", "c.toml:1: unknown array of tables [[pages]]"),
        ("[[widget]]\nname = \"x\"\ntype = \"weird\"", "c.toml:3: unknown widget type \"weird\""),
        ("[[widget]]\ntype = \"command\"", "c.toml:1: expected name = \"…\" in [[widget]]"),
        ("[[widget]]\nname = \"clock\"\ntype = \"command\"", "c.toml:2: a widget called \"clock\" already exists"),
        // Syntax errors stop at their line.
        ("[[page]]\nwidgets = [\"a\" \"b\"]", "c.toml:2:16: expected , between array elements"),
        ("[[page]]\nwidgets = [\n\"clock@small\",\n", "c.toml:2: expected ] to close the array"),
        ("[[page]]\nwidgets = [[\"a\"]]", "c.toml:2:12: expected a placement in quotes such as \"clock@small\", found an array"),
        ("[[page]\n", "c.toml:1:7: expected ]] to close the header"),
        ("[page]\n[[page]]", "c.toml:2:1: [[page]] is already a table or key on line 1"),
        ("[[page]]\n[page.x]", "c.toml:2: unknown table \"x\" in [[page]]"),
    ])
    func everyProblemHasItsLine(text: String, expected: String) {
        let found = problems(text)
        #expect(found.contains { $0.hasPrefix(expected) }, "\(found)")
    }

    @Test func reservedWidgetTypesAreWarningsAndTheirPlacementsSkipped() {
        // A build whose registry lacks the resolvers (an older config reader's view).
        let reader = ConfigReader(widgets: BuiltinWidgets().widgetDescriptions, resolvers: PlacementResolverRegistry())
        let load = reader.parse("[[widget]]\nname = \"up\"\ntype = \"command\"\ncommand = \"uptime\"\n[[page]]\nwidgets = [\"up@small\", \"clock@small\"]", file: "c.toml")
        #expect(!load.hasErrors)
        #expect(load.problems.map(\.line) == [3, 6])
        #expect(load.problems.allSatisfy { $0.isWarning })
        #expect(load.config.homePlacements.map(\.kind) == ["clock"])
    }

    @Test func resolversMakeConfigWidgets() {
        struct Echo: PlacementResolver {
            let type = "command"
            func resolve(_ section: WidgetSection) -> Result<WidgetDescription, ConfigProblem> {
                guard case .string = section.entries["command"]?.value else { return .failure(section.problem("expected command = \"…\"")) }
                var d = BuiltinWidgets().widgetDescriptions[0]
                d.displayName = section.name
                return .success(d)
            }
            func validate(parameters: [String: String], of section: WidgetSection) -> String? {
                parameters.keys.allSatisfy { $0 == "arg" } ? nil : "only arg"
            }
        }
        let reader = ConfigReader(widgets: BuiltinWidgets().widgetDescriptions, resolvers: PlacementResolverRegistry([Echo()]))
        let ok = reader.parse("[[widget]]\nname = \"up\"\ntype = \"command\"\ncommand = \"uptime\"\n[[page]]\nwidgets = [\"up@small:arg=1\"]", file: "c.toml")
        #expect(ok.problems.isEmpty)
        #expect(ok.config.widgets.map(\.kind) == ["up"])
        #expect(ok.config.homePlacements == [WidgetPlacement(kind: "up", family: .systemSmall, parameters: ["arg": "1"])])
        let bad = reader.parse("[[widget]]\nname = \"up\"\ntype = \"command\"\n[[page]]\nwidgets = [\"clock@small\",\n\"up@small:x=1\"]", file: "c.toml")
        let known = BuiltinWidgets().widgetDescriptions.map(\.kind).joined(separator: ", ")
        #expect(bad.problems.map(\.description) == ["c.toml:1: expected command = \"…\"", "c.toml:6:1: page 1: unknown widget kind \"up\" (known: \(known))"])
    }

    static var knownWithCommand: [WidgetDescription] { BuiltinWidgets().widgetDescriptions + [CommandWidget().body._description] }

    @Test(arguments: [
        ("[[widget]]\nname = \"x\"\ntype = \"command\"\n", "c.toml:1: expected command = \"…\" (a shell command line) in [[widget]] \"x\""),
        ("[[widget]]\nname = \"x\"\ntype = \"command\"\ncommand = \"ls\"\nevery = \"often\"\n", "c.toml:5: expected a duration such as \"30s\" or \"5m\" for \"every\", found \"often\""),
        ("[[widget]]\nname = \"x\"\ntype = \"command\"\ncommand = \"ls\"\ncmd = \"ls\"\n", "c.toml:5: unknown key \"cmd\" in [[widget]] \"x\" (expected command, every, timeout, title)"),
        ("[[widget]]\nname = \"x\"\ntype = \"command\"\ncommand = \"ls\"\n[[page]]\nwidgets = [\"x@small:cmd=rm\"]\n", "c.toml:6:12: page 1: bad parameter for \"x\": \"cmd\" is set in [[widget]] \"x\"; a placement may set every, timeout, title"),
        ("[[widget]]\nname = \"t\"\ntype = \"data\"\nstyle = \"dial\"\nkey = \"a.b\"\n", "c.toml:4: expected style = one of \"text\", \"gauge\", \"list\", \"sparkline\", \"stat\" in [[widget]] \"t\""),
        ("[[widget]]\nname = \"t\"\ntype = \"data\"\nstyle = \"gauge\"\n", "c.toml:1: expected key = \"KIND.KEY\" (the store key to show) in [[widget]] \"t\""),
        ("[[widget]]\nname = \"t\"\ntype = \"data\"\nstyle = \"gauge\"\nkey = \"a.b\"\nmax = \"lots\"\n", "c.toml:6: \"max\": expected a number, found \"lots\""),
        ("[[widget]]\nname = \"t\"\ntype = \"data\"\nstyle = \"text\"\nkey = \"a.b\"\nmax = 3\n", "c.toml:6: unknown key \"max\" for a text widget (expected style, key, title, timeline, warn, critical, below, alert, on_alert)"),
    ])
    func badWidgetTablesAreReportedAtTheirLines(text: String, expected: String) {
        let problems = ConfigReader(widgets: Self.knownWithCommand).parse(text, file: "c.toml").problems.map(\.description)
        #expect(problems.first == expected, "\(problems)")
    }

    @Test func dataTablesPresetAStoreWidget() throws {
        let load = ConfigReader(widgets: Self.knownWithCommand).parse("""
            [[widget]]
            name = "cpu-temp"
            type = "data"
            style = "gauge"
            key = "cpu.temp"
            max = 110
            unit = "°C"
            [[page]]
            widgets = ["cpu-temp@small:title=CPU"]
            """, file: "c.toml")
        #expect(load.problems.isEmpty, "\(load.problems)")
        let gauge = try #require(load.config.widgets.first { $0.kind == "cpu-temp" })
        #expect(gauge.displayName == "cpu-temp")
        #expect(gauge.configurationParameters.first { $0.name == "key" }?.defaultValue == "cpu.temp")
        #expect(gauge.configurationParameters.first { $0.name == "max" }?.defaultValue == "110")
        // A write to the preset key reloads it, though no placement names the key.
        let d = Dashboard(widgets: Self.knownWithCommand + load.config.widgets, placements: load.config.homePlacements,
                          clock: ManualClock(t0))
        #expect(d.instances(affectedBy: .key("cpu.temp")) == [0])
        #expect(d.instances(affectedBy: .key("gpu.temp")).isEmpty)
    }

    @Test func parametersNamingNothingAreErrorsAtTheirLines() async {
        let load = reader.parse("""
            [[page]]
            widgets = [
              "worldclock@small:zone=Asia/Tokyo",
              "worldclock@small:zone=Nowhere/Land",
            ]
            [lock]
            screen = ["worldclock@inline:zone=Atlantis"]
            """, file: "c.toml")
        #expect(load.problems.isEmpty, "the syntax is fine; only the entity queries know the zones")
        let found = await load.unknownValueProblems(widgets: BuiltinWidgets().widgetDescriptions).map(\.description)
        #expect(found == [
            "c.toml:4:3: page 1: bad parameter \"zone\": no time zone \"Nowhere/Land\"",
            "c.toml:7:11: lock screen: bad parameter \"zone\": no time zone \"Atlantis\"",
        ])
    }

    @Test func durations() {
        #expect(ConfigReader.duration("90s") == 90)
        #expect(ConfigReader.duration("1h30m") == 5400)
        #expect(ConfigReader.duration("2d") == 172_800)
        #expect(ConfigReader.duration(.integer(15)) == 15)
        #expect(ConfigReader.duration("15") == nil)
        #expect(ConfigReader.duration("m") == nil)
        #expect(ConfigReader.duration("") == nil)
    }

    @Test func themesReadEveryTOMLFormButRefuseArraysAsColors() {
        // Arrays and arrays of tables are TOML (issue 17); a theme refuses them for what they mean.
        #expect(throws: ThemeError.self) { try Theme.parse("[dark]\nbackground = [1]\nforeground = 15\naccent = 4\n", name: "t", file: "t.toml") }
        #expect(throws: ThemeError.self) { try Theme.parse("[[dark]]\n", name: "t", file: "t.toml") }
        #expect((try? Theme.parse("[dark]\nbackground = 0\nforeground = 15\naccent = 4\n", name: "t", file: "t.toml")) != nil)
    }

    @Test func templateIsAValidConfig() {
        let text = ConfigTemplate.text(pages: [[.widget(WidgetPlacement(kind: "clock", family: .systemSmall)), .stack([WidgetPlacement(kind: "clock", family: .systemSmall), WidgetPlacement(kind: "calendar", family: .systemSmall)])]],
                                       lockScreen: [WidgetPlacement(kind: "clock", family: .accessoryInline)])
        let load = reader.parse(text, file: "t.toml")
        #expect(load.problems.isEmpty, "\(load.problems)")
        #expect(load.config.pages?.first?.count == 2)
        #expect(load.config.lockScreen?.count == 1)
    }
}

@Suite("Config editing")
struct ConfigEditorTests {
    let small = PagePlacement.widget(WidgetPlacement(kind: "calendar", family: .systemSmall))

    @Test func addsAfterTheLastElementKeepingComments() throws {
        let text = "# mine\n[[page]]\nwidgets = [\n  \"clock@small\"  # hero\n]\n\n[[page]]\nwidgets = [\"system@small\", ]  # two\n"
        let first = try ConfigEditor.adding(small, toPage: 0, in: text)
        #expect(first == "# mine\n[[page]]\nwidgets = [\n  \"clock@small\",  # hero\n  \"calendar@small\",\n]\n\n[[page]]\nwidgets = [\"system@small\", ]  # two\n")
        let second = try ConfigEditor.adding(small, toPage: 1, in: text)
        #expect(second.contains("widgets = [\"system@small\", \"calendar@small\", ]  # two"))
        let empty = try ConfigEditor.adding(small, toPage: 0, in: "[[page]]\nwidgets = []\n")
        #expect(empty == "[[page]]\nwidgets = [\"calendar@small\"]\n")
        let none = try ConfigEditor.adding(small, toPage: 0, in: "[[page]]\n# nothing\n")
        #expect(none == "[[page]]\nwidgets = [\"calendar@small\"]\n# nothing\n")
        let new = try ConfigEditor.adding(small, toPage: 3, in: "theme = \"dark\"")
        #expect(new == "theme = \"dark\"\n\n[[page]]\nwidgets = [\n  \"calendar@small\",\n]\n")
        for edited in [first, second, empty, none, new] {
            #expect(ConfigReader(widgets: BuiltinWidgets().widgetDescriptions).parse(edited, file: "x").problems.isEmpty)
        }
    }

    @Test func refusesABrokenFile() {
        #expect(throws: ConfigEditor.EditError.self) { try ConfigEditor.adding(small, toPage: 0, in: "[[page]\n") }
    }
}

@Suite("Config file: [terminal]")
struct TerminalSectionTests {
    let reader = ConfigReader(widgets: BuiltinWidgets().widgetDescriptions)

    @Test func graphemesTakesAutoClustersOrLegacy() {
        #expect(reader.parse("", file: "c.toml").config.graphemes == nil)
        for mode in GraphemeMode.allCases {
            let load = reader.parse("[terminal]\ngraphemes = \"\(mode.rawValue)\"\n", file: "c.toml")
            #expect(load.problems.isEmpty)
            #expect(load.config.graphemes == mode)
        }
        let bad = reader.parse("theme = \"dark\"\n[terminal]\ngraphemes = \"always\"\n", file: "c.toml")
        #expect(bad.problems.map(\.description) == ["c.toml:3:13: expected one of \"auto\", \"clusters\", \"legacy\" for \"graphemes\", found \"always\""])
        #expect(bad.config.graphemes == nil)
    }

    @Test func theEnvironmentWinsOverTheConfig() {
        #expect(GraphemeMode.resolve(environment: [:], config: nil) == .auto)
        #expect(GraphemeMode.resolve(environment: [:], config: .legacy) == .legacy)
        #expect(GraphemeMode.resolve(environment: ["WIDGETDASH_GRAPHEMES": "Clusters"], config: .legacy) == .clusters)
        // An unknown value is ignored, not fatal: the config (or auto) decides.
        #expect(GraphemeMode.resolve(environment: ["WIDGETDASH_GRAPHEMES": "yes"], config: .legacy) == .legacy)
    }
}
