import Foundation

/// How an intent's parameters read as a sentence, as App Intents' `ParameterSummary`.
///
/// ```swift
/// static var parameterSummary: some ParameterSummary {
///     Summary("Show \(\.$symbol) in \(\.$currency)")
/// }
/// ```
///
/// widgetdash accepts the summary so iOS code compiles; the configuration platter lists the
/// parameters in the order the intent declares them and does not read it.
public protocol ParameterSummary {}

/// A sentence with an intent's parameters in it; `Summary` inside an intent names it.
public struct IntentParameterSummary<Intent>: ParameterSummary {
    /// The sentence with each parameter's title in its place.
    public let text: String
    /// The parameters listed after the sentence (`Summary("…") { \.$more }`).
    public let otherParameters: [PartialKeyPath<Intent>]

    public init(_ format: ParameterSummaryString<Intent>) {
        text = format.text
        otherParameters = []
    }

    public init(_ format: ParameterSummaryString<Intent>, @ParameterSummaryBuilder<Intent> _ parameters: () -> [PartialKeyPath<Intent>]) {
        text = format.text
        otherParameters = parameters()
    }
}

/// A summary that depends on a parameter's value, as App Intents' `When`.
public struct ParameterSummaryWhen<Intent, Then: ParameterSummary, Otherwise: ParameterSummary>: ParameterSummary {
    public let then: Then
    public let otherwise: Otherwise?

    public init<Value>(_ parameter: KeyPath<Intent, Parameter<Value>>, _ comparison: ParameterSummaryComparison, _ value: Value,
                       @ParameterSummaryContentBuilder _ then: () -> Then,
                       @ParameterSummaryContentBuilder otherwise: () -> Otherwise) {
        self.then = then()
        self.otherwise = otherwise()
    }

    public init<Value>(_ parameter: KeyPath<Intent, Parameter<Value>>, _ comparison: ParameterSummaryComparison, _ value: Value,
                       @ParameterSummaryContentBuilder _ then: () -> Then) where Otherwise == Never {
        self.then = then()
        otherwise = nil
    }
}

extension Never: ParameterSummary {}

/// How `When` compares a parameter with a value.
public enum ParameterSummaryComparison: Sendable {
    case equalTo, notEqualTo, greaterThan, greaterThanOrEqualTo, lessThan, lessThanOrEqualTo, hasAnyValue, hasNoValue, contains
}

/// Passes one summary through, so `When`'s branches read as blocks.
@resultBuilder
public enum ParameterSummaryContentBuilder {
    public static func buildBlock<S: ParameterSummary>(_ summary: S) -> S { summary }
}

/// Collects the parameters a summary lists after its sentence.
@resultBuilder
public enum ParameterSummaryBuilder<Intent> {
    public static func buildExpression<Value>(_ parameter: KeyPath<Intent, Parameter<Value>>) -> [PartialKeyPath<Intent>] { [parameter] }
    public static func buildBlock(_ parts: [PartialKeyPath<Intent>]...) -> [PartialKeyPath<Intent>] { parts.flatMap { $0 } }
}

/// A summary's sentence: text with parameters interpolated (`"Show \(\.$symbol)"`).
public struct ParameterSummaryString<Intent>: ExpressibleByStringInterpolation {
    public struct StringInterpolation: StringInterpolationProtocol {
        var text = ""
        public init(literalCapacity: Int, interpolationCount: Int) {}
        public mutating func appendLiteral(_ literal: String) { text += literal }
        public mutating func appendInterpolation<Value>(_ parameter: KeyPath<Intent, Parameter<Value>>) {
            // The sentence names the parameter by its key path; its title is only known on an
            // instance, and the sentence is never shown.
            text += "\(parameter)"
        }
    }

    public let text: String
    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: StringInterpolation) { text = stringInterpolation.text }
}

extension AppIntent {
    /// `Summary("Show \(\.$symbol)")` inside an intent: a summary of this intent's parameters.
    public typealias Summary = IntentParameterSummary<Self>
    /// `When(\.$detailed, .equalTo, true) { Summary(…) } otherwise: { Summary(…) }`.
    public typealias When<Then: ParameterSummary, Otherwise: ParameterSummary> = ParameterSummaryWhen<Self, Then, Otherwise>
}
