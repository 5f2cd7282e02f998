import Foundation

/// A SiriKit custom intent, the configuration of widgets written before App Intents (iOS 14-16).
///
/// On iOS Xcode generates a subclass per intent from an `.intentdefinition` file; here an
/// author declares the subclass (`class ConfigurationIntent: INIntent {}`). widgetdash edits no
/// SiriKit parameters, so every instance gets a new intent with its defaults; configurable
/// widgets are written with App Intents (``AppIntentConfiguration``).
///
/// `@unchecked Sendable` because the host makes an intent for one request and hands it only
/// to that request's provider call; it keeps no state of its own, and none is shared between
/// tasks (entries may hold their intent, as Xcode's template does, and entries are Sendable).
open class INIntent: @unchecked Sendable {
    public required init() {}
}

/// Provides a widget's entries for a SiriKit intent, as WidgetKit's `IntentTimelineProvider`.
///
/// Implement the completion-handler form iOS declares or the async form; each bridges to the
/// other (see ``TimelineProvider``).
public protocol IntentTimelineProvider: Sendable {
    associatedtype Entry: TimelineEntry
    associatedtype Intent: INIntent
    typealias Context = TimelineProviderContext

    /// Generic content shown redacted while the real content loads; must return at once.
    func placeholder(in context: Context) -> Entry
    /// One entry for the gallery and previews, handed to `completion`.
    @preconcurrency func getSnapshot(for configuration: Intent, in context: Context, completion: @escaping @Sendable (Entry) -> Void)
    /// The real timeline, handed to `completion`.
    @preconcurrency func getTimeline(for configuration: Intent, in context: Context, completion: @escaping @Sendable (Timeline<Entry>) -> Void)
    /// One entry for the gallery and previews.
    func snapshot(for configuration: Intent, in context: Context) async -> Entry
    /// The real timeline.
    func timeline(for configuration: Intent, in context: Context) async throws -> Timeline<Entry>
}

extension IntentTimelineProvider {
    public func getSnapshot(for configuration: Intent, in context: Context, completion: @escaping @Sendable (Entry) -> Void) {
        Task { completion(await snapshot(for: configuration, in: context)) }
    }

    /// A thrown error becomes an empty timeline asking again in five minutes, as in
    /// ``TimelineProvider/getTimeline(in:completion:)``.
    public func getTimeline(for configuration: Intent, in context: Context, completion: @escaping @Sendable (Timeline<Entry>) -> Void) {
        Task {
            do { completion(try await timeline(for: configuration, in: context)) } catch {
                completion(Timeline(entries: [], policy: .after(context.date.addingTimeInterval(5 * 60))))
            }
        }
    }

    public func snapshot(for configuration: Intent, in context: Context) async -> Entry {
        await awaitCompletion { getSnapshot(for: configuration, in: context, completion: $0) }
    }

    public func timeline(for configuration: Intent, in context: Context) async throws -> Timeline<Entry> {
        await awaitCompletion { getTimeline(for: configuration, in: context, completion: $0) }
    }
}

/// A widget configured by a SiriKit intent, as WidgetKit's `IntentConfiguration`.
///
/// Every instance gets the intent's defaults (see ``INIntent``).
public struct IntentConfiguration: WidgetConfiguration {
    public let _description: WidgetDescription

    public init<Intent: INIntent, Provider: IntentTimelineProvider, Content: View>(
        kind: String,
        intent: Intent.Type,
        provider: Provider,
        @ViewBuilder content: @escaping (Provider.Entry) -> Content
    ) where Provider.Intent == Intent {
        var d = WidgetDescription(
            kind: kind,
            displayName: kind,
            description: "",
            supportedFamilies: WidgetFamily.defaultFamilies,
            provider: AnyTimelineProvider(
                placeholder: { provider.placeholder(in: $0) },
                snapshot: { await provider.snapshot(for: Intent(), in: $0) },
                timeline: { context in
                    let t = try await provider.timeline(for: Intent(), in: context)
                    return ErasedTimeline(entries: t.entries, policy: t.policy)
                }
            ),
            content: WidgetDescription.erasing(content)
        )
        // iOS code counts points (see LayoutUnit).
        d.layoutUnit = .points
        _description = d
    }
}
