import Foundation
import WidgetDash

/// The smart light behind the `light` control: a "device" that answers a little slowly, and the
/// last value seen, cached for the control's preview (Apple's smart-light example).
public enum LightStore {
    static let defaults = WidgetSharedDefaults(suiteName: "light")
    /// How long the "bridge" takes to answer, like a real network device.
    static let latency: Duration = .milliseconds(150)

    /// The light's last known state, cheap to read: the control's preview value.
    public static var cachedIsOn: Bool { defaults.bool(forKey: "cachedIsOn") }

    /// Asks the light for its state (slow), and caches the answer.
    public static func fetch() async throws -> Bool {
        try await Task.sleep(for: latency)
        let isOn = defaults.bool(forKey: "isOn")
        defaults.set(.bool(isOn), forKey: "cachedIsOn")
        return isOn
    }

    /// Switches the light (slow).
    public static func set(_ isOn: Bool) async throws {
        try await Task.sleep(for: latency)
        defaults.modify {
            $0["isOn"] = .bool(isOn)
            $0["cachedIsOn"] = .bool(isOn)
        }
    }
}

/// Switches the light to `value`.
public struct SetLightIntent: SetValueIntent {
    public static let title = "Switch the light"
    public var value: Bool
    public init(value: Bool = true) { self.value = value }
    public func perform() async throws { try await LightStore.set(value) }
}

/// The cached state at once, the light's own answer when it comes.
struct LightValueProvider: ControlValueProvider {
    var previewValue: Bool { LightStore.cachedIsOn }
    func currentValue() async throws -> Bool { try await LightStore.fetch() }
}

/// A smart light's switch: flips at once, then confirms with the light.
public struct LightControl: ControlWidget {
    public init() {}
    public var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "light", provider: LightValueProvider()) { isOn in
            ControlWidgetToggle("Light", isOn: isOn, action: SetLightIntent()) { on in
                Label(on ? "Light is on" : "Light is off", systemImage: "lightbulb")
            }
        }
        .displayName("Light")
        .description("The living-room light: a toggle with an optimistic update.")
    }
}

/// The flashlight's state (a button that flips it, as the flashlight control does on iOS).
public enum FlashlightStore {
    static let defaults = WidgetSharedDefaults(suiteName: "flashlight")
    public static var isOn: Bool { defaults.bool(forKey: "isOn") }
    public static func flip() { defaults.modify { $0["isOn"] = .bool(!($0["isOn"]?.boolValue ?? false)) } }
}

/// Turns the flashlight on or off.
public struct FlashlightIntent: AppIntent {
    public static let title = "Flashlight"
    public init() {}
    public func perform() async throws { FlashlightStore.flip() }
}

struct FlashlightValueProvider: ControlValueProvider {
    var previewValue: Bool { FlashlightStore.isOn }
    func currentValue() async throws -> Bool { FlashlightStore.isOn }
}

/// A button control, like the flashlight in iOS's control center.
public struct FlashlightControl: ControlWidget {
    public init() {}
    public var body: some ControlWidgetConfiguration {
        StaticControlConfiguration(kind: "flashlight", provider: FlashlightValueProvider()) { isOn in
            ControlWidgetButton(action: FlashlightIntent()) {
                Label(isOn ? "Flashlight on" : "Flashlight off", systemImage: isOn ? "flashlight.on" : "flashlight.off")
            }
        }
        .displayName("Flashlight")
        .description("A button: each press turns the flashlight on or off.")
    }
}
