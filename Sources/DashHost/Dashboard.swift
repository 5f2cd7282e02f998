import Foundation
import Synchronization
import WidgetDash

/// The running dashboard: widgets, their scheduler, and the screens, driven by the run loop.
///
/// Everything here happens on the run loop's thread. Providers run as tasks; their answers
/// come back through a mailbox and a wake-up of the loop, so nothing here is shared.
public final class Dashboard: InteractiveHost {
    public let clock: any DashClock
    public internal(set) var environment: EnvironmentValues
    /// Every placement, stack members one by one; the configuration platter changes parameters.
    public internal(set) var placements: [WidgetPlacement]
    /// The theme, the lock and the lock screen's widgets.
    public let presentation: Presentation
    public let scheduler: TimelineScheduler
    /// The widgets in placement order.
    public internal(set) var instances: [WidgetInstance] = []
    /// The home screen's slots: single widgets and Smart Stacks (see SmartStack.swift).
    public internal(set) var slots: [SmartStack] = []

    private let mailbox = Mailbox()
    /// The run loop's waker, kept for an activity controller attached later.
    var waker: (@Sendable () -> Void)?
    /// Provider tasks by request serial: a retry after a time-out may run beside the
    /// abandoned request, and only the current one is waited for.
    private var inFlight: [Int: Task<Void, Never>] = [:]
    let center = WidgetCenterBridge()
    /// What widget code reaches through WidgetKit's entry points, bound around every provider
    /// call and intent (tasks started here are detached, so they do not inherit a binding).
    public let services: WidgetServices
    /// What scripts changed in the shared store (see DashboardStore.swift); a shell gives every
    /// dashboard it builds its own queue, so one rebuilt after a config change hears the same
    /// listener.
    public var storeChanges = StoreChangeQueue()
    /// Which panel Tab has focused (`r` reloads it).
    public internal(set) var focus = FocusRing()
    /// True while the inspector (`i`) covers the screen.
    public internal(set) var showsInspector = false
    /// Taps in flight, elements on screen, the detail view and the control center.
    let interaction = InteractionState()
    /// Live Activities: the Dynamic Island and the lock screen's cards (nil: none in this build).
    public internal(set) var activities: ActivityController?

    // Screen state.
    public private(set) var screenSize = CellSize(width: 80, height: 24)
    public private(set) var currentPage = 0
    public private(set) var showsHelp = false
    private var layout = HomeLayout.Result(pages: [[]], unplaced: [])
    /// How many home placements each configured page holds (nil: one flowing list).
    public let pageSizes: [Int]?
    /// The configured page each displayed page belongs to (a page too big for the terminal
    /// flows onto several).
    private var pageGroup: [Int] = [0]
    private var panelCache: [Int: Canvas] = [:]
    var dirtyPanels = Set<Int>()
    var screenDirty = true
    private var statusMinute: Date?

    public init(widgets: [WidgetDescription], placements: [WidgetPlacement], clock: any DashClock, environment: EnvironmentValues = EnvironmentValues(), settings: SchedulerSettings = SchedulerSettings(), presentation options: PresentationOptions = PresentationOptions(), pageSizes: [Int]? = nil, stackSizes: [Int]? = nil,
                services: WidgetServices = .current) {
        self.services = services
        self.pageSizes = pageSizes
        self.clock = clock
        self.environment = environment
        self.placements = placements
        self.presentation = Presentation(options, now: clock.now())
        self.scheduler = TimelineScheduler(settings: settings)
        if let travel = clock as? TravelClock { scheduler.clockSpeed = travel.speed }
        let byKind = Dictionary(widgets.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
        let now = clock.now()
        for (i, placement) in placements.enumerated() {
            guard let description = byKind[placement.kind] else { continue }
            let instance = WidgetInstance(id: i, description: Self.described(description.configured(with: placement.parameters), by: placement), family: placement.family)
            instances.append(instance)
            perform(scheduler.add(instance, at: now, settings: Self.instanceSettings(for: placement, of: description)))
        }
        slots = Self.makeSlots(homeIDs: instances.map(\.id), placementCount: placements.count, sizes: stackSizes)
        setUpPresentation(widgets: widgets)
        updateStacks(at: now)
        center.setShown(instances.map { WidgetCenter.WidgetInfo(kind: $0.description.kind, family: $0.family) })
        relayout()
    }

    // MARK: InteractiveHost

    public func attach(waker: @escaping @Sendable () -> Void) {
        mailbox.setWaker(waker)
        center.setWaker(waker)
        interaction.mailbox.setWaker(waker)
        storeChanges.setWaker(waker)
        presentation.passcodeChecks.setWaker(waker)
        activities?.setWaker(waker)
        self.waker = waker
    }

    public var needsDisplay: Bool { screenDirty || !dirtyPanels.isEmpty }

    public func secondsUntilNextDeadline() -> Double? {
        let candidates = [scheduler.nextDeadline(), nextStatusLineChange(), presentationDeadline(), interactionDeadline(), stackDeadline(),
                          activities?.deadline(now: clock.now())].compactMap { $0 }
        guard let earliest = candidates.min() else { return nil }
        return max(0, clock.wallSeconds(until: earliest))
    }

    public func advance() {
        let now = clock.now()
        for delivery in mailbox.drain() {
            inFlight[delivery.request.serial] = nil
            if let effects = scheduler.deliver(delivery.result, for: delivery.request, at: now, seconds: delivery.seconds) {
                perform(effects)
                dirtyPanels.insert(delivery.request.instance)
                intentReloadEnded(delivery.request)
            }
        }
        advanceInteraction(now: now)
        takePasscodeChecks(at: now)
        for kind in center.drain() {
            perform(scheduler.requestReload(kind: kind, reason: .widgetCenter, at: now))
        }
        handleStoreChanges(storeChanges.drain(), at: now)
        if activities?.advance(now: now, speed: scheduler.clockSpeed) == true { screenDirty = true }
        perform(scheduler.advance(to: now))
        updateStacks(at: now)
        lockIfIdle(at: now)
        if let minute = statusMinute, now >= minute { screenDirty = true }
    }

    public func handle(_ event: InputEvent) -> HostAction {
        switch event {
        case .resize(let size):
            screenSize = size
            relayout()
        case .key(let key):
            if showsHelp {
                showsHelp = false
                screenDirty = true
                if key == .character("q") { return .quit }
                return .continue
            }
            if let action = handleActivityKey(key) { return action }
            if let action = handleLockedInteractionKey(key) { return action }
            if let action = handlePresentationKey(key) { return action }
            if showsInspector, key == .escape || key == .character("i") {
                showsInspector = false
                invalidateAll()
                return .continue
            }
            if !showsInspector, let action = handleInteractionKey(key) { return action }
            if handleSchedulingKey(key) { return .continue }
            if handleStackKey(key) { return .continue }
            switch key {
            case .character("q"), .control("c"), .control("d"): return .quit
            case .character("?"), .function(1):
                showsHelp = true
                screenDirty = true
            case .character("R"):
                for instance in instances { perform(scheduler.requestReload(instance.id, reason: .user, at: clock.now())) }
            case .pageDown, .character("n"):
                turnPage(to: currentPage + 1)
            case .pageUp, .character("p"):
                turnPage(to: currentPage - 1)
            case .character(let c) where c.isNumber:
                if let n = c.wholeNumberValue, n >= 1 { turnPage(to: n - 1) }
            default:
                break
            }
        case .mouse(let mouse):
            return handleMouse(mouse)
        }
        return .continue
    }

    public func render(size: CellSize) -> Canvas {
        if size != screenSize {
            screenSize = size
            relayout()
        }
        let now = clock.now()
        let palette = environment.palette
        var screen = Canvas(size: size, fill: .blank(CellStyle(foreground: palette.primary, background: palette.background)))
        let area = homeArea
        if isLocked {
            drawLockScreen(&screen, now: now)
        } else if layout.pages.allSatisfy(\.isEmpty) {
            drawTooSmall(&screen)
        } else {
            let page = layout.pages[min(currentPage, layout.pages.count - 1)]
            let panelRects = page.map { (id: slotInstance($0.index).id, rect: CellRect(origin: CellPoint(x: area.x + $0.rect.x, y: area.y + $0.rect.y), size: slotInstance($0.index).family.size)) }
            // The inspector covers the page: no panel is visible, so none may tick.
            let visible = showsInspector ? [] : Set(page.map { slotInstance($0.index).id })
            for placement in page where !showsInspector {
                let instance = slotInstance(placement.index)
                let panel = panelCanvas(instance, now: now)
                screen.draw(panel, at: CellPoint(x: area.x + placement.rect.x, y: area.y + placement.rect.y))
            }
            // After drawing: the panels just reported their interactive elements.
            updateFocusOrder(panels: panelRects)
            if showsInspector { drawInspector(&screen, page: page.map { slotInstance($0.index) }, now: now) }
            // Live text ticks only while visible: forget the refreshes of widgets off screen.
            for instance in instances where !visible.contains(instance.id) {
                scheduler.setRefresh(instance.id, at: nil, now: now)
            }
        }
        if !isLocked && !showsInspector { drawIsland(&screen, now: now) }
        drawInteractionScreens(&screen, now: now)
        drawStatusLine(&screen, now: now)
        if showsHelp { drawHelp(&screen) }
        dirtyPanels.removeAll()
        screenDirty = false
        return screen
    }

    // MARK: Testing and tools

    /// Waits for every provider call in flight and takes in the answers (for tests and tools).
    public func settle() async {
        while !inFlight.isEmpty {
            let tasks = Array(inFlight.values)
            for task in tasks { await task.value }
            advance()
        }
    }

    /// Marks every panel for redrawing (benchmarks use it to measure a full frame).
    public func invalidateAll() {
        dirtyPanels.formUnion(instances.map(\.id))
        screenDirty = true
    }

    /// The instance at a placement index.
    public func instance(at index: Int) -> WidgetInstance? { instances.first { $0.id == index } }

    // MARK: Internals

    /// The screen area the home grid uses: everything but the status line, with a top margin
    /// when a row is to spare.
    private var homeArea: CellRect {
        let height = max(0, screenSize.height - 1)
        let gridRows = (height + HomeLayout.rowGutter) / (HomeLayout.slotSize.height + HomeLayout.rowGutter)
        let used = gridRows * (HomeLayout.slotSize.height + HomeLayout.rowGutter) - HomeLayout.rowGutter
        let top = height - used >= 2 ? 1 : 0
        return CellRect(x: 0, y: top, width: screenSize.width, height: height - top)
    }

    private func relayout() {
        if let pageSizes {
            (layout, pageGroup) = HomeLayout.pack(slots.map { instances[$0.members[0]].family }, groups: pageSizes, in: homeArea.size)
        } else {
            layout = HomeLayout.pack(slots.map { instances[$0.members[0]].family }, in: homeArea.size)
            pageGroup = Array(repeating: 0, count: layout.pages.count)
        }
        currentPage = min(currentPage, max(0, layout.pages.count - 1))
        dirtyPanels.formUnion(instances.map(\.id))
        screenDirty = true
    }

    /// The configured page (0-based) the page on screen shows: where the gallery adds.
    public var currentPageGroup: Int { pageGroup.indices.contains(currentPage) ? pageGroup[currentPage] : 0 }

    /// The slots on the page on screen.
    var visibleSlots: [Int] { layout.pages.indices.contains(currentPage) ? layout.pages[currentPage].map(\.index) : [] }

    /// How many pages the home screen has at the current size.
    public var pageCount: Int { layout.pages.count }

    /// How many widgets the page on screen shows.
    public var visibleWidgetCount: Int { layout.pages.indices.contains(currentPage) ? layout.pages[currentPage].count : 0 }

    func turnPage(to page: Int) {
        let clamped = max(0, min(layout.pages.count - 1, page))
        guard clamped != currentPage else { return }
        currentPage = clamped
        screenDirty = true
    }

    private func panelCanvas(_ instance: WidgetInstance, now: Date) -> Canvas {
        if !dirtyPanels.contains(instance.id), let cached = panelCache[instance.id] { return cached }
        let rendered = WidgetPanel(description: instance.description, family: instance.family)
            .render(entry: instance.currentEntry, environment: environment, now: now, status: instance.status,
                    focused: FocusRing.instance(of: focus.focused) == instance.id, locked: isLocked,
                    interaction: panelInteraction(for: instance.id), stack: stackDots(of: instance.id))
        recordInteraction(instance.id, rendered)
        panelCache[instance.id] = rendered.canvas
        scheduler.setRefresh(instance.id, at: rendered.nextRefresh, now: now)
        return rendered.canvas
    }

    func perform(_ effects: [TimelineScheduler.Effect]) {
        for effect in effects {
            switch effect {
            case .reload(let request): startReload(request)
            case .entryChanged(let id), .refresh(let id), .deferred(let id, _, _): dirtyPanels.insert(id)
            case .timedOut(let request):
                // Abandoned: cancel the task (a cooperative provider stops) and stop waiting for it.
                inFlight.removeValue(forKey: request.serial)?.cancel()
                dirtyPanels.insert(request.instance)
                intentReloadEnded(request)
            }
        }
        // The inspector shows the scheduler's state: anything that happened changes it.
        if showsInspector && !effects.isEmpty { screenDirty = true }
    }

    private func startReload(_ request: ReloadRequest) {
        guard let instance = instance(at: request.instance) else { return }
        let provider = instance.description.provider
        // The travelled "now": providers date their entries from the dashboard's clock.
        let context = TimelineProviderContext(family: instance.family, date: clock.now(), parameters: parameters(of: request.instance))
        let mailbox = self.mailbox
        let services = self.services
        inFlight[request.serial] = Task.detached {
            let started = ContinuousClock.now
            let result: Result<ErasedTimeline, any Error>
            do { result = .success(try await services.bind { try await provider.timeline(context) }) } catch { result = .failure(error) }
            let elapsed = ContinuousClock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            mailbox.post(ProviderDelivery(request: request, result: result, seconds: seconds))
        }
    }


    /// When the status line's clock shows a new minute. It is noted when the line is drawn, so
    /// asking for the next deadline never moves it past a minute not drawn yet; nil when that
    /// minute has passed and the line was not drawn since (another screen covers it).
    private func nextStatusLineChange() -> Date? {
        guard let minute = statusMinute, minute > clock.now() else { return nil }
        return minute
    }

    // MARK: Drawing the chrome

    private func drawStatusLine(_ screen: inout Canvas, now: Date) {
        guard screen.height > 0 else { return }
        let palette = environment.palette
        let y = screen.height - 1
        let style = CellStyle(foreground: palette.statusLineForeground, background: palette.statusLineBackground)
        screen.fill(CellRect(x: 0, y: y, width: screen.width, height: 1), style: style)
        var left = " widgetdash" + presentationStatus()
        if let notice = interactionNotice(now: now) { left += "  " + notice }
        if layout.pages.count > 1 {
            left += "  " + (0..<layout.pages.count).map { $0 == currentPage ? "●" : "○" }.joined(separator: " ")
        }
        let c = environment.calendarInZone.dateComponents([.hour, .minute], from: now)
        var time = String(format: "%02d:%02d", c.hour ?? 0, c.minute ?? 0)
        if let travel = travelStatus(now: now) { time = travel }
        let hints = isLocked ? "l unlock  q quit " : layout.pages.count > 1 ? "PgUp/PgDn pages  ? help  q quit " : "? help  q quit "
        let right = time + "   " + hints
        screen.write(left, x: 0, y: y, style: CellStyle(foreground: palette.statusLineForeground, background: palette.statusLineBackground, attributes: .bold))
        let rx = screen.width - TextWidth.width(of: right)
        if rx > TextWidth.width(of: left) + 1 { screen.write(right, x: rx, y: y, style: style) }
        statusMinute = Date(timeIntervalSince1970: (now.timeIntervalSince1970 / 60).rounded(.down) * 60 + 60)
    }

    /// The keys, for the help overlay: short enough that two columns fit 80×24.
    public static let keyHelp: [(String, String)] = [
        ("q, Ctrl-C", "quit"),
        ("?", "show or hide this help"),
        ("PgDn, n", "next page"),
        ("PgUp, p", "previous page"),
        ("1-9", "go to page"),
        ("Tab, ⇧Tab", "next, previous control"),
        ("arrows", "move the focus that way"),
        ("Enter/Space", "tap it (a click taps)"),
        ("r", "reload focused widget"),
        ("R", "reload every widget"),
        ("e", "edit widget options"),
        ("<, >", "rotate a Smart Stack"),
        ("c", "control center"),
        ("x", "open the Live Activity"),
        ("x (locked)", "clear ended activities"),
        ("Esc", "close what is open"),
        ("i", "scheduler inspector"),
        ("], }", "travel 15 min, 1 hour"),
        ("0", "back to real time"),
        ("t, T", "light/dark, next theme"),
        ("l", "lock or unlock"),
        ("g", "gallery"),
        ("d", "demo by family"),
        ("s", "StandBy"),
    ]

    /// The help overlay: one column when the screen is tall enough, else two.
    private func drawHelp(_ screen: inout Canvas) {
        let palette = environment.palette
        let keyWidth = (Self.keyHelp.map { TextWidth.width(of: $0.0) }.max() ?? 8) + 2
        let lines = Self.keyHelp.map { key, action in key + String(repeating: " ", count: max(1, keyWidth - TextWidth.width(of: key))) + action }
        let lineWidth = lines.map { TextWidth.width(of: $0) }.max() ?? 20
        let columns = lines.count + 4 <= screen.height ? 1 : 2
        let rows = (lines.count + columns - 1) / columns
        let gap = 3
        let width = min(screen.width, columns * lineWidth + (columns - 1) * gap + 6)
        let height = min(screen.height, rows + 4)
        let rect = CellRect(x: (screen.width - width) / 2, y: (screen.height - height) / 2, width: width, height: height)
        let bg = CellStyle(foreground: palette.primary, background: palette.widgetBackground)
        screen.fill(rect, style: bg)
        screen.drawBox(rect, border: .rounded, style: CellStyle(foreground: palette.focusedBorder), title: "Keys",
                       titleStyle: CellStyle(foreground: palette.focusedBorder, attributes: .bold))
        screen.withClip(rect.inset(by: 1)) { s in
            for (i, line) in lines.enumerated() {
                let column = i / rows
                s.write(line, x: rect.x + 3 + column * (lineWidth + gap), y: rect.y + 2 + i % rows, style: bg)
            }
        }
    }

    private func drawTooSmall(_ screen: inout Canvas) {
        let needed = instances.map(\.family.size).min { $0.width * $0.height < $1.width * $1.height } ?? HomeLayout.slotSize
        let message = "Terminal too small: \(screen.width)×\(screen.height). Needs at least \(needed.width)×\(needed.height + 1)."
        let lines = TextWidth.wrap(message, toWidth: max(1, screen.width))
        let top = max(0, (screen.height - 1 - lines.count) / 2)
        let style = CellStyle(foreground: environment.palette.primary, background: environment.palette.background)
        for (i, line) in lines.enumerated() where top + i < screen.height - 1 {
            screen.write(line, x: max(0, (screen.width - TextWidth.width(of: line)) / 2), y: top + i, style: style)
        }
    }
}

/// A provider's answer to one request, as the run loop takes it in.
struct ProviderDelivery: Sendable {
    var request: ReloadRequest
    var result: Result<ErasedTimeline, any Error>
    var seconds: TimeInterval
}

/// Where provider tasks leave their answers for the run loop.
typealias Mailbox = LoopMailbox<ProviderDelivery>
