import Foundation

/// A type a `@Parameter` can hold: text, numbers, booleans, dates, `AppEnum`s, `AppEntity`s,
/// and optionals of those.
public protocol ParameterValue: Sendable {
    /// How the host checks and edits it.
    static var parameterKind: WidgetParameter.Kind { get }
    /// Suggestions and search (entities only).
    static var optionSource: WidgetParameter.OptionSource? { get }
    /// The value a parameter's text stands for; nil when it stands for none.
    static func parameterValue(from text: String) async throws -> Self?
    /// The text the config file keeps; empty for "not set".
    var parameterText: String { get }
    /// What `@Parameter(title:)` holds before anything sets it (`false`, `""`, 0, `nil` for an
    /// optional); nil when the type has no such value (a date, an entity).
    static var unsetParameterValue: Self? { get }
    /// The value a parameter that nothing set takes when the host resolves it (an entity
    /// query's `defaultResult()`, an enum's first case); nil: none.
    static func defaultParameterValue() async throws -> Self?
}

extension ParameterValue {
    public static var optionSource: WidgetParameter.OptionSource? { nil }
    public static var unsetParameterValue: Self? { nil }
    public static func defaultParameterValue() async throws -> Self? { nil }
}

extension String: ParameterValue {
    public static var parameterKind: WidgetParameter.Kind { .text }
    public static func parameterValue(from text: String) -> String? { text }
    public var parameterText: String { self }
    public static var unsetParameterValue: String? { "" }
}

extension Int: ParameterValue {
    public static var parameterKind: WidgetParameter.Kind { .integer(nil) }
    public static func parameterValue(from text: String) -> Int? { Int(text) }
    public var parameterText: String { String(self) }
    public static var unsetParameterValue: Int? { 0 }
}

extension Double: ParameterValue {
    public static var parameterKind: WidgetParameter.Kind { .number(nil) }
    public static func parameterValue(from text: String) -> Double? { Double(text).flatMap { $0.isFinite ? $0 : nil } }
    public var parameterText: String { String(self) }
    public static var unsetParameterValue: Double? { 0 }
}

extension Bool: ParameterValue {
    public static var parameterKind: WidgetParameter.Kind { .boolean }
    public static func parameterValue(from text: String) -> Bool? { WidgetParameter.boolean(from: text) }
    public var parameterText: String { String(self) }
    public static var unsetParameterValue: Bool? { false }
}

extension Date: ParameterValue {
    public static var parameterKind: WidgetParameter.Kind { .date }
    public static func parameterValue(from text: String) -> Date? { WidgetParameter.date(from: text) }
    public var parameterText: String { WidgetParameter.text(of: self) }
}

extension Optional: ParameterValue where Wrapped: ParameterValue {
    public static var parameterKind: WidgetParameter.Kind { Wrapped.parameterKind }
    public static var optionSource: WidgetParameter.OptionSource? { Wrapped.optionSource }
    public static func parameterValue(from text: String) async throws -> Wrapped?? {
        if text.isEmpty { return .some(nil) }
        guard let value = try await Wrapped.parameterValue(from: text) else { return nil }
        return .some(value)
    }
    public var parameterText: String { self?.parameterText ?? "" }
    public static var unsetParameterValue: Wrapped?? { .some(nil) }
}

/// What a person sees for a value: a title, an optional subtitle and an optional symbol, as
/// App Intents' `DisplayRepresentation`.
public struct DisplayRepresentation: Hashable, Sendable, ExpressibleByStringInterpolation {
    /// A picture beside the title; pickers draw its symbol when the terminal has one.
    public struct Image: Hashable, Sendable {
        public var systemName: String?
        public var name: String?
        public init(systemName: String) { self.systemName = systemName }
        public init(named name: String) { self.name = name }
    }

    public var title: LocalizedStringResource
    public var subtitle: LocalizedStringResource?
    public var image: Image?
    public init(title: LocalizedStringResource, subtitle: LocalizedStringResource? = nil, image: Image? = nil) {
        self.title = title
        self.subtitle = subtitle
        self.image = image
    }
    public init(stringLiteral value: String) { title = value }
    public init(stringInterpolation: DefaultStringInterpolation) { title = String(stringInterpolation: stringInterpolation) }
}

/// What a person sees for a type (an enum's or an entity's name), as App Intents'
/// `TypeDisplayRepresentation`: the same value as ``DisplayRepresentation``, so code that
/// writes either compiles.
public typealias TypeDisplayRepresentation = DisplayRepresentation

extension DisplayRepresentation {
    /// `TypeDisplayRepresentation(name: "Character")`.
    public init(name: LocalizedStringResource, numericFormat: LocalizedStringResource? = nil) {
        self.init(title: name)
    }
    /// The type's name (a type representation's title).
    public var name: LocalizedStringResource { title }
}

/// A fixed set of choices, as in App Intents: cases with display names.
///
/// ```swift
/// enum Units: String, AppEnum {
///     case celsius, fahrenheit
///     static let typeDisplayRepresentation: DisplayRepresentation = "Units"
///     static let caseDisplayRepresentations: [Units: DisplayRepresentation] = [.celsius: "°C", .fahrenheit: "°F"]
/// }
/// ```
public protocol AppEnum: ParameterValue, CaseIterable, Hashable, RawRepresentable where RawValue: LosslessStringConvertible {
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}

extension AppEnum {
    public static var parameterKind: WidgetParameter.Kind {
        .choice(allCases.map { WidgetParameter.Option(value: $0.parameterText, title: caseDisplayRepresentations[$0]?.title ?? $0.parameterText) })
    }
    public static func parameterValue(from text: String) -> Self? { RawValue(text).flatMap(Self.init(rawValue:)) }
    public var parameterText: String { String(rawValue) }
    /// An enum parameter nothing set is its first case, as the iOS picker starts there.
    public static var unsetParameterValue: Self? { allCases.first }
}

/// Something a parameter can point at (a place, a time zone, a stock), found through its query.
///
/// Its id is a `String`, an `Int` or a `UUID` (anything ``EntityIdentifierConvertible``); the
/// config file keeps the id's text.
public protocol AppEntity: ParameterValue, Identifiable where ID: EntityIdentifierConvertible {
    associatedtype DefaultQuery: EntityQuery where DefaultQuery.Entity == Self
    static var typeDisplayRepresentation: TypeDisplayRepresentation { get }
    static var defaultQuery: DefaultQuery { get }
    var displayRepresentation: DisplayRepresentation { get }
}

/// Finds entities: by id (to resolve a saved value), suggestions, and a search as you type.
public protocol EntityQuery: Sendable {
    associatedtype Entity: AppEntity
    /// The entities with these ids (unknown ids are left out).
    func entities(for identifiers: [Entity.ID]) async throws -> [Entity]
    /// What the picker offers before anything is typed.
    func suggestedEntities() async throws -> [Entity]
    /// The entities matching what was typed (default: the suggestions whose title or id
    /// contains it, ignoring case).
    func entities(matching string: String) async throws -> [Entity]
    /// The entity a parameter that nothing set takes (default: none).
    func defaultResult() async -> Entity?
}

extension EntityQuery {
    public func entities(matching string: String) async throws -> [Entity] {
        let all = try await suggestedEntities()
        guard !string.isEmpty else { return all }
        return all.filter {
            $0.displayRepresentation.title.localizedCaseInsensitiveContains(string)
                || $0.id.entityIdentifierString.localizedCaseInsensitiveContains(string)
        }
    }
    public func defaultResult() async -> Entity? { nil }
}

/// An entity id the config file can keep as text, as App Intents' `EntityIdentifierConvertible`.
public protocol EntityIdentifierConvertible: Sendable {
    var entityIdentifierString: String { get }
    static func entityIdentifier(for entityIdentifierString: String) -> Self?
}

extension String: EntityIdentifierConvertible {
    public var entityIdentifierString: String { self }
    public static func entityIdentifier(for entityIdentifierString: String) -> String? { entityIdentifierString }
}

extension Int: EntityIdentifierConvertible {
    public var entityIdentifierString: String { String(self) }
    public static func entityIdentifier(for entityIdentifierString: String) -> Int? { Int(entityIdentifierString) }
}

extension UUID: EntityIdentifierConvertible {
    public var entityIdentifierString: String { uuidString }
    public static func entityIdentifier(for entityIdentifierString: String) -> UUID? { UUID(uuidString: entityIdentifierString) }
}

extension AppEntity {
    public static var parameterKind: WidgetParameter.Kind { .entity(typeName: typeDisplayRepresentation.title) }
    public static var optionSource: WidgetParameter.OptionSource? {
        let query = defaultQuery
        return WidgetParameter.OptionSource(
            suggestions: { try await query.suggestedEntities().map(\.option) },
            search: { try await query.entities(matching: $0).map(\.option) },
            knows: { text in
                guard let id = ID.entityIdentifier(for: text) else { return false }
                return try await !query.entities(for: [id]).isEmpty
            }
        )
    }
    public static func parameterValue(from text: String) async throws -> Self? {
        guard let id = ID.entityIdentifier(for: text) else { return nil }
        return try await defaultQuery.entities(for: [id]).first
    }
    public static func defaultParameterValue() async throws -> Self? { await defaultQuery.defaultResult() }
    public var parameterText: String { id.entityIdentifierString }
    var option: WidgetParameter.Option {
        WidgetParameter.Option(value: parameterText, title: displayRepresentation.title, subtitle: displayRepresentation.subtitle)
    }
}
