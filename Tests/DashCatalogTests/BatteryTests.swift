@testable import DashCatalog
import DashCore
import DashTesting
import Foundation
import Testing
import WidgetDash

/// The battery widget on fixture directories laid out like `/sys/class/power_supply`.
@Suite("Battery")
struct BatteryTests {
    static let now = SampleData.date

    /// A power supply directory built in a temporary directory, removed when the test ends.
    final class SupplyFixture {
        let root: String
        init() throws {
            root = NSTemporaryDirectory() + "power-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: root, withIntermediateDirectories: true)
        }
        /// One supply directory with its attribute files.
        func add(_ name: String, _ files: [String: String]) throws {
            let dir = root + "/" + name
            try? FileManager.default.removeItem(atPath: dir)
            try FileManager.default.createDirectory(atPath: dir, withIntermediateDirectories: true)
            for (file, text) in files { try (text + "\n").write(toFile: dir + "/" + file, atomically: true, encoding: .utf8) }
        }
        func timeline() async throws -> Timeline<BatteryEntry> {
            try await BatteryProvider(root: root).timeline(in: TimelineProviderContext(family: .systemSmall, date: BatteryTests.now))
        }
        deinit { try? FileManager.default.removeItem(atPath: root) }
    }

    static let mains = ["type": "Mains", "online": "1"]
    static let discharging = [
        "type": "Battery", "status": "Discharging", "present": "1", "capacity": "72",
        "energy_now": "41040000", "energy_full": "57000000", "energy_full_design": "62000000",
        "power_now": "12960000", "cycle_count": "214", "model_name": "5B10W13930", "manufacturer": "SMP",
    ]

    static func state(_ entry: BatteryEntry?) -> BatteryState? {
        guard case .battery(let s)? = entry?.state else { return nil }
        return s
    }

    @Test func anEmptyDirectoryIsNoBatteryAndAMissingOneSaysWhere() async throws {
        let fixture = try SupplyFixture()
        let none = try await fixture.timeline()
        #expect(none.entries.map(\.state) == [.noBattery])
        #expect(none.policy == .after(Self.now.addingTimeInterval(BatteryProvider.refreshInterval)))
        // Mains alone is still "no battery".
        try fixture.add("AC", Self.mains)
        #expect(try await fixture.timeline().entries.map(\.state) == [.noBattery])
        // A mouse's battery (scope Device) and an empty bay do not power this machine.
        try fixture.add("hidpp_battery_0", ["type": "Battery", "scope": "Device", "capacity": "40", "status": "Discharging"])
        try fixture.add("BAT1", ["type": "Battery", "present": "0"])
        #expect(try await fixture.timeline().entries.map(\.state) == [.noBattery])

        let missing = try await BatteryProvider(root: fixture.root + "/nope").timeline(in: TimelineProviderContext(family: .systemSmall, date: Self.now))
        #expect(missing.entries.map(\.state) == [.unavailable("\(fixture.root)/nope does not exist: no power supply information")])
    }

    @Test func aDischargingBatteryIsPredictedInAStraightLineUntilTheNextRead() async throws {
        let fixture = try SupplyFixture()
        try fixture.add("AC", ["type": "Mains", "online": "0"])
        try fixture.add("BAT0", Self.discharging)
        let timeline = try await fixture.timeline()
        let first = try #require(Self.state(timeline.entries.first))
        #expect(first.status == .discharging && first.externalPower == false && !first.isPredicted)
        #expect(first.level == 0.72)
        // 41.04 Wh at 12.96 W: 3 h 10 min.
        #expect(first.emptyAt == Self.now.addingTimeInterval(41.04 / 12.96 * 3600))
        #expect(first.watts == 12.96)
        // An entry every 5 minutes until the reload 30 minutes later, each 1.894 % lower
        // (12.96 W for 5 min is 1.08 Wh of 57 Wh).
        #expect(timeline.entries.map(\.date) == (0..<6).map { Self.now.addingTimeInterval(Double($0) * 300) })
        #expect(timeline.policy == .after(Self.now.addingTimeInterval(1800)))
        let levels = timeline.entries.compactMap { Self.state($0)?.level }
        for (i, level) in levels.enumerated() {
            #expect(abs(level - (0.72 - Double(i) * 1.08 / 57)) < 1e-9)
        }
        #expect(timeline.entries.dropFirst().allSatisfy { Self.state($0)?.isPredicted == true })
        // The time left counts down with the entries.
        let text = timeline.entries.map { BatteryWords.remaining(Self.state($0)!, at: $0.date) }
        #expect(text.first == "3 h 10 min left" && text.last == "2 h 45 min left")
    }

    @Test func aChargingBatteryHoldsItsLevelAndIsAskedAgainWhenFull() async throws {
        let fixture = try SupplyFixture()
        try fixture.add("AC", Self.mains)
        try fixture.add("BAT0", ["type": "Battery", "status": "Charging", "charge_now": "3000000", "charge_full": "4000000",
                                 "current_now": "2000000", "voltage_now": "12000000"])
        let timeline = try await fixture.timeline()
        let first = try #require(Self.state(timeline.entries.first))
        #expect(first.status == .charging && first.externalPower == true)
        #expect(first.level == 0.75)
        // 1 Ah to go at 2 A: 30 minutes; asked again a minute after.
        #expect(first.fullAt == Self.now.addingTimeInterval(1800))
        #expect(timeline.policy == .after(Self.now.addingTimeInterval(1860)))
        #expect(timeline.entries.compactMap { Self.state($0)?.level }.allSatisfy { $0 == 0.75 })
        #expect(BatteryWords.remaining(first, at: Self.now) == "30 min to full")
        #expect(first.watts == 24)
    }

    @Test func aFullBatteryAndAPluggedInOneThatIsNotCharging() async throws {
        let fixture = try SupplyFixture()
        try fixture.add("ADP1", Self.mains)
        try fixture.add("BAT0", ["type": "Battery", "status": "Full", "capacity": "100", "power_now": "0"])
        let full = try #require(Self.state(try await fixture.timeline().entries.first))
        #expect(full.status == .full && full.emptyAt == nil && full.fullAt == nil)
        #expect(try await fixture.timeline().entries.count == 1)
        #expect(BatteryWords.status(full) == "Full")

        try fixture.add("BAT0", ["type": "Battery", "status": "Not charging", "capacity": "80"])
        let held = try #require(Self.state(try await fixture.timeline().entries.first))
        #expect(held.status == .notCharging && BatteryWords.status(held) == "Plugged in")
    }

    @Test func missingFilesAndNonNumericValuesAreSkippedAndSaid() async throws {
        let fixture = try SupplyFixture()
        // No capacity, but energy: the level comes from energy now over full.
        try fixture.add("BAT0", ["type": "Battery", "status": "Discharging", "energy_now": "25000000", "energy_full": "50000000", "power_now": "garbage"])
        let half = try #require(Self.state(try await fixture.timeline().entries.first))
        #expect(half.level == 0.5 && half.emptyAt == nil && half.watts == nil)
        #expect(half.problems == ["BAT0: power_now: \"garbage\" is not a number"])
        // No level at all: the error state names the battery and what is missing.
        try fixture.add("BAT0", ["type": "Battery", "status": "Weird", "capacity": "n/a"])
        let entry = try await fixture.timeline().entries.first
        #expect(entry?.state == .unavailable("BAT0: capacity: \"n/a\" is not a number"))
        try fixture.add("BAT0", ["type": "Battery"])
        #expect(try await fixture.timeline().entries.first?.state == .unavailable("BAT0: no capacity, energy_now or charge_now"))
    }

    @Test("Attribute text that is not what the kernel documents", arguments: [
        (["capacity": "-5"], "capacity: -5 is negative"),
        (["capacity": "1e3"], "capacity: \"1e3\" is not a number"),
        (["online": "yes"], "online: \"yes\" is not 0 or 1"),
        (["status": "Exploding"], "status: \"Exploding\" is not a known status"),
        (["energy_now": "\u{1B}[31m12"], "energy_now: \"[31m12\" is not a number"),
    ])
    func malformedAttributes(files: [String: String], problem: String) {
        let supply = PowerSupply.parse(name: "BAT0", files: files.merging(["type": "Battery"]) { a, _ in a })
        #expect(supply.problems == [problem])
    }

    @Test func valuesAreReadTheWayDriversWriteThem() {
        // A capacity of 101, a negative current while discharging, trailing newlines.
        let s = PowerSupply.parse(name: "BAT0", files: ["type": "Battery\n", "capacity": "101\n", "current_now": "-1500000", "status": "Discharging"])
        #expect(s.capacity == 100 && s.currentNow == 1_500_000 && s.status == .discharging && s.problems.isEmpty)
        let usb = PowerSupply.parse(name: "ucsi-source-psy-USBC000:001", files: ["type": "USB", "online": "2"])
        #expect(usb.online == true && usb.isExternalSource)
    }

    @Test func twoBatteriesAreCombinedByWhatTheyHold() async throws {
        let fixture = try SupplyFixture()
        try fixture.add("AC", ["type": "Mains", "online": "0"])
        // The internal battery waits at 90 % of 20 Wh while the external one drains at 10 W.
        try fixture.add("BAT0", ["type": "Battery", "status": "Unknown", "energy_now": "18000000", "energy_full": "20000000", "power_now": "0"])
        try fixture.add("BAT1", ["type": "Battery", "status": "Discharging", "energy_now": "30000000", "energy_full": "60000000", "power_now": "10000000"])
        let timeline = try await fixture.timeline()
        let s = try #require(Self.state(timeline.entries.first))
        #expect(s.batteries.map(\.name) == ["BAT0", "BAT1"])
        #expect(s.status == .discharging)
        // 48 Wh of 80 Wh, and 48 Wh at 10 W is 4 h 48 min.
        #expect(s.level == 0.6)
        #expect(s.emptyAt == Self.now.addingTimeInterval(4.8 * 3600))
        let later = try #require(Self.state(timeline.entries.last))
        #expect(abs((later.level ?? 0) - (0.6 - 10.0 * (25.0 / 60) / 80)) < 1e-9)
        // Both show in the medium family.
        let panel = try FeedWidgetTests.panel("battery", BatteryEntry(date: Self.now, state: .battery(s)), .systemMedium).joined(separator: "\n")
        #expect(panel.contains("BAT0 90% · BAT1 50%"))
    }

    @Test func chargingOneOfTwoBatteriesIsCharging() {
        var a = PowerSupply(name: "BAT0", type: "Battery")
        a.capacity = 100; a.status = .full
        var b = PowerSupply(name: "BAT1", type: "Battery")
        b.capacity = 40; b.status = .charging; b.timeToFull = 3600
        let reading = PowerReading(batteries: [a, b], externalPower: true)
        #expect(reading.status == .charging && reading.level == 0.7)
        #expect(reading.timeToFull == 3600)
        #expect(PowerReading(batteries: [a, a], externalPower: true).status == .full)
        // Unknown on mains at 100 % is full.
        a.status = .unknown
        #expect(PowerReading(batteries: [a], externalPower: true).status == .full)
    }

    @Test func aLowDrainingBatteryIsRelevant() {
        var reading = PowerReading.sample
        reading.batteries[0].capacity = 15
        let low = BatteryEntry(date: Self.now, state: .battery(BatteryState(reading: reading, at: Self.now)))
        #expect(low.relevance?.score == 1)
        #expect(BatteryEntry(date: Self.now, state: .battery(BatteryState(reading: .sample, at: Self.now))).relevance == nil)
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    func statesInEveryFamily(family: WidgetFamily) throws {
        let none = try FeedWidgetTests.panel("battery", BatteryEntry(date: Self.now, state: .noBattery), family)
        Golden.assertMatches(none, named: "battery-none-\(family.shortName)")
        let broken = try FeedWidgetTests.panel("battery", BatteryEntry(date: Self.now, state: .unavailable("/sys/class/power_supply does not exist: no power supply information")), family)
        #expect(broken.joined().contains("⚠"))
        var charging = PowerReading.sample
        charging.batteries[0].status = .charging
        charging.batteries[0].capacity = 41
        charging.externalPower = true
        let entry = BatteryEntry(date: Self.now, state: .battery(BatteryState(reading: charging, at: Self.now)))
        Golden.assertMatches(try FeedWidgetTests.panel("battery", entry, family), named: "battery-charging-\(family.shortName)")
    }
}
