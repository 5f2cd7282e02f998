import DashTesting
import Foundation
import Testing

/// The recipes and trophies widgets in the real binary: a script's `widgetdash set` changes the
/// trophies on a running dashboard, a bad value shows its field, and an unset
/// key brings back the labelled sample.
@Suite("Recipes and trophies end to end", .serialized)
struct RecipesTrophiesEndToEndTests {
    @Test func aTrophyRecordSetFromAnotherProcessShows() throws {
        guard TmuxSession.isAvailable, let binary = WidgetDashBinary.path else {
            Issue.record("tmux or the widgetdash binary is missing")
            return
        }
        let env = WidgetDashBinary.isolatedEnvironment()
        let tmux = try TmuxSession(command: [binary, "--widget", "recipes@large", "--widget", "trophies@medium"],
                                   width: 100, height: 30, environment: env)
        #expect(tmux.waitFor("SAMPLE DATA", timeout: 10), "\(tmux.screenText)")
        // The two panels are drawn in turn: on a loaded machine the trophies' label can be on
        // screen before the recipe's last row, so wait for that row too.
        #expect(tmux.waitFor("Next ", timeout: 10) && tmux.screenText.contains("┌ Recipes"), "\(tmux.screenText)")

        let record = #"{"wins": 31, "losses": 12, "draws": 3, "trophies": 2210, "change": -8, "player": "Ana", "recent": "WWLWDL"}"#
        let set = try StoreEndToEndTests.run(binary, ["set", "trophies.record", record], environment: env)
        #expect(set.status == 0, "\(set.err)")
        #expect(tmux.waitFor("−8 trophies", timeout: 5), "\(tmux.screenText)")
        let screen = tmux.screenText
        #expect(screen.contains("Ana") && screen.contains("31 wins") && !screen.contains("SAMPLE"), "\(screen)")

        _ = try StoreEndToEndTests.run(binary, ["set", "trophies.record", #"{"wins": "lots"}"#], environment: env)
        #expect(tmux.waitFor("found \"lots\"", timeout: 5), "\(tmux.screenText)")
        #expect(tmux.screenText.contains("trophies.record: wins:"), "\(tmux.screenText)")

        _ = try StoreEndToEndTests.run(binary, ["unset", "trophies.record"], environment: env)
        #expect(tmux.waitFor("SAMPLE DATA", timeout: 5), "\(tmux.screenText)")
        tmux.send(keys: "q")
        #expect(tmux.waitForExit(timeout: 5) == 0)
    }
}
