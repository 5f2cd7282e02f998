import Foundation
import WidgetDash

/// How a dashboard starts presenting itself: its themes, the lock, and the lock screen.
public struct PresentationOptions {
    /// The themes `T` cycles through.
    package var library: ThemeLibrary
    /// The theme to start with (nil: `dark`).
    package var theme: Theme?
    /// The scheme to start with (the theme's own when it lacks this one).
    public var scheme: ColorScheme
    /// The passcode unlocking asks for; nil: `l` simply toggles.
    public var passcode: PasscodeHash?
    /// Checks typed passcodes and upgrades outdated hashes (off the run loop).
    public var passcodeVerifier: any PasscodeVerifier = PBKDF2PasscodeVerifier()
    /// Lock after this many seconds without a key; nil: never.
    public var autoLockAfter: TimeInterval?
    /// The accessory widgets the lock screen shows (inline above the clock, the rest below).
    public var lockScreen: [WidgetPlacement]
    /// Where each Smart Stack's member chosen by hand is kept across restarts (the state
    /// file, beside widget state); nil: choices last as long as the dashboard.
    public var stackMemory: (any WidgetStateStore)?

    /// The built-in themes, starting dark, with no passcode, no auto-lock and no lock-screen
    /// widgets (public, unlike the init that names themes, which are host-only).
    public init() {
        self.init(library: .builtin)
    }

    package init(library: ThemeLibrary = .builtin, theme: Theme? = nil, scheme: ColorScheme = .dark,
                passcode: PasscodeHash? = nil, passcodeVerifier: any PasscodeVerifier = PBKDF2PasscodeVerifier(),
                autoLockAfter: TimeInterval? = nil, lockScreen: [WidgetPlacement] = []) {
        self.library = library
        self.passcodeVerifier = passcodeVerifier
        self.theme = theme
        self.scheme = scheme
        self.passcode = passcode
        self.autoLockAfter = autoLockAfter
        self.lockScreen = lockScreen
    }
}

/// What the dashboard shows around its widgets' content: the theme and scheme, the lock, the
/// lock screen's widgets, and a short notice on the status line.
public final class Presentation {
    package let library: ThemeLibrary
    package internal(set) var theme: Theme
    public internal(set) var scheme: ColorScheme
    public let lock: LockController
    /// The instances that only the lock screen shows (after the home screen's in `instances`).
    public internal(set) var lockScreenIDs: [Int] = []
    /// The lock-screen placements to create once the home instances exist.
    let lockScreenPlacements: [WidgetPlacement]
    /// A short message on the status line ("Theme: Light") and until when it shows.
    public internal(set) var notice: (text: String, until: Date)?
    /// Checks typed passcodes (slow on purpose), off the run loop.
    let passcodeVerifier: any PasscodeVerifier
    /// Passcode checks run off the run loop and answer here.
    let passcodeChecks = LoopMailbox<PasscodeCheck>()
    /// The check running, so tests and tools can wait for it.
    var passcodeCheck: Task<Void, Never>?

    init(_ options: PresentationOptions, now: Date) {
        library = options.library
        let theme = options.theme ?? options.library.theme(named: "dark") ?? ThemeLibrary.fallback
        self.theme = theme
        scheme = theme.effectiveScheme(options.scheme)
        passcodeVerifier = options.passcodeVerifier
        lock = LockController(passcode: options.passcode, autoLockAfter: options.autoLockAfter, now: now)
        lockScreenPlacements = options.lockScreen
    }
}

/// The answer of one passcode check.
struct PasscodeCheck: Sendable {
    var attempt: Int
    var matches: Bool
    /// The hash that replaced an outdated one after this match; nil when it stays.
    var upgraded: PasscodeHash? = nil
}

/// The dashboard's theme and lock controls: `t`, `T`, `l`, the passcode prompt, auto-lock and
/// the lock screen. Kept apart from the screen code in Dashboard.swift.
extension Dashboard {
    /// How long a notice stays on the status line.
    static let noticeSeconds: TimeInterval = 3

    /// Creates the lock screen's instances (after the home ones) and applies the theme; called
    /// once from `init`.
    func setUpPresentation(widgets: [WidgetDescription]) {
        applyTheme()
        let byKind = Dictionary(widgets.map { ($0.kind, $0) }, uniquingKeysWith: { first, _ in first })
        let now = clock.now()
        for placement in presentation.lockScreenPlacements {
            guard let description = byKind[placement.kind], placement.family.isAccessory, description.supports(placement.family) else { continue }
            let id = (instances.map(\.id).max() ?? -1) + 1
            let instance = WidgetInstance(id: id, description: description, family: placement.family)
            instances.append(instance)
            presentation.lockScreenIDs.append(id)
            perform(scheduler.add(instance, at: now))
        }
    }

    /// The instances of the home screen (the lock screen's own come after them).
    var homeInstances: ArraySlice<WidgetInstance> {
        instances.prefix { !presentation.lockScreenIDs.contains($0.id) }
    }

    /// True while the lock screen is up.
    public var isLocked: Bool { presentation.lock.isLocked }

    /// Handles the passcode prompt's keys, then the lock's and the theme's (a value:
    /// ``LockScreen/handle(_:isLocked:)``), which swallow every other key while locked (buttons
    /// and toggles do nothing then). Nil: not handled here.
    func handlePresentationKey(_ key: Key) -> HostAction? {
        let now = clock.now()
        presentation.lock.noteActivity(at: now)
        switch presentation.lock.promptKey(key, at: now) {
        case .unlocked:
            didUnlock()
            return .continue
        case .check(let typed, let attempt):
            startPasscodeCheck(typed, attempt: attempt)
            screenDirty = true
            return .continue
        case .promptChanged, .locked:
            screenDirty = true
            return .continue
        case .none:
            break
        }
        return LockScreen.handle(key, isLocked: isLocked).flatMap(run)
    }

    /// Runs the lock's and the theme's effects (see ``LockScreen/handle(_:isLocked:)``).
    func runLockEffect(_ effect: ScreenEffect) {
        switch effect {
        case .toggleLock:
            switch presentation.lock.toggle(at: clock.now()) {
            case .locked: didLock()
            case .unlocked: didUnlock()
            default: screenDirty = true
            }
        case .toggleScheme:
            setScheme(presentation.scheme == .dark ? .light : .dark)
        case .nextTheme:
            setTheme(presentation.library.theme(after: presentation.theme.name))
        default:
            break
        }
    }

    /// Verifies a typed passcode on another thread; the loop stays responsive meanwhile (the
    /// prompt says "Checking…", Esc abandons it) and takes the answer from the inbox.
    private func startPasscodeCheck(_ typed: String, attempt: Int) {
        guard let hash = presentation.lock.passcode else { return }
        let mailbox = presentation.passcodeChecks
        let verifier = presentation.passcodeVerifier
        presentation.passcodeCheck = Task.detached {
            let matches = verifier.verify(typed, against: hash)
            // The first unlock with an outdated hash stores the passcode as the current scheme.
            let upgraded = matches && hash.isOutdated ? verifier.upgrade(typed, from: hash) : nil
            mailbox.post(PasscodeCheck(attempt: attempt, matches: matches, upgraded: upgraded))
        }
    }

    /// Takes in the answer of a passcode check (an event of the inbox).
    func takePasscodeCheck(_ check: PasscodeCheck, at now: Date) {
        if let upgraded = check.upgraded { presentation.lock.passcode = upgraded }
        switch presentation.lock.finishCheck(attempt: check.attempt, matches: check.matches, at: now) {
        case .unlocked: didUnlock()
        case .none: break
        default: screenDirty = true
        }
    }

    /// Waits for the passcode check in flight, then takes its answer (for tests and tools).
    public func settlePasscodeCheck() async {
        await presentation.passcodeCheck?.value
        presentation.passcodeCheck = nil
        advance()
    }

    /// Locks now (the `l` key, auto-lock, tests).
    public func lockNow() {
        presentation.lock.lock()
        didLock()
    }

    private func didLock() {
        perform(scheduler.setLocked(true, at: clock.now()))
        invalidateAll()
    }

    private func didUnlock() {
        // Protected widgets' waiting reloads run now, exempt from the budget (the scheduler's rule).
        perform(scheduler.setLocked(false, at: clock.now()))
        invalidateAll()
    }

    /// Locks when the idle time is up (called from `advance()`).
    func lockIfIdle(at now: Date) {
        if presentation.lock.lockIfIdle(at: now) { didLock() }
        if let notice = presentation.notice, now >= notice.until {
            presentation.notice = nil
            screenDirty = true
        }
    }

    /// The next moment the lock or the notice changes the screen by itself.
    func presentationDeadline() -> Date? {
        [presentation.lock.nextDeadline(now: clock.now()), presentation.notice?.until].compactMap { $0 }.min()
    }

    /// Switches to `theme` (keeping the scheme where it has it).
    package func setTheme(_ theme: Theme) {
        let wanted = presentation.scheme
        presentation.theme = theme
        presentation.scheme = theme.effectiveScheme(wanted)
        appearanceChanged(notice: "Theme: \(theme.displayName) (\(presentation.scheme.rawValue))")
    }

    /// Switches to the light or dark variant of the current theme, or to its counterpart theme
    /// when it has only one variant.
    public func setScheme(_ scheme: ColorScheme) {
        if presentation.theme.variants[scheme] == nil, let other = presentation.theme.counterpart.flatMap(presentation.library.theme(named:)),
           other.variants[scheme] != nil {
            presentation.theme = other
        }
        guard presentation.theme.variants[scheme] != nil else {
            showNotice("\(presentation.theme.displayName) has no \(scheme.rawValue) variant")
            return
        }
        presentation.scheme = scheme
        appearanceChanged(notice: "Theme: \(presentation.theme.displayName) (\(scheme.rawValue))")
    }

    /// Redraws everything in the new colors and, as WidgetKit does on an appearance change,
    /// asks every widget for a new timeline with `.appearance`, which spends no budget.
    private func appearanceChanged(notice: String) {
        applyTheme()
        showNotice(notice)
        reloadTimelines(reason: .appearance)
        invalidateAll()
    }

    private func applyTheme() {
        environment.palette = presentation.theme.palette(for: presentation.scheme)
        environment.colorScheme = presentation.scheme
    }

    private func showNotice(_ text: String) {
        presentation.notice = (text, clock.now().addingTimeInterval(Self.noticeSeconds))
        screenDirty = true
    }

    /// What the status line adds after the app's name: the lock and any notice.
    func presentationStatus() -> String {
        var parts: [String] = []
        if isLocked { parts.append("■ locked") }
        if let notice = presentation.notice { parts.append(notice.text) }
        return parts.isEmpty ? "" : "  " + parts.joined(separator: "  ")
    }

    /// Draws the lock screen over the frame (everything but the status line); only the lock
    /// screen's widgets and cards may tick while it is up.
    func drawLockScreen(_ frame: inout DashboardFrame, now: Date) {
        let lockIDs = Set(presentation.lockScreenIDs)
        let widgets = instances.filter { lockIDs.contains($0.id) }
        let lockScreen = LockScreen(environment: environment, now: now)
        let size = frame.frame.canvas.size
        let drawn = lockScreen.render(widgets: widgets, size: CellSize(width: size.width, height: max(0, size.height - 1)),
                                      prompt: presentation.lock.prompt, promptMessage: presentation.lock.promptMessage(at: now))
        frame.frame.canvas.draw(drawn.canvas, at: CellPoint(x: 0, y: 0))
        for refresh in drawn.refreshes.values { frame.frame.redraw(at: refresh) }
        // The prompt is modal: the cards wait until it is closed.
        if presentation.lock.prompt == nil {
            let cardsChange = drawActivityCards(&frame.frame.canvas, from: drawn.contentBottom, now: now, regions: &frame.regions)
            frame.frame.redraw(at: cardsChange)
        }
    }
}
