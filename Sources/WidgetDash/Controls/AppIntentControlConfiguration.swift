import Foundation

/// The options of a configurable control, as iOS 18's `ControlConfigurationIntent`: a
/// configuration intent whose `@Parameter`s a control's value provider reads.
public protocol ControlConfigurationIntent: WidgetConfigurationIntent {}

/// Gives a configurable control its value for a configuration, as iOS 18's
/// `AppIntentControlValueProvider`.
public protocol AppIntentControlValueProvider: Sendable {
    associatedtype Value: Sendable
    associatedtype Configuration: ControlConfigurationIntent
    /// A value to show at once; cheap, never blocks.
    func previewValue(configuration: Configuration) -> Value
    /// The real value; asked when the control center opens and after each action.
    func currentValue(configuration: Configuration) async throws -> Value
}

/// A control whose options are an intent's parameters, as iOS 18's `AppIntentControlConfiguration`.
///
/// ```swift
/// AppIntentControlConfiguration(kind: "timer", provider: TimerValueProvider()) { value in
///     ControlWidgetToggle("Timer", isOn: value, action: StartTimerIntent()) { on in
///         Label(on ? "On" : "Off", systemImage: "timer")
///     }
/// }
/// ```
///
/// The control center has no configuration platter for controls yet, so a control runs with
/// its intent's default values.
public struct AppIntentControlConfiguration: ControlWidgetConfiguration {
    public let _controlDescription: ControlDescription

    public init<P: AppIntentControlValueProvider, C: ControlWidgetTemplate>(
        kind: String,
        provider: P,
        @ControlWidgetTemplateBuilder content: @escaping (P.Value) -> C
    ) {
        self.init(kind: kind, intent: P.Configuration.self, provider: provider, content: { value, _ in content(value) })
    }

    /// The iOS form whose content also gets the configuration.
    public init<P: AppIntentControlValueProvider, C: ControlWidgetTemplate>(
        kind: String,
        intent: P.Configuration.Type,
        provider: P,
        @ControlWidgetTemplateBuilder content: @escaping (P.Value, P.Configuration) -> C
    ) {
        _controlDescription = ControlDescription(
            kind: kind, displayName: kind, description: "",
            previewValue: { provider.previewValue(configuration: P.Configuration()) },
            currentValue: {
                let configuration = try await P.Configuration.resolved([:])
                return try await provider.currentValue(configuration: configuration)
            },
            template: { value in
                let configuration = P.Configuration()
                // The host only hands a control the values its own provider made.
                return content((value as? P.Value) ?? provider.previewValue(configuration: configuration), configuration)._template
            }
        )
    }

    /// A configurable control without a value (a button).
    public init<Intent: ControlConfigurationIntent, C: ControlWidgetTemplate>(
        kind: String,
        intent: Intent.Type,
        @ControlWidgetTemplateBuilder content: @escaping (Intent) -> C
    ) {
        _controlDescription = ControlDescription(
            kind: kind, displayName: kind, description: "",
            previewValue: { NoControlValue() }, currentValue: { NoControlValue() },
            template: { _ in content(Intent())._template }
        )
    }
}

/// The value of a control that has none.
struct NoControlValue: Sendable {}

/// Passes a control's one template through, so `content` reads as a block as on iOS.
@resultBuilder
public enum ControlWidgetTemplateBuilder {
    public static func buildBlock<C: ControlWidgetTemplate>(_ template: C) -> C { template }
}
