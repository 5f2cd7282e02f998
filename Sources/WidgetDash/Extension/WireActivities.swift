import Foundation

/// One Live Activity type as `describe` tells it (protocol minor 1).
package struct WireActivityType: Codable, Hashable, Sendable {
    /// ``ActivityAttributes/activityType``, as the extension knows it.
    package var activityType: String
    /// The Swift type of its attributes.
    package var attributesType: String
    package var displayName: String
    package var description: String
    /// The configuration's sample (`previewContext`), as JSON text, when it gives one.
    package var previewAttributes: String?
    package var previewState: String?
    /// What the attributes' and the content state's JSON hold, as their decoders read them
    /// (`ActivityShape`): `name: type` for each field, `?` when optional.
    package var attributesFields: [String]?
    package var stateFields: [String]?
}

/// An activity's views, drawn by the extension at the sizes the host's presenter gives them.
///
/// Each view is drawn at its ideal size within the presenter's limit (``compactLimit`` …);
/// the host draws the cells where the presenter puts the view, and clips on a narrow screen.
package struct WireActivityViews: Codable, Hashable, Sendable {
    package var lockScreen: WireRendering
    /// The card as a locked screen shows it (`privacySensitive()` masked); absent when the same.
    package var lockScreenPrivacy: WireRendering?
    package var backgroundTint: WireColor?
    package var compactLeading: WireRendering
    package var compactTrailing: WireRendering
    package var minimal: WireRendering
    package var expanded: [Region]
    package var keylineTint: WireColor?
    package var widgetURL: URL?

    /// A region of the expanded island: `leading`, `trailing`, `center` or `bottom`.
    package struct Region: Codable, Hashable, Sendable {
        package var position: String
        package var priority: Double
        package var rendering: WireRendering
    }

    /// The presenter's limits (DashCore's `ActivityPresenter`; a test keeps them equal).
    package static let compactLimit = CellSize(width: 16, height: 1)
    package static let minimalLimit = CellSize(width: 5, height: 1)
    /// The expanded island's inner width on the dashboard (72 columns less the frame), and the
    /// most rows of its top row and of its bottom region.
    package static let expandedInnerWidth = 68
    package static let expandedRegionHeight = 4
    /// The lock screen card's inner width (60 columns less the frame) and its most rows.
    package static let lockScreenLimit = CellSize(width: 56, height: 6)
}

extension ActivityDescription {
    /// An activity type whose payloads are checked and whose views are made elsewhere (an
    /// extension's, on the host).
    package static func remote(activityType: String, attributesTypeName: String, displayName: String, description: String,
                               canonicalAttributes: @escaping @Sendable (Data) throws(ActivityPayloadError) -> Data,
                               canonicalState: @escaping @Sendable (Data) throws(ActivityPayloadError) -> Data,
                               views: @escaping (ActivityRecord, Bool) throws(ActivityPayloadError) -> ActivityViews,
                               preview: (attributes: Data, state: Data)?) -> ActivityDescription {
        ActivityDescription(activityType: activityType, attributesTypeName: attributesTypeName, displayName: displayName,
                            description: description, canonicalAttributes: canonicalAttributes, canonicalState: canonicalState,
                            views: views, preview: preview)
    }
}

extension DynamicIsland {
    /// An island from erased regions and views (an extension's, drawn on the host).
    package init(regions: [AnyDynamicIslandRegion], compactLeading: AnyView, compactTrailing: AnyView, minimal: AnyView) {
        expandedRegions = regions
        self.compactLeading = compactLeading
        self.compactTrailing = compactTrailing
        self.minimal = minimal
    }
}

extension ExtensionRendering {
    /// The activity type as `describe` tells it.
    static func wire(_ d: ActivityDescription) -> WireActivityType {
        func text(_ data: Data?) -> String? { data.map { String(decoding: $0, as: UTF8.self) } }
        return WireActivityType(activityType: d.activityType, attributesType: d.attributesTypeName, displayName: d.displayName,
                                description: d.description, previewAttributes: text(d.preview?.attributes),
                                previewState: text(d.preview?.state), attributesFields: d.fields().attributes,
                                stateFields: d.fields().state)
    }

    /// Draws `view` at its ideal size within `limit`.
    static func drawIdeal(_ view: AnyView, in limit: CellSize, environment env: EnvironmentValues, now: Date) -> WireRendering {
        let size = ViewRenderer.idealSize(of: view, in: limit, environment: env, now: now)
        let prepared = ViewRenderer.prepare(view, environment: env)
        var canvas = Canvas(size: size, fill: .blank())
        var rendered = prepared.draw(into: &canvas, in: canvas.bounds, now: now, recordsLiveText: true)
        rendered.canvas = canvas
        return wire(rendered)
    }

    /// Every presentation of an activity's views, drawn as the host's presenter lays them out.
    static func wire(_ views: ActivityViews, rendering: RenderingEnvironment, now: Date) -> WireActivityViews {
        func environment(_ presentation: ActivityPresentation, reasons: RedactionReasons = []) -> EnvironmentValues {
            var env = Self.environment(family: .systemMedium, rendering: rendering, reasons: reasons)
            env.widgetRenderingMode = .fullColor
            env.showsWidgetContainerBackground = false
            env.activityPresentation = presentation
            // The island is dark in every theme.
            if presentation != .lockScreen { env.colorScheme = .dark }
            return env
        }
        let island = views.island
        let expanded = environment(.expanded)
        // As the presenter: leading and trailing up to a third each, the center the rest.
        let inner = WireActivityViews.expandedInnerWidth, height = WireActivityViews.expandedRegionHeight
        let third = CellSize(width: inner / 3, height: height)
        func ideal(_ position: DynamicIslandExpandedRegionPosition) -> Int {
            island.region(position).map { ViewRenderer.idealSize(of: $0.view, in: third, environment: expanded, now: now).width } ?? 0
        }
        let (leading, trailing) = (ideal(.leading), ideal(.trailing))
        let centerWidth = max(0, inner - leading - trailing - (leading > 0 ? 1 : 0) - (trailing > 0 ? 1 : 0))
        let regions: [WireActivityViews.Region] = island.expandedRegions.map { region in
            let limit: CellSize
            switch region.position {
            case .leading, .trailing: limit = third
            case .center: limit = CellSize(width: centerWidth, height: height)
            case .bottom: limit = CellSize(width: inner, height: height)
            }
            return WireActivityViews.Region(position: "\(region.position)", priority: region.priority,
                                            rendering: drawIdeal(region.view, in: limit, environment: expanded, now: now))
        }
        let lock = WireActivityViews.lockScreenLimit
        let card = drawIdeal(views.lockScreen, in: lock, environment: environment(.lockScreen), now: now)
        let locked = drawIdeal(views.lockScreen, in: lock, environment: environment(.lockScreen, reasons: .privacy), now: now)
        func token(_ color: Color?) -> WireColor? { color.map { WireColor($0._resolve(in: WirePalette.tokens), isImage: false) } }
        return WireActivityViews(
            lockScreen: card, lockScreenPrivacy: locked == card ? nil : locked, backgroundTint: token(views.backgroundTint),
            compactLeading: drawIdeal(island.compactLeading, in: WireActivityViews.compactLimit, environment: environment(.compact), now: now),
            compactTrailing: drawIdeal(island.compactTrailing, in: WireActivityViews.compactLimit, environment: environment(.compact), now: now),
            minimal: drawIdeal(island.minimal, in: WireActivityViews.minimalLimit, environment: environment(.minimal), now: now),
            expanded: regions, keylineTint: token(island.keylineTint), widgetURL: island.widgetURL)
    }
}

extension ExtensionServer {
    /// Answers `activity`: the attributes and state checked and re-encoded, and, when both
    /// came, the views drawn for them.
    func serveActivity(_ request: ExtensionRequest) {
        guard let type = request.activityType, let d = activities.first(where: { $0.activityType == type }) else {
            return fail("no Live Activity type \"\(request.activityType ?? "")\" here")
        }
        var answer = ExtensionAnswer(answer: .activity)
        do throws(ActivityPayloadError) {
            if let attributes = request.attributes {
                answer.attributes = String(decoding: try d.canonicalAttributes(Data(attributes.utf8)), as: UTF8.self)
            }
            if let state = request.state { answer.state = String(decoding: try d.canonicalState(Data(state.utf8)), as: UTF8.self) }
            if let attributes = answer.attributes, let state = answer.state {
                let now = request.date ?? Date()
                let record = ActivityRecord(id: request.activityID ?? "", activityType: type, attributes: Data(attributes.utf8),
                                            state: Data(state.utf8), requested: now)
                answer.views = ExtensionRendering.wire(try d.views(record, request.isStale ?? false), rendering: request.rendering, now: now)
            }
        } catch {
            var failure = ExtensionAnswer(answer: .error)
            failure.message = error.message
            failure.what = error.what
            return emit(failure)
        }
        emit(answer)
    }
}

// MARK: - On the host

extension WireColor {
    /// The color as a view style: a palette token stays a token of whatever palette draws it
    /// (the island's dark one, the theme's), as the extension's own `Color` did.
    package var color: Color {
        guard case .token(let name) = self else { return Color(resolved(in: WirePalette.tokens)) }
        let semantic: [String: SemanticColor] = [
            "primary": .primary, "secondary": .secondary, "tertiary": .tertiary, "tint": .tint, "widgetBackground": .background,
            "red": .red, "orange": .orange, "yellow": .yellow, "green": .green, "teal": .teal, "blue": .blue, "indigo": .indigo,
            "purple": .purple, "pink": .pink, "gray": .gray,
        ]
        return semantic[name].map { Color(semantic: $0) } ?? .primary
    }
}

extension WireActivityViews {
    /// The views the host's presenter draws: each presentation shows the extension's cells.
    /// `intent` makes the intent of a button or toggle in them.
    package func views(intent: @escaping @Sendable (WireElement) -> AnyAppIntent) -> ActivityViews {
        func view(_ rendering: WireRendering, privacy: WireRendering? = nil) -> AnyView {
            let now = Date(timeIntervalSince1970: 0)
            return AnyView(RemoteContentView(entry: RemoteEntry(date: now, normal: rendering, privacy: privacy), intent: intent))
        }
        let positions: [String: DynamicIslandExpandedRegionPosition] = ["leading": .leading, "trailing": .trailing, "center": .center, "bottom": .bottom]
        let regions = expanded.compactMap { region in
            positions[region.position].map { AnyDynamicIslandRegion(position: $0, priority: region.priority, view: view(region.rendering)) }
        }
        let island = DynamicIsland(regions: regions, compactLeading: view(compactLeading), compactTrailing: view(compactTrailing),
                                   minimal: view(minimal))
            .keylineTint(keylineTint?.color).widgetURL(widgetURL)
        return ActivityViews(lockScreen: view(lockScreen, privacy: lockScreenPrivacy), island: island, backgroundTint: backgroundTint?.color)
    }
}
