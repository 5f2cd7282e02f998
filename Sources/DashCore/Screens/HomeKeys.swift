import Foundation
import WidgetDash

/// The home screen's keys as a value: what each asks for, from the page on screen alone; the
/// router runs it (``Dashboard/run(_:)``).
///
/// The keys of what is open over the page (the help, the inspector, the control center, the
/// detail view), of the lock and of the Live Activities come first; these are the keys left.
public enum HomeKeys {
    /// How far `]` and `}` travel.
    public static let shortJump: TimeInterval = 15 * 60
    public static let longJump: TimeInterval = 60 * 60

    /// Tab and Shift-Tab move the focus, `r` and `R` reload, `i` opens the inspector and `?` the
    /// help, `]` `}` `0` travel in time, `<` `>` rotate a Smart Stack, PgDn/PgUp (n/p) and 1-9
    /// turn pages, q quits; while the page's panels are shown (`pageShown`: the inspector does
    /// not cover them) the arrows move the focus, Enter and Space tap, and `c` opens the control
    /// center. Nil for any other key.
    public static func handle(_ key: Key, page: Int, pageShown: Bool) -> ScreenEffect? {
        switch key {
        case .character("c") where pageShown: .push(.controlCenter)
        case .enter where pageShown, .character(" ") where pageShown: .activateFocused
        case .up where pageShown, .down where pageShown, .left where pageShown, .right where pageShown: .moveFocusToward(key)
        case .tab: .moveFocus(1)
        case .backTab: .moveFocus(-1)
        case .character("r"): .reloadFocused
        case .character("R"): .reloadAll
        case .character("i"): .push(.inspector)
        case .character("?"), .function(1): .push(.help)
        case .character("]"): .travel(shortJump)
        case .character("}"): .travel(longJump)
        case .character("0"): .returnToRealTime
        case .character("<"): .rotateStack(-1)
        case .character(">"): .rotateStack(1)
        case .character("q"), .control("c"), .control("d"): .quit
        case .pageDown, .character("n"): .turnPage(page + 1)
        case .pageUp, .character("p"): .turnPage(page - 1)
        case .character(let c) where c.isNumber: c.wholeNumberValue.flatMap { $0 >= 1 ? .turnPage($0 - 1) : nil }
        default: nil
        }
    }
}
