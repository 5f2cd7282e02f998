import DashCatalog
import DashCore
import DashTesting
import Foundation
import Testing
import WidgetDash

/// The bank and health widgets in every family, unlocked and locked, as golden panels.
@Suite struct BankHealthTests {
    func panels(kind: String, locked: Bool) async throws -> [String] {
        let description = try #require(BuiltinWidgets().widgetDescriptions.first { $0.kind == kind })
        var lines: [String] = []
        for family in description.supportedFamilies {
            let rendered = try await WidgetSnapshot.render(
                description, family: family, at: SampleData.date, environment: Render.environment(family), locked: locked)
            lines.append("\(kind)@\(family.shortName)\(locked ? " locked" : "")")
            lines += rendered.canvas.lines
            lines.append("")
        }
        return lines
    }

    @Test(arguments: ["bank", "health"], [false, true])
    func golden(kind: String, locked: Bool) async throws {
        Golden.assertMatches(try await panels(kind: kind, locked: locked), named: "\(kind)-\(locked ? "locked" : "unlocked")")
    }

    @Test func bankBalanceIsPrivateButTheRestStays() async throws {
        let open = try await panels(kind: "bank", locked: false).joined(separator: "\n")
        let locked = try await panels(kind: "bank", locked: true).joined(separator: "\n")
        #expect(open.contains("$128.45"))
        #expect(!locked.contains("$128.45"))
        #expect(locked.contains("Everyday"), "only privacy-sensitive views are masked")
        #expect(locked.contains("▒▒▒▒▒▒▒"), "the mask keeps the balance's width")
    }

    @Test func healthIsProtectedCompletely() async throws {
        let description = try #require(BuiltinWidgets().widgetDescriptions.first { $0.kind == "health" })
        #expect(description.dataProtection == .complete)
        #expect(description.supportedFamilies.contains { $0.isAccessory })
        let locked = try await panels(kind: "health", locked: true).joined(separator: "\n")
        #expect(!locked.contains("6,842") && !locked.contains("72"))
    }

    @Test func kindsFollowTheExistingThree() {
        // The gallery's order: the hero widgets first, bank and health right after them.
        #expect(BuiltinWidgets().widgetDescriptions.map(\.kind).prefix(5) == ["clock", "calendar", "system", "bank", "health"])
    }
}
