import DashTesting
import Foundation
import XCTest

/// Widget extensions in their own processes: the Examples package's `MisbehavingWidgets`
/// fixture (a widget that traps on its fourth entry, one whose view never returns, one that
/// behaves) and a shell script that writes garbage, run by the real `widgetdash`.
///
/// XCTest, as the example's tests: building the fixture runs the compiler (see
/// ExampleEndToEndTests).
final class ExtensionEndToEndTests: XCTestCase {
    override class func setUp() { SuiteBuilds.startAndWait() }

    static let fixture = Result<String, any Error> { try ExamplePackage.build(product: "MisbehavingWidgets") }

    func widgetdash() throws -> String {
        guard let binary = WidgetDashBinary.path else { throw ExamplePackage.BuildError(description: "the widgetdash binary is missing") }
        return binary
    }

    /// The processes whose command line starts with `path` (the tmux server's mentions it too).
    func processes(mentioning path: String) -> String {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["pgrep", "-a", "-f", "^" + path]
        let out = Pipe()
        process.standardOutput = out
        process.standardError = FileHandle.nullDevice
        guard (try? process.run()) != nil else { return "pgrep failed" }
        let data = out.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return String(decoding: data, as: UTF8.self).split(separator: "\n").filter { !$0.contains("pgrep") }.joined(separator: "\n")
    }

    func testTheExtensionAloneSaysHowToUseItAndListsInWidgetdash() throws {
        let fixture = try Self.fixture.get()
        let env = WidgetDashBinary.isolatedEnvironment()
        let alone = try StoreEndToEndTests.run(fixture, [], environment: env)
        XCTAssertEqual(alone.status, 0, alone.err)
        XCTAssertTrue(alone.out.contains("widgetdash --extension \(fixture)"), alone.out)
        let help = try StoreEndToEndTests.run(fixture, ["--help"], environment: env)
        XCTAssertEqual(help.status, 0, help.err)

        let list = try StoreEndToEndTests.run(try widgetdash(), ["list", "--json", "--extension", fixture], environment: env)
        XCTAssertEqual(list.status, 0, list.err)
        for kind in ["steady", "trapper", "hanger"] { XCTAssertTrue(list.out.contains("\"\(kind)\""), list.out) }
    }

    func testSnapshotOfAWidgetThatTrapsExitsWithAStatusNamingIt() throws {
        let fixture = try Self.fixture.get()
        let env = WidgetDashBinary.isolatedEnvironment()
        let trapped = try StoreEndToEndTests.run(try widgetdash(), ["snapshot", "trapper", "--extension", fixture], environment: env)
        XCTAssertTrue((1...123).contains(trapped.status), "status \(trapped.status): \(trapped.err)")
        XCTAssertTrue(trapped.err.contains("trapper"), trapped.err)
        XCTAssertTrue(trapped.err.contains("crashed (signal"), trapped.err)
        XCTAssertTrue(trapped.err.contains("while rendering entry 4"), trapped.err)

        let steady = try StoreEndToEndTests.run(try widgetdash(), ["snapshot", "steady", "--extension", fixture, "--at", "2026-11-22T10:42:00Z"],
                                                environment: env)
        XCTAssertEqual(steady.status, 0, steady.err)
        XCTAssertTrue(steady.out.contains("┌ Steady "), steady.out)
        XCTAssertTrue(steady.out.contains("steady 0"), steady.out)
    }

    func testATrapAndAHangStopOnlyTheirOwnPanelsAndNothingRemainsAfterQuit() throws {
        let fixture = try Self.fixture.get()
        guard TmuxSession.isAvailable else { return XCTFail("tmux is missing") }
        let tmux = try TmuxSession(
            command: [try widgetdash(), "--extension", fixture, "--widget", "trapper@small", "--widget", "hanger@small",
                      "--widget", "steady@small", "--widget", "clock@small"],
            width: 100, height: 30, environment: WidgetDashBinary.isolatedEnvironment())
        XCTAssertTrue(tmux.waitFor("steady 0", timeout: 15), tmux.screenText)
        // The hanger's view never returns on its first entry: it stops at once. The trapper's
        // first three entries arrived before its trap, so it shows them and stops only when they
        // run out, three minutes on (ExtensionToldEndToEndTests watches that, faster).
        XCTAssertTrue(tmux.waitFor("stopped", timeout: 20), tmux.screenText)
        XCTAssertTrue(tmux.waitFor("trapper 0", timeout: 15), tmux.screenText)
        XCTAssertEqual(tmux.screenText.components(separatedBy: "stopped").count - 1, 1, tmux.screenText)
        // The rest keeps ticking: the clock's seconds and the steady widget's live timer move.
        let before = tmux.screenText
        XCTAssertTrue(tmux.waitUntil(timeout: 5) { tmux.screenText != before }, tmux.screenText)
        XCTAssertTrue(tmux.screenText.contains("steady 0"), tmux.screenText)
        tmux.send(keys: "q")
        XCTAssertEqual(tmux.waitForExit(timeout: 10), 0)
        // No extension process outlives the dashboard.
        XCTAssertTrue(tmux.waitUntil(timeout: 3) { processes(mentioning: fixture).isEmpty }, processes(mentioning: fixture))
    }

    func testAButtonsIntentRunsInTheExtensionAndTheWidgetReloads() throws {
        let fixture = try Self.fixture.get()
        guard TmuxSession.isAvailable else { return XCTFail("tmux is missing") }
        let tmux = try TmuxSession(command: [try widgetdash(), "--extension", fixture, "--widget", "tapper@small"],
                                   width: 100, height: 30, environment: WidgetDashBinary.isolatedEnvironment())
        XCTAssertTrue(tmux.waitFor("taps 0", timeout: 15), tmux.screenText)
        tmux.send(keys: "Tab")
        tmux.send(keys: "Enter")
        XCTAssertTrue(tmux.waitFor("taps 1", timeout: 10), tmux.screenText)
        tmux.send(keys: "Enter")
        XCTAssertTrue(tmux.waitFor("taps 2", timeout: 10), tmux.screenText)
        tmux.send(keys: "q")
        XCTAssertEqual(tmux.waitForExit(timeout: 10), 0)
    }

    func testMainOnASingleWidgetMakesAnExtensionToo() throws {
        let lone = try ExamplePackage.build(product: "LoneWidget")
        let snapshot = try StoreEndToEndTests.run(try widgetdash(), ["snapshot", "lone", "--extension", lone],
                                                  environment: WidgetDashBinary.isolatedEnvironment())
        XCTAssertEqual(snapshot.status, 0, snapshot.err)
        XCTAssertTrue(snapshot.out.contains("┌ Lone "), snapshot.out)
        XCTAssertTrue(snapshot.out.contains("a lone widget"), snapshot.out)
    }

    func testAnExtensionThatWritesGarbageGetsAClearMessage() throws {
        let dir = TestDirectories.path("wd-garbage")
        try FileManager.default.createDirectory(at: dir, withIntermediateDirectories: true)
        let script = dir.appendingPathComponent("garbage").path
        try "#!/bin/sh\necho 'Hello, world!'\n".write(toFile: script, atomically: true, encoding: .utf8)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script)
        let list = try StoreEndToEndTests.run(try widgetdash(), ["list", "--extension", script], environment: WidgetDashBinary.isolatedEnvironment())
        XCTAssertTrue(list.err.contains(script), list.err)
        XCTAssertTrue(list.err.contains("not the widgetdash protocol: \"Hello, world!\""), list.err)
    }
}
