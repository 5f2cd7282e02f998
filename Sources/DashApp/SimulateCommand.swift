import ArgumentParser
import DashCore
import Foundation
import WidgetDash

/// Plays a scenario through the scheduler on a virtual clock and prints what happened.
struct SimulateCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "simulate",
        abstract: "Show how timelines, policies and the reload budget play out over a day.",
        discussion: """
            Runs the scheduler on a virtual clock as fast as it can, with providers scripted by \
            the scenario, and prints one line of JSON per event: \
            {"t": ISO-8601, "widget": ID, "event": "reload" | "deferred" | "entry" | "timeout" | "error", \
            "reason": ..., "budgetLeft": N}. With --json a last line {"summary": {ID: {...}}} gives \
            the counts per widget. The scenario format is documented in docs/simulate.md. A \
            malformed scenario exits with status 65 and names the field at fault.
            """
    )

    @Option(help: ArgumentHelp("The scenario, a JSON file (- for standard input).", valueName: "FILE"))
    var scenario: String

    @Flag(help: "End with a summary line per widget.")
    var json = false

    func run() throws {
        let data: Data
        do {
            data = scenario == "-" ? FileHandle.standardInput.readDataToEndOfFile()
                : try Data(contentsOf: URL(fileURLWithPath: scenario))
        } catch {
            printError("--scenario \(scenario): cannot read the file (\(error.localizedDescription))")
            throw ExitStatus.noInput
        }
        let parsed: Scenario
        do { parsed = try Scenario.parse(data) } catch {
            printError("\(scenario): \(error)")
            throw ExitStatus.dataError
        }
        let simulator = Simulator(parsed)
        var out = BufferedOutput()
        let tallies = simulator.run { event in out.write(SimulationJSON.line(for: event)) }
        if json { out.write(SimulationJSON.summary(tallies, ids: parsed.widgets.map(\.id))) }
        out.flush()
    }
}

/// Writes lines to standard output in large chunks (a day can be many thousand lines).
struct BufferedOutput {
    private var buffer = ""
    mutating func write(_ line: String) {
        buffer += line
        buffer += "\n"
        if buffer.utf8.count > 1 << 16 { flush() }
    }
    mutating func flush() {
        FileHandle.standardOutput.write(Data(buffer.utf8))
        buffer = ""
    }
}

/// The JSON lines `simulate` prints, with keys in the documented order.
enum SimulationJSON {
    static func line(for e: Simulator.Event) -> String {
        let left = e.budgetLeft.map(String.init) ?? "null"
        return "{\"t\": \(quote(timestamp(e.t))), \"widget\": \(quote(e.widget)), \"event\": \(quote(e.kind.rawValue)), \"reason\": \(quote(e.reason)), \"budgetLeft\": \(left)}"
    }

    static func summary(_ tallies: [Simulator.Tally], ids: [String]) -> String {
        let parts = zip(ids, tallies).map { id, t in
            let reasons = t.byReason.keys.sorted().map { "\(quote($0)): \(t.byReason[$0] ?? 0)" }.joined(separator: ", ")
            let fields = [
                "\"reloads\": \(t.reloads)", "\"budgetedReloads\": \(t.budgetedReloads)", "\"exemptReloads\": \(t.exemptReloads)",
                "\"deferred\": \(t.deferred)", "\"timeouts\": \(t.timeouts)", "\"errors\": \(t.errors)",
                "\"entriesShown\": \(t.entriesShown)", "\"truncatedTimelines\": \(t.truncatedTimelines)",
                "\"maxBudgetedIn24h\": \(t.maxBudgetedIn24h)", "\"budget\": \(t.budget.map(String.init) ?? "null")",
                "\"reloadsByReason\": {\(reasons)}",
            ]
            return "\(quote(id)): {\(fields.joined(separator: ", "))}"
        }
        return "{\"summary\": {\(parts.joined(separator: ", "))}}"
    }

    /// "2026-11-22T08:15:00Z", with milliseconds when the moment has them (jitter).
    ///
    /// Formatted by hand from the UTC calendar fields: a day of 10,000 widgets is millions of
    /// lines, and a date formatter per line would dominate the run.
    static func timestamp(_ date: Date) -> String {
        let t = date.timeIntervalSince1970
        let whole = t.rounded(.down)
        var seconds = time_t(whole)
        var fields = tm()
        gmtime_r(&seconds, &fields)
        var text = String(format: "%04d-%02d-%02dT%02d:%02d:%02d", Int(fields.tm_year) + 1900, Int(fields.tm_mon) + 1,
                          Int(fields.tm_mday), Int(fields.tm_hour), Int(fields.tm_min), Int(fields.tm_sec))
        let millis = Int(((t - whole) * 1000).rounded())
        if millis > 0 && millis < 1000 { text += String(format: ".%03d", millis) }
        return text + "Z"
    }

    /// A JSON string literal, control characters escaped.
    static func quote(_ s: String) -> String { JSONValue.string(s).jsonText }
}
