import DashCatalog
import DashCore
import DashTesting
import Foundation
import Testing
import WidgetDash

@Suite("Configurable widgets")
struct ConfigurationPlatterTests {
    static let config = """
        # my screen
        [[page]]
        widgets = [
          "clock@small",  # the hero
          "worldclock@small | countdown@small",
        ]
        """

    func keys(_ shell: DashboardShell, _ text: String) {
        for c in text { _ = shell.handle(.key(.character(c))) }
    }

    @Test func snapshotsAreConfiguredWithTheirParameters() async throws {
        let description = try #require(BuiltinWidgets().widgetDescriptions.first { $0.kind == "worldclock" })
        var env = EnvironmentValues()
        env.timeZone = TimeZone(identifier: "UTC") ?? .current
        let at = Date(timeIntervalSince1970: 1_795_344_137) // 10:42 UTC
        let plain = try await WidgetSnapshot.render(description, family: .systemSmall, at: at, environment: env)
        #expect(plain.canvas.lines.joined().contains("New York"))
        let tokyo = try await WidgetSnapshot.render(description, family: .systemSmall, parameters: ["zone": "Asia/Tokyo"],
                                                    at: at, environment: env)
        let text = tokyo.canvas.lines.joined(separator: "\n")
        #expect(text.contains("Tokyo"))
        #expect(!text.contains("New York"))
    }

    @Test func platterEditsAnEntityWithSuggestionsSavesReloadsAndWritesTheConfig() async throws {
        let size = CellSize(width: 80, height: 24)
        let (shell, file) = await ShellScreenTests.shell(config: Self.config, size: size)
        _ = shell.render(size: size)
        // Tab twice: the stack (showing the world clock) is focused.
        _ = shell.handle(.key(.tab))
        _ = shell.handle(.key(.tab))
        _ = shell.render(size: size)
        #expect(shell.dashboard.focusedInstanceID == 1)
        _ = shell.handle(.key(.character("e")))
        let platter = try #require(shell.platter)
        #expect(platter.parameters.map(\.name) == ["zone"])
        #expect(platter.values["zone"] == "America/New_York")
        Golden.assertMatches(shell.render(size: size).lines, named: "platter-worldclock")
        // Enter opens the picker on the zone; typing filters the suggestions.
        _ = shell.handle(.key(.enter))
        await shell.settle()
        keys(shell, "tokyo")
        await shell.settle()
        guard case .picker(let query, let options, _) = shell.platter?.editing else { Issue.record("no picker"); return }
        #expect(query == "tokyo")
        #expect(options.map(\.value) == ["Asia/Tokyo"])
        Golden.assertMatches(shell.render(size: size).lines, named: "platter-worldclock-picker")
        _ = shell.handle(.key(.enter))
        #expect(shell.platter?.values["zone"] == "Asia/Tokyo")
        _ = shell.handle(.key(.character("s")))
        #expect(shell.platter == nil)
        await shell.settle()
        let instance = try #require(shell.dashboard.instance(at: 1))
        #expect(instance.lastReload?.reason == .user)
        #expect((instance.currentEntry as? WorldClockEntry)?.zone.id == "Asia/Tokyo")
        #expect(shell.dashboard.placements[1].parameters == ["zone": "Asia/Tokyo"])
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text == Self.config.replacingOccurrences(of: "\"worldclock@small | countdown@small\"", with: "\"worldclock@small:zone=Asia/Tokyo | countdown@small\""))
        // A restart reads the instance's own values back.
        shell.reloadConfig()
        #expect(shell.dashboard.placements[1].parameters == ["zone": "Asia/Tokyo"])
    }

    @Test func platterEditsTextAndRefusesABadDate() async throws {
        let size = CellSize(width: 80, height: 24)
        let (shell, file) = await ShellScreenTests.shell(config: "[[page]]\nwidgets = [\"countdown@small\"]\n", size: size)
        _ = shell.render(size: size)
        _ = shell.handle(.key(.tab))
        _ = shell.render(size: size)
        _ = shell.handle(.key(.character("e")))
        #expect(shell.platter?.parameters.map(\.name) == ["title", "date"])
        _ = shell.handle(.key(.enter))
        for _ in 0..<8 { _ = shell.handle(.key(.backspace)) }
        keys(shell, "Launch")
        _ = shell.handle(.key(.enter))
        _ = shell.handle(.key(.down))
        _ = shell.handle(.key(.enter))
        keys(shell, "soon")
        _ = shell.handle(.key(.enter))
        #expect(shell.platter?.message?.contains("expected a date") == true)
        for _ in 0..<4 { _ = shell.handle(.key(.backspace)) }
        keys(shell, "2026-11-23")
        _ = shell.handle(.key(.enter))
        _ = shell.handle(.key(.character("s")))
        await shell.settle()
        #expect(shell.dashboard.placements[0].parameters == ["title": "Launch", "date": "2026-11-23"])
        let text = try String(contentsOf: file, encoding: .utf8)
        #expect(text.contains("\"countdown@small:date=2026-11-23,title=Launch\""))
        let entry = try #require(shell.dashboard.instance(at: 0)?.currentEntry as? CountdownEntry)
        #expect(entry.title == "Launch")
    }

    @Test func parametersAreCheckedWithLineNumbers() {
        let reader = ConfigReader(widgets: BuiltinWidgets().widgetDescriptions)
        let problems = reader.parse("""
            [[page]]
            widgets = [
              "worldclock@small:zone=Asia/Tokyo",
              "countdown@small:date=tomorrow",
              "clock@small:zone=UTC",
              "worldclock@small:city=Paris",
            ]
            """, file: "c.toml").problems.map(\.description)
        #expect(problems == [
            "c.toml:4:3: page 1: bad parameter \"date\": expected a date such as 2026-12-31 or 2026-12-31T09:30, found \"tomorrow\"",
            "c.toml:5:3: page 1: bad parameter \"zone\": widget \"clock\" takes no parameters (it has no configuration)",
            "c.toml:6:3: page 1: bad parameter \"city\": widget \"worldclock\" takes zone",
        ])
    }

    @Test func declaredParametersOfAStaticWidgetAreChecked() {
        struct P: TimelineProvider {
            struct E: TimelineEntry { let date: Date }
            func placeholder(in context: Context) -> E { E(date: .distantPast) }
            func snapshot(in context: Context) async -> E { E(date: .distantPast) }
            func timeline(in context: Context) async throws -> Timeline<E> { Timeline(entries: [], policy: .never) }
        }
        let gauge = StaticConfiguration(kind: "gauge", provider: P()) { _ in Text("") }
            .parameters([.text("key", title: "Store key", required: true), .number("max", title: "Maximum", default: "100")])
            ._description
        #expect(WidgetPlacement(kind: "gauge", family: .systemSmall, parameters: ["key": "cpu.temp", "max": "80"]).parameterProblem(in: [gauge]) == nil)
        #expect(WidgetPlacement(kind: "gauge", family: .systemSmall, parameters: ["max": "80"]).parameterProblem(in: [gauge])
                == "missing parameter \"key\" (Store key) for widget \"gauge\"")
        #expect(WidgetPlacement(kind: "gauge", family: .systemSmall, parameters: ["key": "k", "max": "lots"]).parameterProblem(in: [gauge])
                == "bad parameter \"max\": expected a number, found \"lots\"")
    }

    @Test func intentParametersAreReflectedAndResolved() async throws {
        #expect(WorldClockIntent.parameterDeclarations.map(\.name) == ["zone"])
        let intent = try await WorldClockIntent.resolved(["zone": "Europe/Paris"])
        #expect(intent.zone.id == "Europe/Paris")
        #expect(intent.parameterValues == ["zone": "Europe/Paris"])
        // A fresh intent is untouched: values live in each intent's own boxes.
        #expect(WorldClockIntent().zone.id == "America/New_York")
        await #expect(throws: InvalidParameterError.self) { try await WorldClockIntent.resolved(["zone": "Mars/Base"]) }
        let zones = try await TimeZoneQuery().suggestedEntities().map(\.id)
        #expect(zones.contains("Asia/Tokyo") && zones.contains("Europe/Paris") && !zones.contains { $0.hasPrefix("posix/") })
    }
}
