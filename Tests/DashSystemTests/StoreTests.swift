import Foundation
import Synchronization
import Testing
import DashCatalog
@testable import DashCore
@testable import DashSystem
import WidgetDash
import DashTesting

/// The SQLite store: files, schema, concurrency, damage; and the notification socket.
@Suite("Shared store")
struct StoreTests {
    static func location() -> StoreLocation {
        let base = TestDirectories.path("wd-store")
        return StoreLocation(dataDirectory: base.appendingPathComponent("data"), socketDirectory: base.appendingPathComponent("run"))
    }

    static func mode(_ path: String) -> Int {
        ((try? FileManager.default.attributesOfItem(atPath: path)[.posixPermissions]) as? Int) ?? -1
    }

    @Test func createsPrivateFilesAndKeepsValues() throws {
        let location = Self.location()
        let store = try SharedStore.open(at: location)
        #expect(Self.mode(location.dataDirectory.path) == 0o700)
        #expect(Self.mode(location.storeFile.path) == 0o600)
        let written = Date(timeIntervalSince1970: 1_800_000_000)
        try store.set("cpu.temp", to: .number(71), at: written)
        try store.set("notes.text", to: .string("hi"))
        try store.set("notes.list", to: .array([.number(1), .string("two")]))
        #expect(try store.value(forKey: "cpu.temp") == .init(value: .number(71), modified: written))
        #expect(try store.keys() == ["cpu.temp", "notes.list", "notes.text"])
        #expect(try store.keys(kind: "notes") == ["notes.list", "notes.text"])
        #expect(try store.unset("cpu.temp"))
        #expect(try !store.unset("cpu.temp"))
        #expect(try store.value(forKey: "cpu.temp") == nil)
        // Another pool (another process) sees the same data.
        #expect(try SharedStore.open(at: location).value(forKey: "notes.text")?.value == .string("hi"))
    }

    @Test func keysAreChecked() {
        #expect(StoreKey.problem(withKey: "cpu.temp") == nil)
        #expect(StoreKey.problem(withKey: "cpu") != nil)
        #expect(StoreKey.problem(withKey: ".x") != nil)
        #expect(StoreKey.problem(withKey: "a.\u{1B}[2J") != nil)
        #expect(StoreKey.kind(ofKey: "notes.text.x") == "notes")
    }

    @Test func eightWritersFiveHundredKeysEachLoseNothing() async throws {
        let location = Self.location()
        _ = try SharedStore.open(at: location)
        // Separate pools, as separate processes would have: SQLite's file locks decide.
        try await withThrowingTaskGroup(of: Void.self) { group in
            for writer in 0..<8 {
                group.addTask {
                    let store = try SharedStore.open(at: location)
                    for i in 0..<500 {
                        try store.set("w\(writer).k\(i)", to: .object(["writer": .number(Double(writer)), "i": .number(Double(i)), "s": .string(String(repeating: "x", count: i % 50))]))
                    }
                }
            }
            try await group.waitForAll()
        }
        let store = try SharedStore.open(at: location)
        let keys = try store.keys()
        #expect(keys.count == 4000)
        for writer in 0..<8 {
            for i in stride(from: 0, to: 500, by: 7) {
                let value = try store.value(forKey: "w\(writer).k\(i)")?.value
                #expect(value == .object(["writer": .number(Double(writer)), "i": .number(Double(i)), "s": .string(String(repeating: "x", count: i % 50))]))
            }
        }
    }

    @Test func aFileThatIsNotADatabaseIsMovedAside() throws {
        let location = Self.location()
        try makePrivateDirectory(location.dataDirectory)
        try Data("this is not sqlite, it is a shopping list\n".utf8).write(to: location.storeFile)
        let store = try SharedStore.open(at: location)
        let notice = try #require(store.notice)
        #expect(notice.contains("was not a widgetdash store; moved it to"))
        let names = try FileManager.default.contentsOfDirectory(atPath: location.dataDirectory.path)
        let aside = try #require(names.first { $0.hasPrefix("store.sqlite.damaged-") })
        #expect(try String(contentsOf: location.dataDirectory.appendingPathComponent(aside), encoding: .utf8).hasPrefix("this is not sqlite"))
        try store.set("a.b", to: .bool(true))
        #expect(try store.value(forKey: "a.b")?.value == .bool(true))
    }

    @Test func aNewerSchemaIsRefusedAndLeftUntouched() throws {
        let location = Self.location()
        try SharedStore.open(at: location).set("a.b", to: .number(1))
        // Pretend a future widgetdash migrated it: bump user_version in the header (offset 60).
        var bytes = try Data(contentsOf: location.storeFile)
        bytes[63] = 9
        try bytes.write(to: location.storeFile)
        let before = try Data(contentsOf: location.storeFile)
        #expect(throws: SharedStoreError.newerSchema(found: 9, supported: SharedStore.schemaVersion, path: location.storeFile.path)) {
            try SharedStore.open(at: location)
        }
        #expect(try Data(contentsOf: location.storeFile) == before)
    }

    @Test func pushedTimelinesAreStoredAndRemoved() throws {
        let store = try SharedStore.open(at: Self.location())
        let timeline = SharedTimeline(entries: [.init(date: Date(timeIntervalSince1970: 100), value: .string("x"))], policy: .never)
        try store.push(timeline, for: "notes")
        #expect(try store.timeline(named: "notes") == timeline)
        try store.removeTimeline(named: "notes")
        #expect(try store.timeline(named: "notes") == nil)
    }

    @Test func theSocketCarriesChangesToTheListener() async throws {
        let location = Self.location()
        let heard = Mutex<[StoreChange]>([])
        let listener = try StoreListener(location: location) { changes in heard.withLock { $0 += changes } }
        defer { listener.stop() }
        #expect(StoreNotifier.post([.key("cpu.temp"), .timeline("notes"), .reload(nil), .reload("gauge")], location: location) == 1)
        for _ in 0..<200 where heard.withLock({ $0.count }) < 4 { try await Task.sleep(for: .milliseconds(10)) }
        #expect(heard.withLock { $0 } == [.key("cpu.temp"), .timeline("notes"), .reload(nil), .reload("gauge")])
        listener.stop()
        // A socket nobody listens on is cleaned up by the next writer.
        #expect(!FileManager.default.fileExists(atPath: listener.path))
    }

    @Test func aChangeReloadsOnlyTheWidgetsThatShowIt() async throws {
        let widgets = BuiltinWidgets().widgetDescriptions
        let placements = [
            WidgetPlacement(kind: "notes", family: .systemMedium),
            WidgetPlacement(kind: "gauge", family: .systemSmall, parameters: ["key": "cpu.temp", "title": "CPU"]),
            WidgetPlacement(kind: "gauge", family: .systemSmall, parameters: ["key": "gpu.temp"]),
            WidgetPlacement(kind: "text", family: .systemSmall, parameters: ["key": "build.status", "timeline": "builds"]),
        ]
        let d = Dashboard(widgets: widgets, placements: placements, clock: ManualClock(t0))
        d.storeChanges = StoreChangeQueue()
        #expect(d.instances(affectedBy: .key("notes.text")) == [0])
        #expect(d.instances(affectedBy: .key("cpu.temp")) == [1])
        #expect(d.instances(affectedBy: .timeline("builds")) == [3])
        #expect(d.instances(affectedBy: .timeline("gauge")) == [1, 2])
        #expect(d.instances(affectedBy: .reload(nil)) == [0, 1, 2, 3])
        // The title parameter names the panel.
        #expect(d.instances[1].description.displayName == "CPU")
        await d.settle()
        d.storeChanges.post([.key("cpu.temp")])
        d.advance()
        // Asked as WidgetCenter asks (exempt from the budget), and only for the widget showing the key.
        #expect(d.scheduler.info(for: 1, at: t0)?.inFlight?.reason == .widgetCenter)
        #expect(d.scheduler.info(for: 2, at: t0)?.inFlight == nil)
        #expect(d.scheduler.info(for: 1, at: t0)?.budgetSpent == 0)
        await d.settle()
    }
}
