import Foundation
import Synchronization
import Testing
import DashCatalog
@testable import DashCore
@testable import DashSystem
import DashTesting
@testable import WidgetDash

/// Live Activities in the SQLite store: the payload limit, the limit of running activities, the
/// states a change may meet, removal, and reopening.
@Suite("Live Activities in the shared store")
struct ActivityStoreTests {
    static func store() throws -> SharedStore { try SharedStore.open(at: StoreTests.location()) }

    /// A state whose encoding, with `{"name":"x"}` as attributes, takes exactly `total` bytes.
    static func payload(total: Int) throws -> (attributes: Data, state: Data) {
        let attributes = try encoded(PingAttributes(name: "x"))
        let empty = try encoded(PingAttributes.ContentState(count: 1, note: "")).count
        let state = try encoded(PingAttributes.ContentState(count: 1, note: String(repeating: "a", count: total - attributes.count - empty)))
        return (attributes, state)
    }

    @Test func exactly4096BytesAreAcceptedAnd4097Refused() throws {
        let store = try Self.store()
        let fits = try Self.payload(total: 4096)
        #expect(fits.attributes.count + fits.state.count == 4096)
        let record = try store.requestActivity(type: "ping", attributes: fits.attributes, state: fits.state, now: t0)
        #expect(record.payloadSize == 4096)

        let over = try Self.payload(total: 4097)
        #expect(throws: ActivityAuthorizationError.attributesTooLarge(size: 4097, limit: 4096)) {
            try store.requestActivity(type: "ping", attributes: over.attributes, state: over.state, now: t0)
        }
        // The message gives the actual size.
        #expect(ActivityAuthorizationError.attributesTooLarge(size: 4097, limit: 4096).description.contains("4097 bytes"))

        // The same limit at every update, and a refused update changes nothing.
        #expect(throws: ActivityAuthorizationError.attributesTooLarge(size: 4097, limit: 4096)) {
            try store.updateActivity(id: record.id, state: over.state, staleDate: nil, now: t0.addingTimeInterval(1))
        }
        let kept = try #require(try store.activities(at: t0).first)
        #expect(kept.state == fits.state && kept.version == 1)
        try store.updateActivity(id: record.id, state: fits.state, staleDate: nil, now: t0.addingTimeInterval(2))
        #expect(try store.activities(at: t0).first?.version == 2)
    }

    @Test func theSixthOfFiveIsRefusedUntilOneEnds() throws {
        let store = try Self.store()
        let p = try Self.payload(total: 100)
        var ids: [String] = []
        for i in 0..<5 {
            ids.append(try store.requestActivity(type: "ping", attributes: p.attributes, state: p.state, now: t0.addingTimeInterval(Double(i))).id)
        }
        #expect(throws: ActivityAuthorizationError.globalMaximumExceeded(limit: 5)) {
            try store.requestActivity(type: "ping", attributes: p.attributes, state: p.state, now: t0.addingTimeInterval(10))
        }
        // An ended activity no longer counts, though it is still shown.
        try store.endActivity(id: ids[0], now: t0.addingTimeInterval(11))
        #expect(try store.activities(at: t0.addingTimeInterval(12)).count == 5)
        _ = try store.requestActivity(type: "ping", attributes: p.attributes, state: p.state, now: t0.addingTimeInterval(12))
        // A setting of 2 refuses at the third running one.
        let other = try Self.store()
        _ = try other.requestActivity(type: "ping", attributes: p.attributes, state: p.state, now: t0, maximumCount: 2)
        _ = try other.requestActivity(type: "ping", attributes: p.attributes, state: p.state, now: t0, maximumCount: 2)
        #expect(throws: ActivityAuthorizationError.globalMaximumExceeded(limit: 2)) {
            try other.requestActivity(type: "ping", attributes: p.attributes, state: p.state, now: t0, maximumCount: 2)
        }
    }

    @Test func eightWritersRacingForFivePlacesGetExactlyFive() async throws {
        let location = StoreTests.location()
        _ = try SharedStore.open(at: location)
        let p = try Self.payload(total: 100)
        let started = Counter()
        let refused = Counter()
        await withTaskGroup(of: Void.self) { group in
            for _ in 0..<8 {
                group.addTask {
                    do {
                        // A pool each, as separate processes would have: SQLite's write lock decides.
                        let store = try SharedStore.open(at: location)
                        _ = try store.requestActivity(type: "ping", attributes: p.attributes, state: p.state, now: t0)
                        started.increment()
                    } catch ActivityAuthorizationError.globalMaximumExceeded {
                        refused.increment()
                    } catch {
                        Issue.record("unexpected \(error)")
                    }
                }
            }
        }
        #expect(started.count == 5 && refused.count == 3)
        #expect(try SharedStore.open(at: location).activities(at: t0).count == 5)
    }

    @Test func anEndedActivityTakesNoUpdatesAndGoesAsItsPolicySays() throws {
        let store = try Self.store()
        let p = try Self.payload(total: 100)
        let a = try store.requestActivity(type: "ping", attributes: p.attributes, state: p.state, now: t0)
        let b = try store.requestActivity(type: "ping", attributes: p.attributes, state: p.state, now: t0)
        try store.endActivity(id: a.id, dismissal: .default, now: t0.addingTimeInterval(60))
        #expect(throws: ActivityUpdateError.ended(a.id)) {
            try store.updateActivity(id: a.id, state: p.state, staleDate: nil, now: t0.addingTimeInterval(61))
        }
        try store.endActivity(id: b.id, dismissal: .immediate, now: t0.addingTimeInterval(60))
        // b is gone at once; a stays, ended, for four hours.
        #expect(try store.activities(at: t0.addingTimeInterval(61)).map(\.id) == [a.id])
        #expect(try store.activities(at: t0.addingTimeInterval(60 + 4 * 3600)).isEmpty)
        #expect(throws: ActivityUpdateError.unknownActivity(b.id)) {
            try store.updateActivity(id: b.id, state: p.state, staleDate: nil, now: t0.addingTimeInterval(62))
        }
        // Ending it again only changes how it goes.
        try store.endActivity(id: a.id, dismissal: .immediate, now: t0.addingTimeInterval(120))
        #expect(try store.activities(at: t0.addingTimeInterval(121)).isEmpty)
    }

    @Test func anUpdateKeepsTheRelevanceUnlessGivenAndCarriesItsAlert() throws {
        let store = try Self.store()
        let p = try Self.payload(total: 100)
        let a = try store.requestActivity(type: "ping", attributes: p.attributes, state: p.state, staleDate: t0.addingTimeInterval(60), relevance: 7, now: t0)
        let alert = AlertConfiguration(title: "Goal", body: "2–1")
        let updated = try store.updateActivity(id: a.id, state: p.state, staleDate: nil, alert: alert, now: t0.addingTimeInterval(5))
        #expect(updated.relevanceScore == 7 && updated.staleDate == nil && updated.alert == alert && updated.alertDate == t0.addingTimeInterval(5))
        let read = try #require(try store.activities(at: t0).first)
        #expect(read == updated)
        let quieter = try store.updateActivity(id: a.id, state: p.state, staleDate: nil, relevance: 1, now: t0.addingTimeInterval(6))
        #expect(quieter.relevanceScore == 1 && quieter.alert == nil)
    }

    @Test func idsResolveFromAUniquePrefix() throws {
        let store = try Self.store()
        let p = try Self.payload(total: 100)
        let a = try store.requestActivity(type: "ping", attributes: p.attributes, state: p.state, now: Date())
        #expect(try store.resolveActivityID(a.id) == a.id)
        #expect(try store.resolveActivityID(String(a.id.prefix(8)).uppercased()) == a.id)
        // Three characters are too few to be sure of, even when they match.
        #expect(throws: ActivityUpdateError.unknownActivity(String(a.id.prefix(3)))) { try store.resolveActivityID(String(a.id.prefix(3))) }
        #expect(throws: ActivityUpdateError.unknownActivity("zzzzzzzz")) { try store.resolveActivityID("zzzzzzzz") }
    }

    @Test func activitiesSurviveReopeningTheStore() throws {
        let location = StoreTests.location()
        let p = try Self.payload(total: 100)
        let a = try SharedStore.open(at: location).requestActivity(type: "ping", attributes: p.attributes, state: p.state, now: t0)
        #expect(try SharedStore.open(at: location).activities(at: t0) == [a])
    }

    @Test func anOlderStoreIsMigratedKeepingItsValues() throws {
        // A version 1 store (values and timelines only) gains the activity table.
        let location = StoreTests.location()
        let store = try SharedStore.open(at: location)
        try store.set("notes.text", to: .string("kept"))
        try store.pool.write { db in
            try db.execute(sql: "DROP TABLE activity")
            try db.execute(sql: "PRAGMA user_version = 1")
        }
        let reopened = try SharedStore.open(at: location)
        #expect(try reopened.value(forKey: "notes.text")?.value == .string("kept"))
        let p = try Self.payload(total: 100)
        _ = try reopened.requestActivity(type: "ping", attributes: p.attributes, state: p.state, now: t0)
        #expect(try reopened.activities(at: t0).count == 1)
    }
}

/// ActivityKit's calls, through a backing over a store, as an intent in the dashboard makes them.
@Suite("Live Activities: the API")
struct ActivityAPITests {
    @Test func requestUpdateAndEndGoThroughTheBacking() async throws {
        let location = StoreTests.location()
        let changes = Mutex<[String]>([])
        let system = ActivitySystem(backing: LazySharedStore(location: location).activityBacking(maximum: ActivityMaximum(5)) { id in changes.withLock { $0.append(id) } })

        let activity = try Activity.request(attributes: PingAttributes(name: "p"), content: ActivityContent(state: .init(count: 1), staleDate: nil),
                                            start: nil, system: system)
        #expect(activity.activityState == .active)
        await activity.update(ActivityContent(state: .init(count: 2), staleDate: nil, relevanceScore: 3),
                              alertConfiguration: AlertConfiguration(title: "Two", body: ""))
        #expect(activity.lastError == nil)
        let listed = try #require(Activity<PingAttributes>.activities(in: system).first)
        #expect(listed.id == activity.id && listed.content.state.count == 2 && listed.content.relevanceScore == 3)

        // Too large: refused, and the reason kept; the activity is unchanged.
        await activity.update(ActivityContent(state: .init(count: 3, note: String(repeating: "z", count: 5000)), staleDate: nil))
        #expect(activity.lastError?.contains("attributesTooLarge") == true)
        listed.refresh()
        #expect(listed.content.state.count == 2)

        await activity.end(ActivityContent(state: .init(count: 9), staleDate: nil), dismissalPolicy: .immediate)
        #expect(activity.activityState == .dismissed)
        #expect(Activity<PingAttributes>.activities(in: system).isEmpty)
        #expect(changes.withLock { $0 }.count == 3)
    }

    @Test func theAuthorAPIUsesTheBoundServices() throws {
        let services = WidgetServices(activities: LazySharedStore(location: StoreTests.location()).activityBacking(maximum: ActivityMaximum(5)) { _ in })
        try services.bind {
            let activity = try Activity.request(attributes: PingAttributes(name: "p"), content: ActivityContent(state: .init(count: 1), staleDate: nil))
            #expect(Activity<PingAttributes>.activities.map(\.id) == [activity.id])
        }
        #expect(Activity<PingAttributes>.activities.isEmpty)
    }

    @Test func withoutAHostRequestsAreUnsupported() {
        #expect(throws: ActivityAuthorizationError.self) {
            try Activity.request(attributes: PingAttributes(name: "p"), content: ActivityContent(state: .init(count: 1), staleDate: nil),
                                 start: nil, system: ActivitySystem())
        }
        #expect(Activity<PingAttributes>.activities(in: ActivitySystem()).isEmpty)
    }

    @Test func typesAreNamedAfterTheirAttributes() {
        #expect(DeliveryAttributes.activityType == "delivery")
        #expect(GameAttributes.activityType == "game")
        #expect(TimerAttributes.activityType == "timer")
        #expect(PingAttributes.activityType == "ping")
        #expect(BuiltinWidgets().activityDescriptions.map(\.activityType) == ["delivery", "game", "timer", "alert"])
        // Activities are not widgets: the gallery never offers them (`timer` the widget is another thing).
        #expect(!BuiltinWidgets().widgetDescriptions.contains { ["delivery", "game", ""].contains($0.kind) })
    }

    @Test func scriptsPayloadsAreCheckedAgainstTheType() throws {
        let delivery = try #require(BuiltinWidgets().activityDescriptions.first { $0.activityType == "delivery" })
        func problem(_ json: String) -> String? {
            do { _ = try delivery.canonicalState(Data(json.utf8)); return nil } catch { return error.description }
        }
        #expect(problem(#"{"status": "Baking", "eta": "2026-11-24T19:30:00Z"}"#) == nil)
        #expect(problem(#"{"status": "Baking", "eta": "2026-11-24T19:30:00.250+01:00", "driver": "Sam"}"#) == nil)
        #expect(problem(#"{"status": "Baking"}"#) == #"state: missing the field "eta""#)
        #expect(problem(#"{"status": 3, "eta": "2026-11-24T19:30:00Z"}"#) == "state: status: expected a string")
        #expect(problem(#"{"status": "Baking", "eta": "soon"}"#)?.hasPrefix("state: eta: expected an ISO-8601 date") == true)
        #expect(problem(#"{"status": "Baking", "#)?.hasPrefix("state: not valid JSON: line 1, column") == true)
        #expect(problem("[1, 2]") == "state: expected an object")
        // Canonical: the same value, the same bytes, whatever the spacing and key order.
        let a = try delivery.canonicalState(Data(#"{"eta":"2026-11-24T19:30:00Z","status":"Baking"}"#.utf8))
        let b = try delivery.canonicalState(Data(#"{ "status" : "Baking", "eta" : 1795548600 }"#.utf8))
        #expect(a == b)
        #expect(String(decoding: a, as: UTF8.self) == #"{"eta":"2026-11-24T19:30:00Z","status":"Baking"}"#)
    }
}

/// The dashboard's activities, loaded from a real store off the run loop.
@Suite("Live Activities from the shared store")
struct ActivityStoreSourceTests {
    @Test func loadsComeFromTheSourceOffTheRunLoop() async throws {
        let location = StoreTests.location()
        let store = try SharedStore.open(at: location)
        let p = try ActivityStoreTests.payload(total: 100)
        _ = try store.requestActivity(type: "ping", attributes: p.attributes, state: p.state, now: t0)
        let controller = ActivityController(descriptions: PingBundle().activityDescriptions, source: .store(LazySharedStore(location: location)))
        await controller.settle(now: t0)
        #expect(controller.records.count == 1)
        #expect(controller.loadProblem == nil)
    }
}
