import Foundation
import Synchronization

/// Marks a property of an intent as a parameter, with the platter's title, as App Intents'
/// `@Parameter` (`IntentParameter`).
///
/// ```swift
/// @Parameter(title: "Symbol", default: "AAPL") var symbol: String
/// @Parameter(title: "Place") var place: PlaceEntity?
/// @Parameter(title: "Symbol") var symbol: String = "AAPL"
/// ```
///
/// The value lives in a box so the host can set it on a fresh intent through reflection. As on
/// iOS, where a parameter is an object, setting one needs no `var` (`let intent = Intent();
/// intent.emoji = "😀"`) and copies of an intent share their parameters' values. A parameter
/// without a default starts as its type's unset value (`false`, `""`, 0, nil, an enum's
/// first case); an entity or a date without one takes the query's `defaultResult()` when the
/// host resolves the intent. Reading one that still has no value stops the widget (as
/// reading an unset parameter does on iOS): give it a default or make it optional.
@propertyWrapper
public struct Parameter<Value: ParameterValue>: Sendable {
    var box: ParameterBox<Value>

    /// `@Parameter(title: "Symbol") var symbol: String = "AAPL"`.
    public init(wrappedValue: Value, title: LocalizedStringResource, description: LocalizedStringResource? = nil) {
        box = ParameterBox(title: title, defaultValue: wrappedValue)
    }

    /// `@Parameter(title: "Symbol", default: "AAPL") var symbol: String`.
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default value: Value) {
        box = ParameterBox(title: title, defaultValue: value)
    }

    /// `@Parameter(title: "Place") var place: PlaceEntity?`: no value until one is chosen (an
    /// optional's unset value is nil).
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil) {
        box = ParameterBox(title: title, defaultValue: Value.unsetParameterValue, isChosen: false)
    }

    public var wrappedValue: Value {
        get {
            guard let value = box.value.withLock({ $0 }) else {
                fatalError("the parameter \"\(box.title)\" was read before it had a value: give it a default or make it optional")
            }
            return value
        }
        nonmutating set {
            box.value.withLock { $0 = newValue }
            box.isChosen.withLock { $0 = true }
        }
    }

    /// The parameter itself (`$symbol`), as a parameter summary names it: `Summary("Show \(\.$symbol)")`.
    public var projectedValue: Parameter<Value> { self }

    /// The parameter's title.
    public var title: LocalizedStringResource { box.title }
}

/// App Intents' name for the type behind `@Parameter`.
public typealias IntentParameter = Parameter

/// A parameter's storage, reached by reflection without knowing its type.
protocol AnyParameterBox: AnyObject, Sendable {
    var title: String { get }
    func declaration(name: String) -> WidgetParameter
    /// Sets the value from text; false when the text names no value.
    func set(fromText text: String) async throws -> Bool
    /// Gives a parameter that has no value its type's default, if the type has one.
    func fillDefault() async throws
    var text: String { get }
}

protocol ParameterWrapper {
    var anyBox: any AnyParameterBox { get }
}

extension Parameter: ParameterWrapper {
    var anyBox: any AnyParameterBox { box }
}

final class ParameterBox<Value: ParameterValue>: AnyParameterBox {
    let title: String
    /// nil: the parameter has no value until something sets one.
    let defaultValue: Value?
    let value: Mutex<Value?>
    /// How the host checks and offers values: the type's, unless the declaration narrows it
    /// (`inclusiveRange:`, `optionsProvider:`).
    let kind: WidgetParameter.Kind
    let source: WidgetParameter.OptionSource?
    /// The value a parameter nothing set takes when resolved; nil: the type's default.
    let fallback: (@Sendable () async throws -> Value?)?
    /// False while the value is only the type's unset value (no default declared, nothing set):
    /// resolving then asks the fallback (an optional's unset nil is a value, so this is apart).
    let isChosen: Mutex<Bool>

    init(title: String, defaultValue: Value?, value: Value? = nil, kind: WidgetParameter.Kind = Value.parameterKind,
         source: WidgetParameter.OptionSource? = Value.optionSource, fallback: (@Sendable () async throws -> Value?)? = nil,
         isChosen: Bool = true) {
        self.title = title
        self.defaultValue = defaultValue
        self.value = Mutex(value ?? defaultValue)
        self.kind = kind
        self.source = source
        self.fallback = fallback
        self.isChosen = Mutex(isChosen && (value ?? defaultValue) != nil)
    }

    func declaration(name: String) -> WidgetParameter {
        let text = defaultValue?.parameterText ?? ""
        return WidgetParameter(name: name, title: title, kind: kind, defaultValue: text.isEmpty ? nil : text, source: source)
    }

    func set(fromText text: String) async throws -> Bool {
        guard let new = try await Value.parameterValue(from: text) else { return false }
        value.withLock { $0 = new }
        isChosen.withLock { $0 = true }
        return true
    }

    func fillDefault() async throws {
        guard !isChosen.withLock({ $0 }) else { return }
        let found: Value?
        if let fallback { found = try await fallback() } else { found = try await Value.defaultParameterValue() }
        guard let found else { return }
        value.withLock { $0 = found }
    }

    var text: String { value.withLock { $0?.parameterText ?? "" } }
}
