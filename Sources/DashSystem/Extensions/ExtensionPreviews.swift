import Foundation
import WidgetDash

/// An extension's `#Preview`s, as the host lists and draws them (`widgetdash preview`).
///
/// Listing is the `describe` request (its `previews`); drawing a preview is one `preview`
/// request, answered as a timeline whose entries are the preview's frames, under the limits
/// of a timeline (docs/extensions.md, "Previews").
package struct ExtensionPreviews: Sendable {
    package let path: String
    package var limits = RemoteLimits()
    /// Where the requests' processes are registered, so that the command can kill them.
    package let children: ExtensionChildren

    package init(path: String, children: ExtensionChildren) {
        self.path = path
        self.children = children
    }

    /// The previews the extension offers; text from it sanitised, as `list` does for widgets.
    package func list() throws -> [WirePreview] {
        guard FileManager.default.isExecutableFile(atPath: path) else {
            let exists = FileManager.default.fileExists(atPath: path)
            throw ExtensionLoadError(path: path, reason: exists ? "not an executable file" : "no such file")
        }
        var collected = DescribeCollector()
        do {
            try ExtensionProcess.exchangeNow(
                path: path, request: ExtensionRequest(request: .describe),
                limits: ExtensionProcess.Limits(first: limits.describe, next: limits.describe), children: children, collector: &collected)
        } catch {
            throw ExtensionLoadError(path: path, reason: "\(error)")
        }
        return (collected.answer?.previews ?? []).map { preview in
            var p = preview
            p.name = p.name.map { TextSanitizer.sanitize($0, keepNewlines: false) }
            p.previewed = TextSanitizer.sanitize(p.previewed, keepNewlines: false)
            p.file = TextSanitizer.sanitize(p.file, keepNewlines: false)
            p.presentation = p.presentation.map { TextSanitizer.sanitize($0, keepNewlines: false) }
            return p
        }
    }

    /// The preview's frames, drawn by the extension: a widget's entries in its family, an
    /// activity's content states, or a view (in `family`, systemMedium when nil).
    package func frames(of preview: WirePreview, family: WidgetFamily?, date: Date, timeZone: TimeZone = .current) async throws -> [RemoteEntry] {
        var request = ExtensionRequest(request: .preview, family: preview.family ?? family, date: date, timeZone: timeZone.identifier)
        request.preview = preview.index
        request.rendering = RenderingEnvironment(timeZone: timeZone)
        let (collected, failure) = await ExtensionProcess.exchange(
            path: path, request: request, limits: ExtensionProcess.Limits(first: limits.timeline, next: limits.render),
            children: children, collector: TimelineCollector())
        if let failure { throw failure }
        return collected.entries
    }
}
