import DashTesting
import Foundation
import Testing

/// Live Activities through the real binary: a script starts, updates and ends one while the
/// dashboard runs; the CLI refuses bad payloads with exit status 65 and writes nothing.
@Suite("Live Activities end to end", .serialized)
struct ActivityEndToEndTests {
    static func run(_ binary: String, _ arguments: [String], environment: [String: String], input: String? = nil) throws -> (status: Int32, out: String, err: String) {
        try StoreEndToEndTests.run(binary, arguments, environment: environment, input: input)
    }

    static let game = ["activity", "start", "game", "--attributes", #"{"home": "Liverpool", "away": "Arsenal"}"#,
                       "--state", #"{"homeScore": 2, "awayScore": 1, "period": 2, "clock": "67:12"}"#]

    @Test func aScriptStartsUpdatesAndEndsAnActivityWhileTheDashboardRuns() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let env = WidgetDashBinary.isolatedEnvironment()
        let tmux = try TmuxSession(command: [binary, "--widget", "clock@small", "--widget", "calendar@small"], width: 100, height: 30, environment: env)
        #expect(tmux.waitFor("Calendar", timeout: 10), "\(tmux.screenText)")

        let start = try Self.run(binary, Self.game, environment: env)
        #expect(start.status == 0, "\(start.err)")
        let id = start.out.trimmingCharacters(in: .whitespacesAndNewlines)
        #expect(id.count == 36, "an id, as ActivityKit's: \(start.out)")
        // The island, at the top of the screen.
        #expect(tmux.waitFor("▐ LIV 2    1 ARS ▌", timeout: 3), "\(tmux.screenText)")
        #expect(tmux.capture().first?.contains("LIV 2") == true)

        let update = try Self.run(binary, ["activity", "update", String(id.prefix(8)), "--state", #"{"homeScore": 3, "awayScore": 1, "period": 2, "clock": "81:40", "lastPlay": "Goal!"}"#,
                                           "--alert-title", "Goal!", "--alert-body", "Liverpool 3–1"], environment: env)
        #expect(update.status == 0, "\(update.err)")
        // The alert expands the island with its title, then it folds back to the new score.
        #expect(tmux.waitFor("Goal! · Liverpool 3–1", timeout: 3), "\(tmux.screenText)")
        #expect(tmux.waitFor("▐ LIV 3    1 ARS ▌", timeout: 10), "\(tmux.screenText)")

        // `x` opens it by hand; Esc closes it.
        tmux.send(keys: "x")
        #expect(tmux.waitFor("81:40", timeout: 3), "\(tmux.screenText)")
        tmux.send(keys: "Escape")
        #expect(tmux.waitUntil(timeout: 3) { !tmux.screenText.contains("81:40") }, "\(tmux.screenText)")

        let end = try Self.run(binary, ["activity", "end", id, "--dismissal", "immediate"], environment: env)
        #expect(end.status == 0, "\(end.err)")
        #expect(tmux.waitUntil(timeout: 3) { !tmux.screenText.contains("LIV") }, "\(tmux.screenText)")
        let list = try Self.run(binary, ["activity", "list", "--json"], environment: env)
        #expect(list.out.trimmingCharacters(in: .whitespacesAndNewlines) == "[]")

        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }

    @Test func activitiesSurviveARestartOfTheDashboard() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let env = WidgetDashBinary.isolatedEnvironment()
        // Started with no dashboard running at all.
        let start = try Self.run(binary, Self.game, environment: env)
        #expect(start.status == 0, "\(start.err)")
        let tmux = try TmuxSession(command: [binary, "--widget", "clock@small"], width: 100, height: 30, environment: env)
        #expect(tmux.waitFor("▐ LIV 2    1 ARS ▌", timeout: 10), "\(tmux.screenText)")
        // And on the lock screen, as a card under the clock.
        tmux.send(keys: "l")
        #expect(tmux.waitFor("2nd period · 67:12", timeout: 3), "\(tmux.screenText)")
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }

    @Test func badPayloadsAreRefusedWithStatus65AndNothingIsWritten() throws {
        guard let binary = WidgetDashBinary.path else {
            Issue.record("the widgetdash binary is missing")
            return
        }
        let env = WidgetDashBinary.isolatedEnvironment()
        func start(_ attributes: String, _ state: String, type: String = "delivery") throws -> (status: Int32, out: String, err: String) {
            try Self.run(binary, ["activity", "start", type, "--attributes", attributes, "--state", state], environment: env)
        }
        let attributes = #"{"orderNumber": "1042", "item": "Margherita"}"#
        let broken = try start(attributes, #"{"status": "Baking", "eta": "#)
        #expect(broken.status == 65 && broken.err.contains("not valid JSON: line 1, column"), "\(broken.err)")
        let missing = try start(attributes, #"{"status": "Baking"}"#)
        #expect(missing.status == 65 && missing.err.contains(#"missing the field "eta""#), "\(missing.err)")
        let wrongType = try start(#"{"orderNumber": 1042, "item": "Margherita"}"#, #"{"status": "Baking", "eta": "2026-11-24T19:30:00Z"}"#)
        #expect(wrongType.status == 65 && wrongType.err.contains("orderNumber: expected a string"), "\(wrongType.err)")
        let badDate = try start(attributes, #"{"status": "Baking", "eta": "tonight"}"#)
        #expect(badDate.status == 65 && badDate.err.contains("eta: expected an ISO-8601 date"), "\(badDate.err)")
        let huge = try start(#"{"orderNumber": "1", "item": "\#(String(repeating: "x", count: 5000))"}"#, #"{"status": "Baking", "eta": "2026-11-24T19:30:00Z"}"#)
        #expect(huge.status == 65 && huge.err.contains("attributesTooLarge") && huge.err.contains("bytes"), "\(huge.err)")
        let unknown = try start("{}", "{}", type: "rocket")
        #expect(unknown.status == 64 && unknown.err.contains("delivery, game, timer"), "\(unknown.err)")
        // Nothing was started by any of them.
        let list = try Self.run(binary, ["activity", "list", "--json"], environment: env)
        #expect(list.status == 0 && list.out.trimmingCharacters(in: .whitespacesAndNewlines) == "[]", "\(list.out)\(list.err)")

        // One that fits; then a bad update leaves its state as it was.
        let good = try start(attributes, #"{"status": "Baking", "eta": "2030-01-01T19:30:00Z"}"#)
        #expect(good.status == 0, "\(good.err)")
        let id = good.out.trimmingCharacters(in: .whitespacesAndNewlines)
        let badUpdate = try Self.run(binary, ["activity", "update", id, "--state", #"{"status": 5}"#], environment: env)
        #expect(badUpdate.status == 65)
        let after = try Self.run(binary, ["activity", "list", "--json"], environment: env)
        #expect(after.out.contains(#""status":"Baking""#), "\(after.out)")
        // Ended: no more updates (status 1), and an unknown id is status 1 too.
        #expect(try Self.run(binary, ["activity", "end", id], environment: env).status == 0)
        let late = try Self.run(binary, ["activity", "update", id, "--state", #"{"status": "Here", "eta": "2030-01-01T19:30:00Z"}"#], environment: env)
        #expect(late.status == 1 && late.err.contains("has ended"), "\(late.err)")
        #expect(try Self.run(binary, ["activity", "end", "ffffffff"], environment: env).status == 1)
        #expect(try Self.run(binary, ["activity", "end", id, "--dismissal", "later"], environment: env).status == 64)
    }

    @Test func theSixthActivityIsRefusedWithStatus75() throws {
        guard let binary = WidgetDashBinary.path else {
            Issue.record("the widgetdash binary is missing")
            return
        }
        let env = WidgetDashBinary.isolatedEnvironment()
        for _ in 0..<5 { #expect(try Self.run(binary, Self.game, environment: env).status == 0) }
        let sixth = try Self.run(binary, Self.game, environment: env)
        #expect(sixth.status == 75 && sixth.err.contains("globalMaximumExceeded: 5 Live Activities are running"), "\(sixth.err)")
        // A config allowing six lets one more start.
        let config = URL(fileURLWithPath: env["XDG_CONFIG_HOME"] ?? "/nonexistent").appendingPathComponent("widgetdash/config.toml")
        try FileManager.default.createDirectory(at: config.deletingLastPathComponent(), withIntermediateDirectories: true)
        try "[activities]\nmax = 6\n".write(to: config, atomically: true, encoding: .utf8)
        #expect(try Self.run(binary, Self.game, environment: env).status == 0)
        #expect(try Self.run(binary, Self.game, environment: env).status == 75)
    }
}
