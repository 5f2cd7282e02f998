import DashTesting
import Foundation
import XCTest

/// The Examples package (a widget extension: `@main` on a WidgetBundle, WidgetDash only) built
/// as its own package, the way a developer builds it, then run by widgetdash beside the
/// built-in widgets with `--extension`.
///
/// Building it compiles widgetdash and its dependencies again for that package: two to three
/// minutes on two cores the first time, seconds afterwards (the scratch directory is
/// `.build/examples`, kept between runs). That is why these are XCTest cases when the rest of the
/// suite uses Swift Testing: `swift test` runs the two libraries' tests one after the other,
/// never together, so the compiler never runs beside the timing-sensitive tests, and XCTest runs
/// its own cases one at a time (docs/DECISIONS.md, "The example package is built by the test
/// suite, apart from the other tests").
final class ExampleEndToEndTests: XCTestCase {
    /// The example's binary, built by the first test that asks and shared by the others.
    static let built = Result<String, any Error> { try ExamplePackage.build() }

    override class func setUp() { SuiteBuilds.startAndWait() }

    func widgetdash() throws -> String {
        guard let binary = WidgetDashBinary.path else { throw ExamplePackage.BuildError(description: "the widgetdash binary is missing") }
        return binary
    }

    func testListSnapshotAndConfigCheckKnowTheBundlesWidget() throws {
        let binary = try Self.built.get()
        let env = WidgetDashBinary.isolatedEnvironment()

        let list = try StoreEndToEndTests.run(try widgetdash(), ["list", "--extension", binary], environment: env)
        XCTAssertEqual(list.status, 0, list.err)
        // After every built-in and the command widget.
        let kinds = list.out.split(separator: "\n").filter { !$0.hasPrefix(" ") }.map { String($0.prefix { $0 != " " }) }
        XCTAssertEqual(kinds.first, "clock")
        XCTAssertEqual(Array(kinds.suffix(2)), ["command", "habit"], list.out)
        XCTAssertTrue(list.out.contains("families: small, medium, circular, rectangular, inline"), list.out)

        let snapshot = try StoreEndToEndTests.run(try widgetdash(), ["snapshot", "habit@small:habit=Run,symbol=walk", "--at", "2026-11-22T10:42:00Z",
                                                                     "--extension", binary],
                                                  environment: env.merging(["TZ": "UTC"]) { $1 })
        XCTAssertEqual(snapshot.status, 0, snapshot.err)
        XCTAssertEqual(snapshot.out.split(separator: "\n").map(String.init), [
            "┌ Habit ─────────────┐",
            "│ ♙ Run              │",
            "│                    │",
            "│ Tick Done today to │",
            "│ start a streak.    │",
            "│                    │",
            "│                    │",
            "│ M T W T F S S      │",
            "│ ○ ○ ○ ○ ○ ○ ◌      │",
            "│ [ ] Done today     │",
            "└────────────────────┘",
        ], snapshot.out + snapshot.err)

        let config = URL(fileURLWithPath: env["XDG_CONFIG_HOME"] ?? "/tmp").appendingPathComponent("habits.toml")
        try "[[page]]\nwidgets = [\n  \"habit@small:habit=Run,symbol=walk\",\n  \"habit@medium:symbol=dance\",\n  \"habit@large\",\n]\n"
            .write(to: config, atomically: true, encoding: .utf8)
        let check = try StoreEndToEndTests.run(try widgetdash(), ["config", "check", "--extension", binary, config.path], environment: env)
        XCTAssertEqual(check.status, 65, check.err)
        XCTAssertFalse(check.out.contains("habits.toml:3:"), check.out)
        XCTAssertTrue(check.out.contains("habits.toml:4:3: page 1: bad parameter \"symbol\": expected one of book, walk, water"), check.out)
        XCTAssertTrue(check.out.contains("habits.toml:5:3: page 1: widget \"habit\" does not support the large family"), check.out)
    }

    /// The toggle's intent runs in the extension and writes the habit's days to the dashboard's
    /// state (the App Group), where they outlive the dashboard; the bundle's control reads and
    /// switches the same days from the control center.
    func testTheWidgetRunsBesideABuiltInWithItsToggleKeepsItsDaysAndHasItsControl() throws {
        let binary = try Self.built.get()
        guard TmuxSession.isAvailable else { return XCTFail("tmux is missing") }
        let env = WidgetDashBinary.isolatedEnvironment()
        let command = [try widgetdash(), "--extension", binary, "--widget", "habit@medium", "--widget", "clock@small"]
        var tmux = try TmuxSession(command: command, width: 100, height: 30, environment: env)
        XCTAssertTrue(tmux.waitFor("┌ Habit ", timeout: 15), tmux.screenText)
        XCTAssertTrue(tmux.waitFor("┌ Clock ", timeout: 5), tmux.screenText)
        XCTAssertTrue(tmux.waitFor("0 of the last 28 days", timeout: 10), tmux.screenText)
        // The toggle is the first thing Tab reaches; ticking it starts a streak.
        tmux.send(keys: "Tab")
        tmux.send(keys: "Enter")
        XCTAssertTrue(tmux.waitFor("1 of the last 28 days", timeout: 10), tmux.screenText)
        XCTAssertTrue(tmux.waitFor("[✓] Done today", timeout: 5), tmux.screenText)
        tmux.send(keys: "q")
        XCTAssertEqual(tmux.waitForExit(timeout: 10), 0)

        tmux = try TmuxSession(command: command, width: 100, height: 30, environment: env)
        XCTAssertTrue(tmux.waitFor("1 of the last 28 days", timeout: 15), tmux.screenText)
        XCTAssertTrue(tmux.waitFor("[✓] Done today", timeout: 5), tmux.screenText)
        // The bundle's control is in the control center beside the built-in ones; it shows the
        // day ticked off before the restart, and switching it off unticks the widget (through
        // WidgetCenter), its value and intent run in the extension.
        tmux.send(keys: "c")
        XCTAssertTrue(tmux.waitFor("Control Center", timeout: 5), tmux.screenText)
        XCTAssertTrue(tmux.waitFor("Flashlight", timeout: 5), tmux.screenText)
        XCTAssertTrue(tmux.waitFor("Read today", timeout: 10), tmux.screenText)
        XCTAssertTrue(tmux.waitFor("● On", timeout: 10), tmux.screenText)
        // Added bundles' controls come last: one step left of the first tile.
        tmux.send(keys: "Left")
        tmux.send(keys: "Enter")
        XCTAssertTrue(tmux.waitFor("Not read yet", timeout: 10), tmux.screenText)
        tmux.send(keys: "Escape")
        XCTAssertTrue(tmux.waitFor("0 of the last 28 days", timeout: 10), tmux.screenText)
        XCTAssertTrue(tmux.waitFor("[ ] Done today", timeout: 5), tmux.screenText)
        tmux.send(keys: "q")
        XCTAssertEqual(tmux.waitForExit(timeout: 10), 0)
    }

    func testTheGalleryAndTheDemoShowTheBundlesWidget() throws {
        let binary = try Self.built.get()
        guard TmuxSession.isAvailable else { return XCTFail("tmux is missing") }
        let env = WidgetDashBinary.isolatedEnvironment()
        var tmux = try TmuxSession(command: [try widgetdash(), "--extension", binary, "--widget", "clock@small"], width: 100, height: 30, environment: env)
        XCTAssertTrue(tmux.waitFor("┌ Clock ", timeout: 10), tmux.screenText)
        // Added bundles come last in the gallery: one step up from the first widget.
        tmux.send(keys: "g")
        XCTAssertTrue(tmux.waitFor("Gallery · Clock", timeout: 5), tmux.screenText)
        tmux.send(keys: "Up")
        XCTAssertTrue(tmux.waitFor("Gallery · Habit", timeout: 5), tmux.screenText)
        // The preview's sample: twelve days in a row, in every family the widget has. Each
        // family's preview is a snapshot request of its own to the extension, so they arrive
        // one after another (placeholders until then).
        XCTAssertTrue(tmux.waitFor("Read: 12-day streak, done today", timeout: 10), tmux.screenText)
        XCTAssertTrue(tmux.waitFor("24 of the last 28 days", timeout: 10), tmux.screenText)
        XCTAssertTrue(tmux.waitFor("│  § 12  │", timeout: 10), tmux.screenText)
        tmux.send(keys: "Escape")
        tmux.send(keys: "q")
        XCTAssertEqual(tmux.waitForExit(timeout: 5), 0)

        tmux = try TmuxSession(command: [try widgetdash(), "demo", "--family", "inline", "--extension", binary], width: 100, height: 30, environment: env)
        XCTAssertTrue(tmux.waitFor("accessoryInline · 40×1 cells", timeout: 10), tmux.screenText)
        // Added widgets come last: page on until the habit shows (the catalog keeps growing).
        var found = tmux.waitFor("§ Read: 12-day streak, done today", timeout: 3)
        for _ in 0..<4 where !found {
            tmux.send(keys: "n")
            found = tmux.waitFor("§ Read: 12-day streak, done today", timeout: 2)
        }
        XCTAssertTrue(found, tmux.screenText)
        tmux.send(keys: "Escape")
        XCTAssertEqual(tmux.waitForExit(timeout: 5), 0)
    }
}

/// Builds and runs the Examples package.
enum ExamplePackage {
    /// The repository's root, from this file's place in it.
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent().deletingLastPathComponent()

    struct BuildError: Error, CustomStringConvertible {
        var description: String
    }

    /// The binary of one of the example's products, built for this run (`SuiteBuilds`).
    static func build(product: String = "HabitWidgets") throws -> String {
        let binary = try SuiteBuilds.examples.get() + "/" + product
        guard FileManager.default.isExecutableFile(atPath: binary) else {
            throw BuildError(description: "the build succeeded but \(binary) is missing")
        }
        return binary
    }

    /// Builds every product of the example with `swift build` (from `PATH`) as its own package,
    /// in one run; the directory of the binaries.
    ///
    /// A failed build is tried once more from an empty scratch directory: SwiftPM keeps a path
    /// dependency's list of source files in the dependent's build directory, so a file added to
    /// widgetdash since the last run is "not in scope" until that directory is rebuilt. CI
    /// starts from a clean clone and never needs the second try.
    static func buildAll() throws -> String {
        do { return try buildOnce() } catch {
            try? FileManager.default.removeItem(atPath: root.appendingPathComponent(".build/examples").path)
            return try buildOnce()
        }
    }

    private static func buildOnce() throws -> String {
        let packagePath = root.appendingPathComponent("Examples").path
        let scratchPath = root.appendingPathComponent(".build/examples").path
        let status = try SuiteBuilds.run(["swift", "build", "--package-path", packagePath, "--scratch-path", scratchPath],
                                         log: scratchPath + "/test-build.log", nice: true)
        guard status.code == 0 else {
            throw BuildError(description: "swift build --package-path Examples exited with \(status.code):\n\(status.tail)")
        }
        return scratchPath + "/debug"
    }
}
