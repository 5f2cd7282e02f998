import DashTesting
import Foundation
import XCTest

/// An extension's controls and Live Activity types (protocol minor 1), through the real
/// `widgetdash` and the Examples package's `MisbehavingWidgets` fixture: its `lamp` toggle and
/// `broken` control (whose value provider traps), its `trip` activity (which traps for a stop
/// called "crash") and, with `WIDGETDASH_FIXTURE_COLLIDE` set, its `timer` activity type, whose
/// name the built-in timer has.
///
/// XCTest, as the other extension end-to-end tests, because it builds a package.
final class ExtensionControlsEndToEndTests: XCTestCase {
    override class func setUp() { SuiteBuilds.startAndWait() }

    static let fixture = Result<String, any Error> { try ExamplePackage.build(product: "MisbehavingWidgets") }
    static let attributes = #"{"line":"4"}"#
    static let state = #"{"stop":"Zoo","minutes":3}"#

    func widgetdash() throws -> String { try XCTUnwrap(WidgetDashBinary.path, "the widgetdash binary is missing") }

    func testActivityTypesListsTheExtensionsTypesHowTheyDecodeAndQualifiesTheOneThatCollides() throws {
        let fixture = try Self.fixture.get()
        var env = WidgetDashBinary.isolatedEnvironment()
        env["WIDGETDASH_FIXTURE_COLLIDE"] = "1"
        let types = try StoreEndToEndTests.run(try widgetdash(), ["activity", "types", "--extension", fixture], environment: env)
        XCTAssertEqual(types.status, 0, types.err)
        XCTAssertTrue(types.out.contains("trip       Tram trip (TripAttributes)"), types.out)
        XCTAssertTrue(types.out.contains(#"A tram on its way (a test fixture). attributes {"line": String}; state {"stop": String, "minutes": Int}"#), types.out)
        XCTAssertTrue(types.out.contains("MisbehavingWidgets.timer timer (TimerAttributes)"), types.out)
        XCTAssertTrue(types.err.contains(#"extension "MisbehavingWidgets": Live Activity type "timer" is already taken by a built-in; it is "MisbehavingWidgets.timer" here"#),
                      types.err)
        // The built-in keeps its name and its views.
        XCTAssertTrue(types.out.contains("timer      "), types.out)
    }

    func testAnExtensionsActivityIsCheckedAndDrawnInItsProcessAndATrapIsNamed() throws {
        let fixture = try Self.fixture.get()
        var env = WidgetDashBinary.isolatedEnvironment()
        env["WIDGETDASH_FIXTURE_COLLIDE"] = "1"
        let preview = try StoreEndToEndTests.run(
            try widgetdash(), ["activity", "preview", "trip", "--attributes", Self.attributes, "--state", Self.state, "--extension", fixture],
            environment: env)
        XCTAssertEqual(preview.status, 0, preview.err)
        for text in ["compact", "🚋 4", "Zoo 3m", "expanded", "next stop Zoo", "lockScreen", "Line 4", "next stop Zoo in 3 min"] {
            XCTAssertTrue(preview.out.contains(text), "\(text) in:\n\(preview.out)")
        }
        // The qualified type reaches its own process, which knows it as "timer".
        let timer = try StoreEndToEndTests.run(
            try widgetdash(), ["activity", "preview", "MisbehavingWidgets.timer", "--attributes", "{}", "--state", #"{"label":"tea"}"#,
                               "--presentation", "lockScreen", "--extension", fixture], environment: env)
        XCTAssertEqual(timer.status, 0, timer.err)
        XCTAssertTrue(timer.out.contains("fixture timer tea"), timer.out)

        // The extension checks the JSON: a number where a string belongs is refused, nothing stored.
        let wrong = try StoreEndToEndTests.run(
            try widgetdash(), ["activity", "start", "trip", "--attributes", #"{"line":4}"#, "--state", Self.state, "--extension", fixture],
            environment: env)
        XCTAssertEqual(wrong.status, 65, wrong.out + wrong.err)
        XCTAssertTrue(wrong.err.contains("trip attributes:"), wrong.err)

        let crash = try StoreEndToEndTests.run(
            try widgetdash(), ["activity", "preview", "trip", "--attributes", Self.attributes, "--state", #"{"stop":"crash","minutes":1}"#,
                               "--extension", fixture], environment: env)
        XCTAssertTrue((1...123).contains(crash.status), "status \(crash.status): \(crash.err)")
        XCTAssertTrue(crash.err.contains("trip stopped: the extension crashed (signal"), crash.err)
        XCTAssertTrue(crash.err.contains("while drawing its Live Activity"), crash.err)
    }

    func testAnActivityWhoseViewsHangIsDrawnAsItComesAndThenSaysWhy() throws {
        let fixture = try Self.fixture.get()
        guard TmuxSession.isAvailable else { return XCTFail("tmux is missing") }
        let env = WidgetDashBinary.isolatedEnvironment()
        let start = try StoreEndToEndTests.run(
            try widgetdash(), ["activity", "start", "trip", "--attributes", Self.attributes, "--state", #"{"stop":"hang","minutes":2}"#,
                               "--extension", fixture], environment: env)
        XCTAssertEqual(start.status, 0, start.err)
        let tmux = try TmuxSession(command: [try widgetdash(), "--extension", fixture, "--widget", "clock@small"],
                                   width: 120, height: 40, environment: env)
        // The run loop does not wait for the extension: the island says "…" while it works…
        XCTAssertTrue(tmux.waitFor("▐ …", timeout: 15), tmux.screenText)
        // …then why it has nothing to show, once the render limit has passed.
        XCTAssertTrue(tmux.waitFor("stopped ▌", timeout: 15), tmux.screenText)
        tmux.send(keys: "x")
        XCTAssertTrue(tmux.waitFor("did not answer within 2 s while drawing", timeout: 5), tmux.screenText)
        tmux.send(keys: "x")
        tmux.send(keys: "q")
        XCTAssertEqual(tmux.waitForExit(timeout: 10), 0)
    }

    func testTheControlCenterShowsAndFlipsTheExtensionsToggleAndTheIslandItsActivity() throws {
        let fixture = try Self.fixture.get()
        guard TmuxSession.isAvailable else { return XCTFail("tmux is missing") }
        let env = WidgetDashBinary.isolatedEnvironment()
        let start = try StoreEndToEndTests.run(
            try widgetdash(), ["activity", "start", "trip", "--attributes", Self.attributes, "--state", Self.state, "--extension", fixture],
            environment: env)
        XCTAssertEqual(start.status, 0, start.err)
        let crashing = try StoreEndToEndTests.run(
            try widgetdash(), ["activity", "start", "trip", "--attributes", #"{"line":"9"}"#, "--state", #"{"stop":"crash","minutes":1}"#,
                               "--extension", fixture], environment: env)
        XCTAssertEqual(crashing.status, 0, crashing.err)

        let tmux = try TmuxSession(command: [try widgetdash(), "--extension", fixture, "--widget", "clock@small"],
                                   width: 120, height: 40, environment: env)
        // Two activities: the island shows each one's minimal view; the trip's is the extension's.
        XCTAssertTrue(tmux.waitFor("🚋", timeout: 15), tmux.screenText)

        tmux.send(keys: "c")
        XCTAssertTrue(tmux.waitFor("Fixture lamp", timeout: 5), tmux.screenText)
        XCTAssertTrue(tmux.waitFor("lamp is dark", timeout: 10), tmux.screenText)
        // The control whose provider traps says so on its own tile; the lamp is unaffected.
        XCTAssertTrue(tmux.waitFor("⚠ crashed (SIGILL)", timeout: 10), tmux.screenText)
        // Light, Flashlight (the built-ins), then the extension's lamp.
        tmux.send(keys: "Tab")
        tmux.send(keys: "Tab")
        tmux.send(keys: "Enter")
        XCTAssertTrue(tmux.waitFor("lamp is lit", timeout: 10), tmux.screenText)
        let lamp = try XCTUnwrap(env["XDG_STATE_HOME"]) + "/misbehaving-lamp"
        XCTAssertEqual(try String(contentsOfFile: lamp, encoding: .utf8), "on")
        tmux.send(keys: "Enter")
        XCTAssertTrue(tmux.waitFor("lamp is dark", timeout: 10), tmux.screenText)
        XCTAssertEqual(try String(contentsOfFile: lamp, encoding: .utf8), "off")
        tmux.send(keys: "Escape")
        tmux.send(keys: "q")
        XCTAssertEqual(tmux.waitForExit(timeout: 10), 0)
    }
}
