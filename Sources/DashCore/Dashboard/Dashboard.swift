import Foundation
import Synchronization
import WidgetDash

/// The running dashboard: widgets, their scheduler, and the screens, driven by the run loop.
///
/// It is the router of the home screen and the screens over it (a stack: see ScreenStack.swift).
/// One inbox of events (DashboardInbox.swift), fed by the run loop's input (``handle(_:)``) and
/// the mailboxes (``advance()``), changes state and runs what the scheduler, intents and the
/// store ask for. ``render(size:)`` draws the frame, a pure function of that state (see
/// HomeScreen.swift), then keeps what the frame drew where (``didDraw(_:size:)``). The run loop
/// sleeps until the earliest of the state's deadline and the frame's next redraw.
///
/// Everything here happens on the run loop's thread. Providers run as tasks; their answers
/// come back through a mailbox and a wake-up of the loop, so nothing here is shared.
public final class Dashboard: InteractiveHost {
    public let clock: any DashClock
    public internal(set) var environment: EnvironmentValues {
        didSet { environmentRevision &+= 1 }
    }
    /// Counts the changes to ``environment``: a panel's resolved view stands while it does not move.
    private(set) var environmentRevision = 0
    /// Every placement, stack members one by one; the configuration platter changes parameters.
    public internal(set) var placements: [WidgetPlacement]
    /// The theme, the lock and the lock screen's widgets.
    public let presentation: Presentation
    public let scheduler: TimelineScheduler
    /// The widgets in placement order.
    public internal(set) var instances: [WidgetInstance] = []
    /// The home screen's slots: single widgets and Smart Stacks (see SmartStack.swift).
    public internal(set) var slots: [SmartStack] = []

    let mailbox = Mailbox()
    /// The run loop's waker, kept for an activity controller attached later.
    var waker: (@Sendable () -> Void)?
    /// The run loop's own executor (see ``LoopLink``), where the providers of ``loopKinds`` run.
    var loopExecutor: (any TaskExecutor)?
    /// Kinds whose providers are quick and never block (they read /proc), so they run on the
    /// run loop's thread when it has an executor: a reload then wakes no other thread.
    public var loopKinds: Set<String> = []
    /// Where crossed thresholds go (nil: only the tint shows them).
    var alerts: AlertCenter?
    /// Provider tasks by request serial: a retry after a time-out may run beside the
    /// abandoned request, and only the current one is waited for.
    var inFlight: [Int: Task<Void, Never>] = [:]
    let center = WidgetCenterBridge()
    /// What widget code reaches through WidgetKit's entry points, bound around every provider
    /// call and intent (tasks started here are detached, so they do not inherit a binding).
    public let services: WidgetServices
    /// Where Smart Stack choices outlive the process (see SmartStack.swift); nil: they do not.
    let stackMemory: (any WidgetStateStore)?
    /// What scripts changed in the shared store (see DashboardStore.swift); a shell gives every
    /// dashboard it builds its own queue, so one rebuilt after a config change hears the same
    /// listener.
    public var storeChanges = StoreChangeQueue()
    /// Which panel Tab has focused (`r` reloads it).
    public internal(set) var focus = FocusRing()
    /// Taps in flight, elements on screen, the detail view and the control center.
    let interaction = InteractionState()
    /// Live Activities: the Dynamic Island and the lock screen's cards (nil: none in this build).
    public internal(set) var activities: ActivityController?

    // Screen state.
    public private(set) var screenSize = CellSize(width: 80, height: 24)
    public private(set) var currentPage = 0
    /// The screens over the home screen (or the lock screen), the last on top (see ScreenStack.swift).
    var overlays: [Overlay] = []
    var layout = HomeLayout.Result(pages: [[]], unplaced: [])
    /// How many home placements each configured page holds (nil: one flowing list).
    public let pageSizes: [Int]?
    /// The configured page each displayed page belongs to (a page too big for the terminal
    /// flows onto several).
    private var pageGroup: [Int] = [0]
    /// A memo of rendered panels, not state: an entry stands for a render of the panel as its
    /// state is now, until the panel is marked dirty or its live text's next moment comes.
    var panelCache: [Int: RenderedView] = [:]
    /// A memo of each panel's resolved view and what it was made from: the view is made once
    /// per entry, as WidgetKit does, and drawn again for each render of the panel.
    var resolvedPanels: [Int: (key: ResolvedPanel.Key, panel: ResolvedPanel)] = [:]
    /// Moved by ``invalidateAll(remakingViews:)``: every resolved view is then out of date.
    private(set) var viewGeneration = 0
    /// What changed since the last frame drawn; the router clears them after drawing.
    var dirtyPanels = Set<Int>()
    var screenDirty = true
    /// The size of the frame last drawn and when it changes by itself.
    private var lastDrawn: (size: CellSize, nextRedraw: Date?)?

    public init(widgets: [WidgetDescription], placements: [WidgetPlacement], clock: any DashClock, environment: EnvironmentValues = EnvironmentValues(), settings: SchedulerSettings = SchedulerSettings(), presentation options: PresentationOptions = PresentationOptions(), pageSizes: [Int]? = nil, stackSizes: [Int]? = nil,
                services: WidgetServices = .current) {
        self.services = services
        self.stackMemory = options.stackMemory
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
        restoreStackChoices()
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

    /// Attaches the loop's waker and executor; provider answers wait for the loop's next tick
    /// (``LoopLink/wakeSoon``), everything else wakes it at once.
    public func attach(_ link: LoopLink) {
        attach(waker: link.wake)
        mailbox.setWaker(link.wakeSoon)
        loopExecutor = link.executor
    }

    public func secondsUntilNextTick() -> Double? {
        seconds(until: nextRedraw())
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

    /// Input, routed to the screens: the one on top of the stack first where it is modal (the
    /// help), then the Live Activities' and the lock's keys, then the overlays and the home screen.
    func handleInput(_ event: InputEvent) -> HostAction {
        switch event {
        case .resize(let size):
            screenSize = size
            relayout()
        case .key(let key):
            if overlays.last == .help { return run(HelpScreen.handle(key)) ?? .continue }
            if let action = handleActivityKey(key) { return action }
            if let action = handleLockedInteractionKey(key) { return action }
            if let action = handlePresentationKey(key) { return action }
            if showsInspector, let effect = InspectorScreen.handle(key) { return run(effect) ?? .continue }
            if !showsInspector, let action = handleInteractionKey(key) { return action }
            if let effect = HomeKeys.handle(key, page: currentPage, pageShown: !showsInspector) { return run(effect) ?? .continue }
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

    /// Marks every panel for redrawing (benchmarks use it to measure a full frame);
    /// `remakingViews` also makes each widget's view again from its entry, as a new entry for
    /// every widget would.
    public func invalidateAll(remakingViews: Bool = false) {
        dirtyPanels.formUnion(instances.map(\.id))
        screenDirty = true
        if remakingViews { viewGeneration &+= 1 }
    }

    /// The instance at a placement index.
    public func instance(at index: Int) -> WidgetInstance? { instances.first { $0.id == index } }

    // MARK: Pages

    private func relayout() {
        (layout, pageGroup) = pack(in: homeArea.size)
        currentPage = min(currentPage, max(0, layout.pages.count - 1))
        dirtyPanels.formUnion(instances.map(\.id))
        screenDirty = true
    }

    /// The home screen's slots packed into pages of `size`, and the configured page of each.
    func pack(in size: CellSize) -> (HomeLayout.Result, [Int]) {
        let families = slots.map { instances[$0.members[0]].family }
        if let pageSizes { return HomeLayout.pack(families, groups: pageSizes, in: size) }
        let layout = HomeLayout.pack(families, in: size)
        return (layout, Array(repeating: 0, count: layout.pages.count))
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
}

/// A provider's answer to one request, as the run loop takes it in.
struct ProviderDelivery: Sendable {
    var request: ReloadRequest
    var result: Result<ErasedTimeline, any Error>
    var seconds: TimeInterval
}

/// Where provider tasks leave their answers for the run loop.
typealias Mailbox = LoopMailbox<ProviderDelivery>
