import Foundation
import WidgetDash

// Controls and Live Activities of the fixture extension (Tests/EndToEndTests):
//
// - `lamp`, a toggle whose value and intent run in the extension (its state in a file under
//   `$XDG_STATE_HOME`, since each request is a process of its own);
// - `broken`, a control whose value provider traps;
// - `trip`, a Live Activity that behaves, except that a state whose `stop` is "crash" traps
//   and one whose `stop` is "hang" never returns;
// - `timer`, a Live Activity type that collides with the built-in one (only when
//   `WIDGETDASH_FIXTURE_COLLIDE` is set, since a dashboard shows the collision over its panels).

/// A value kept in a file under `$XDG_STATE_HOME`: each request is a process of its own.
enum FixtureFile {
    static func url(_ name: String) -> URL {
        let base = ProcessInfo.processInfo.environment["XDG_STATE_HOME"] ?? NSTemporaryDirectory()
        return URL(fileURLWithPath: base).appendingPathComponent("misbehaving-\(name)")
    }
}

enum ControlLamp {
    static var isOn: Bool { (try? String(contentsOf: FixtureFile.url("lamp"), encoding: .utf8)) == "on" }
}

struct ControlLampProvider: ControlValueProvider {
    var previewValue: Bool { false }
    func currentValue() async throws -> Bool { ControlLamp.isOn }
}

struct SetLampIntent: SetValueIntent {
    static let title = "Set the lamp"
    var value = false
    func perform() async throws {
        try (value ? "on" : "off").write(to: FixtureFile.url("lamp"), atomically: true, encoding: .utf8)
    }
}

struct LampControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "lamp", provider: ControlLampProvider()) { isOn in
            ControlWidgetToggle("Lamp", isOn: isOn, action: SetLampIntent()) { on in
                Text(on ? "lamp is lit" : "lamp is dark")
            }
        }
        .displayName("Fixture lamp")
    }
}

struct BrokenProvider: ControlValueProvider {
    var previewValue: Bool { false }
    func currentValue() async throws -> Bool { TrapperWidget.missing! == "on" }
}

struct BrokenControl: ControlWidget {
    var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "broken", provider: BrokenProvider()) { isOn in
            ControlWidgetToggle("Broken", isOn: isOn, action: SetLampIntent())
        }
        .displayName("Broken control")
    }
}

struct TripAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable, Sendable {
        var stop: String
        var minutes: Int
    }

    var line: String
}

/// The trip's views; a stop called "crash" traps, in the extension's process, and one called
/// "hang" never returns.
struct TripViews {
    let context: ActivityViewContext<TripAttributes>
    var stop: String {
        if context.state.stop == "hang" { while ProcessInfo.processInfo.processIdentifier != 0 { usleep(10_000) } }
        return context.state.stop == "crash" ? TrapperWidget.missing! : context.state.stop
    }

    var card: some View {
        VStack(alignment: .leading, spacing: 0) {
            Text("Line \(context.attributes.line)").bold()
            Text("next stop \(stop) in \(context.state.minutes) min")
        }
    }

    var island: DynamicIsland {
        DynamicIsland {
            DynamicIslandExpandedRegion(.leading) { Text("🚋 \(context.attributes.line)") }
            DynamicIslandExpandedRegion(.trailing) { Text("\(context.state.minutes) min") }
            DynamicIslandExpandedRegion(.bottom) { Text("next stop \(stop)") }
        } compactLeading: {
            Text("🚋 \(context.attributes.line)")
        } compactTrailing: {
            Text("\(stop) \(context.state.minutes)m")
        } minimal: {
            Text("🚋")
        }
    }
}

struct TripLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: TripAttributes.self) { context in
            TripViews(context: context).card
        } dynamicIsland: { context in
            TripViews(context: context).island
        }
        .configurationDisplayName("Tram trip")
        .description("A tram on its way (a test fixture).")
    }
}

/// An activity type whose name the built-in timer already has.
struct TimerAttributes: ActivityAttributes {
    struct ContentState: Codable, Hashable, Sendable {
        var label: String
    }
}

struct FixtureTimerLiveActivity: Widget {
    var body: some WidgetConfiguration {
        ActivityConfiguration(for: TimerAttributes.self) { context in
            Text("fixture timer \(context.state.label)")
        } dynamicIsland: { context in
            DynamicIsland {
                DynamicIslandExpandedRegion(.bottom) { Text("fixture timer \(context.state.label)") }
            } compactLeading: {
                Text("⏲")
            } compactTrailing: {
                Text(context.state.label)
            } minimal: {
                Text("⏲")
            }
        }
    }
}
