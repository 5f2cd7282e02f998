import Foundation
import WidgetDash

/// The widget's detail view, opened by a link or its widget URL: the widget in its large family
/// in the middle of the screen, the URL above it, and the keys below.
///
/// widgetdash has no app to open, so the "place in the app" is this view: the widget at its
/// biggest, with the URL it asked for shown as it is.
public enum DetailScreen {
    /// Esc, Backspace and q close; o opens a web URL.
    public static func handle(_ key: Key, url: URL?) -> ScreenEffect? {
        switch key {
        case .escape, .backspace, .character("q"): return .close
        case .character("o"): return url.flatMap { LinkOpener.isWebURL($0) ? .open($0) : nil }
        default: return nil
        }
    }

    /// The family the detail view shows: systemLarge when offered, else the biggest offered
    /// system family, else the instance's own.
    /// On a screen too small for it, the biggest offered family that fits (with the URL line
    /// and the keys line) is shown instead.
    public static func family(for instance: WidgetInstance, fitting room: CellSize? = nil) -> WidgetFamily {
        let offered = instance.description.supportedFamilies
        func fits(_ f: WidgetFamily) -> Bool { room.map { f.size.width <= $0.width && f.size.height + 2 <= $0.height } ?? true }
        if offered.contains(.systemLarge), fits(.systemLarge) { return .systemLarge }
        let system = offered.filter { !$0.isAccessory && fits($0) }
        return system.max { $0.size.width * $0.size.height < $1.size.width * $1.size.height } ?? instance.family
    }

    /// Draws the detail view over the whole screen but its status line.
    @discardableResult
    public static func draw(_ instance: WidgetInstance, url: URL?, into screen: inout Canvas, environment: EnvironmentValues,
                            now: Date, locked: Bool, canOpen: Bool) -> RenderedView {
        let palette = environment.palette
        let area = CellRect(x: 0, y: 0, width: screen.width, height: max(0, screen.height - 1))
        screen.fill(area, style: CellStyle(foreground: palette.primary, background: palette.background))
        let family = family(for: instance, fitting: area.size)
        let rendered = WidgetPanel(description: instance.description, family: family)
            .render(entry: instance.currentEntry, environment: environment, now: now, status: instance.status, locked: locked,
                    placeholder: family == instance.family ? instance.placeholder : nil)
        let size = rendered.canvas.size
        let origin = CellPoint(x: max(0, (area.width - size.width) / 2), y: max(1, (area.height - size.height) / 2))
        let header = "\(instance.description.displayName) · " + (url.map { "URL: " + TextSanitizer.sanitize($0.absoluteString, keepNewlines: false) } ?? "no URL")
        let headerStyle = CellStyle(foreground: palette.focusedBorder, background: palette.background, attributes: .bold)
        screen.withClip(area) { s in
            _ = s.write(header, x: max(0, origin.x), y: max(0, origin.y - 1), style: headerStyle)
            s.draw(rendered.canvas, at: origin)
            let hints = "Esc back" + (canOpen ? "  ·  o open in the browser" : "")
            _ = s.write(hints, x: max(0, origin.x), y: origin.y + size.height, style: CellStyle(foreground: palette.secondary, background: palette.background))
        }
        return rendered
    }
}
