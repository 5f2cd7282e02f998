import Foundation
import WidgetDash

/// Renders one widget at a moment, outside a dashboard: for `widgetdash snapshot` and goldens.
public enum WidgetSnapshot {
    /// Asks the provider for its timeline as of `date` and draws the entry current then
    /// (`locked`: as the locked dashboard shows it), configured with a placement's
    /// `parameters` as the dashboard would configure it.
    public static func render(
        _ unconfigured: WidgetDescription, family: WidgetFamily, parameters: [String: String] = [:], at date: Date,
        environment: EnvironmentValues, locked: Bool = false
    ) async throws -> RenderedView {
        let placement = WidgetPlacement(kind: unconfigured.kind, family: family, parameters: parameters)
        let description = Dashboard.described(unconfigured.configured(with: parameters), by: placement)
        var context = TimelineProviderContext(family: family, date: date, parameters: parameters)
        context.rendering = RenderingEnvironment(environment)
        let timeline = try await description.provider.timeline(context)
        let instance = WidgetInstance(id: 0, description: description, family: family)
        instance.apply(timeline, reason: .initial, at: date, seconds: 0)
        return WidgetPanel(description: description, family: family)
            .render(entry: instance.currentEntry, environment: environment, now: date, locked: locked, placeholder: instance.placeholder)
    }

    /// Draws the provider's snapshot entry (sample data, `isPreview` true), as the gallery does.
    public static func renderPreview(
        _ description: WidgetDescription, family: WidgetFamily, at date: Date, environment: EnvironmentValues
    ) async -> RenderedView {
        var context = TimelineProviderContext(family: family, isPreview: true, date: date)
        context.rendering = RenderingEnvironment(environment)
        let entry = await description.provider.snapshot(context)
        return WidgetPanel(description: description, family: family)
            .render(entry: entry, environment: environment, now: date)
    }
}
