import DashTesting
import Foundation
import XCTest

/// An extension's code reaching the dashboard's services from its own process: the App Group
/// (shared defaults and the shared store), `WidgetCenter`, and pictures, with the Examples
/// package's `ServiceWidgets` fixture run by the real `widgetdash`.
///
/// XCTest, as the other tests that build the Examples package (see ExampleEndToEndTests).
final class ExtensionServicesEndToEndTests: XCTestCase {
    override class func setUp() { SuiteBuilds.startAndWait() }

    static let fixture = Result<String, any Error> { try ExamplePackage.build(product: "ServiceWidgets") }

    func widgetdash() throws -> String {
        guard let binary = WidgetDashBinary.path else { throw ExamplePackage.BuildError(description: "the widgetdash binary is missing") }
        return binary
    }

    func testAnIntentInTheExtensionWritesTheAppGroupAndOtherWidgetsReload() throws {
        let fixture = try Self.fixture.get()
        guard TmuxSession.isAvailable else { return XCTFail("tmux is missing") }
        let env = WidgetDashBinary.isolatedEnvironment()
        // Read through the App Group: what a script stored.
        let set = try StoreEndToEndTests.run(try widgetdash(), ["set", "tally.note", "from a script"], environment: env)
        XCTAssertEqual(set.status, 0, set.err)
        let tmux = try TmuxSession(command: [try widgetdash(), "--extension", fixture, "--widget", "tally@small", "--widget", "mirror@small"],
                                   width: 100, height: 30, environment: env)
        XCTAssertTrue(tmux.waitFor("tally 0", timeout: 15), tmux.screenText)
        XCTAssertTrue(tmux.waitFor("mirror 0", timeout: 5), tmux.screenText)
        XCTAssertTrue(tmux.screenText.contains("note from a script"), tmux.screenText)
        tmux.send(keys: "Tab")
        tmux.send(keys: "Enter")
        // The intent ran in the extension; its write landed in the dashboard's state, and the
        // mirror, which only WidgetCenter reloads, shows it too.
        XCTAssertTrue(tmux.waitFor("tally 1", timeout: 10), tmux.screenText)
        XCTAssertTrue(tmux.waitFor("mirror 1", timeout: 10), tmux.screenText)
        tmux.send(keys: "Enter")
        XCTAssertTrue(tmux.waitFor("tally 2", timeout: 10), tmux.screenText)
        XCTAssertTrue(tmux.waitFor("mirror 2", timeout: 10), tmux.screenText)
        // The store write is what `widgetdash set` would have done.
        let get = try StoreEndToEndTests.run(try widgetdash(), ["get", "tally.count"], environment: env)
        XCTAssertEqual(get.status, 0, get.err)
        XCTAssertEqual(get.out.trimmingCharacters(in: .whitespacesAndNewlines), "2")
        tmux.send(keys: "q")
        XCTAssertEqual(tmux.waitForExit(timeout: 10), 0)
        // The suite is kept where in-process widgets keep theirs, and survives the dashboard.
        let data = URL(fileURLWithPath: env["XDG_DATA_HOME"] ?? "/nonexistent").appendingPathComponent("widgetdash/state.json")
        let state = try String(contentsOf: data, encoding: .utf8)
        XCTAssertTrue(state.contains("\"tally\""), state)
        XCTAssertTrue(state.contains("\"count\" : 2"), state)
    }

    func testPicturesFromResourcesAndFromDataAreDrawnAndBadOnesGiveAStandIn() throws {
        let fixture = try Self.fixture.get()
        let shot = try StoreEndToEndTests.run(try widgetdash(), ["snapshot", "picture", "--extension", fixture],
                                              environment: WidgetDashBinary.isolatedEnvironment())
        XCTAssertEqual(shot.status, 0, shot.err)
        let lines = shot.out.split(separator: "\n").map(String.init)
        // Half blocks: two pixels a cell, drawn by the host from what the extension rendered.
        XCTAssertTrue(lines.contains { $0.contains("asset ▀") || $0.contains("asset ▄") }, shot.out)
        XCTAssertTrue(lines.contains { $0.contains("data ▀") || $0.contains("data ▄") }, shot.out)
        XCTAssertTrue(shot.out.contains("garbage refused"), shot.out)
        XCTAssertTrue(shot.out.contains("missing ▣"), shot.out)
        XCTAssertFalse(shot.out.contains("asset ▣"), shot.out)
    }
}
