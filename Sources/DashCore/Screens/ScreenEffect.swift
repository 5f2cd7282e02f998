import Foundation
import WidgetDash

/// What a screen's `handle` asks of the router beyond its new state: one type for every screen,
/// run by one effect runner (``Dashboard/run(_:)``, which the shell's runner extends with the
/// cases that are the shell's own: ``leave`` and ``add(kind:family:)``).
///
/// A screen never reaches past its own state: closing itself, tapping a control, opening a link
/// or adding a widget to the config are values the runner acts on.
public enum ScreenEffect: Equatable, Sendable {
    /// Close the screen on top of the stack (help, inspector, detail, control center).
    case close
    /// Close the screen on top and quit (`q` on the help).
    case closeAndQuit
    /// Leave a mode of the shell (gallery, demo, StandBy): back home, or quit when the mode is
    /// all there is (`widgetdash demo`).
    case leave
    /// Tap the control at this index (the control center).
    case act(Int)
    /// Open the URL in the browser.
    case open(URL)
    /// Add the widget in this family to the page on screen, in the config file (the gallery).
    case add(kind: String, family: WidgetFamily)
    /// Not the screen's key: the router offers it to what is below (quitting keys).
    case notHandled

    // The home screen's (see ``HomeKeys``).

    /// Open a screen over the home screen (the help, the inspector, the control center).
    case push(Overlay)
    /// Tap the focused element (or open the focused panel's widget URL).
    case activateFocused
    /// Move the focus to the nearest element that way (an arrow key).
    case moveFocusToward(Key)
    case quit
    /// Reload every widget, or the focused one, as the person asked (`.user`).
    case reloadAll
    case reloadFocused
    /// Show this page (clamped to the pages there are).
    case turnPage(Int)
    /// Move the focus forward (Tab, 1) or back (Shift-Tab, -1).
    case moveFocus(Int)
    /// Jump the clock ahead this many seconds (time travel), or back to the real time.
    case travel(TimeInterval)
    case returnToRealTime
    /// Rotate the focused Smart Stack (else the page's first) by this many members.
    case rotateStack(Int)

    // The lock's and the theme's (see ``LockScreen/handle(_:isLocked:)``).

    /// Lock, unlock, or (with a passcode, while locked) open the prompt (`l`).
    case toggleLock
    /// The theme's other variant, light or dark (`t`).
    case toggleScheme
    /// The next theme (`T`).
    case nextTheme
    /// A key the locked screen takes and does nothing with, so no widget control can act.
    case swallow
}
