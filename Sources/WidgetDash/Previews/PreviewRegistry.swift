internal import CWidgetDashPreviews
import Foundation

/// What the `#Preview` expansion registers: a C function that makes one preview. Not for
/// widget authors.
public typealias _PreviewMaker = @convention(c) () -> UnsafeMutableRawPointer?

/// One `#Preview`, as its expansion makes it: what it shows and how to draw its frames. Not for
/// widget authors; its initializers mirror the `#Preview` macros (PreviewMacros.swift).
public struct _Preview {
    /// What a preview shows.
    package enum Subject: Hashable, Sendable {
        case widget(WidgetFamily)
        case activity(ActivityPreviewViewKind)
        case view
    }

    package var name: String?
    package var subject: Subject
    /// Where the `#Preview` is written.
    package var fileID = ""
    package var line = 0
    /// The widget kind or activity type previewed ("view" for a view); runs the author's code.
    package let previewed: () -> String
    /// Makes the preview's entries (or content states) and returns a function that draws each:
    /// the extension sends a frame as soon as it is drawn, under the per-entry limit.
    package let frameDrawers: (PreviewSetting) async throws -> [() throws -> PreviewFrame]

    init(name: String?, subject: Subject, previewed: @escaping () -> String,
         frames: @escaping (PreviewSetting) async throws -> [() throws -> PreviewFrame]) {
        self.name = name
        self.subject = subject
        self.previewed = previewed
        self.frameDrawers = frames
    }

    /// Every frame of the preview, drawn.
    package func frames(_ setting: PreviewSetting) async throws -> [PreviewFrame] {
        try await frameDrawers(setting).map { try $0() }
    }

    /// A preview of a view, drawn in the content area of `setting`'s family (systemMedium unless
    /// the host asks for another).
    public init(_ name: String? = nil, @ViewBuilder body: @escaping () -> any View) {
        self.init(name: name, subject: .view, previewed: { "view" }) { setting in
            [{ PreviewRendering.view(AnyView(body()), layout: .family, setting) }]
        }
    }

    /// A preview of a view with traits: the last that sets a layout decides it.
    public init(_ name: String? = nil, traits: PreviewTrait<Preview.ViewTraits>, _ additionalTraits: PreviewTrait<Preview.ViewTraits>...,
                @ViewBuilder body: @escaping () -> any View) {
        let layout = ([traits] + additionalTraits).compactMap(\.layout).last ?? .family
        self.init(name: name, subject: .view, previewed: { "view" }) { setting in
            [{ PreviewRendering.view(AnyView(body()), layout: layout, setting) }]
        }
    }

    /// A preview of `widget` in `family` with the entries `entries` makes for the moment asked.
    private init<W: Widget>(_ name: String?, family: WidgetFamily, widget: @escaping () -> W,
                            entries: @escaping (TimelineProviderContext) async throws -> [any TimelineEntry]) {
        self.init(name: name, subject: .widget(family), previewed: { widget().body._description.kind }) { setting in
            let context = TimelineProviderContext(family: family, isPreview: true, date: setting.date)
            let description = widget().body._description
            return try await entries(context).map { entry in { PreviewRendering.widget(description, entry: entry, family: family, setting) } }
        }
    }

    /// A preview of a widget stepping through the entries `timeline` builds.
    public init<W: Widget>(_ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
                           @PreviewTimelineBuilder timeline: @escaping @MainActor () async -> [any TimelineEntry]) {
        self.init(name, family: family, widget: widget) { _ in await timeline() }
    }

    /// A preview of a widget with the entries of a provider's timeline.
    public init<W: Widget, Provider: TimelineProvider>(_ name: String? = nil, as family: WidgetFamily, widget: @escaping () -> W,
                                                       timelineProvider: @escaping () -> Provider) {
        self.init(name, family: family, widget: widget) { try await timelineProvider().timeline(in: $0).entries }
    }

    /// A preview of a configurable widget: the provider's timeline for `intent`.
    public init<W: Widget, Provider: AppIntentTimelineProvider>(_ name: String? = nil, as family: WidgetFamily, using intent: Provider.Intent,
                                                                widget: @escaping () -> W, timelineProvider: @escaping () -> Provider) {
        self.init(name, family: family, widget: widget) { try await timelineProvider().timeline(for: intent, in: $0).entries }
    }

    /// A preview of a widget configured with a SiriKit intent: the provider's timeline for `intent`.
    public init<W: Widget, Provider: IntentTimelineProvider>(_ name: String? = nil, as family: WidgetFamily, using intent: Provider.Intent,
                                                             widget: @escaping () -> W, timelineProvider: @escaping () -> Provider) {
        self.init(name, family: family, widget: widget) { try await timelineProvider().timeline(for: intent, in: $0).entries }
    }

    /// A preview of a Live Activity's presentation for each content state.
    public init<W: Widget, Attributes: ActivityAttributes>(
        _ name: String? = nil, as viewKind: ActivityPreviewViewKind, using attributes: Attributes, widget: @escaping () -> W,
        @PreviewActivityBuilder<Attributes> contentStates: @escaping @MainActor () async -> [Attributes.ContentState]
    ) {
        self.init(name: name, subject: .activity(viewKind), previewed: { Attributes.activityType }) { setting in
            guard let configuration = widget().body as? any ActivityConfigurationProviding else {
                throw PreviewFailure(message: "\(W.self) is not a Live Activity (its body is no ActivityConfiguration)")
            }
            let encodedAttributes = try ActivityCoding.encode(attributes)
            return await contentStates().map { state in
                {
                    let record = ActivityRecord(id: "preview", activityType: Attributes.activityType, attributes: encodedAttributes,
                                                state: try ActivityCoding.encode(state), requested: setting.date)
                    let views = try configuration._activityDescription.views(record, false)
                    return PreviewRendering.activity(views, viewKind, setting)
                }
            }
        }
    }

    /// Registers the preview: what the expansion's C function returns (a retained box).
    public func _registered(fileID: String, line: Int) -> UnsafeMutableRawPointer? {
        var preview = self
        (preview.fileID, preview.line) = (fileID, line)
        return Unmanaged.passRetained(PreviewBox(preview)).toOpaque()
    }
}

/// Why a preview cannot be drawn.
package struct PreviewFailure: Error, CustomStringConvertible {
    package var message: String
    package var description: String { message }
}

/// A preview on its way out of the expansion's C function.
final class PreviewBox {
    let preview: _Preview
    init(_ preview: _Preview) { self.preview = preview }
}

/// The previews compiled into this program, found in its `wd_previews` section.
package enum PreviewRegistry {
    /// Every `#Preview` of the program, in the order of their files and lines.
    package static func discovered() -> [_Preview] {
        guard let start = wd_previews_start(), let stop = wd_previews_stop() else { return [] }
        let step = MemoryLayout<_PreviewMaker?>.stride
        var previews: [_Preview] = []
        var cursor = start
        while cursor + step <= stop {
            if let make = cursor.load(as: _PreviewMaker?.self), let made = make() {
                previews.append(Unmanaged<PreviewBox>.fromOpaque(made).takeRetainedValue().preview)
            }
            cursor += step
        }
        return previews.sorted { ($0.fileID, $0.line) < ($1.fileID, $1.line) }
    }
}
