import DashTesting
import Foundation
import Testing

/// Issue 17's fuzzing findings outside TOML, through the real binary: the SIGFPE date at
/// every entry point, payload errors that name the field, and the passcode file.
@Suite("Bounded input end to end", .serialized)
struct BoundedInputEndToEndTests {
    /// 35 fraction digits: ISO8601DateFormatter ended the process with SIGFPE (exit 136).
    static let longDate = "2026-11-22T09:00:00." + String(repeating: "9", count: 35) + "Z"

    func run(_ arguments: [String], _ env: [String: String], input: String? = nil) throws -> (status: Int32, out: String, err: String) {
        guard let binary = WidgetDashBinary.path else { throw BinaryMissing() }
        return try StoreEndToEndTests.run(binary, arguments, environment: env, input: input)
    }

    struct BinaryMissing: Error {}

    func file(_ name: String, _ text: String, in env: [String: String]) throws -> String {
        let path = (env["XDG_STATE_HOME"] ?? NSTemporaryDirectory()) + "/" + name
        try text.write(toFile: path, atomically: true, encoding: .utf8)
        return path
    }

    @Test func theLongFractionIsReadAtEveryEntryPoint() throws {
        let env = WidgetDashBinary.isolatedEnvironment()
        let d = Self.longDate

        let at = try run(["snapshot", "clock", "--at", d], env)
        #expect(at.status == 0 && at.out.contains("09:00"), "snapshot --at: \(at)")

        let push = try run(["push", "notes", "--timeline", "-"], env, input: #"{"entries": [{"date": "\#(d)", "value": "pushed"}]}"#)
        #expect(push.status == 0, "push: \(push)")

        let todo = try run(["todo", "add", "--due", d, "milk"], env)
        #expect(todo.status == 0, "todo add --due: \(todo)")

        let attributes = #"{"orderNumber": "1", "item": "Pizza"}"#
        let activity = try run(["activity", "start", "delivery", "--attributes", attributes, "--state", #"{"status": "Baking", "eta": "\#(d)"}"#], env)
        #expect(activity.status == 0, "activity state date: \(activity)")
        let stale = try run(["activity", "start", "delivery", "--attributes", attributes,
                             "--state", #"{"status": "Baking", "eta": "2026-11-22T09:30:00Z"}"#, "--stale-date", d], env)
        #expect(stale.status == 0, "--stale-date: \(stale)")

        let scenario = try file("scenario.json", #"{"start": "\#(d)", "hours": 1, "widgets": [{"id": "a", "entries": {"count": 1}, "policy": "atEnd", "taps": ["\#(d)"]}]}"#, in: env)
        let simulate = try run(["simulate", "--scenario", scenario], env)
        #expect(simulate.status == 0 && simulate.out.contains("\"reload\""), "simulate: \(simulate)")

        let forecast = try file("forecast.json", #"{"updated": "\#(d)", "hours": [{"time": "\#(d)", "temperature": 14.5, "condition": "clear"}]}"#, in: env)
        let weather = try run(["snapshot", "weather@medium:file=\(forecast)", "--at", "2026-11-22T09:30:00Z"], env)
        #expect(weather.status == 0 && weather.out.contains("15°"), "weather file: \(weather)")

        let timeline = try file("timeline.json", #"{"entries": [{"date": "\#(d)", "value": "from a command"}]}"#, in: env)
        let command = try run(["snapshot", "command@medium:cmd=cat \(timeline)", "--at", "2026-11-22T09:30:00Z"], env)
        #expect(command.status == 0 && command.out.contains("from a command"), "command widget JSON: \(command)")

        // What is no date is a usage error that quotes it sanitised, not a crash.
        let bad = try run(["snapshot", "clock", "--at", "2026-11-22T09:00:00\u{1B}[2JZ"], env)
        #expect(bad.status == 64 && bad.err.contains("--at") && !bad.err.contains("\u{1B}"), "\(bad)")
    }

    @Test func runStartReadsTheLongFraction() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let tmux = try TmuxSession(command: [binary, "--start", Self.longDate, "--widget", "clock@small"], width: 100, height: 30,
                                   environment: WidgetDashBinary.isolatedEnvironment())
        #expect(tmux.waitFor("22 November", timeout: 10), "\(tmux.screenText)")
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }

    @Test func anActivityPayloadErrorNamesTheFieldAndTheExpectation() throws {
        let env = WidgetDashBinary.isolatedEnvironment()
        for (score, found) in [("9223372036854775808", "9223372036854775808"), ("1.5", "1.5")] {
            let r = try run(["activity", "start", "game", "--attributes", #"{"home": "A", "away": "B"}"#,
                             "--state", #"{"homeScore": \#(score), "awayScore": 0, "period": 1, "clock": "12:00"}"#], env)
            #expect(r.status == 65)
            #expect(r.err.contains("game state: homeScore: expected a whole number, found \(found)"), "\(r.err)")
            #expect(!r.err.contains("not valid JSON"))
        }
    }

    @Test func simulateSaysTheFieldNeverADecodingDump() throws {
        let env = WidgetDashBinary.isolatedEnvironment()
        let scenario = try file("s.json", #"{"start": "2026-11-22T00:00:00Z", "hours": 1, "widgets": [{"id": "a", "entries": {"count": 1}, "policy": "atEnd", "budget": "many"}]}"#, in: env)
        let r = try run(["simulate", "--scenario", scenario], env)
        #expect(r.status == 65)
        #expect(r.err.contains("widgets[0].budget: expected a number, got a string"), "\(r.err)")
        #expect(!r.err.contains("DecodingError") && !r.err.contains("Debug description"))
    }

    @Test func passcodeSetWritesYescryptPrivately() throws {
        let env = WidgetDashBinary.isolatedEnvironment()
        let r = try run(["passcode", "set"], env, input: "2468\n")
        #expect(r.status == 0, "\(r)")
        let path = (env["XDG_CONFIG_HOME"] ?? "") + "/widgetdash/passcode"
        let text = try String(contentsOfFile: path, encoding: .utf8)
        #expect(text.hasPrefix("$y$") && !text.contains("2468"))
        let attributes = try FileManager.default.attributesOfItem(atPath: path)
        #expect((attributes[.posixPermissions] as? NSNumber)?.intValue == 0o600)
    }
}
