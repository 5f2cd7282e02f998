import Foundation
import WidgetDash

/// A screen over the home screen (or the lock screen). The dashboard keeps them in a stack:
/// opening one pushes it, its ``ScreenEffect/close`` pops it, and render draws the stack
/// bottom up (see HomeScreen.swift).
///
/// The home screen and the lock screen are the bottom of the stack, not members of it: which of
/// the two shows is the lock's state (``Dashboard/isLocked``), and the overlays stay open across
/// a lock (the control center opens over the lock screen, its actions off).
public enum Overlay: Equatable, Sendable {
    /// The keys (`?`, F1); any key closes it.
    case help
    /// The scheduler's table (`i`) in place of the page's panels.
    case inspector
    /// A widget at its biggest, opened by a link or its widget URL.
    case detail(instance: Int, url: URL?)
    /// The controls (`c`).
    case controlCenter

    /// True for the same screen, whatever it shows (one detail view at a time).
    func isSameScreen(as other: Overlay) -> Bool {
        switch (self, other) {
        case (.help, .help), (.inspector, .inspector), (.detail, .detail), (.controlCenter, .controlCenter): true
        default: false
        }
    }
}

extension Dashboard {
    /// True while the help covers the screen.
    public var showsHelp: Bool { overlays.contains(.help) }

    /// True while the inspector covers the page.
    public var showsInspector: Bool { overlays.contains(.inspector) }

    /// True while the control center covers the screen.
    public var showsControlCenter: Bool { overlays.contains(.controlCenter) }

    /// The widget whose detail view is open, and its URL.
    public var detailView: (instance: Int, url: URL?)? {
        for case .detail(let instance, let url) in overlays.reversed() { return (instance, url) }
        return nil
    }

    /// Opens `overlay` on top (a screen already open moves to the top, showing the new value).
    func push(_ overlay: Overlay) {
        overlays.removeAll { $0.isSameScreen(as: overlay) }
        overlays.append(overlay)
        screenDirty = true
    }

    /// Closes the screen on top. Every panel is drawn again, as the screens that cover the page
    /// hid it (the inspector drew none); the help only covers the middle of the frame.
    func pop() {
        guard let closed = overlays.popLast() else { return }
        if closed == .help { screenDirty = true } else { invalidateAll() }
    }

    /// The effect runner: does what a screen's `handle` asked. Nil: the effect is not the
    /// dashboard's to run (a key the screen passes on, or one of the shell's effects).
    func run(_ effect: ScreenEffect) -> HostAction? {
        switch effect {
        case .close:
            pop()
        case .closeAndQuit:
            pop()
            return .quit
        case .act(let index):
            actOnControl(index)
            screenDirty = true
        case .open(let url):
            openExternally(url)
        case .push(.controlCenter):
            openControlCenter()
        case .push(let overlay):
            push(overlay)
        case .activateFocused:
            activateFocused()
        case .moveFocusToward(let arrow):
            moveFocus(arrow)
        case .quit:
            return .quit
        case .reloadAll:
            for instance in instances { perform(scheduler.requestReload(instance.id, reason: .user, at: clock.now())) }
        case .reloadFocused:
            reloadFocused()
        case .turnPage(let page):
            turnPage(to: page)
        case .moveFocus(let step):
            if step > 0 { focus.next() } else { focus.previous() }
            invalidateAll()
        case .travel(let seconds):
            travel(by: seconds)
        case .returnToRealTime:
            returnToRealTime()
        case .rotateStack(let step):
            rotateStack(containing: FocusRing.instance(of: focus.focused), by: step)
        case .toggleLock, .toggleScheme, .nextTheme:
            runLockEffect(effect)
        case .swallow:
            break
        case .leave, .add, .notHandled:
            return nil
        }
        return .continue
    }
}
