import Foundation
import WidgetDash

/// Drawing the shell: the router's draw step, the pure frame of each mode, and what the router
/// keeps after drawing. Kept apart from the config and keys in DashboardShell.swift.
extension DashboardShell {
    /// A frame of the shell: the screen shown, and what the router does after drawing it.
    struct ShellFrame {
        var frame: Frame
        /// The home screen's frame (its regions), when it is the one shown.
        var home: DashboardFrame?
        /// Previews drawn as placeholders whose snapshots were never asked for.
        var wantedPreviews: [(key: String, widget: WidgetDescription, family: WidgetFamily)] = []
        /// How many pages the demo needed.
        var demoPages: Int?
    }

    /// The router's draw step: takes in the size, renders the frame, then keeps what it drew.
    public func render(size: CellSize) -> Canvas {
        screenSize = size
        if mode == .home { dashboard.takeSize(size) }
        let drawn = renderFrame(size: size)
        didDraw(drawn, size: size)
        return drawn.frame.canvas
    }

    /// The frame for the state as it is: pure (the dashboard's memo of panels aside).
    public func frame(size: CellSize) -> Frame { renderFrame(size: size).frame }

    func renderFrame(size: CellSize) -> ShellFrame {
        let palette = dashboard.environment.palette
        switch mode {
        case .home:
            var home = dashboard.renderFrame(size: size)
            if showsProblems { ProblemsPanel.draw(problems, fellBack: fellBack, into: &home.frame.canvas, palette: palette) }
            platter?.draw(into: &home.frame.canvas, palette: palette)
            return ShellFrame(frame: home.frame, home: home)
        case .demo:
            var wanted: [(key: String, widget: WidgetDescription, family: WidgetFamily)] = []
            let drawn = DemoScreen.render(family: demoFamily, widgets: widgets, page: demoPage, size: size, palette: palette) {
                self.previewPanel($0, family: self.demoFamily, focused: false, wanted: &wanted)
            }
            return ShellFrame(frame: Frame(canvas: drawn.canvas), wantedPreviews: wanted, demoPages: drawn.pages)
        case .gallery:
            var wanted: [(key: String, widget: WidgetDescription, family: WidgetFamily)] = []
            let canvas = GalleryScreen.render(widgets: widgets, selected: galleryIndex, family: galleryFamily,
                                              targetPage: dashboard.currentPageGroup, size: size, palette: palette) {
                self.previewPanel($0, family: $1, focused: $2, wanted: &wanted)
            }
            return ShellFrame(frame: Frame(canvas: canvas), wantedPreviews: wanted)
        case .standBy:
            return ShellFrame(frame: renderStandBy(size: size, palette: palette))
        }
    }

    /// The router's step after a frame is drawn: the dashboard keeps its regions, the demo's
    /// page is clamped to the pages drawn, and the snapshots of the previews drawn are asked for.
    func didDraw(_ drawn: ShellFrame, size: CellSize) {
        dirty = false
        if let home = drawn.home { dashboard.didDraw(home, size: size) }
        if let pages = drawn.demoPages { demoPage = min(demoPage, max(0, pages - 1)) }
        for wanted in drawn.wantedPreviews where !asked.contains(wanted.key) { askForPreview(wanted.key, wanted.widget, family: wanted.family) }
        if mode == .standBy {
            standByRedraw = drawn.frame.nextRedraw
            standByDrawn = true
            // StandBy drew the instances' current entries itself: the home screen redraws on return.
            dashboard.clearChanges()
        }
    }

    /// The widget's preview panel in `family` (its placeholder until the snapshot arrives); a
    /// snapshot never asked for is added to `wanted`.
    private func previewPanel(_ widget: WidgetDescription, family: WidgetFamily, focused: Bool,
                              wanted: inout [(key: String, widget: WidgetDescription, family: WidgetFamily)]) -> Canvas {
        let key = "\(widget.kind)@\(family.shortName)"
        if !asked.contains(key) { wanted.append((key, widget, family)) }
        return WidgetPanel(description: widget, family: family)
            .render(entry: previews[key], environment: dashboard.environment, now: options.clock.now(),
                    status: previews[key] == nil ? .loading : .ok, focused: focused).canvas
    }

    /// Asks the widget's provider for its snapshot in `family`, once, off the loop.
    private func askForPreview(_ key: String, _ widget: WidgetDescription, family: WidgetFamily) {
        asked.insert(key)
        let provider = widget.provider
        var context = TimelineProviderContext(family: family, isPreview: true, date: options.clock.now())
        context.rendering = RenderingEnvironment(dashboard.environment)
        let waker = self.waker
        let box = arrived
        let services = options.services
        previewTasks.append(Task.detached {
            let entry = await services.bind { await provider.snapshot(context) }
            box.items.withLock { $0.append((key, entry)) }
            waker?()
        })
    }

    /// The home screen's small widgets, which StandBy shows (live, from their timelines).
    var standByWidgets: [WidgetInstance] { dashboard.homeInstances.filter { $0.family == .systemSmall } }

    private func renderStandBy(size: CellSize, palette: Palette) -> Frame {
        let list = standByWidgets
        let left = list.isEmpty ? nil : list[standByIndex % list.count]
        let right = list.count < 2 ? nil : list[(standByIndex + 1) % list.count]
        var env = dashboard.environment
        env.widgetFamily = .systemSmall
        env.showsWidgetContainerBackground = false
        env.colorScheme = .dark
        let now = options.clock.now()
        var refresh: Date?
        let canvas = StandByScreen.render(left: left?.description.displayName, right: right?.description.displayName, size: size, palette: palette) { isLeft, half in
            guard let instance = isLeft ? left : right else { return nil }
            let entry = instance.currentEntry ?? instance.placeholder ?? instance.description.provider.placeholder(TimelineProviderContext(family: .systemSmall))
            var e = env
            if instance.currentEntry == nil { e.redactionReasons.insert(.placeholder) }
            let rendered = ViewRenderer.render(instance.description.content(entry), size: half, environment: e, now: now, background: .indexed(0))
            if let next = rendered.nextRefresh { refresh = min(refresh ?? next, next) }
            return rendered.canvas
        }
        return Frame(canvas: canvas, nextRedraw: refresh)
    }
}
