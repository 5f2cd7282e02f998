import Foundation
import WidgetDash

/// Draws Live Activities: the Dynamic Island's compact, minimal and expanded presentations,
/// and the lock screen's cards. Pure: views and sizes in, a canvas and its buttons out, so the
/// dashboard, `widgetdash activity preview` and the goldens draw them the same way.
///
/// The island is dark in every theme, as on the phone: its views get the theme's dark palette
/// on a black fill. A one-row pill is capped with half blocks (`▐ … ▌`) so it reads as a shape
/// even where black and the screen's background are close.
///
/// ```
///          ▐ 🍕 Baking        12:41 ▌            compact: one activity
///          ▐ 🍕        ▌ ▐⚽▌                   minimal: the first attached, the second detached
///   ╭──────────────────────────────────────╮
///   │ 🍕 #1042     Margherita       12:41  │     expanded: leading, center, trailing,
///   │ Out for delivery with Sam            │     then bottom
///   ╰──────────────────────────────────────╯
/// ```
public struct ActivityPresenter {
    /// The screen's environment (theme, time zone, redaction, rendering mode).
    public var environment: EnvironmentValues
    /// The theme's dark palette, for the island.
    public var islandPalette: Palette
    public var now: Date

    /// The most columns each side of the compact island may take.
    public static let compactSideWidth = 16
    /// The columns of the island itself (the camera) between the two compact views.
    public static let cameraWidth = 4
    /// The most columns a minimal view may take.
    public static let minimalWidth = 5
    /// The most rows of the expanded island's top row and bottom region.
    public static let expandedTopHeight = 4
    public static let expandedBottomHeight = 4
    /// The most rows of a lock screen card's content.
    public static let lockScreenHeight = 6

    public init(environment: EnvironmentValues, islandPalette: Palette, now: Date) {
        self.environment = environment
        self.islandPalette = islandPalette
        self.now = now
    }

    /// One presentation drawn: its cells, its buttons (in its own coordinates) and when its
    /// live text changes next.
    public struct Drawn {
        public var canvas: Canvas
        public var elements: [InteractiveElement] = []
        public var nextRefresh: Date?
    }

    /// The black of the island, mapped through nothing: the terminal's depth mapping picks the
    /// nearest it has.
    static let islandBlack = TerminalColor.rgb(0, 0, 0)

    /// The environment an island view is drawn in.
    func islandEnvironment(_ presentation: ActivityPresentation) -> EnvironmentValues {
        var env = environment
        env.palette = islandPalette
        env.colorScheme = .dark
        env.widgetRenderingMode = .fullColor
        env.showsWidgetContainerBackground = false
        env.activityPresentation = presentation
        env.widgetFamily = .systemMedium
        return env
    }

    private var islandText: CellStyle { CellStyle(foreground: islandPalette.primary, background: Self.islandBlack) }

    // MARK: Compact and minimal

    /// One activity in the island: its leading and trailing views either side of the camera.
    public func compact(_ views: ActivityViews) -> Drawn {
        let env = islandEnvironment(.compact)
        let limit = CellSize(width: Self.compactSideWidth, height: 1)
        let leading = ViewRenderer.idealSize(of: views.island.compactLeading, in: limit, environment: env, now: now)
        let trailing = ViewRenderer.idealSize(of: views.island.compactTrailing, in: limit, environment: env, now: now)
        // Symmetric around the camera, as the island is centred on the screen.
        let side = max(leading.width, trailing.width, 1)
        var canvas = pill(width: 2 + side + Self.cameraWidth + side + 2)
        var next: Date?
        let left = ViewRenderer.render(views.island.compactLeading, size: CellSize(width: leading.width, height: 1), environment: env, now: now, background: Self.islandBlack)
        canvas.draw(left.canvas, at: CellPoint(x: 2, y: 0))
        let right = ViewRenderer.render(views.island.compactTrailing, size: CellSize(width: trailing.width, height: 1), environment: env, now: now, background: Self.islandBlack)
        canvas.draw(right.canvas, at: CellPoint(x: canvas.width - 2 - trailing.width, y: 0))
        next = earliest(left.nextRefresh, right.nextRefresh)
        return Drawn(canvas: canvas, nextRefresh: next)
    }

    /// Two activities in the island: the first's minimal view attached to the island, the
    /// second's detached beside it. Returns the pill and where the camera's centre is in it.
    public func minimal(_ first: ActivityViews, _ second: ActivityViews) -> (drawn: Drawn, cameraCenter: Int) {
        let env = islandEnvironment(.minimal)
        let limit = CellSize(width: Self.minimalWidth, height: 1)
        let a = ViewRenderer.idealSize(of: first.island.minimal, in: limit, environment: env, now: now)
        let b = ViewRenderer.idealSize(of: second.island.minimal, in: limit, environment: env, now: now)
        // ▐ A ·camera· ▌ ▐B▌
        let attachedWidth = 2 + max(a.width, 1) + 1 + Self.cameraWidth + 2
        let detachedWidth = 2 + max(b.width, 1)
        var canvas = Canvas(size: CellSize(width: attachedWidth + 1 + detachedWidth, height: 1))
        canvas.draw(pill(width: attachedWidth), at: CellPoint(x: 0, y: 0))
        canvas.draw(pill(width: detachedWidth), at: CellPoint(x: attachedWidth + 1, y: 0))
        let left = ViewRenderer.render(first.island.minimal, size: a, environment: env, now: now, background: Self.islandBlack)
        canvas.draw(left.canvas, at: CellPoint(x: 2, y: 0))
        let right = ViewRenderer.render(second.island.minimal, size: b, environment: env, now: now, background: Self.islandBlack)
        canvas.draw(right.canvas, at: CellPoint(x: attachedWidth + 2, y: 0))
        let camera = 2 + max(a.width, 1) + 1 + Self.cameraWidth / 2
        return (Drawn(canvas: canvas, nextRefresh: earliest(left.nextRefresh, right.nextRefresh)), camera)
    }

    /// A black one-row pill with half-block caps.
    private func pill(width: Int) -> Canvas {
        var canvas = Canvas(size: CellSize(width: width, height: 1), fill: .blank(islandText))
        let cap = CellStyle(foreground: Self.islandBlack, background: .default)
        canvas.write("▐", x: 0, y: 0, style: cap)
        canvas.write("▌", x: width - 1, y: 0, style: cap)
        return canvas
    }

    // MARK: Expanded

    /// The island opened up to `width` columns: leading, center and trailing along the top,
    /// bottom under them. `title` goes in the top border (an alert), `badge` in the bottom
    /// border ("out of date").
    public func expanded(_ views: ActivityViews, width: Int, title: String? = nil, badge: String? = nil) -> Drawn {
        let env = islandEnvironment(.expanded)
        let inner = max(4, width - 4)
        let island = views.island
        func ideal(_ position: DynamicIslandExpandedRegionPosition, _ size: CellSize) -> CellSize {
            guard let region = island.region(position) else { return .zero }
            return ViewRenderer.idealSize(of: region.view, in: size, environment: env, now: now)
        }
        // Leading and trailing take what they need, up to a third each; the center the rest.
        let third = CellSize(width: max(1, inner / 3), height: Self.expandedTopHeight)
        let leading = ideal(.leading, third)
        let trailing = ideal(.trailing, third)
        let centerWidth = max(0, inner - leading.width - trailing.width - (leading.width > 0 ? 1 : 0) - (trailing.width > 0 ? 1 : 0))
        let center = ideal(.center, CellSize(width: centerWidth, height: Self.expandedTopHeight))
        let topHeight = max(leading.height, trailing.height, center.height)
        let bottom = ideal(.bottom, CellSize(width: inner, height: Self.expandedBottomHeight))
        let contentHeight = max(1, topHeight + bottom.height)
        let size = CellSize(width: inner + 4, height: contentHeight + 2)

        var canvas = Canvas(size: size, fill: .blank(islandText))
        var drawn = Drawn(canvas: canvas)
        func place(_ position: DynamicIslandExpandedRegionPosition, _ regionSize: CellSize, at origin: CellPoint) {
            guard let region = island.region(position), regionSize.width > 0, regionSize.height > 0 else { return }
            let r = ViewRenderer.render(region.view, size: regionSize, environment: env, now: now, background: Self.islandBlack)
            canvas.draw(r.canvas, at: origin)
            for var e in r.interactiveElements {
                e.id = drawn.elements.count
                e.rect.x += origin.x
                e.rect.y += origin.y
                drawn.elements.append(e)
            }
            drawn.nextRefresh = earliest(drawn.nextRefresh, r.nextRefresh)
        }
        // Regions share the top row's height so they line up; each is drawn at its own width.
        place(.leading, CellSize(width: leading.width, height: topHeight), at: CellPoint(x: 2, y: 1))
        let centerX = 2 + leading.width + (leading.width > 0 ? 1 : 0)
        place(.center, CellSize(width: centerWidth, height: topHeight), at: CellPoint(x: centerX, y: 1))
        place(.trailing, CellSize(width: trailing.width, height: topHeight), at: CellPoint(x: size.width - 2 - trailing.width, y: 1))
        place(.bottom, CellSize(width: inner, height: bottom.height), at: CellPoint(x: 2, y: 1 + topHeight))

        let tint = island.keylineTint.map { $0._resolve(in: env.palette) } ?? islandPalette.border
        canvas.drawBox(canvas.bounds, border: .rounded, style: CellStyle(foreground: tint, background: Self.islandBlack),
                       title: title, titleStyle: CellStyle(foreground: islandPalette.primary, background: Self.islandBlack, attributes: .bold))
        if let badge { drawBadge(badge, in: &canvas, style: CellStyle(foreground: islandPalette.orange, background: Self.islandBlack)) }
        drawn.canvas = canvas
        return drawn
    }

    // MARK: Lock screen

    /// A lock screen card `width` columns wide: the lock screen view in a rounded frame, as tall
    /// as it needs up to ``lockScreenHeight`` rows. `locked` masks privacy-sensitive views.
    public func lockScreenCard(_ views: ActivityViews, width: Int, locked: Bool = true, badge: String? = nil) -> Drawn {
        var env = environment
        env.activityPresentation = .lockScreen
        env.widgetFamily = .systemMedium
        env.widgetRenderingMode = .fullColor
        env.showsWidgetContainerBackground = false
        if locked { env.redactionReasons.insert(.privacy) }
        let palette = env.palette
        let background = views.backgroundTint.map { $0._resolve(in: palette) } ?? palette.widgetBackground
        let inner = max(1, width - 4)
        let content = ViewRenderer.idealSize(of: views.lockScreen, in: CellSize(width: inner, height: Self.lockScreenHeight), environment: env, now: now)
        let size = CellSize(width: inner + 4, height: max(1, content.height) + 2)
        var canvas = Canvas(size: size, fill: .blank(CellStyle(foreground: palette.primary, background: background)))
        let r = ViewRenderer.render(views.lockScreen, size: CellSize(width: inner, height: max(1, content.height)), environment: env, now: now, background: background)
        canvas.draw(r.canvas, at: CellPoint(x: 2, y: 1))
        var drawn = Drawn(canvas: canvas, nextRefresh: r.nextRefresh)
        drawn.elements = r.interactiveElements.map { e in
            var moved = e
            moved.rect.x += 2
            moved.rect.y += 1
            return moved
        }
        canvas.drawBox(canvas.bounds, border: .rounded, style: CellStyle(foreground: palette.border, background: background))
        if let badge { drawBadge(badge, in: &canvas, style: CellStyle(foreground: palette.secondary, background: background)) }
        drawn.canvas = canvas
        return drawn
    }

    /// A word in the bottom border, right-aligned: `╰──── ended ╯`.
    private func drawBadge(_ text: String, in canvas: inout Canvas, style: CellStyle) {
        let label = " \(text) "
        let width = TextWidth.width(of: label)
        guard canvas.width >= width + 4 else { return }
        canvas.write(label, x: canvas.width - 2 - width, y: canvas.height - 1, style: style)
    }

    /// A problem instead of an activity's views (its stored JSON no longer decodes).
    public func problemCard(_ message: String, width: Int) -> Drawn {
        let palette = environment.palette
        let inner = max(1, width - 4)
        let lines = Array(TextWidth.wrap("⚠ " + TextSanitizer.sanitize(message, keepNewlines: false), toWidth: inner).prefix(3))
        var canvas = Canvas(size: CellSize(width: inner + 4, height: lines.count + 2), fill: .blank(CellStyle(foreground: palette.red, background: palette.widgetBackground)))
        for (i, line) in lines.enumerated() { canvas.write(line, x: 2, y: 1 + i, style: CellStyle(foreground: palette.red, background: palette.widgetBackground)) }
        canvas.drawBox(canvas.bounds, border: .rounded, style: CellStyle(foreground: palette.border, background: palette.widgetBackground))
        return Drawn(canvas: canvas)
    }

    private func earliest(_ a: Date?, _ b: Date?) -> Date? {
        switch (a, b) {
        case let (a?, b?): min(a, b)
        case let (a?, nil): a
        case let (nil, b): b
        }
    }
}
