import Foundation
import Synchronization
import Testing
import WidgetDash

/// Protocol minor 1: an extension's controls and Live Activity types, served in process
/// (the end-to-end tests run them through a real extension).
@Suite struct ExtensionControlWireTests {
    static let t0 = Date(timeIntervalSince1970: 1_795_334_400)
    static let lamp = Mutex(false)
    static let presses = Mutex(0)
    static let rings = Mutex(0)

    struct LampProvider: ControlValueProvider {
        var previewValue: Bool { false }
        func currentValue() async throws -> Bool { ExtensionControlWireTests.lamp.withLock { $0 } }
    }

    struct SetLamp: SetValueIntent {
        static let title = "Set lamp"
        var value = false
        func perform() async throws {
            ExtensionControlWireTests.lamp.withLock { $0 = value }
            ExtensionControlWireTests.presses.withLock { $0 += 1 }
        }
    }

    struct Lamp: ControlWidget {
        var body: some ControlWidgetConfiguration {
            StaticControlConfiguration(kind: "lamp", provider: LampProvider()) { isOn in
                ControlWidgetToggle("Lamp", isOn: isOn, action: SetLamp()) { on in Text(on ? "lit" : "dark") }
            }
            .displayName("Desk lamp")
        }
    }

    enum Mode: String, Codable, CaseIterable { case walk, tram }

    struct TripAttributes: ActivityAttributes {
        struct ContentState: Codable, Hashable, Sendable {
            var stop: String
            var minutes: Int
            var mode: Mode
            var due: Date?
            var late: Bool
        }
        var line: String
    }

    static func trip(_ context: ActivityViewContext<TripAttributes>) -> DynamicIsland {
        DynamicIsland {
            DynamicIslandExpandedRegion(.leading) { Text("🚋 \(context.attributes.line)") }
            DynamicIslandExpandedRegion(.bottom) { Text("next \(context.state.stop)").privacySensitive() }
        } compactLeading: {
            Text("🚋 \(context.attributes.line)").foregroundStyle(.tint)
        } compactTrailing: {
            Text("\(context.state.minutes)m")
        } minimal: {
            Text("🚋")
        }
    }

    struct Ring: AppIntent {
        static let title = "Ring"
        func perform() async throws { ExtensionControlWireTests.rings.withLock { $0 += 1 } }
    }

    struct Bell: ControlWidget {
        var body: some ControlWidgetConfiguration {
            StaticControlConfiguration(kind: "bell") { ControlWidgetButton(action: Ring()) { Text("ring") } }
        }
    }

    static var activity: ActivityDescription {
        ActivityConfiguration(for: TripAttributes.self) { context in
            Text("next \(context.state.stop)").privacySensitive()
        } dynamicIsland: { trip($0) }
        .configurationDisplayName("Trip")._activityDescription
    }

    final class Lines: Sendable {
        let lines = Mutex<[Data]>([])
        var all: [Data] { lines.withLock { $0 } }
    }

    func serve(_ request: ExtensionRequest) async -> [Data] {
        let sink = Lines()
        let controls = [Lamp().body._controlDescription, Bell().body._controlDescription]
        await ExtensionServer(widgets: [], controls: controls, activities: [Self.activity]) { line in
            sink.lines.withLock { $0.append(line) }
        }.serve(request)
        return sink.all
    }

    func answers(_ request: ExtensionRequest) async -> [ExtensionAnswer] {
        await serve(request).compactMap { try? ExtensionProtocol.decode(ExtensionAnswer.self, from: $0) }
    }

    @Test func describeTellsControlsAndActivityTypesWithTheirJSON() async throws {
        let line = try #require(await serve(ExtensionRequest(request: .describe)).first)
        let answer = try ExtensionProtocol.decode(DescribeAnswer.self, from: line)
        #expect(answer.minor == ExtensionProtocol.minorVersion)
        #expect(answer.controls == [WireControl(kind: "lamp", displayName: "Desk lamp", description: ""),
                                    WireControl(kind: "bell", displayName: "bell", description: "")])
        let trip = try #require(answer.activities?.first)
        #expect(trip.activityType == "trip")
        #expect(trip.attributesType == "TripAttributes")
        #expect(trip.displayName == "Trip")
        #expect(trip.attributesFields == ["line: String"])
        #expect(trip.stateFields == ["stop: String", "minutes: Int", "mode: Mode", "due: Date?", "late: Bool"])
    }

    @Test func aControlsValueIsDrawnAndAPressFlipsItInTheExtension() async throws {
        Self.lamp.withLock { $0 = false }
        let value = try #require(await answers(ExtensionRequest(request: .controlValue, kind: "lamp", date: Self.t0)).first?.control)
        #expect(value.template == "toggle")
        #expect(value.isOn == false)
        #expect(value.title == "Lamp")
        #expect(value.label.canvas.width == WireControlValue.labelSize.width)
        #expect(value.label.canvas.glyphs.joined().hasPrefix("dark"))

        var press = ExtensionRequest(request: .controlPerform, kind: "lamp", date: Self.t0)
        press.isOn = false
        press.fingerprint = value.fingerprint
        let before = Self.presses.withLock { $0 }
        #expect(await answers(press).map(\.answer) == [.performed])
        #expect(Self.lamp.withLock { $0 })
        #expect(Self.presses.withLock { $0 } == before + 1)
        let after = try #require(await answers(ExtensionRequest(request: .controlValue, kind: "lamp", date: Self.t0)).first?.control)
        #expect(after.isOn == true)
        #expect(after.label.canvas.glyphs.joined().hasPrefix("lit"))

        press.fingerprint = "SomethingElse()"
        let refused = await answers(press)
        #expect(refused.map(\.answer) == [.error])
        #expect(refused.first?.message?.contains("changed since it was drawn") == true)
        #expect(await answers(ExtensionRequest(request: .controlValue, kind: "nope")).first?.message?.contains("no control") == true)
    }

    @Test func aButtonWithoutAValueIsDrawnAndPressed() async throws {
        let value = try #require(await answers(ExtensionRequest(request: .controlValue, kind: "bell", date: Self.t0)).first?.control)
        #expect(value.template == "button")
        #expect(value.isOn == nil)
        #expect(value.intentTitle == "Ring")
        #expect(value.label.canvas.glyphs.joined().hasPrefix("ring"))
        var press = ExtensionRequest(request: .controlPerform, kind: "bell", date: Self.t0)
        press.fingerprint = value.fingerprint
        let before = Self.rings.withLock { $0 }
        #expect(await answers(press).map(\.answer) == [.performed])
        #expect(Self.rings.withLock { $0 } == before + 1)
    }

    @Test func anActivitysPayloadIsCheckedAndItsViewsDrawnAsTheHostWouldDrawThem() async throws {
        var request = ExtensionRequest(request: .activity, date: Self.t0)
        request.activityType = "trip"
        request.attributes = #"{"line":"4"}"#
        request.state = #"{"stop":"Zoo","minutes":"3","mode":"tram","late":false}"#
        let refused = try #require(await answers(request).first)
        #expect(refused.answer == .error)
        #expect(refused.what == "state")

        request.state = #"{"stop":"Zoo","minutes":3,"mode":"tram","late":false}"#
        let answer = try #require(await answers(request).first)
        #expect(answer.attributes == #"{"line":"4"}"#)
        let wire = try #require(answer.views)
        #expect(wire.expanded.map(\.position) == ["leading", "bottom"])
        #expect(wire.lockScreenPrivacy != nil)

        // The host's views draw the extension's cells: the same as the views drawn in process.
        let host = wire.views { _ in AnyAppIntent(title: "", typeName: "", fingerprint: "") {} }
        let record = ActivityRecord(id: "a", activityType: "trip", attributes: Data(#"{"line":"4"}"#.utf8),
                                    state: Data(#"{"stop":"Zoo","minutes":3,"mode":"tram","late":false}"#.utf8), requested: Self.t0)
        let local = try Self.activity.views(record, false).island
        var env = EnvironmentValues()
        env.colorScheme = .dark
        env.activityPresentation = .compact
        env.widgetFamily = .systemMedium
        let size = CellSize(width: 4, height: 1)
        let remote = ViewRenderer.render(host.island.compactLeading, size: size, environment: env, now: Self.t0)
        let inProcess = ViewRenderer.render(local.compactLeading, size: size, environment: env, now: Self.t0)
        #expect(remote.canvas == inProcess.canvas)
        #expect(remote.canvas.lines == ["🚋 4"])
    }

    @Test func pendingViewsSayWaitingAndAskToBeDrawnAgainThenShowTheAnswerOrTheFailure() async throws {
        var request = ExtensionRequest(request: .activity, date: Self.t0)
        request.activityType = "trip"
        request.attributes = #"{"line":"4"}"#
        request.state = #"{"stop":"Zoo","minutes":3,"mode":"tram","late":false}"#
        let wire = try #require(await answers(request).first?.views)
        let answer = Mutex<Result<WireActivityViews, ActivityPayloadError>?>(nil)
        let views = WireActivityViews.pending(answer: { answer.withLock { $0 } }) { _ in AnyAppIntent(title: "", typeName: "", fingerprint: "") {} }
        var env = EnvironmentValues()
        env.activityPresentation = .compact
        let size = CellSize(width: 6, height: 1)
        let waiting = ViewRenderer.render(views.island.compactLeading, size: size, environment: env, now: Self.t0)
        #expect(waiting.canvas.lines == ["  …   "])
        #expect(waiting.nextRefresh == Self.t0.addingTimeInterval(0.25))
        // The answer comes: the same views, now the extension's cells and nothing to poll.
        answer.withLock { $0 = .success(wire) }
        let answered = ViewRenderer.render(views.island.compactLeading, size: size, environment: env, now: Self.t0)
        #expect(answered.canvas.lines == [" 🚋 4 "])
        #expect(answered.nextRefresh == nil)
        // A region the extension does not draw measures as nothing.
        let center = try #require(views.island.region(.center))
        #expect(ViewRenderer.idealSize(of: center.view, in: CellSize(width: 20, height: 4), environment: env, now: Self.t0) == .zero)
        answer.withLock { $0 = .failure(ActivityPayloadError(what: "stopped", message: "the extension did not answer")) }
        let card = ViewRenderer.render(views.lockScreen, size: CellSize(width: 40, height: 1), environment: env, now: Self.t0)
        #expect(card.canvas.lines.first?.contains("⚠ stopped: the extension did not answer") == true)
    }

    @Test func theShapeProbeNamesFieldsOptionalsAndStopsWhereItCannotStandIn() {
        #expect(ActivityShape.fields(of: TripAttributes.ContentState.self) == ["stop: String", "minutes: Int", "mode: Mode", "due: Date?", "late: Bool"])
        struct Custom: Decodable {
            var list: [Int]
            var after: String
        }
        // An array is named; the probe cannot make one, so the fields after it are not known.
        #expect(ActivityShape.fields(of: Custom.self) == ["list: Array<Int>"])
        #expect(ActivityShape.fields(of: Int.self) == nil)
    }
}
