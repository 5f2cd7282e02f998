import Foundation
import WidgetDash

/// The home screen's render: a pure function of the dashboard's state (the memos of panels
/// and their views aside), returning the frame and the regions it drew. Kept apart from the router in
/// Dashboard.swift.
extension Dashboard {
    /// The frame for the state as it is, at `size`: pure, it writes nothing but the memos of
    /// rendered panels and their views (see ``panelView(_:now:)``). Rendering twice gives the
    /// same frame.
    public func frame(size: CellSize) -> Frame { renderFrame(size: size).frame }

    /// The frame and the regions it drew (what ``didDraw(_:size:)`` keeps for clicks and focus).
    func renderFrame(size: CellSize) -> DashboardFrame {
        let now = clock.now()
        let palette = environment.palette
        var drawn = DashboardFrame(frame: Frame(canvas: Canvas(size: size, fill: .blank(CellStyle(foreground: palette.primary, background: palette.background)))))
        let (layout, page) = size == screenSize ? (self.layout, currentPage) : layout(for: size)
        let area = homeArea(for: size)
        if isLocked {
            drawLockScreen(&drawn, now: now)
        } else if layout.pages.allSatisfy(\.isEmpty) {
            drawTooSmall(&drawn.frame.canvas)
        } else {
            let placements = layout.pages[min(page, layout.pages.count - 1)]
            var panels: [(id: Int, rect: CellRect, view: RenderedView?)] = []
            for placement in placements {
                let instance = slotInstance(placement.index)
                let origin = CellPoint(x: area.x + placement.rect.x, y: area.y + placement.rect.y)
                // The inspector covers the page: no panel is drawn, so none may tick.
                let view = showsInspector ? nil : panelView(instance, now: now)
                panels.append((instance.id, CellRect(origin: origin, size: instance.family.size), view))
                guard let view else { continue }
                drawn.frame.canvas.draw(view.canvas, at: origin)
                drawn.frame.redraw(at: view.nextRefresh)
            }
            drawn.regions.panels = panels
            if showsInspector { drawInspector(&drawn.frame.canvas, page: placements.map { slotInstance($0.index) }, now: now) }
        }
        if !isLocked && !showsInspector { drawIsland(&drawn, now: now) }
        // The stack, bottom up: the screens over the page, the status line, then the help,
        // which covers the status line too.
        for overlay in overlays {
            switch overlay {
            case .detail(let instance, let url): drawDetail(&drawn, instance: instance, url: url, now: now)
            case .controlCenter: drawControlCenter(&drawn, now: now)
            case .inspector, .help: break
            }
        }
        drawStatusLine(&drawn, pageCount: layout.pages.count, page: page, now: now)
        if showsHelp { HelpScreen.render(into: &drawn.frame.canvas, palette: environment.palette) }
        return drawn
    }

    /// The panel of `instance` as its state is now, from the memo when it still stands for that.
    private func panelView(_ instance: WidgetInstance, now: Date) -> RenderedView {
        if !dirtyPanels.contains(instance.id), let cached = panelCache[instance.id], cached.nextRefresh.map({ now < $0 }) ?? true {
            return cached
        }
        let panel = WidgetPanel(description: instance.description, family: instance.family)
        let interaction = panelInteraction(for: instance.id)
        let rendered = panel.render(resolvedView(of: instance, panel, interaction: interaction), now: now, status: instance.status,
                                    focused: FocusRing.instance(of: focus.focused) == instance.id, interaction: interaction,
                                    stack: stackDots(of: instance.id))
        panelCache[instance.id] = rendered
        return rendered
    }

    /// The view of `instance` made from what it is made of now, from the memo while that stands.
    private func resolvedView(of instance: WidgetInstance, _ panel: WidgetPanel, interaction: PanelInteraction) -> ResolvedPanel {
        let key = ResolvedPanel.Key(content: instance.contentKey, environment: environmentRevision, generation: viewGeneration, locked: isLocked,
                                    invalidated: interaction.invalidated, toggleOverrides: interaction.toggleOverrides)
        if let kept = resolvedPanels[instance.id], kept.key == key { return kept.panel }
        // The stale view goes first, so that the new one is made in the memory it leaves.
        resolvedPanels[instance.id] = nil
        let resolved = panel.resolve(entry: instance.currentEntry, environment: environment, locked: isLocked,
                                     interaction: interaction, placeholder: instance.placeholder)
        resolvedPanels[instance.id] = (key, resolved)
        return resolved
    }

    /// Drops a panel's memo entry: what it depends on changed without marking it dirty.
    func forgetPanel(_ id: Int) { panelCache[id] = nil }

    /// The screen area the home grid uses: everything but the status line, with a top margin
    /// when a row is to spare.
    var homeArea: CellRect { homeArea(for: screenSize) }

    func homeArea(for screenSize: CellSize) -> CellRect {
        let height = max(0, screenSize.height - 1)
        let gridRows = (height + HomeLayout.rowGutter) / (HomeLayout.slotSize.height + HomeLayout.rowGutter)
        let used = gridRows * (HomeLayout.slotSize.height + HomeLayout.rowGutter) - HomeLayout.rowGutter
        let top = height - used >= 2 ? 1 : 0
        return CellRect(x: 0, y: top, width: screenSize.width, height: height - top)
    }

    /// The layout and the page shown at a size other than the screen's (a render asked for one).
    func layout(for size: CellSize) -> (HomeLayout.Result, Int) {
        let layout = pack(in: homeArea(for: size).size).0
        return (layout, min(currentPage, max(0, layout.pages.count - 1)))
    }

    // MARK: Drawing the chrome

    /// The status line: the app's state on the left, the time and the keys on the right.
    private func drawStatusLine(_ drawn: inout DashboardFrame, pageCount: Int, page: Int, now: Date) {
        var left = " widgetdash" + presentationStatus()
        if let notice = interactionNotice(now: now) { left += "  " + notice }
        let c = environment.calendarInZone.dateComponents([.hour, .minute], from: now)
        let line = StatusLine(left: left, time: travelStatus(now: now) ?? Self.clockText(c.hour ?? 0, c.minute ?? 0),
                              pageCount: pageCount, page: page, locked: isLocked)
        line.render(into: &drawn.frame, now: now, palette: environment.palette)
    }

    /// "07:05": `String(format:)` would go through CoreFoundation's formatter at every minute.
    private static func clockText(_ hour: Int, _ minute: Int) -> String {
        func pad(_ v: Int) -> String { v >= 0 && v < 10 ? "0\(v)" : String(v) }
        return pad(hour) + ":" + pad(minute)
    }

    private func drawTooSmall(_ screen: inout Canvas) {
        let needed = instances.map(\.family.size).min { $0.width * $0.height < $1.width * $1.height } ?? HomeLayout.slotSize
        TooSmallScreen.render(needed: needed, into: &screen, palette: environment.palette)
    }
}
