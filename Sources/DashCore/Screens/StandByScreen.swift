import Foundation
import WidgetDash

/// StandBy (`s`): two small widgets side by side filling the screen, on black, without their
/// container backgrounds, laid out at the larger size.
public enum StandByScreen {
    /// ← → change the pair shown (`index` is the left one among `count` small widgets); Esc,
    /// s and q leave.
    public static func handle(_ key: Key, index: inout Int, count: Int) -> ScreenEffect? {
        switch key {
        case .escape, .character("s"), .character("q"): return .leave
        case .right: if count > 0 { index = (index + 1) % count }
        case .left: if count > 0 { index = (index + count - 1) % count }
        default: break
        }
        return nil
    }

    /// The size each of the two halves gets at `size` (the status row excluded).
    public static func halfSize(_ size: CellSize) -> CellSize {
        CellSize(width: max(0, (size.width - 3) / 2), height: max(0, size.height - 2))
    }

    /// Draws the two halves; `content` renders a widget's small content at a size (nil: none).
    public static func render(left: String?, right: String?, size: CellSize, palette: Palette,
                              content: (Bool, CellSize) -> Canvas?) -> Canvas {
        let black = CellStyle(foreground: palette.primary, background: .indexed(0))
        var screen = Canvas(size: size, fill: .blank(black))
        let half = halfSize(size)
        if let l = content(true, half) { screen.draw(l, at: CellPoint(x: 1, y: 0)) }
        if let r = content(false, half) { screen.draw(r, at: CellPoint(x: 2 + half.width, y: 0)) }
        if left == nil && right == nil {
            let message = "StandBy shows small widgets: add one to the home screen (g)"
            screen.write(message, x: max(0, (size.width - TextWidth.width(of: message)) / 2), y: size.height / 2, style: black)
        }
        let names = [left, right].compactMap { $0 }.joined(separator: " · ")
        ShellChrome.status("StandBy  " + names, keys: "← → change  Esc back", into: &screen, palette: palette)
        return screen
    }
}
