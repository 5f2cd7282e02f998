import Foundation
import WidgetDash

/// The dashboard's Live Activities: the Dynamic Island at the top of the home screen, the cards
/// on the lock screen, their keys and clicks. Kept apart from the screen code in Dashboard.swift.
extension Dashboard {
    /// Shows the activities `controller` keeps (the shell passes the same one to every dashboard
    /// it builds).
    public func setActivities(_ controller: ActivityController?) {
        activities = controller
        if let waker { controller?.setWaker(waker) }
        screenDirty = true
    }

    /// Rings, runs and shows what the widgets' thresholds ask through `center` (the shell passes
    /// the same one to every dashboard it builds).
    public func setAlerts(_ center: AlertCenter?) { alerts = center }

    /// The widest the expanded island gets.
    static let expandedIslandWidth = 72

    // MARK: Drawing

    /// Draws the island at the top centre: compact for one activity, minimal for several,
    /// expanded when opened (by `x`, a click or an alert).
    func drawIsland(_ frame: inout DashboardFrame, now: Date) {
        guard let activities else { return }
        frame.regions.island = (nil, [], nil)
        let shown = activities.inIsland(at: now)
        guard !shown.isEmpty, frame.frame.canvas.width >= 12, frame.frame.canvas.height >= 3 else { return }
        let screenWidth = frame.frame.canvas.width
        let presenter = ActivityPresenter(environment: environment, islandPalette: islandPalette, now: now)
        let center = screenWidth / 2
        var drawn: ActivityPresenter.Drawn
        var origin: CellPoint
        if let expansion = activities.expansion, let record = shown.first(where: { $0.id == expansion.id }) {
            let views = activities.viewsOrFallback(for: record, at: now)
            let title = expansion.alert.map { $0.body.isEmpty ? $0.title : "\($0.title) · \($0.body)" }
            drawn = presenter.expanded(views, width: min(screenWidth - 2, Self.expandedIslandWidth), title: title,
                                       badge: ActivityRules.state(of: record, at: now) == .stale ? "out of date" : nil)
            let order = Array(drawn.elements.indices)
            frame.regions.island?.focusOrder = order
            // The focus as the router keeps it once it has this frame's order (FocusRing.update).
            if expansion.byPerson, let focus = activities.islandFocus.focused, order.contains(focus) {
                drawn.canvas.markFocused(drawn.elements[focus].rect, color: environment.palette.focusedBorder)
            }
            origin = CellPoint(x: max(0, (screenWidth - drawn.canvas.width) / 2), y: 0)
        } else if shown.count >= 2 {
            let first = activities.viewsOrFallback(for: shown[0], at: now)
            let second = activities.viewsOrFallback(for: shown[1], at: now)
            let (pill, camera) = presenter.minimal(first, second)
            drawn = pill
            origin = CellPoint(x: max(0, center - camera), y: 0)
        } else {
            drawn = presenter.compact(activities.viewsOrFallback(for: shown[0], at: now))
            origin = CellPoint(x: max(0, (screenWidth - drawn.canvas.width) / 2), y: 0)
        }
        frame.frame.canvas.draw(drawn.canvas, at: origin)
        frame.regions.island?.rect = CellRect(origin: origin, size: drawn.canvas.size)
        frame.regions.island?.elements = drawn.elements.map { $0.moved(by: origin) }
        frame.frame.redraw(at: drawn.nextRefresh)
    }

    /// Keeps where the island and the cards were drawn (the router's step after a frame), and
    /// corrects their focus to the buttons drawn.
    func keepActivityRegions(_ regions: DrawnRegions) {
        guard let activities else { return }
        if let island = regions.island {
            activities.islandRect = island.rect
            activities.islandElements = island.elements
            if let order = island.focusOrder { activities.islandFocus.update(order: order) }
        }
        if let cards = regions.cards { activities.cards = cards }
        if let order = regions.cardFocusOrder { activities.cardFocus.update(order: order) }
    }

    /// Draws the lock screen's activity cards from row `top` down, as many as fit above the
    /// last row; the rest are counted. An alert shows as a banner at the top.
    /// Returns the next moment a card changes by itself.
    func drawActivityCards(_ screen: inout Canvas, from top: Int, now: Date, regions: inout DrawnRegions) -> Date? {
        guard let activities else { return nil }
        regions.cards = []
        var next: Date?
        let presenter = ActivityPresenter(environment: environment, islandPalette: islandPalette, now: now)
        let width = min(screen.width - 4, 60)
        let bottom = screen.height - 2
        var y = top
        var elementIndex = 0
        let shown = activities.shown(at: now)
        guard width >= 16 else { return nil }
        if let problem = activities.loadProblem {
            let card = presenter.problemCard("Live Activities could not be read: \(problem)", width: width)
            if y + card.canvas.height <= bottom {
                screen.draw(card.canvas, at: CellPoint(x: (screen.width - card.canvas.width) / 2, y: y))
                y += card.canvas.height + 1
            }
        }
        for (i, record) in shown.enumerated() {
            let state = ActivityRules.state(of: record, at: now)
            let badge: String? = state == .ended ? "ended" : state == .stale ? "out of date" : nil
            var drawn = presenter.lockScreenCard(activities.viewsOrFallback(for: record, at: now), width: width, locked: true, badge: badge)
            guard y + drawn.canvas.height <= bottom else {
                // The rest are counted on the hint row, which says how to see them.
                let palette = environment.palette
                let note = "+\(shown.count - i) more Live Activit\(shown.count - i == 1 ? "y" : "ies") · l to unlock"
                let row = screen.height - 2
                screen.fill(CellRect(x: 0, y: row, width: screen.width, height: 1), style: CellStyle(foreground: palette.tertiary, background: palette.background))
                screen.write(note, x: max(0, (screen.width - TextWidth.width(of: note)) / 2), y: row, style: CellStyle(foreground: palette.tertiary, background: palette.background))
                break
            }
            for e in drawn.elements {
                if activities.cardFocus.focused == elementIndex { drawn.canvas.markFocused(e.rect, color: environment.palette.focusedBorder) }
                elementIndex += 1
            }
            let origin = CellPoint(x: (screen.width - drawn.canvas.width) / 2, y: y)
            screen.draw(drawn.canvas, at: origin)
            regions.cards?.append((record.id, CellRect(origin: origin, size: drawn.canvas.size), drawn.elements.map { $0.moved(by: origin) }))
            next = [next, drawn.nextRefresh].compactMap { $0 }.min()
            y += drawn.canvas.height + 1
        }
        regions.cardFocusOrder = Array(0..<elementIndex)
        if let banner = activities.banner { drawBanner(banner.alert, on: &screen) }
        return next
    }

    /// An alert on the lock screen, where there is no island: a banner across the top.
    private func drawBanner(_ alert: AlertConfiguration, on screen: inout Canvas) {
        let palette = environment.palette
        let width = min(screen.width - 2, 64)
        guard width >= 10, screen.height >= 4 else { return }
        let rect = CellRect(x: (screen.width - width) / 2, y: 0, width: width, height: 3)
        let style = CellStyle(foreground: palette.primary, background: palette.widgetBackground)
        screen.fill(rect, style: style)
        screen.drawBox(rect, border: .rounded, style: CellStyle(foreground: palette.focusedBorder, background: palette.widgetBackground),
                       title: alert.title, titleStyle: CellStyle(foreground: palette.primary, background: palette.widgetBackground, attributes: .bold))
        screen.withClip(rect.inset(by: 1)) { $0.write(alert.body, x: rect.x + 2, y: rect.y + 1, style: style) }
    }

    /// The theme's dark palette: the island is dark in every theme.
    var islandPalette: Palette {
        presentation.theme.variants[.dark] ?? environment.palette
    }

    // MARK: Keys and clicks

    /// `x` opens and closes the island; while it is open (by the person) Tab and the arrows move
    /// between its buttons, Enter and Space tap them, Esc closes it. On the lock screen, Tab
    /// reaches the cards' buttons. Nil: not an activity key.
    func handleActivityKey(_ key: Key) -> HostAction? {
        guard let activities, presentation.lock.prompt == nil else { return nil }
        let now = clock.now()
        if isLocked {
            if key == .character("x") {
                // Clears the ended ones, as a person swipes them away on the phone.
                let ended = activities.shown(at: now).filter { ActivityRules.state(of: $0, at: now) == .ended }.map(\.id)
                guard !ended.isEmpty else { return nil }
                activities.dismiss(ended)
                screenDirty = true
                return .continue
            }
            let elements = activities.cards.flatMap { card in card.elements.map { (card.id, $0) } }
            guard !elements.isEmpty else { return nil }
            switch key {
            case .tab, .right, .down:
                activities.cardFocus.next()
            case .backTab, .left, .up:
                activities.cardFocus.previous()
            case .enter, .character(" "):
                guard let i = activities.cardFocus.focused, elements.indices.contains(i) else { return .continue }
                tapActivity(elements[i].0, elements[i].1)
            default:
                return nil
            }
            screenDirty = true
            return .continue
        }
        guard !showsInspector, detailView == nil, !showsControlCenter else { return nil }
        if key == .character("x") {
            if activities.toggleExpansion(at: now) { screenDirty = true; invalidateAll() }
            return activities.inIsland(at: now).isEmpty ? nil : .continue
        }
        guard let expansion = activities.expansion else { return nil }
        if key == .escape {
            // Esc closes the island whoever opened it, an alert included.
            activities.expansion = nil
            activities.islandFocus.clear()
            invalidateAll()
            return .continue
        }
        guard expansion.byPerson else { return nil }
        let elements = activities.islandElements
        switch key {
        case .escape:
            activities.expansion = nil
            activities.islandFocus.clear()
            invalidateAll()
        case .tab, .right, .down:
            activities.islandFocus.next()
        case .backTab, .left, .up:
            activities.islandFocus.previous()
        case .enter, .character(" "):
            if let i = activities.islandFocus.focused, elements.indices.contains(i) { tapActivity(expansion.id, elements[i]) }
        default:
            return nil
        }
        screenDirty = true
        return .continue
    }

    /// A click on the island opens it, or taps the button under it when open; a click on a lock
    /// screen card's button taps it. False: the click was not on an activity.
    func handleActivityMouse(_ mouse: MouseEvent) -> Bool {
        guard let activities, mouse.kind == .click else { return false }
        let now = clock.now()
        if isLocked {
            for card in activities.cards where card.rect.contains(mouse.location) {
                if let element = card.elements.first(where: { $0.rect.contains(mouse.location) }) { tapActivity(card.id, element) }
                return true
            }
            return false
        }
        guard let rect = activities.islandRect, rect.contains(mouse.location), !showsInspector, detailView == nil, !showsControlCenter else { return false }
        if let expansion = activities.expansion {
            if let i = activities.islandElements.firstIndex(where: { $0.rect.contains(mouse.location) }) {
                activities.islandFocus.focus(i)
                tapActivity(expansion.id, activities.islandElements[i])
            } else if !expansion.byPerson {
                // An alert opened it; a click keeps it open.
                activities.expansion?.byPerson = true
                activities.expansion?.until = nil
            }
        } else {
            _ = activities.toggleExpansion(at: now)
            invalidateAll()
        }
        screenDirty = true
        return true
    }

    /// Taps a button or toggle of an activity: runs its intent off the loop; the intent's
    /// update reaches the screen through the store, like a script's.
    private func tapActivity(_ id: String, _ element: InteractiveElement) {
        switch element.action {
        case .perform(let intent), .toggle(_, let intent):
            runIntent(intent, owner: .activity(id))
        case .open(let url):
            if LinkOpener.isWebURL(url), interaction.opener != nil { openExternally(url) }
        }
        screenDirty = true
    }
}
