import DashTesting
import Foundation
import XCTest

/// A real extension (the Examples package's MisbehavingWidgets fixture, WidgetDash only) joins
/// the catalog from the command line, the config file and the extensions directory. A copy of
/// it under another name is a second extension whose every kind collides with the first's, so
/// each is qualified with the copy's name.
///
/// XCTest, as the example's tests are, because it builds a package (see ExampleEndToEndTests).
final class ExtensionCatalogEndToEndTests: XCTestCase {
    override class func setUp() { SuiteBuilds.startAndWait() }

    static let fixture = Result<String, any Error> { try ExamplePackage.build(product: "MisbehavingWidgets") }

    struct Listed: Decodable {
        var kind: String
        var `extension`: String?
    }

    /// The fixture, and a copy of it called `weather` in a fresh directory.
    func extensions() throws -> (fixture: String, copy: String) {
        let fixture = try Self.fixture.get()
        let directory = TestDirectories.path("wd-catalog")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let copy = directory.appendingPathComponent("weather").path
        try FileManager.default.copyItem(atPath: fixture, toPath: copy)
        return (fixture, copy)
    }

    func testListJSONListsTheExtensionsKindsAndQualifiesThoseThatCollide() throws {
        let (fixture, copy) = try extensions()
        let binary = try XCTUnwrap(WidgetDashBinary.path, "the widgetdash binary is missing")
        let env = WidgetDashBinary.isolatedEnvironment()
        // The fixture given twice loads once; the copy is another extension.
        let list = try StoreEndToEndTests.run(binary, ["list", "--json", "--extension", fixture, "--extension", fixture, "--extension", copy],
                                              environment: env)
        XCTAssertEqual(list.status, 0, list.err)
        let items = try JSONDecoder().decode([Listed].self, from: Data(list.out.utf8))
        let fromFixture = items.filter { $0.extension == "MisbehavingWidgets" }.map(\.kind)
        XCTAssertEqual(Set(fromFixture), ["steady", "trapper", "hanger", "tapper", "told", "lamp"], list.out)
        XCTAssertEqual(items.filter { $0.extension == "weather" }.map(\.kind), fromFixture.map { "weather." + $0 }, list.out)
        XCTAssertNil(items.first { $0.kind == "clock" }?.extension)
        XCTAssertFalse(list.out.contains("\"extension\" : null"), list.out)
        XCTAssertTrue(list.err.contains("widgetdash: extension \"weather\": widget kind \"steady\" is already taken by extension \"MisbehavingWidgets\"; it is \"weather.steady\" here"),
                      list.err)

        // The qualified kind still reaches its own process, which knows it as "steady".
        let snapshot = try StoreEndToEndTests.run(binary, ["snapshot", "weather.steady@small", "--extension", fixture, "--extension", copy], environment: env)
        XCTAssertEqual(snapshot.status, 0, snapshot.err)
        XCTAssertTrue(snapshot.out.hasPrefix("┌ Steady ─"), snapshot.out)
        XCTAssertTrue(snapshot.out.contains("steady 0"), snapshot.out)
    }

    func testTheConfigAndTheExtensionsDirectoryAddItTooAndABadPathIsNamedWhereItIsWritten() throws {
        let (fixture, _) = try extensions()
        let binary = try XCTUnwrap(WidgetDashBinary.path, "the widgetdash binary is missing")
        let env = WidgetDashBinary.isolatedEnvironment()
        let config = try XCTUnwrap(env["XDG_CONFIG_HOME"]) + "/widgetdash"
        let directory = try XCTUnwrap(env["XDG_DATA_HOME"]) + "/widgetdash/extensions"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)

        // From the extensions directory, by a symbolic link.
        try FileManager.default.createSymbolicLink(atPath: directory + "/misbehaving", withDestinationPath: fixture)
        let fromDirectory = try StoreEndToEndTests.run(binary, ["list", "--json"], environment: env)
        XCTAssertEqual(fromDirectory.status, 0, fromDirectory.err)
        XCTAssertTrue(fromDirectory.out.contains("\"kind\" : \"steady\""), fromDirectory.out)
        try FileManager.default.removeItem(atPath: directory + "/misbehaving")

        // From config.toml, beside a path that does not exist; its placements name the kinds.
        try "extensions = [\"missing\", \"\(fixture)\"]\n[[page]]\nwidgets = [\"steady@small\"]\n"
            .write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        let check = try StoreEndToEndTests.run(binary, ["config", "check"], environment: env)
        XCTAssertEqual(check.status, 65, check.out + check.err)
        XCTAssertEqual(check.out.split(separator: "\n").map(String.init), ["\(config)/config.toml:1:15: extension missing: no such file"])
        let list = try StoreEndToEndTests.run(binary, ["list"], environment: env)
        XCTAssertEqual(list.status, 0, list.err)
        XCTAssertTrue(list.out.contains("extension: MisbehavingWidgets"), list.out)
        XCTAssertTrue(list.err.contains("widgetdash: \(config)/config.toml:1:15: extension missing (\(config)/missing): no such file\n"), list.err)
    }

    /// A script that counts its spawns, named by config.toml and linked from the extensions
    /// directory: the store's commands never start it, `list` starts it once.
    func testCommandsThatNeverDrawWidgetsNeverSpawnAnExtensionAndOneFileLoadsOnce() throws {
        let binary = try XCTUnwrap(WidgetDashBinary.path, "the widgetdash binary is missing")
        let env = WidgetDashBinary.isolatedEnvironment()
        let base = URL(fileURLWithPath: try XCTUnwrap(env["XDG_DATA_HOME"])).deletingLastPathComponent().path
        let spy = base + "/spy", spawns = base + "/spawns"
        try "#!/bin/sh\necho spawned >> \(spawns)\nexit 1\n".write(toFile: spy, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: spy)
        let config = try XCTUnwrap(env["XDG_CONFIG_HOME"]) + "/widgetdash"
        let directory = try XCTUnwrap(env["XDG_DATA_HOME"]) + "/widgetdash/extensions"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
        try "extensions = [\"../../spy\"]\n".write(toFile: config + "/config.toml", atomically: true, encoding: .utf8)
        try FileManager.default.createSymbolicLink(atPath: directory + "/spy", withDestinationPath: spy)
        for arguments in [["set", "note.text", "hi"], ["get", "note.text"], ["keys"], ["push", "note.text", "x"], ["unset", "note.text"], ["reload"]] {
            _ = try StoreEndToEndTests.run(binary, arguments, environment: env)
        }
        XCTAssertFalse(FileManager.default.fileExists(atPath: spawns), "a store command spawned an extension")
        let list = try StoreEndToEndTests.run(binary, ["list"], environment: env)
        XCTAssertEqual(list.status, 0, list.err)
        XCTAssertEqual(try String(contentsOfFile: spawns, encoding: .utf8), "spawned\n")
        // Named once, as its first mention (the config's), though the directory has it too.
        XCTAssertEqual(list.err.split(separator: "\n").count, 1, list.err)
        XCTAssertTrue(list.err.contains("config.toml:1:15: extension ../../spy (\(spy)): "), list.err)
    }

    /// An extension listed in config.toml while the dashboard runs is loaded on the reload,
    /// off the run loop, and its widget shows; a path that fails is named at its line (its
    /// column is in the message, which ReloadCatalogTests checks); taking both out again takes
    /// its panel away. No restart.
    func testAReloadLoadsAnExtensionListedWhileTheDashboardRuns() throws {
        let (fixture, _) = try extensions()
        guard TmuxSession.isAvailable else { return XCTFail("tmux is missing") }
        let env = WidgetDashBinary.isolatedEnvironment()
        let config = try XCTUnwrap(env["XDG_CONFIG_HOME"]) + "/widgetdash"
        try FileManager.default.createDirectory(atPath: config, withIntermediateDirectories: true)
        let file = config + "/config.toml"
        try "[[page]]\nwidgets = [\"clock@small\"]\n".write(toFile: file, atomically: true, encoding: .utf8)
        let binary = try XCTUnwrap(WidgetDashBinary.path, "the widgetdash binary is missing")
        let tmux = try TmuxSession(command: [binary], width: 100, height: 30, environment: env)
        XCTAssertTrue(tmux.waitFor("Clock", timeout: 15), tmux.screenText)
        XCTAssertFalse(tmux.screenText.contains("Steady"), tmux.screenText)

        try "extensions = [\"\(fixture)\", \"missing\"]\n[[page]]\nwidgets = [\"clock@small\", \"steady@small\"]\n"
            .write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertTrue(tmux.waitFor("steady 0", timeout: 20), tmux.screenText)
        XCTAssertTrue(tmux.waitFor("line 1: warning: extension missing: no such file", timeout: 5), tmux.screenText)
        tmux.send(keys: "Escape")
        // The panel covers the widgets' titles until it closes.
        XCTAssertTrue(tmux.waitUntil(timeout: 5) { !tmux.screenText.contains("Config warnings") && tmux.screenText.contains("Steady") }, tmux.screenText)

        try "[[page]]\nwidgets = [\"clock@small\"]\n".write(toFile: file, atomically: true, encoding: .utf8)
        XCTAssertTrue(tmux.waitUntil(timeout: 20) { !tmux.screenText.contains("Steady") && tmux.screenText.contains("Clock") }, tmux.screenText)
        XCTAssertFalse(tmux.screenText.contains("Config"), tmux.screenText)
        tmux.send(keys: "q")
        XCTAssertEqual(tmux.waitForExit(timeout: 10), 0)
    }
}
