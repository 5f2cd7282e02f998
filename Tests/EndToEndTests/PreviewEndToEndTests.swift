import DashTesting
import Foundation
import XCTest

/// `widgetdash preview`: the `#Preview`s of the Examples package's LoneWidget fixture (an
/// extension built against WidgetDash alone), found in its `wd_previews` section and drawn by it.
///
/// XCTest, as the example's tests: building the fixture runs the compiler (see
/// ExampleEndToEndTests).
final class PreviewEndToEndTests: XCTestCase {
    override class func setUp() { SuiteBuilds.startAndWait() }

    static let fixture = Result<String, any Error> { try ExamplePackage.build(product: "LoneWidget") }

    func preview(_ arguments: [String]) throws -> (status: Int32, out: String, err: String) {
        let binary = try XCTUnwrap(WidgetDashBinary.path, "the widgetdash binary is missing")
        return try StoreEndToEndTests.run(binary, ["preview", "--extension", try Self.fixture.get()] + arguments,
                                          environment: WidgetDashBinary.isolatedEnvironment())
    }

    func testATimelinePreviewPrintsEachEntryInItsFamily() throws {
        let shown = try preview(["1", "--snapshot"])
        XCTAssertEqual(shown.status, 0, shown.err)
        XCTAssertTrue(shown.out.hasPrefix("preview 1 of 1: lonecount · systemSmall · LoneWidget/LonePreviews.swift:30\nframe 1 of 3\n┌"), shown.out)
        for count in 1...3 { XCTAssertTrue(shown.out.contains("count \(count)"), shown.out) }
        XCTAssertTrue(shown.out.contains("frame 3 of 3"), shown.out)
        XCTAssertFalse(shown.out.contains("frame 4"), shown.out)
    }

    func testAProviderPreviewAndAViewPreviewAreDrawnByNameAndATrapStaysInItsOwnPreview() throws {
        let provided = try preview(["From the provider", "--snapshot", "--at", "2026-11-22T10:42:00Z"])
        XCTAssertEqual(provided.status, 0, provided.err)
        XCTAssertTrue(provided.out.contains("From the provider (lonecount) · systemSmall"), provided.out)
        XCTAssertTrue(provided.out.contains("count 7") && provided.out.contains("count 8"), provided.out)

        let view = try preview(["Badge", "--snapshot", "--family", "large"])
        XCTAssertEqual(view.status, 0, view.err)
        XCTAssertTrue(view.out.contains("Badge (view) · view"), view.out)
        XCTAssertTrue(view.out.contains("a preview of a view"), view.out)

        let activity = try preview(["Order", "--snapshot"])
        XCTAssertEqual(activity.status, 0, activity.err)
        XCTAssertTrue(activity.out.hasPrefix("preview 1 of 1: Order (loneOrder) · content · LoneWidget/LonePreviews.swift:"), activity.out)
        XCTAssertTrue(activity.out.contains("order 7 baking") && activity.out.contains("order 7 on its way"), activity.out)
        XCTAssertTrue(activity.out.contains("frame 2 of 2"), activity.out)

        // All of the widget's previews: the one that traps says so, the others still draw.
        let all = try preview(["lonecount", "--snapshot"])
        XCTAssertEqual(all.status, 1, all.err)
        XCTAssertTrue(all.out.contains("preview 3 of 4: Trap (lonecount)"), all.out)
        XCTAssertTrue(all.out.contains("stopped: the extension crashed (signal"), all.out)
        XCTAssertTrue(all.out.contains("count 3") && all.out.contains("count 8"), all.out)

        // The provider's error quotes an escape sequence; what reaches the terminal is printable.
        let escape = try preview(["Escape", "--snapshot"])
        XCTAssertEqual(escape.status, 1, escape.err)
        XCTAssertTrue(escape.out.contains("stopped: no data"), escape.out)
        XCTAssertFalse(escape.out.contains("\u{1B}"), escape.out)

        let unknown = try preview(["nope", "--snapshot"])
        XCTAssertEqual(unknown.status, 64, unknown.err)
        XCTAssertTrue(unknown.err.contains("no such preview") && unknown.err.contains("From the provider, Badge, Trap"), unknown.err)
    }

    func testTheKeysStepThroughEntriesAndPreviewsAndQQuits() throws {
        guard TmuxSession.isAvailable else { return XCTFail("tmux is missing") }
        let binary = try XCTUnwrap(WidgetDashBinary.path, "the widgetdash binary is missing")
        let tmux = try TmuxSession(command: [binary, "preview", "--extension", try Self.fixture.get()], width: 120, height: 30,
                                   environment: WidgetDashBinary.isolatedEnvironment())
        XCTAssertTrue(tmux.waitFor("count 1", timeout: 15), tmux.screenText)
        XCTAssertTrue(tmux.screenText.contains("frame 1 of 3"), tmux.screenText)
        tmux.send(keys: "Right")
        XCTAssertTrue(tmux.waitFor("count 2", timeout: 5), tmux.screenText)
        tmux.send(keys: "Down")
        XCTAssertTrue(tmux.waitFor("count 7", timeout: 5), tmux.screenText)
        XCTAssertTrue(tmux.screenText.contains("‹ 2 of 6 ›"), tmux.screenText)
        tmux.send(keys: "q")
        XCTAssertEqual(tmux.waitForExit(timeout: 10), 0)
    }
}
