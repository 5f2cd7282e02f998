import Foundation
import WidgetDash

/// What a feed widget shows when its configured choice (a place, a symbol) is not one it knows:
/// "Unknown place" and the id, and how to choose another.
///
/// ```swift
/// UnknownChoiceView(noun: "place", id: "atlantis", hint: "press e to choose")
/// ```
struct UnknownChoiceView: View {
    /// What was chosen, in the singular: "place", "symbol".
    let noun: String
    /// The choice as configured.
    let id: String
    /// How to choose another, at the bottom of the panel.
    let hint: String

    @Environment(\.widgetFamily) private var family

    var body: some View {
        if family == .accessoryInline {
            Text("Unknown \(noun) \(id)")
        } else if family == .accessoryCircular {
            VStack(spacing: 0) {
                Text("Unknown")
                Text(noun)
            }
        } else {
            VStack(alignment: .leading, spacing: 0) {
                Text("Unknown \(noun)").bold()
                Text(id).foregroundStyle(.secondary)
                if family != .accessoryRectangular { Spacer(minLength: 0) }
                Text(hint).foregroundStyle(.secondary)
            }
        }
    }
}
