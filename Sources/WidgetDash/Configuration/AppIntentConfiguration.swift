import Foundation
import Synchronization

/// The options of a configurable widget, one `@Parameter` property each, as in App Intents.
///
/// ```swift
/// struct WorldClockIntent: WidgetConfigurationIntent {
///     static let title = "World Clock"
///     @Parameter(title: "Time zone") var zone: TimeZoneEntity?
///     @Parameter(title: "Show seconds") var seconds: Bool = false
///     init() {}
/// }
/// ```
///
/// The host finds the parameters by reflecting the intent's stored properties (`Mirror`), so
/// a parameter's name in the config file is its property's name.
public protocol WidgetConfigurationIntent: Sendable {
    /// The platter's title.
    static var title: String { get }
    init()
}

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
}

extension ParameterValue {
    public static var optionSource: WidgetParameter.OptionSource? { nil }
}

extension String: ParameterValue {
    public static var parameterKind: WidgetParameter.Kind { .text }
    public static func parameterValue(from text: String) -> String? { text }
    public var parameterText: String { self }
}

extension Int: ParameterValue {
    public static var parameterKind: WidgetParameter.Kind { .integer(nil) }
    public static func parameterValue(from text: String) -> Int? { Int(text) }
    public var parameterText: String { String(self) }
}

extension Double: ParameterValue {
    public static var parameterKind: WidgetParameter.Kind { .number(nil) }
    public static func parameterValue(from text: String) -> Double? { Double(text).flatMap { $0.isFinite ? $0 : nil } }
    public var parameterText: String { String(self) }
}

extension Bool: ParameterValue {
    public static var parameterKind: WidgetParameter.Kind { .boolean }
    public static func parameterValue(from text: String) -> Bool? { WidgetParameter.boolean(from: text) }
    public var parameterText: String { String(self) }
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
}

/// What a person sees for a value: a title and an optional subtitle.
public struct DisplayRepresentation: Hashable, Sendable, ExpressibleByStringLiteral {
    public var title: String
    public var subtitle: String?
    public init(title: String, subtitle: String? = nil) {
        self.title = title
        self.subtitle = subtitle
    }
    public init(stringLiteral value: String) { title = value }
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
public protocol AppEnum: ParameterValue, CaseIterable, Hashable, RawRepresentable where RawValue == String {
    static var typeDisplayRepresentation: DisplayRepresentation { get }
    static var caseDisplayRepresentations: [Self: DisplayRepresentation] { get }
}

extension AppEnum {
    public static var parameterKind: WidgetParameter.Kind {
        .choice(allCases.map { WidgetParameter.Option(value: $0.rawValue, title: caseDisplayRepresentations[$0]?.title ?? $0.rawValue) })
    }
    public static func parameterValue(from text: String) -> Self? { Self(rawValue: text) }
    public var parameterText: String { rawValue }
}

/// Something a parameter can point at (a place, a time zone, a stock), found through its query.
public protocol AppEntity: ParameterValue, Identifiable where ID == String {
    associatedtype DefaultQuery: EntityQuery where DefaultQuery.Entity == Self
    static var typeDisplayRepresentation: DisplayRepresentation { get }
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
}

extension EntityQuery {
    public func entities(matching string: String) async throws -> [Entity] {
        let all = try await suggestedEntities()
        guard !string.isEmpty else { return all }
        return all.filter { $0.displayRepresentation.title.localizedCaseInsensitiveContains(string) || $0.id.localizedCaseInsensitiveContains(string) }
    }
}

extension AppEntity {
    public static var parameterKind: WidgetParameter.Kind { .entity(typeName: typeDisplayRepresentation.title) }
    public static var optionSource: WidgetParameter.OptionSource? {
        let query = defaultQuery
        return WidgetParameter.OptionSource(
            suggestions: { try await query.suggestedEntities().map(\.option) },
            search: { try await query.entities(matching: $0).map(\.option) },
            knows: { try await !query.entities(for: [$0]).isEmpty }
        )
    }
    public static func parameterValue(from text: String) async throws -> Self? {
        try await defaultQuery.entities(for: [text]).first
    }
    public var parameterText: String { id }
    var option: WidgetParameter.Option {
        WidgetParameter.Option(value: id, title: displayRepresentation.title, subtitle: displayRepresentation.subtitle)
    }
}

/// Marks a property of a `WidgetConfigurationIntent` as a parameter, with the platter's title.
///
/// The value lives in a box so the host can set it on a fresh intent through reflection; the
/// setter replaces the box, so copies of an intent stay independent values.
@propertyWrapper
public struct Parameter<Value: ParameterValue>: Sendable {
    var box: ParameterBox<Value>

    /// `@Parameter(title: "Symbol") var symbol: String = "AAPL"`.
    public init(wrappedValue: Value, title: String) {
        box = ParameterBox(title: title, defaultValue: wrappedValue)
    }

    /// `@Parameter(title: "Place") var place: PlaceEntity?` (no value until one is chosen).
    public init<Wrapped>(title: String) where Value == Wrapped? {
        box = ParameterBox(title: title, defaultValue: nil)
    }

    public var wrappedValue: Value {
        get { box.value.withLock { $0 } }
        set { box = ParameterBox(title: box.title, defaultValue: box.defaultValue, value: newValue) }
    }
}

/// A parameter's storage, reached by reflection without knowing its type.
protocol AnyParameterBox: AnyObject, Sendable {
    var title: String { get }
    func declaration(name: String) -> WidgetParameter
    /// Sets the value from text; false when the text names no value.
    func set(fromText text: String) async throws -> Bool
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
    let defaultValue: Value
    let value: Mutex<Value>

    init(title: String, defaultValue: Value, value: Value? = nil) {
        self.title = title
        self.defaultValue = defaultValue
        self.value = Mutex(value ?? defaultValue)
    }

    func declaration(name: String) -> WidgetParameter {
        let text = defaultValue.parameterText
        return WidgetParameter(name: name, title: title, kind: Value.parameterKind, defaultValue: text.isEmpty ? nil : text,
                               source: Value.optionSource)
    }

    func set(fromText text: String) async throws -> Bool {
        guard let new = try await Value.parameterValue(from: text) else { return false }
        value.withLock { $0 = new }
        return true
    }

    var text: String { value.withLock { $0.parameterText } }
}

/// A parameter value that does not stand for anything (an unknown time zone, a bad number).
public struct InvalidParameterError: Error, CustomStringConvertible, Sendable {
    public var name: String
    public var value: String
    public var description: String { "no \(name) \"\(value)\"" }
}

extension WidgetConfigurationIntent {
    /// The intent's parameters, in declaration order.
    public static var parameterDeclarations: [WidgetParameter] {
        Self().parameterBoxes.map { $0.box.declaration(name: $0.name) }
    }

    /// A new intent with `parameters` (by property name) set; unknown names are ignored,
    /// values that stand for nothing throw.
    public static func resolved(_ parameters: [String: String]) async throws -> Self {
        let intent = Self()
        for (name, box) in intent.parameterBoxes {
            guard let text = parameters[name] else { continue }
            guard try await box.set(fromText: text) else { throw InvalidParameterError(name: name, value: text) }
        }
        return intent
    }

    /// The intent's values as parameter text, by name (empty values left out).
    public var parameterValues: [String: String] {
        var out: [String: String] = [:]
        for (name, box) in parameterBoxes where !box.text.isEmpty { out[name] = box.text }
        return out
    }

    fileprivate var parameterBoxes: [(name: String, box: any AnyParameterBox)] {
        Mirror(reflecting: self).children.compactMap { child in
            guard let label = child.label, let wrapper = child.value as? any ParameterWrapper else { return nil }
            // A wrapped property `zone` is stored as `_zone`.
            return (label.hasPrefix("_") ? String(label.dropFirst()) : label, wrapper.anyBox)
        }
    }
}

/// Provides a configurable widget's entries for one configuration (an intent's values).
public protocol AppIntentTimelineProvider: Sendable {
    associatedtype Entry: TimelineEntry
    associatedtype Intent: WidgetConfigurationIntent
    typealias Context = TimelineProviderContext

    /// Generic content shown redacted while the real content loads; must return at once.
    func placeholder(in context: Context) -> Entry
    /// One entry for the gallery and previews; should be fast.
    func snapshot(for configuration: Intent, in context: Context) async -> Entry
    /// The real timeline for this configuration.
    func timeline(for configuration: Intent, in context: Context) async throws -> Timeline<Entry>
}

extension AnyTimelineProvider {
    /// An erased provider from three closures (configured providers are built this way).
    public init(
        placeholder: @escaping @Sendable (TimelineProviderContext) -> any TimelineEntry,
        snapshot: @escaping @Sendable (TimelineProviderContext) async -> any TimelineEntry,
        timeline: @escaping @Sendable (TimelineProviderContext) async throws -> ErasedTimeline
    ) {
        self.placeholder = placeholder
        self.snapshot = snapshot
        self.timeline = timeline
    }

    /// `provider` answering for the intent that `parameters` describe.
    static func configured<P: AppIntentTimelineProvider>(_ provider: P, parameters: [String: String]) -> AnyTimelineProvider {
        AnyTimelineProvider(
            placeholder: { provider.placeholder(in: $0) },
            snapshot: { context in
                // A preview never fails: values that stand for nothing fall back to the defaults.
                let intent = (try? await P.Intent.resolved(parameters)) ?? P.Intent()
                return await provider.snapshot(for: intent, in: context)
            },
            timeline: { context in
                let intent = try await P.Intent.resolved(parameters)
                let t = try await provider.timeline(for: intent, in: context)
                return ErasedTimeline(entries: t.entries, policy: t.policy)
            }
        )
    }
}

/// A widget whose instances each have their own options, edited on the configuration platter.
///
/// ```swift
/// AppIntentConfiguration(kind: "worldclock", intent: WorldClockIntent.self, provider: WorldClockProvider()) { entry in
///     WorldClockView(entry: entry)
/// }
/// ```
public struct AppIntentConfiguration: WidgetConfiguration {
    public let _description: WidgetDescription

    public init<Intent: WidgetConfigurationIntent, Provider: AppIntentTimelineProvider, Content: View>(
        kind: String,
        intent: Intent.Type,
        provider: Provider,
        @ViewBuilder content: @escaping (Provider.Entry) -> Content
    ) where Provider.Intent == Intent {
        var d = WidgetDescription(
            kind: kind,
            displayName: Intent.title,
            description: "",
            supportedFamilies: WidgetFamily.defaultFamilies,
            provider: .configured(provider, parameters: [:]),
            content: { entry in
                // The host only hands a widget the entries its own provider made.
                guard let typed = entry as? Provider.Entry else { return AnyView(EmptyView()) }
                return AnyView(content(typed))
            }
        )
        d.configurationParameters = Intent.parameterDeclarations
        // iOS code counts points (see LayoutUnit).
        d.layoutUnit = .points
        d.configuredProvider = { .configured(provider, parameters: $0) }
        _description = d
    }
}
