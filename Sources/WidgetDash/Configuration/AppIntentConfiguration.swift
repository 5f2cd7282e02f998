import Foundation

/// The options of a configurable widget, one `@Parameter` property each, as in App Intents.
///
/// ```swift
/// struct WorldClockIntent: WidgetConfigurationIntent {
///     static let title: LocalizedStringResource = "World Clock"
///     @Parameter(title: "Time zone") var zone: TimeZoneEntity?
///     @Parameter(title: "Show seconds", default: false) var seconds: Bool
/// }
/// ```
///
/// The host finds the parameters by reflecting the intent's stored properties (`Mirror`), so
/// a parameter's name in the config file is its property's name. Its `perform()` is never run
/// (WidgetKit does not run a configuration intent either); one is given by default.
public protocol WidgetConfigurationIntent: AppIntent {
    init()
}

extension WidgetConfigurationIntent {
    public func perform() async throws {}
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
            guard let text = parameters[name] else {
                try await box.fillDefault()
                continue
            }
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

    var parameterBoxes: [(name: String, box: any AnyParameterBox)] {
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
            content: WidgetDescription.erasing(content)
        )
        d.configurationParameters = Intent.parameterDeclarations
        // iOS code counts points (see LayoutUnit).
        d.layoutUnit = .points
        d.configuredProvider = { .configured(provider, parameters: $0) }
        _description = d
    }
}
