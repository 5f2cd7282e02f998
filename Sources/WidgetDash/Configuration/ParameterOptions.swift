import Foundation

/// The values a text (or number) parameter offers, found when the picker opens, as App
/// Intents' `DynamicOptionsProvider`.
///
/// ```swift
/// struct EmojiOptions: DynamicOptionsProvider {
///     func results() async throws -> [String] { ["😀", "🤩", "🐸"] }
/// }
/// @Parameter(title: "Emoji", optionsProvider: EmojiOptions()) var emoji: String?
/// ```
///
/// The configuration platter offers the results as suggestions; any other value is accepted.
public protocol DynamicOptionsProvider: Sendable {
    associatedtype Option: ParameterValue
    /// The values to offer.
    func results() async throws -> [Option]
    /// The value a parameter nothing set takes (default: none).
    func defaultResult() async -> Option?
}

extension DynamicOptionsProvider {
    public func defaultResult() async -> Option? { nil }

    var optionSource: WidgetParameter.OptionSource {
        WidgetParameter.OptionSource(
            suggestions: { try await results().map { WidgetParameter.Option(value: $0.parameterText, title: $0.parameterText) } },
            search: { text in
                try await results().map(\.parameterText).filter { text.isEmpty || $0.localizedCaseInsensitiveContains(text) }
                    .map { WidgetParameter.Option(value: $0, title: $0) }
            }
        )
    }
}

extension Parameter {
    /// `@Parameter(title: "Emoji", default: "😀", optionsProvider: EmojiOptions())`.
    public init<P: DynamicOptionsProvider>(title: LocalizedStringResource, description: LocalizedStringResource? = nil,
                                           default value: Value? = nil, optionsProvider: P) where P.Option == Value {
        box = ParameterBox(title: title, defaultValue: value ?? Value.unsetParameterValue, source: optionsProvider.optionSource,
                           fallback: { await optionsProvider.defaultResult() }, isChosen: value != nil)
    }

    /// `@Parameter(title: "Emoji", optionsProvider: EmojiOptions()) var emoji: String?`.
    public init<P: DynamicOptionsProvider>(title: LocalizedStringResource, description: LocalizedStringResource? = nil,
                                           optionsProvider: P) where Value == P.Option? {
        box = ParameterBox(title: title, defaultValue: .some(nil), source: optionsProvider.optionSource,
                           fallback: { .some(await optionsProvider.defaultResult()) }, isChosen: false)
    }

    /// A parameter whose value is asked for with a prompt on iOS; the platter shows its title.
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default value: Value? = nil,
                requestValueDialog: IntentDialog) {
        box = ParameterBox(title: title, defaultValue: value ?? Value.unsetParameterValue, isChosen: value != nil)
    }
}

extension Parameter where Value == Int {
    /// `@Parameter(title: "Count", default: 3, inclusiveRange: (1, 10))`: the host refuses values outside.
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default value: Int? = nil,
                inclusiveRange: (Int, Int)) {
        let range = min(inclusiveRange.0, inclusiveRange.1)...max(inclusiveRange.0, inclusiveRange.1)
        box = ParameterBox(title: title, defaultValue: value ?? range.lowerBound, kind: .integer(range))
    }
}

extension Parameter where Value == Double {
    /// `@Parameter(title: "Goal", default: 2.5, inclusiveRange: (0, 10))`: the host refuses values outside.
    public init(title: LocalizedStringResource, description: LocalizedStringResource? = nil, default value: Double? = nil,
                inclusiveRange: (Double, Double)) {
        let range = min(inclusiveRange.0, inclusiveRange.1)...max(inclusiveRange.0, inclusiveRange.1)
        box = ParameterBox(title: title, defaultValue: value ?? range.lowerBound, kind: .number(range))
    }
}
