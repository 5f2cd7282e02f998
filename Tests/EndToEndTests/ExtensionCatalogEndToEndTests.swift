import DashTesting
import Foundation
import XCTest

/// A real extension (Tests/Fixtures/WeatherExtension, built as its own package, depending on
/// WidgetDash alone) joins the catalog from the command line, the config file and the
/// extensions directory; its kind that collides with a built-in is qualified.
///
/// XCTest, as the example's tests are, because it builds a package (see ExampleEndToEndTests).
final class ExtensionCatalogEndToEndTests: XCTestCase {
    static let built = Result<String, any Error> {
        try ExamplePackage.build(package: "Tests/Fixtures/WeatherExtension", product: "weather", scratch: "fixture-weather")
    }

    struct Listed: Decodable {
        var kind: String
        var displayName: String
        var `extension`: String?
    }

    func testListJSONListsTheExtensionsKindsAndQualifiesTheOneThatCollides() throws {
        let weather = try Self.built.get()
        let binary = try XCTUnwrap(WidgetDashBinary.path, "the widgetdash binary is missing")
        let env = WidgetDashBinary.isolatedEnvironment()
        // Given twice: it loads once.
        let list = try StoreEndToEndTests.run(binary, ["list", "--json", "--extension", weather, "--extension", weather], environment: env)
        XCTAssertEqual(list.status, 0, list.err)
        let items = try JSONDecoder().decode([Listed].self, from: Data(list.out.utf8))
        XCTAssertEqual(items.suffix(2).map(\.kind), ["weather.clock", "rain"])
        XCTAssertEqual(items.suffix(2).map(\.extension), ["weather", "weather"])
        XCTAssertEqual(items.first { $0.kind == "clock" }?.displayName, "Clock")
        XCTAssertNil(items.first { $0.kind == "clock" }?.extension)
        XCTAssertEqual(list.err, "widgetdash: extension \"weather\": widget kind \"clock\" is already taken by a built-in; it is \"weather.clock\" here (place, list, snapshot and start it by that name)\n")
        XCTAssertFalse(list.out.contains("\"extension\" : null"), list.out)

        let snapshot = try StoreEndToEndTests.run(binary, ["snapshot", "weather.clock@small", "--extension", weather], environment: env)
        XCTAssertEqual(snapshot.status, 0, snapshot.err)
        XCTAssertTrue(snapshot.out.contains("┌ Weather clock ─"), snapshot.out)
    }

    func testTheConfigAndTheExtensionsDirectoryAddItTooAndABadPathIsNamedWhereItIsWritten() throws {
        let weather = try Self.built.get()
        let binary = try XCTUnwrap(WidgetDashBinary.path, "the widgetdash binary is missing")
        let env = WidgetDashBinary.isolatedEnvironment()
        let config = try XCTUnwrap(env["XDG_CONFIG_HOME"]) + "/widgetdash"
        let directory = try XCTUnwrap(env["XDG_DATA_HOME"]) + "/widgetdash/extensions"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)

        // From the extensions directory, by a symbolic link.
        try FileManager.default.createSymbolicLink(atPath: directory + "/weather", withDestinationPath: weather)
        let fromDirectory = try StoreEndToEndTests.run(binary, ["list", "--json"], environment: env)
        XCTAssertEqual(fromDirectory.status, 0, fromDirectory.err)
        XCTAssertTrue(fromDirectory.out.contains("\"kind\" : \"rain\""), fromDirectory.out)
        try FileManager.default.removeItem(atPath: directory + "/weather")

        // From config.toml, beside a path that does not exist; its placements name the kinds.
        try "extensions = [\"missing\", \"\(weather)\"]\n[[page]]\nwidgets = [\"weather.clock@small\", \"rain@medium\"]\n"
            .write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        let check = try StoreEndToEndTests.run(binary, ["config", "check"], environment: env)
        XCTAssertEqual(check.status, 65, check.out + check.err)
        XCTAssertEqual(check.out.split(separator: "\n").map(String.init), ["\(config)/config.toml:1:15: extension missing: no such file"])
        let list = try StoreEndToEndTests.run(binary, ["list"], environment: env)
        XCTAssertEqual(list.status, 0, list.err)
        XCTAssertTrue(list.out.contains("rain           Rain — When it will rain.\n               families: small, medium\n               extension: weather"), list.out)
        XCTAssertTrue(list.err.contains("widgetdash: \(config)/config.toml:1:15: extension missing (\(config)/missing): no such file\n"), list.err)
    }
}
