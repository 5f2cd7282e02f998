import Foundation

/// A control for the control center (`c`), as iOS 18's `ControlWidget`: a button or a toggle
/// that runs an intent, with a value the host fetches from a ``ControlValueProvider``.
///
/// ```swift
/// struct LightControl: ControlWidget {
///     var body: some ControlWidgetConfiguration {
///         StaticControlConfiguration(kind: "light", provider: LightProvider()) { isOn in
///             ControlWidgetToggle("Light", isOn: isOn, action: SetLightIntent()) { on in
///                 Label(on ? "On" : "Off", systemImage: "lightbulb")
///             }
///         }
///         .displayName("Living room light")
///     }
/// }
/// ```
///
/// Controls are listed in a `WidgetBundle` beside the widgets, as on iOS 18.
public protocol ControlWidget {
    associatedtype Body: ControlWidgetConfiguration
    init()
    var body: Body { get }
}

/// How a control is configured: its kind, value provider and template.
public protocol ControlWidgetConfiguration {
    /// The type-erased description the host works with. Not for widget authors.
    var _controlDescription: ControlDescription { get }
}

/// Gives a control its value: `previewValue` at once (drawn first, and in the gallery), then
/// `currentValue()`, which may take a while or fail.
public protocol ControlValueProvider: Sendable {
    associatedtype Value: Sendable
    /// A value to show immediately; cheap, never blocks (a cached last value, say).
    var previewValue: Value { get }
    /// The real value; asked when the control center opens and after each action.
    func currentValue() async throws -> Value
}

/// What a control draws and does: a button or a toggle.
public protocol ControlWidgetTemplate {
    /// The erased template. Not for widget authors.
    var _template: ControlTemplate { get }
}

/// A control's template with its types erased, as the host draws it.
public enum ControlTemplate {
    /// Runs the intent when tapped; the label is drawn on the tile.
    case button(label: AnyView, intent: AnyAppIntent)
    /// Shows `isOn` and runs the intent (with the new value) when tapped.
    case toggle(title: String, isOn: Bool, intent: AnyAppIntent, valueLabel: AnyView)
}

/// A control that runs an intent, as iOS 18's `ControlWidgetButton`.
public struct ControlWidgetButton: ControlWidgetTemplate {
    public let _template: ControlTemplate
    public init<I: AppIntent, L: View>(action: I, @ViewBuilder label: () -> L) {
        _template = .button(label: AnyView(label()), intent: AnyAppIntent(action))
    }

    /// A button with a title and a symbol: `ControlWidgetButton("Lap", systemImage: "stopwatch", action:)`.
    public init<I: AppIntent, S: StringProtocol>(_ title: S, systemImage: String, action: I) {
        self.init(action: action) { WidgetDash.Label(title, systemImage: systemImage) }
    }
}

/// A control that flips a value through an intent, as iOS 18's `ControlWidgetToggle`.
///
/// A ``SetValueIntent`` action gets the new value before it runs. The host flips the tile at
/// once and asks the provider for the value again after the action.
public struct ControlWidgetToggle: ControlWidgetTemplate {
    public let _template: ControlTemplate

    /// A toggle with a title and a label for each state.
    public init<I: AppIntent, S: StringProtocol, L: View>(_ title: S, isOn: Bool, action: I, @ViewBuilder valueLabel: (Bool) -> L) {
        _template = .toggle(title: TextSanitizer.sanitize(String(title)), isOn: isOn,
                            intent: AnyAppIntent.toggling(action, from: isOn), valueLabel: AnyView(valueLabel(isOn)))
    }

    /// A toggle with a title, showing "On" or "Off".
    public init<I: AppIntent, S: StringProtocol>(_ title: S, isOn: Bool, action: I) {
        self.init(title, isOn: isOn, action: action) { on in Text(on ? "On" : "Off") }
    }

    /// A toggle whose title is a view (its text is the tile's title) and with a label for each
    /// state: `ControlWidgetToggle(isOn:action:) { Label(…) } valueLabel: { on in … }`.
    public init<I: AppIntent, L: View, V: View>(isOn: Bool, action: I, @ViewBuilder label: () -> L,
                                                @ViewBuilder valueLabel: (Bool) -> V) {
        let title = Self.plainText(of: label())
        _template = .toggle(title: title, isOn: isOn, intent: AnyAppIntent.toggling(action, from: isOn), valueLabel: AnyView(valueLabel(isOn)))
    }

    /// A toggle whose label is drawn for either state: `ControlWidgetToggle(isOn:action:) { on in Label(…) }`.
    public init<I: AppIntent, L: View>(isOn: Bool, action: I, @ViewBuilder label: (Bool) -> L) {
        let drawn = label(isOn)
        _template = .toggle(title: Self.plainText(of: drawn), isOn: isOn, intent: AnyAppIntent.toggling(action, from: isOn),
                            valueLabel: AnyView(drawn))
    }

    /// A toggle with a title and a symbol: `ControlWidgetToggle("Light", systemImage: "lightbulb", isOn:action:)`.
    public init<I: AppIntent, S: StringProtocol>(_ title: S, systemImage: String, isOn: Bool, action: I) {
        self.init(title, isOn: isOn, action: action) { on in WidgetDash.Label(on ? "On" : "Off", systemImage: systemImage) }
    }

    /// The text a label view draws on one line, for the tile's title.
    static func plainText(of view: some View) -> String {
        // A fixed moment: a title is drawn once, and a label that shows the time has no title.
        let rendered = ViewRenderer.render(view, size: CellSize(width: 40, height: 1), environment: EnvironmentValues(),
                                           now: Date(timeIntervalSince1970: 0))
        return rendered.canvas.line(0).trimmingCharacters(in: .whitespaces)
    }
}

extension ControlWidgetTemplate {
    /// The control's accent, as SwiftUI's `.tint` on a control template. The control center draws
    /// tiles in the palette's tint, so the color is accepted and not used.
    public func tint(_ color: Color?) -> some ControlWidgetTemplate { self }
}

/// Everything the host needs to know about one control kind, with its types erased.
public struct ControlDescription {
    public var kind: String
    public var displayName: String
    public var description: String
    /// The provider's preview value; called on the run loop, must return at once.
    public let previewValue: @Sendable () -> any Sendable
    /// The provider's current value; called from a task.
    public let currentValue: @Sendable () async throws -> any Sendable
    /// The template for a value (one the provider gave).
    public let template: (any Sendable) -> ControlTemplate
}

/// A control with no options, as iOS 18's `StaticControlConfiguration`.
public struct StaticControlConfiguration: ControlWidgetConfiguration {
    public let _controlDescription: ControlDescription

    /// A control whose template follows a provider's value.
    public init<P: ControlValueProvider, C: ControlWidgetTemplate>(kind: String, provider: P, content: @escaping (P.Value) -> C) {
        _controlDescription = ControlDescription(
            kind: kind, displayName: kind, description: "",
            previewValue: { provider.previewValue },
            currentValue: { try await provider.currentValue() },
            template: { value in
                // The host only hands a control the values its own provider made.
                content((value as? P.Value) ?? provider.previewValue)._template
            }
        )
    }

    /// A control without a value (a button).
    public init<C: ControlWidgetTemplate>(kind: String, content: @escaping () -> C) {
        _controlDescription = ControlDescription(
            kind: kind, displayName: kind, description: "",
            previewValue: { NoValue() }, currentValue: { NoValue() },
            template: { _ in content()._template }
        )
    }

    private struct NoValue: Sendable {}
}

/// A control configuration changed by a modifier.
public struct ModifiedControlConfiguration: ControlWidgetConfiguration {
    public let _controlDescription: ControlDescription
}

extension ControlWidgetConfiguration {
    /// The name shown on the control's tile and in the controls gallery.
    public func displayName(_ name: String) -> ModifiedControlConfiguration {
        var d = _controlDescription
        d.displayName = TextSanitizer.sanitize(name)
        return ModifiedControlConfiguration(_controlDescription: d)
    }

    /// The text shown in the controls gallery under the name.
    public func description(_ text: String) -> ModifiedControlConfiguration {
        var d = _controlDescription
        d.description = TextSanitizer.sanitize(text)
        return ModifiedControlConfiguration(_controlDescription: d)
    }
}

// MARK: - Controls in widget bundles

/// A control listed in a widget bundle (iOS 18 bundles list widgets and controls together).
///
/// It is a `Widget` only so that `WidgetBundleBuilder` can hold it; it has no widget
/// description, and ``WidgetBundle/widgetDescriptions`` skips it.
public struct BundledControl: Widget {
    let control: ControlDescription?
    public init() { control = nil }
    init(_ control: some ControlWidget) { self.control = control.body._controlDescription }
    public var body: EmptyWidgetConfiguration { EmptyWidgetConfiguration() }
}

extension WidgetBundleBuilder {
    /// Lets a bundle list controls beside its widgets.
    public static func buildExpression(_ control: some ControlWidget) -> [any Widget] { [BundledControl(control)] }
}

extension WidgetBundle {
    /// The descriptions of the bundle's controls, in bundle order.
    public var controlDescriptions: [ControlDescription] {
        BundleContents(self).controls
    }
}
