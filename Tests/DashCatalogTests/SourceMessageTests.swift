@testable import DashCatalog
import DashTesting
import Foundation
import Testing
import WidgetDash

/// The states in which a widget has nothing to show (no disks, only loopback, no Maildir) or
/// cannot read its source, in every family, so the one view that says them keeps each widget's
/// wording and layout.
@Suite("Source messages")
struct SourceMessageTests {
    static let now = SampleData.date

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    func nothingToShowInEveryFamily(family: WidgetFamily) throws {
        let f = family.shortName
        Golden.assertMatches(try FeedWidgetTests.panel("disk", DiskEntry(date: Self.now, state: .disks([])), family), named: "message-disk-none-\(f)")
        Golden.assertMatches(try FeedWidgetTests.panel("network", NetworkEntry(date: Self.now, state: .noInterface), family), named: "message-network-none-\(f)")
        Golden.assertMatches(try FeedWidgetTests.panel("battery", BatteryEntry(date: Self.now, state: .noBattery), family), named: "message-battery-none-\(f)")
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    func unreadableSourceInEveryFamily(family: WidgetFamily) throws {
        let f = family.shortName
        Golden.assertMatches(try FeedWidgetTests.panel("system", SystemEntry(date: Self.now, state: .unavailable("/proc/stat is not readable")), family), named: "message-system-unavailable-\(f)")
        Golden.assertMatches(try FeedWidgetTests.panel("disk", DiskEntry(date: Self.now, state: .unavailable("/proc/self/mounts is not readable")), family), named: "message-disk-unavailable-\(f)")
        Golden.assertMatches(try FeedWidgetTests.panel("network", NetworkEntry(date: Self.now, state: .missing("eth9", available: ["eth0"])), family), named: "message-network-missing-\(f)")
        Golden.assertMatches(try FeedWidgetTests.panel("uptime", UptimeEntry(date: Self.now, state: .unavailable("/proc/uptime is not readable")), family), named: "message-uptime-unavailable-\(f)")
    }
}
