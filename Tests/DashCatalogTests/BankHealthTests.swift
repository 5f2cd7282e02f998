@testable import DashCatalog
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

    // MARK: From the store

    static let account = """
        {"name": "Joint", "number": "PT50 0002 0123 1234 5678 9015 4", "balance": 2310.07, "currency": "€",
         "updated": "2026-11-22T08:00:00Z",
         "transactions": [{"payee": "Pingo Doce", "amount": -42.3}, {"payee": "Refund \\u001b[31m", "amount": 12}], "iban": "ignored"}
        """

    func bank(_ values: [String: JSONValue]) -> BankEntry {
        var provider = BankProvider()
        provider.store = FeedWidgetTests.store(values)
        return provider.entry(at: FeedWidgetTests.now)
    }

    func health(_ values: [String: JSONValue]) -> HealthEntry {
        var provider = HealthProvider()
        provider.store = FeedWidgetTests.store(values)
        return provider.entry(at: FeedWidgetTests.now)
    }

    @Test func anUnsetKeyShowsTheLabelledSample() throws {
        let entry = bank([:])
        #expect(entry.source == .sample && entry.balanceCents == 12_845 && entry.problem == nil)
        let lines = try FeedWidgetTests.panel("bank", entry, .systemMedium).joined(separator: "\n")
        #expect(lines.contains("sample") && lines.contains("$128.45"))
        let steps = health([:])
        #expect(steps.source == .sample)
        #expect(try FeedWidgetTests.panel("health", steps, .accessoryRectangular).joined().contains("sample"))
    }

    @Test func theAccountFromTheStoreIsShownWithoutTheLabel() throws {
        let entry = bank(["bank.account": try JSONValue.parse(Self.account)])
        #expect(entry.problem == nil && entry.source == .store("bank.account"))
        #expect(entry.accountName == "Joint" && entry.accountSuffix == "0154" && entry.balanceCents == 231_007 && entry.currency == "€")
        #expect(entry.transactions == [.init(payee: "Pingo Doce", cents: -4230), .init(payee: "Refund", cents: 1200)])
        #expect(entry.updated == ICalendarExportTests.utc("2026-11-22T08:00:00Z"))
        let large = try FeedWidgetTests.panel("bank", entry, .systemLarge).joined(separator: "\n")
        #expect(large.contains("€2,310.07") && large.contains("−€42.30") && large.contains("··0154") && !large.contains("sample"), "\(large)")
        #expect(!large.contains("\u{1B}"))
        // A bare balance is enough; the write's time stands in for `updated`.
        let bare = bank(["bank.account": .object(["balance": .number(-5)])])
        #expect(bare.balanceCents == -500 && bare.accountName == "Account" && bare.transactions.isEmpty && bare.updated == FeedWidgetTests.now)
    }

    @Test func aBadAccountNamesTheKeyAndTheMember() throws {
        let cases: [(JSONValue, String)] = [
            (.number(3), "bank.account: expected an object such as {\"name\": \"Everyday\", \"balance\": 128.45}"),
            (.object(["name": .string("x")]), "bank.account: balance: missing (the account's balance, such as 128.45)"),
            (.object(["balance": .string("12")]), "bank.account: balance: expected a number such as 128.45"),
            (.object(["balance": .number(1e300)]), "bank.account: balance: 1e+300 is too large"),
            (.object(["balance": .number(1), "transactions": .array([.object(["payee": .string("a")])])]), "bank.account: transactions[0].amount: missing"),
            (.object(["balance": .number(1), "currency": .string("EURO")]), "bank.account: currency: expected a symbol of up to three characters (\"$\", \"€\", \"CHF\"), found \"EURO\""),
        ]
        for (value, message) in cases {
            let entry = bank(["bank.account": value])
            #expect(entry.problem == message)
            let panel = try FeedWidgetTests.panel("bank", entry, .systemMedium).joined(separator: "\n")
            #expect(panel.contains("bank.account"), "\(panel)")
        }
    }

    @Test func healthFromTheStore() throws {
        let entry = health(["health.today": try JSONValue.parse(#"{"steps": 12034, "goal": 8000, "heart_rate": 64, "week": [1, 2, 3, 4, 5, 6, 7, 12034]}"#)])
        #expect(entry.problem == nil && entry.source == .store("health.today"))
        #expect(entry.steps == 12_034 && entry.stepGoal == 8000 && entry.heartRate == 64 && entry.restingHeartRate == nil)
        #expect(entry.week == [2, 3, 4, 5, 6, 7, 12_034])
        let large = try FeedWidgetTests.panel("health", entry, .systemLarge).joined(separator: "\n")
        #expect(large.contains("12,034") && large.contains("64") && large.contains("Resting – bpm") && !large.contains("sample"), "\(large)")
        #expect(health(["health.today": .object(["goal": .number(5)])]).problem == "health.today: steps: missing (today's steps, such as 6842)")
        #expect(health(["health.today": .object(["steps": .number(-1)])]).problem == "health.today: steps: expected a whole number of 0 or more")
        #expect(health(["health.today": .object(["steps": .number(1), "week": .string("x")])]).problem
                == "health.today: week: expected an array of up to seven step counts, oldest first")
    }

    @Test func kindsFollowTheExistingThree() {
        // The gallery's order: the hero widgets first, bank and health right after them.
        #expect(BuiltinWidgets().widgetDescriptions.map(\.kind).prefix(5) == ["clock", "calendar", "system", "bank", "health"])
    }
}
