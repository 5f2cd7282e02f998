import Foundation
import WidgetDash

/// Finds interactive views a widget uses where its family does not allow them (a button in
/// accessoryInline, a link in systemSmall), for `widgetdash list`.
public enum InteractivityAudit {
    /// Draws the widget's placeholder content (unredacted, so its buttons count) in each family
    /// it offers, and returns "family: what is wrong" for each misuse found.
    public static func misuses(of description: WidgetDescription) -> [String] {
        var notes: [String] = []
        for family in description.supportedFamilies {
            var env = EnvironmentValues()
            env.widgetFamily = family
            let entry = description.provider.placeholder(TimelineProviderContext(family: family))
            let rendered = ViewRenderer.render(description.content(entry), size: family.size, environment: env, now: entry.date)
            var seen = Set<String>()
            for misuse in rendered.misuses where seen.insert(misuse).inserted {
                notes.append("\(family.shortName): \(misuse)")
            }
        }
        return notes
    }
}
