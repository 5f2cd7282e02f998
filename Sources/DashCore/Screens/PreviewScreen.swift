import Foundation
import WidgetDash

/// `widgetdash preview`: an extension's `#Preview`s, one at a time, stepping through each one's
/// frames (a widget's timeline entries in its family, a Live Activity's content states, a view).
package enum PreviewScreen {
    /// One preview and the frames the extension drew for it, or why it could not.
    package struct Item {
        package var preview: WirePreview
        package var frames: [RemoteEntry]
        package var failure: String?

        package init(preview: WirePreview, frames: [RemoteEntry], failure: String? = nil) {
            self.preview = preview
            self.frames = frames
            self.failure = failure
        }
    }

    /// The preview shown and its frame.
    package struct State: Equatable, Sendable {
        package var selected = 0
        package var frame = 0
        package init() {}
    }

    /// ↑↓ (j/k) choose the preview, ←→ (h/l, Tab) step through its frames, Esc and q quit: the
    /// gallery's keys. True when the key quits.
    package static func handle(_ key: Key, _ state: inout State, items: [Item]) -> Bool {
        let count = max(1, items.count)
        let frames = items.indices.contains(state.selected) ? max(1, items[state.selected].frames.count) : 1
        switch key {
        case .escape, .character("q"): return true
        case .down, .character("j"): (state.selected, state.frame) = ((state.selected + 1) % count, 0)
        case .up, .character("k"): (state.selected, state.frame) = ((state.selected + count - 1) % count, 0)
        case .right, .character("l"), .tab: state.frame = (state.frame + 1) % frames
        case .left, .character("h"), .backTab: state.frame = (state.frame + frames - 1) % frames
        default: break
        }
        return false
    }

    /// A preview's heading: its name (else what it shows), the family or presentation, and
    /// where it is written.
    package static func title(_ preview: WirePreview) -> String {
        let shape = preview.family?.rawValue ?? preview.presentation ?? "view"
        let subject = preview.name.map { "\($0) (\(preview.previewed))" } ?? preview.previewed
        return "\(subject) · \(shape) · \(preview.file):\(preview.line)"
    }

    /// One frame as text: a widget preview in its panel, as the dashboard draws it; an activity
    /// or view preview as the extension drew it.
    package static func canvas(_ item: Item, frame: Int, environment: EnvironmentValues, now: Date) -> Canvas {
        guard item.frames.indices.contains(frame) else { return Canvas(size: CellSize(width: 0, height: 0)) }
        let entry = item.frames[frame]
        let content = RemoteContentView(entry: entry) { element in
            // Previews show; a tap runs nothing.
            AnyAppIntent(title: element.title ?? "Intent", typeName: element.typeName ?? "AppIntent", fingerprint: element.fingerprint ?? "") {}
        }
        if let family = item.preview.family {
            let description = WidgetDescription(
                kind: item.preview.previewed, displayName: item.preview.name ?? item.preview.previewed, description: "",
                supportedFamilies: [family], provider: AnyTimelineProvider(NoFrames()), content: { _ in AnyView(content) })
            return WidgetPanel(description: description, family: family).render(entry: entry, environment: environment, now: now).canvas
        }
        let size = CellSize(width: entry.normal?.canvas.width ?? 0, height: entry.normal?.canvas.height ?? 0)
        return ViewRenderer.render(content, size: size, environment: environment, now: now).canvas
    }

    /// The previews as plain lines, every frame of each under its heading (`--snapshot`).
    package static func lines(_ items: [Item], environment: EnvironmentValues, now: (RemoteEntry) -> Date,
                              text: (Canvas) -> [String] = { $0.lines }) -> [String] {
        var out: [String] = []
        for (i, item) in items.enumerated() {
            if !out.isEmpty { out.append("") }
            out.append("preview \(i + 1) of \(items.count): \(title(item.preview))")
            if let failure = item.failure {
                out.append("  stopped: \(failure)")
                continue
            }
            for (f, entry) in item.frames.enumerated() {
                out.append("frame \(f + 1) of \(item.frames.count)")
                out += text(canvas(item, frame: f, environment: environment, now: now(entry)))
            }
        }
        return out
    }

    package static func render(_ items: [Item], state: State, size: CellSize, environment: EnvironmentValues, now: Date) -> (Canvas, nextRefresh: Date?) {
        let palette = environment.palette
        var screen = Canvas(size: size, fill: .blank(CellStyle(background: palette.background)))
        guard items.indices.contains(state.selected) else {
            ShellChrome.title("Previews · none in this extension", into: &screen, palette: palette)
            ShellChrome.status("", keys: "Esc quit", into: &screen, palette: palette)
            return (screen, nil)
        }
        let item = items[state.selected]
        ShellChrome.title("Previews · \(title(item.preview))", right: "‹ \(state.selected + 1) of \(items.count) ›", into: &screen, palette: palette)
        var next: Date?
        if let failure = item.failure {
            let lines = TextWidth.wrap("stopped: \(failure)", toWidth: max(1, size.width - 2))
            for (i, line) in lines.prefix(max(0, size.height - 3)).enumerated() {
                screen.write(line, x: 1, y: 2 + i, style: CellStyle(foreground: palette.red, background: palette.background))
            }
        } else {
            let env = environment
            let drawn = canvas(item, frame: state.frame, environment: env, now: now)
            let x = max(0, (size.width - drawn.width) / 2)
            let y = max(2, (size.height - drawn.height) / 2)
            screen.draw(drawn, at: CellPoint(x: x, y: y))
            next = item.frames.indices.contains(state.frame) && !(item.frames[state.frame].normal?.live ?? []).isEmpty
                ? now.addingTimeInterval(1) : nil
        }
        let label = item.frames.isEmpty ? "no frames" : "frame \(state.frame + 1) of \(item.frames.count)"
        ShellChrome.status(label, keys: "↑↓ preview  ←→ frame  Esc quit", into: &screen, palette: palette)
        return (screen, next)
    }

    /// Gives only the empty placeholder: a preview's frames come from the extension.
    private struct NoFrames: TimelineProvider {
        func placeholder(in context: Context) -> RemoteEntry { RemoteEntry(date: context.date, normal: nil) }
        func snapshot(in context: Context) async -> RemoteEntry { placeholder(in: context) }
        func timeline(in context: Context) async throws -> Timeline<RemoteEntry> { Timeline(entries: [], policy: .never) }
    }
}
