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
    /// What scripts changed in the shared store (see DashboardStore.swift); the process-wide
    /// queue, so a dashboard rebuilt after a config change hears the same listener.
    public var storeChanges: StoreChangeQueue = .shared
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
    /// A memo of rendered panels, not state: an entry stands for a render of the panel as its
    /// state is now, until the panel is marked dirty or its live text's next moment comes.
    private var panelCache: [Int: RenderedView] = [:]
    /// What changed since the last frame drawn; the router clears them after drawing.
    var dirtyPanels = Set<Int>()
    var screenDirty = true
    /// The size of the frame last drawn and when it changes by itself.
    private var lastDrawn: (size: CellSize, nextRedraw: Date?)?

    public init(widgets: [WidgetDescription], placements: [WidgetPlacement], clock: any DashClock, environment: EnvironmentValues = EnvironmentValues(), settings: SchedulerSettings = SchedulerSettings(), presentation options: PresentationOptions = PresentationOptions(), pageSizes: [Int]? = nil, stackSizes: [Int]? = nil) {
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

    /// True when the state changed since the last frame drawn.
    var hasChanges: Bool { screenDirty || !dirtyPanels.isEmpty }

    /// True when the state changed since the last frame drawn, or that frame's cells changed
    /// by themselves (live text, the status line's minute).
    public var needsDisplay: Bool {
        hasChanges || lastDrawn.map { frame in frame.nextRedraw.map { clock.now() >= $0 } ?? false } ?? true
    }

    public func secondsUntilNextDeadline() -> Double? {
        seconds(until: [stateDeadline(), nextRedraw()].compactMap { $0 }.min())
    }

    /// The next moment the state changes by itself: the scheduler, the lock, intents, stacks and
    /// Live Activities (what is drawn is not asked: see ``nextRedraw()``).
    func stateDeadline() -> Date? {
        [scheduler.nextDeadline(), presentationDeadline(), interactionDeadline(), stackDeadline(),
         activities?.deadline(now: clock.now())].compactMap { $0 }.min()
    }

    /// Wall-clock seconds until `date` (never negative); nil for nil.
    func seconds(until date: Date?) -> Double? {
        date.map { max(0, clock.wallSeconds(until: $0)) }
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
                return HelpScreen.handle(key) == .closeAndQuit ? .quit : .continue
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

    /// The router's draw step: takes in a new size, renders the frame, then keeps what it drew
    /// (see ``didDraw(_:size:)``).
    public func render(size: CellSize) -> Canvas {
        takeSize(size)
        let drawn = renderFrame(size: size)
        didDraw(drawn, size: size)
        return drawn.frame.canvas
    }

    /// Takes in the size the screen is drawn at (the run loop resizes first; tests may not).
    func takeSize(_ size: CellSize) {
        guard size != screenSize else { return }
        screenSize = size
        relayout()
    }

    /// Forgets what changed since the last frame: another screen drew it (StandBy).
    func clearChanges() {
        dirtyPanels.removeAll()
        screenDirty = false
    }

    /// The frame for the state as it is, at `size`: pure, it writes nothing but the memo of
    /// rendered panels (see ``panelView(_:now:)``). Rendering twice gives the same frame.
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
        drawInteractionScreens(&drawn, now: now)
        drawStatusLine(&drawn, pageCount: layout.pages.count, page: page, now: now)
        if showsHelp { HelpScreen.render(into: &drawn.frame.canvas, palette: environment.palette) }
        return drawn
    }

    /// The router's step after a frame is drawn: keeps the regions it drew (for clicks, arrows
    /// and Tab), corrects the focus to what is on screen, and clears the dirty marks.
    func didDraw(_ drawn: DashboardFrame, size: CellSize) {
        if let panels = drawn.regions.panels {
            for panel in panels { if let view = panel.view { recordInteraction(panel.id, view) } }
            updateFocusOrder(panels: panels.map { ($0.id, $0.rect) })
        }
        if let tiles = drawn.regions.controlTiles { interaction.controlTiles = tiles }
        keepActivityRegions(drawn.regions)
        clearChanges()
        lastDrawn = (size, drawn.frame.nextRedraw)
    }

    /// The next moment the frame for the current state changes by itself. The frame last drawn
    /// answers when nothing changed since; otherwise the frame is rendered (purely) to learn it,
    /// so the answer does not depend on whether a render happened.
    func nextRedraw() -> Date? {
        if let last = lastDrawn, !hasChanges, last.size == screenSize, last.nextRedraw.map({ clock.now() < $0 }) ?? true {
            return last.nextRedraw
        }
        return renderFrame(size: screenSize).frame.nextRedraw
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
    private var homeArea: CellRect { homeArea(for: screenSize) }

    private func homeArea(for screenSize: CellSize) -> CellRect {
        let height = max(0, screenSize.height - 1)
        let gridRows = (height + HomeLayout.rowGutter) / (HomeLayout.slotSize.height + HomeLayout.rowGutter)
        let used = gridRows * (HomeLayout.slotSize.height + HomeLayout.rowGutter) - HomeLayout.rowGutter
        let top = height - used >= 2 ? 1 : 0
        return CellRect(x: 0, y: top, width: screenSize.width, height: height - top)
    }

    private func relayout() {
        (layout, pageGroup) = pack(in: homeArea.size)
        currentPage = min(currentPage, max(0, layout.pages.count - 1))
        dirtyPanels.formUnion(instances.map(\.id))
        screenDirty = true
    }

    /// The home screen's slots packed into pages of `size`, and the configured page of each.
    private func pack(in size: CellSize) -> (HomeLayout.Result, [Int]) {
        let families = slots.map { instances[$0.members[0]].family }
        if let pageSizes { return HomeLayout.pack(families, groups: pageSizes, in: size) }
        let layout = HomeLayout.pack(families, in: size)
        return (layout, Array(repeating: 0, count: layout.pages.count))
    }

    /// The layout and the page shown at a size other than the screen's (a render asked for one).
    private func layout(for size: CellSize) -> (HomeLayout.Result, Int) {
        let layout = pack(in: homeArea(for: size).size).0
        return (layout, min(currentPage, max(0, layout.pages.count - 1)))
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

    /// The panel of `instance` as its state is now, from the memo when it still stands for that.
    private func panelView(_ instance: WidgetInstance, now: Date) -> RenderedView {
        if !dirtyPanels.contains(instance.id), let cached = panelCache[instance.id], cached.nextRefresh.map({ now < $0 }) ?? true {
            return cached
        }
        let rendered = WidgetPanel(description: instance.description, family: instance.family)
            .render(entry: instance.currentEntry, environment: environment, now: now, status: instance.status,
                    focused: FocusRing.instance(of: focus.focused) == instance.id, locked: isLocked,
                    interaction: panelInteraction(for: instance.id), stack: stackDots(of: instance.id))
        panelCache[instance.id] = rendered
        return rendered
    }

    /// Drops a panel's memo entry: what it depends on changed without marking it dirty.
    func forgetPanel(_ id: Int) { panelCache[id] = nil }

    func perform(_ effects: [TimelineScheduler.Effect]) {
        for effect in effects {
            switch effect {
            case .reload(let request): startReload(request)
            case .entryChanged(let id), .deferred(let id, _, _): dirtyPanels.insert(id)
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
        inFlight[request.serial] = Task.detached {
            let started = ContinuousClock.now
            let result: Result<ErasedTimeline, any Error>
            do { result = .success(try await provider.timeline(context)) } catch { result = .failure(error) }
            let elapsed = ContinuousClock.now - started
            let seconds = Double(elapsed.components.seconds) + Double(elapsed.components.attoseconds) / 1e18
            mailbox.post(ProviderDelivery(request: request, result: result, seconds: seconds))
        }
    }


    // MARK: Drawing the chrome

    /// The status line: the app's state on the left, the time and the keys on the right.
    private func drawStatusLine(_ drawn: inout DashboardFrame, pageCount: Int, page: Int, now: Date) {
        var left = " widgetdash" + presentationStatus()
        if let notice = interactionNotice(now: now) { left += "  " + notice }
        let c = environment.calendarInZone.dateComponents([.hour, .minute], from: now)
        let line = StatusLine(left: left, time: travelStatus(now: now) ?? String(format: "%02d:%02d", c.hour ?? 0, c.minute ?? 0),
                              pageCount: pageCount, page: page, locked: isLocked)
        line.render(into: &drawn.frame, now: now, palette: environment.palette)
    }

    private func drawTooSmall(_ screen: inout Canvas) {
        let needed = instances.map(\.family.size).min { $0.width * $0.height < $1.width * $1.height } ?? HomeLayout.slotSize
        TooSmallScreen.render(needed: needed, into: &screen, palette: environment.palette)
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
