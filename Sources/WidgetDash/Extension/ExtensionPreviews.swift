import Foundation

/// One `#Preview` as `describe` lists it (docs/extensions.md, "Previews").
package struct WirePreview: Codable, Hashable, Sendable {
    /// Its place in the extension's list: what a `preview` request names.
    package var index: Int
    /// The name given to `#Preview("…")`, if any.
    package var name: String?
    /// `widget`, `activity` or `view`.
    package var subject: String
    /// The widget kind or activity type previewed; "view" for a view.
    package var previewed: String
    /// A widget preview's family.
    package var family: WidgetFamily?
    /// An activity preview's presentation: `content`, `compact`, `expanded` or `minimal`.
    package var presentation: String?
    /// Where the `#Preview` is written (`Module/File.swift`).
    package var file: String
    package var line: Int

    package init(index: Int, name: String?, subject: String, previewed: String, family: WidgetFamily?, presentation: String?, file: String, line: Int) {
        (self.index, self.name, self.subject, self.previewed) = (index, name, subject, previewed)
        (self.family, self.presentation, self.file, self.line) = (family, presentation, file, line)
    }

    private enum CodingKeys: String, CodingKey { case index, name, subject, previewed, family, presentation, file, line }

    /// Reads a preview leniently: a family this host does not know (from a newer extension)
    /// leaves it without one rather than failing `describe`, and with it the extension's widgets.
    package init(from decoder: any Decoder) throws {
        let c = try decoder.container(keyedBy: CodingKeys.self)
        index = try c.decode(Int.self, forKey: .index)
        name = try? c.decodeIfPresent(String.self, forKey: .name)
        subject = (try? c.decode(String.self, forKey: .subject)) ?? "view"
        previewed = (try? c.decode(String.self, forKey: .previewed)) ?? ""
        family = try? c.decodeIfPresent(WidgetFamily.self, forKey: .family)
        presentation = try? c.decodeIfPresent(String.self, forKey: .presentation)
        file = (try? c.decode(String.self, forKey: .file)) ?? ""
        line = (try? c.decode(Int.self, forKey: .line)) ?? 0
    }
}

/// What the host asks a preview to be drawn with.
package struct PreviewSetting {
    /// The family a view preview is drawn in (a widget's preview names its own).
    package var family: WidgetFamily?
    package var timeZone: String?
    /// The moment asked: a provider's context date, and the moment views without entries show.
    package var date: Date

    /// The scheme, rendering mode and zone frames are drawn in (the request's, or the zone's).
    package var rendering: RenderingEnvironment

    package init(family: WidgetFamily? = nil, timeZone: String? = nil, rendering: RenderingEnvironment? = nil, date: Date) {
        (self.family, self.timeZone, self.date) = (family, timeZone, date)
        self.rendering = rendering ?? RenderingEnvironment(timeZone: timeZone.flatMap(TimeZone.init(identifier:)) ?? .current)
    }
}

/// One drawn frame of a preview: an entry, a content state or the view.
package struct PreviewFrame {
    package var date: Date
    package var normal: RenderedView
    /// As a locked dashboard shows it; nil when nothing is private.
    package var privacy: RenderedView?
}

/// Draws previews as the extension sends them.
enum PreviewRendering {
    /// The widths and heights activity presentations are drawn in (the host's island and lock
    /// screen card frame them on the dashboard; a preview shows the views alone).
    static let lockScreenSize = CellSize(width: 46, height: 6)
    static let compactSize = CellSize(width: 36, height: 1)
    static let minimalSize = CellSize(width: 5, height: 1)
    static let expandedSize = CellSize(width: 46, height: 8)

    /// A widget's entry, as its panel shows it normally and locked.
    static func widget(_ description: WidgetDescription, entry: any TimelineEntry, family: WidgetFamily, _ setting: PreviewSetting) -> PreviewFrame {
        let normal = ExtensionRendering.draw(description, entry: entry, family: family, rendering: setting.rendering, reasons: [], now: entry.date)
        let privacy = ExtensionRendering.draw(description, entry: entry, family: family, rendering: setting.rendering, reasons: .privacy, now: entry.date)
        let same = ExtensionRendering.wire(privacy) == ExtensionRendering.wire(normal)
        return PreviewFrame(date: entry.date, normal: normal, privacy: same ? nil : privacy)
    }

    /// The largest a size-that-fits view preview is drawn.
    static let fittingLimit = CellSize(width: 80, height: 24)

    /// A view, counting points as the iOS code it comes from does, in the layout its traits ask.
    static func view(_ view: AnyView, layout: PreviewTrait<Preview.ViewTraits>.Layout, _ setting: PreviewSetting) -> PreviewFrame {
        let family = setting.family ?? .systemMedium
        let content = AnyView(view.environment(\.layoutUnit, .points))
        let size: CellSize
        switch layout {
        case .family:
            size = family.contentSize(marginsDisabled: false)
        case .sizeThatFits:
            let env = ExtensionRendering.environment(family: family, rendering: setting.rendering, reasons: [])
            let ideal = ViewRenderer.idealSize(of: content, in: fittingLimit, environment: env, now: setting.date)
            size = CellSize(width: max(1, ideal.width), height: max(1, ideal.height))
        case .fixed(let width, let height):
            let columns = width.isFinite ? Int(clamping: width / LayoutUnit.pointsPerColumn) : 1
            let rows = height.isFinite ? Int(clamping: height / LayoutUnit.pointsPerRow) : 1
            size = CellSize(width: min(fittingLimit.width * 2, max(1, columns)), height: min(fittingLimit.height * 2, max(1, rows)))
        }
        return PreviewFrame(date: setting.date, normal: draw(content, size: size, family: family, setting), privacy: nil)
    }

    static func activity(_ views: ActivityViews, _ kind: ActivityPreviewViewKind, _ setting: PreviewSetting) -> PreviewFrame {
        let island = views.island
        let view: AnyView
        let size: CellSize
        switch kind {
        case .content:
            (view, size) = (views.lockScreen, lockScreenSize)
        case .dynamicIsland(.compact):
            (view, size) = (AnyView(HStack(spacing: 4) { island.compactLeading; island.compactTrailing }), compactSize)
        case .dynamicIsland(.minimal):
            (view, size) = (island.minimal, minimalSize)
        case .dynamicIsland(.expanded):
            let region = { (p: DynamicIslandExpandedRegionPosition) in island.region(p)?.view ?? AnyView(EmptyView()) }
            view = AnyView(VStack(spacing: 0) {
                HStack(spacing: 1) { region(.leading); Spacer(minLength: 0); region(.center); Spacer(minLength: 0); region(.trailing) }
                region(.bottom)
            })
            size = expandedSize
        }
        let env = ExtensionRendering.environment(family: .systemMedium, rendering: setting.rendering, reasons: [])
        let fitted = ViewRenderer.idealSize(of: view, in: size, environment: env, now: setting.date)
        let drawnSize = CellSize(width: size.width, height: max(1, fitted.height))
        return PreviewFrame(date: setting.date, normal: draw(view, size: drawnSize, family: .systemMedium, setting), privacy: nil)
    }

    private static func draw(_ view: AnyView, size: CellSize, family: WidgetFamily, _ setting: PreviewSetting) -> RenderedView {
        let env = ExtensionRendering.environment(family: family, rendering: setting.rendering, reasons: [])
        let prepared = ViewRenderer.prepare(view, environment: env)
        var canvas = Canvas(size: size, fill: .blank())
        var rendered = prepared.draw(into: &canvas, in: canvas.bounds, now: setting.date, recordsLiveText: true)
        rendered.canvas = canvas
        return rendered
    }

    /// The preview as `describe` lists it; runs the author's code that names the widget.
    static func wire(_ preview: _Preview, index: Int) -> WirePreview {
        var wire = WirePreview(index: index, name: preview.name.map { TextSanitizer.sanitize($0, keepNewlines: false) }, subject: "view",
                               previewed: preview.previewed(), family: nil, presentation: nil, file: preview.fileID, line: preview.line)
        switch preview.subject {
        case .widget(let family):
            (wire.subject, wire.family) = ("widget", family)
        case .activity(let kind):
            wire.subject = "activity"
            switch kind {
            case .content: wire.presentation = "content"
            case .dynamicIsland(.compact): wire.presentation = "compact"
            case .dynamicIsland(.expanded): wire.presentation = "expanded"
            case .dynamicIsland(.minimal): wire.presentation = "minimal"
            }
        case .view:
            break
        }
        return wire
    }
}

extension ExtensionServer {
    /// Answers a `preview` request as a timeline: the header (policy `never`) once the entries or
    /// states are made, one entry line per frame as it is drawn, the end.
    func servePreview(_ request: ExtensionRequest) async {
        guard let index = request.preview, previews.indices.contains(index) else {
            return fail("no preview \(request.preview.map(String.init) ?? "(none named)") here (it has \(previews.count))")
        }
        let setting = PreviewSetting(family: request.family, timeZone: request.timeZone, rendering: request.rendering, date: request.date ?? Date())
        let drawers: [() throws -> PreviewFrame]
        do {
            drawers = try await previews[index].frameDrawers(setting)
        } catch {
            return fail("\(error)")
        }
        var header = ExtensionAnswer(answer: .timeline)
        header.policy = .never
        header.count = drawers.count
        emit(header)
        for (i, draw) in drawers.enumerated() {
            let frame: PreviewFrame
            do { frame = try draw() } catch { return fail("\(error)") }
            var line = ExtensionAnswer(answer: .entry)
            line.index = i
            line.date = frame.date
            line.normal = ExtensionRendering.wire(frame.normal)
            line.privacy = frame.privacy.map(ExtensionRendering.wire)
            emit(line)
        }
        emit(ExtensionAnswer(answer: .end))
    }
}
