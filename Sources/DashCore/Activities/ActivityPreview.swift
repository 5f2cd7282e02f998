import Foundation
import WidgetDash

/// An activity type's presentations drawn as text, one after the other with their names:
/// `widgetdash activity preview` and the goldens.
public enum ActivityPreview {
    /// The canvases of `presentations` for `record`. Minimal needs a second activity beside the
    /// first; the same one stands in for it.
    public static func canvases(_ description: ActivityDescription, record: ActivityRecord, presentations: [ActivityPresentation], width: Int,
                                environment: EnvironmentValues, islandPalette: Palette, now: Date) throws(ActivityPayloadError) -> [(ActivityPresentation, Canvas)] {
        let stale = ActivityRules.state(of: record, at: now) == .stale
        let views = try description.views(record, stale)
        let presenter = ActivityPresenter(environment: environment, islandPalette: islandPalette, now: now)
        return presentations.map { p in
            switch p {
            case .compact: (p, presenter.compact(views).canvas)
            case .minimal: (p, presenter.minimal(views, views).drawn.canvas)
            case .expanded: (p, presenter.expanded(views, width: width).canvas)
            case .lockScreen: (p, presenter.lockScreenCard(views, width: width, locked: false).canvas)
            }
        }
    }

    /// The presentations as lines of text, each under its name; `text` turns a canvas into its
    /// lines (plain by default; the CLI passes DashTerminal's ANSI writer for `--color`).
    public static func lines(_ description: ActivityDescription, record: ActivityRecord, presentations: [ActivityPresentation], width: Int,
                             environment: EnvironmentValues, islandPalette: Palette, now: Date,
                             text: (Canvas) -> [String] = { $0.lines }) throws(ActivityPayloadError) -> [String] {
        var out: [String] = []
        for (p, canvas) in try canvases(description, record: record, presentations: presentations, width: width,
                                         environment: environment, islandPalette: islandPalette, now: now) {
            if !out.isEmpty { out.append("") }
            out.append(p.rawValue)
            out += text(canvas)
        }
        return out
    }
}
