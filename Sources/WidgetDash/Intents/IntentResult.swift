import Foundation

/// Text shown to people, as Foundation's `LocalizedStringResource` on Apple platforms.
///
/// widgetdash has one language (the text as written), so a resource is its string: App Intents
/// code says `static let title: LocalizedStringResource = "Add"` and built-in code says
/// `static let title = "Add"`, and both satisfy ``AppIntent/title``.
public typealias LocalizedStringResource = String

/// What an intent is for, as App Intents' `IntentDescription`; accepted so iOS code compiles, not shown.
public struct IntentDescription: Hashable, Sendable, ExpressibleByStringInterpolation {
    public var descriptionText: LocalizedStringResource
    public var categoryName: LocalizedStringResource?
    public var searchKeywords: [LocalizedStringResource]

    public init(_ descriptionText: LocalizedStringResource, categoryName: LocalizedStringResource? = nil,
                searchKeywords: [LocalizedStringResource] = []) {
        self.descriptionText = descriptionText
        self.categoryName = categoryName
        self.searchKeywords = searchKeywords
    }

    public init(stringLiteral value: String) { self.init(value) }
    public init(stringInterpolation: DefaultStringInterpolation) { self.init(String(stringInterpolation: stringInterpolation)) }
}

/// What an intent's `perform()` returns, as App Intents' `IntentResult`: `.result()`, or
/// `.result(value:)` and `.result(dialog:)`.
///
/// ```swift
/// func perform() async throws -> some IntentResult {
///     CounterStore.add(1)
///     return .result()
/// }
/// ```
///
/// A widget's intent has no one to show a value or a dialog to, so the host only waits for
/// the result; a `perform()` that returns nothing (`async throws`) is as good.
public protocol IntentResult {}

/// A result that carries a value, as App Intents' `ReturnsValue` (`some IntentResult & ReturnsValue<Int>`).
public protocol ReturnsValue<Value>: IntentResult {
    associatedtype Value
}

/// A result that carries something to say, as App Intents' `ProvidesDialog`.
public protocol ProvidesDialog: IntentResult {}

/// A result that opens the app, as App Intents' `OpensIntent`.
public protocol OpensIntent: IntentResult {}

/// What an intent would say to the person, as App Intents' `IntentDialog`.
public struct IntentDialog: Hashable, Sendable, ExpressibleByStringInterpolation {
    public var text: String
    public init(_ text: LocalizedStringResource) { self.text = text }
    public init(full: LocalizedStringResource, supporting: LocalizedStringResource) { text = full }
    public init(stringLiteral value: String) { text = value }
    public init(stringInterpolation: DefaultStringInterpolation) { text = String(stringInterpolation: stringInterpolation) }
}

/// The one concrete result: what `.result(…)` makes. Not named by widget code.
public struct IntentResultContainer<Value>: ReturnsValue, ProvidesDialog, OpensIntent {
    /// The value, when the intent returns one.
    public let value: Value?
    /// What the intent says, when it says something.
    public let dialog: IntentDialog?
}

extension IntentResult where Self == IntentResultContainer<Never> {
    /// An intent's result with nothing in it: it did its work.
    public static func result() -> Self { IntentResultContainer(value: nil, dialog: nil) }

    /// A result that says something (widgetdash shows nothing for it).
    public static func result(dialog: IntentDialog) -> Self { IntentResultContainer(value: nil, dialog: dialog) }
}

extension IntentResult {
    /// A result with a value (widgetdash keeps it for no one).
    public static func result<Value>(value: Value) -> Self where Self == IntentResultContainer<Value> {
        IntentResultContainer(value: value, dialog: nil)
    }

    /// A result with a value and a dialog.
    public static func result<Value>(value: Value, dialog: IntentDialog) -> Self where Self == IntentResultContainer<Value> {
        IntentResultContainer(value: value, dialog: dialog)
    }
}
