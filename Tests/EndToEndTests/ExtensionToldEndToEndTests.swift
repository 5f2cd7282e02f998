import DashTesting
import Foundation
import XCTest

/// What an extension is told and how its widgets behave on screen, with the real `widgetdash`
/// and the `MisbehavingWidgets` fixture: the scheme, rendering mode and time zone its views
/// read; a toggle that flips before the extension has performed it; a timeline that traps on its
/// fourth entry keeps the first three.
final class ExtensionToldEndToEndTests: XCTestCase {
    override class func setUp() { SuiteBuilds.startAndWait() }

    func widgetdash() throws -> String {
        guard let binary = WidgetDashBinary.path else { throw ExamplePackage.BuildError(description: "the widgetdash binary is missing") }
        return binary
    }

    func testTheExtensionIsToldTheSchemeTheRenderingModeAndTheZone() throws {
        let fixture = try ExtensionEndToEndTests.fixture.get()
        let env = WidgetDashBinary.isolatedEnvironment()
        let told = try StoreEndToEndTests.run(try widgetdash(), ["snapshot", "told", "--family", "medium", "--extension", fixture,
                                                                 "--at", "2026-11-22T10:42:00Z", "--time-zone", "Asia/Tokyo",
                                                                 "--theme", "high-contrast", "--scheme", "light", "--rendering-mode", "accented"],
                                               environment: env)
        XCTAssertEqual(told.status, 0, told.err)
        for expected in ["scheme light", "mode accented", "zone Asia/Tokyo", "at 19:42"] {
            XCTAssertTrue(told.out.contains(expected), "\(expected) in\n\(told.out)")
        }
        let plain = try StoreEndToEndTests.run(try widgetdash(), ["snapshot", "told", "--family", "medium", "--extension", fixture,
                                                                  "--at", "2026-11-22T10:42:00Z", "--time-zone", "UTC", "--scheme", "dark",
                                                                  "--rendering-mode", "vibrant"], environment: env)
        XCTAssertEqual(plain.status, 0, plain.err)
        for expected in ["scheme dark", "mode vibrant", "at 10:42"] {
            XCTAssertTrue(plain.out.contains(expected), "\(expected) in\n\(plain.out)")
        }
        // Foundation names UTC "GMT", on the host and in the extension alike.
        XCTAssertTrue(plain.out.contains("zone GMT") || plain.out.contains("zone UTC"), plain.out)
    }

    func testATrapOnTheFourthEntryKeepsTheFirstThreeShown() throws {
        let fixture = try ExtensionEndToEndTests.fixture.get()
        guard TmuxSession.isAvailable else { return XCTFail("tmux is missing") }
        // Thirty times faster: the fixture's entries, a minute apart, change every two seconds.
        let tmux = try TmuxSession(command: [try widgetdash(), "--extension", fixture, "--widget", "trapper@small",
                                             "--widget", "clock@small", "--speed", "30"],
                                   width: 100, height: 30, environment: WidgetDashBinary.isolatedEnvironment())
        XCTAssertTrue(tmux.waitFor("trapper 0", timeout: 15), tmux.screenText)
        XCTAssertFalse(tmux.screenText.contains("stopped"), tmux.screenText)
        // Entry 3 arrived before the trap on entry 4: it is shown when its time comes.
        XCTAssertTrue(tmux.waitFor("trapper 2", timeout: 15), tmux.screenText)
        tmux.send(keys: "q")
        XCTAssertEqual(tmux.waitForExit(timeout: 10), 0)
    }

    func testAToggleFlipsAtOnceAndSettlesToTheExtensionsState() throws {
        let fixture = try ExtensionEndToEndTests.fixture.get()
        guard TmuxSession.isAvailable else { return XCTFail("tmux is missing") }
        let env = WidgetDashBinary.isolatedEnvironment()
        let state = try XCTUnwrap(env["XDG_STATE_HOME"])
        try FileManager.default.createDirectory(atPath: state, withIntermediateDirectories: true)
        let go = URL(fileURLWithPath: state).appendingPathComponent("misbehaving-lamp-go")
        let lamp = URL(fileURLWithPath: state).appendingPathComponent("misbehaving-lamp")
        let tmux = try TmuxSession(command: [try widgetdash(), "--extension", fixture, "--widget", "lamp@small"],
                                   width: 100, height: 30, environment: env)
        XCTAssertTrue(tmux.waitFor("[ ] Lamp", timeout: 15), tmux.screenText)
        tmux.send(keys: "Tab")
        tmux.send(keys: "Enter")
        // Flipped on screen while the intent still waits for the word: nothing is switched yet.
        XCTAssertTrue(tmux.waitFor("[✓] Lamp", timeout: 5), tmux.screenText)
        XCTAssertTrue(tmux.screenText.contains("lamp is off"), tmux.screenText)
        XCTAssertFalse(FileManager.default.fileExists(atPath: lamp.path))
        try "go".write(to: go, atomically: true, encoding: .utf8)
        XCTAssertTrue(tmux.waitFor("lamp is on", timeout: 15), tmux.screenText)
        XCTAssertTrue(tmux.screenText.contains("[✓] Lamp"), tmux.screenText)

        // A perform that fails puts the toggle back and says why.
        tmux.send(keys: "Enter")
        XCTAssertTrue(tmux.waitFor("[ ] Lamp", timeout: 5), tmux.screenText)
        XCTAssertTrue(tmux.screenText.contains("lamp is on"), tmux.screenText)
        try "fail".write(to: go, atomically: true, encoding: .utf8)
        XCTAssertTrue(tmux.waitFor("unplugged", timeout: 15), tmux.screenText)
        XCTAssertTrue(tmux.waitFor("[✓] Lamp", timeout: 15), tmux.screenText)
        XCTAssertTrue(tmux.screenText.contains("lamp is on"), tmux.screenText)
        tmux.send(keys: "q")
        XCTAssertEqual(tmux.waitForExit(timeout: 10), 0)
    }
}
