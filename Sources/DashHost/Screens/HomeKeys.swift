import Foundation
import WidgetDash

/// The home screen's keys as a value: what each asks for, from the page on screen alone; the
/// router runs it (``Dashboard/run(_:)``).
///
/// The keys of what is open over the page (the help, the inspector, the control center, the
/// detail view), of the lock, of the Live Activities and of the panels' elements (arrows, Enter)
/// come first; these are the keys left.
public enum HomeKeys {
    /// How far `]` and `}` travel.
    public static let shortJump: TimeInterval = 15 * 60
    public static let longJump: TimeInterval = 60 * 60

    /// Tab and Shift-Tab move the focus, `r` and `R` reload, `i` opens the inspector and `?` the
    /// help, `]` `}` `0` travel in time, `<` `>` rotate a Smart Stack, PgDn/PgUp (n/p) and 1-9
    /// turn pages, q quits; nil for any other key.
    public static func handle(_ key: Key, page: Int) -> ScreenEffect? {
        switch key {
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
