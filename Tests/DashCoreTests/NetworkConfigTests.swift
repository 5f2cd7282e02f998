import DashCatalog
@testable import DashCore
import Foundation
import Testing
import WidgetDash

/// `[sources]`, `[weather]` and `[[widget]] type = "http"`: read when right, and every wrong
/// value reported at its line, as `config check` prints it.
@Suite("Network config")
struct NetworkConfigTests {
    let reader = ConfigReader(widgets: BuiltinWidgets().widgetDescriptions)

    func problems(_ text: String) -> [String] { reader.parse(text, file: "c.toml").problems.map(\.description) }

    @Test func sourcesAndWeatherAreRead() {
        let load = reader.parse("""
            [sources]
            open_meteo = "http://127.0.0.1:8080"
            open_meteo_geocoding = "https://geo.example.org/mirror/"
            yahoo_finance = "http://127.0.0.1:8081"
            [weather]
            location = " Tokyo "
            units = "imperial"
            """, file: "c.toml")
        #expect(load.problems.isEmpty, "\(load.problems)")
        let network = load.config.network
        #expect(network.sources == ["open_meteo": "http://127.0.0.1:8080", "open_meteo_geocoding": "https://geo.example.org/mirror/",
                                    "yahoo_finance": "http://127.0.0.1:8081"])
        #expect(network.weatherPresets == ["location": "Tokyo", "units": "imperial"])
        #expect(NetworkSettings.read(configText: "[weather]\nlocation = \"35.68,139.69\"\n").weatherLocation == "35.68,139.69")
    }

    @Test func wrongValuesAreReportedAtTheirLines() {
        #expect(problems("""
            [sources]
            open_meteo = "ftp://example.org"
            weather_api = "https://example.org"
            yahoo_finance = 3
            [weather]
            location = ""
            units = "kelvin"
            colour = "blue"
            """) == [
            "c.toml:2:14: expected an http:// or https:// base URL for \"open_meteo\" such as \"https://api.open-meteo.com\", found \"ftp://example.org\"",
            "c.toml:3: unknown key \"weather_api\" in [sources] (expected: open_meteo, open_meteo_geocoding, yahoo_finance)",
            "c.toml:4:17: expected an http:// or https:// base URL for \"yahoo_finance\" such as \"https://query1.finance.yahoo.com\", found 3",
            "c.toml:6:12: expected a city name such as \"Tokyo\" or \"lat,lon\" such as \"35.68,139.69\" for \"location\", found \"\"",
            "c.toml:7:9: expected \"metric\" or \"imperial\" for \"units\", found \"kelvin\"",
            "c.toml:8: unknown key \"colour\" in [weather] (expected: location, units)",
        ])
    }

    @Test func anHTTPWidgetIsDefinedAndPlacedByName() throws {
        let load = reader.parse("""
            [[widget]]
            name = "ci"
            type = "http"
            url = "https://ci.example.org/api/status"
            select = ".runs[0].minutes"
            style = "gauge"
            max = 60
            every = "2m"
            headers = ["Authorization: Bearer $CI_TOKEN", "Accept: application/json"]
            [[page]]
            widgets = ["ci@small:title=Build"]
            """, file: "c.toml")
        #expect(load.problems.isEmpty, "\(load.problems)")
        let ci = try #require(load.config.widgets.first { $0.kind == "ci" })
        #expect(ci.description == "Fetches: https://ci.example.org/api/status")
        let defaults = Dictionary(uniqueKeysWithValues: ci.configurationParameters.compactMap { p in p.defaultValue.map { (p.name, $0) } })
        #expect(defaults["headers"] == "Authorization: Bearer $CI_TOKEN\nAccept: application/json")
        #expect(defaults["select"] == ".runs[0].minutes" && defaults["style"] == "gauge" && defaults["max"] == "60" && defaults["every"] == "2m")
    }

    @Test func anHTTPWidgetsMistakesAreReportedAtTheirLines() {
        func first(_ body: String) -> String? {
            problems("[[widget]]\nname = \"ci\"\ntype = \"http\"\n" + body).first
        }
        #expect(first("select = \".a\"\n") == "c.toml:1: expected url = \"https://…\" (the JSON to fetch) in [[widget]] \"ci\"")
        #expect(first("url = \"file:///etc/passwd\"\n") == "c.toml:4: \"url\": expected an http:// or https:// URL, found \"file:///etc/passwd\"")
        #expect(first("url = \"https://x.org\"\nselect = \".a[\"\n")?.hasPrefix("c.toml:5: \"select\": expected") == true)
        #expect(first("url = \"https://x.org\"\nstyle = \"pie\"\n") == "c.toml:5: \"style\": expected one of \"text\", \"stat\", \"gauge\", \"sparkline\", \"list\", found \"pie\"")
        #expect(first("url = \"https://x.org\"\nevery = \"often\"\n") == "c.toml:5: \"every\": expected a duration such as \"30s\" or \"5m\", found \"often\"")
        #expect(first("url = \"https://x.org\"\nheaders = [\"no colon\"]\n") == "c.toml:5:12: expected a header line \"Name: value\" (a value may use $NAME from the environment)")
        #expect(first("url = \"https://x.org\"\nheaders = \"A: b\"\n")?.hasPrefix("c.toml:5: expected an array of header lines") == true)
        #expect(first("url = \"https://x.org\"\nmethod = \"POST\"\n")?.hasPrefix("c.toml:5: unknown key \"method\"") == true)
        #expect(problems("[[widget]]\nname = \"ci\"\ntype = \"http\"\nurl = \"https://x.org\"\n[[page]]\nwidgets = [\"ci@small:url=https://y.org\"]\n")
                == ["c.toml:6:12: page 1: bad parameter for \"ci\": \"url\" is set in [[widget]] \"ci\"; a placement may set title"])
    }
}
