import CNcursesw
import DashCore
import WidgetDash

/// What one `wget_wch` result means, before it becomes an ``InputEvent``.
///
/// Resize and mouse codes need more work than a table lookup (a size query, `getmouse`), so
/// the pure mapping only classifies them; the terminal finishes the job.
public enum DecodedInput: Hashable, Sendable {
    case key(Key)
    /// A printable scalar; consecutive ones are joined so combining marks compose.
    case scalar(Unicode.Scalar)
    /// `KEY_MOUSE`: read the event with `getmouse`.
    case mouse
    /// `KEY_RESIZE`: the terminal's size changed.
    case resize
    /// Something with no meaning here (an unmapped key code, a C1 control).
    case ignored
}

/// Turns `wget_wch` results into keys: a pure function, so it is unit tested without a tty.
public enum KeyMapping {
    /// Decodes one `wget_wch` result: `code` is the value it stored, `isKeyCode` is true when it
    /// returned `KEY_CODE_YES` (a `KEY_*` code) and false for a character.
    ///
    /// ```swift
    /// KeyMapping.decode(code: 9, isKeyCode: false)          // .key(.tab)
    /// KeyMapping.decode(code: 3, isKeyCode: false)          // .key(.control("c"))
    /// KeyMapping.decode(code: KeyMapping.Codes.up, isKeyCode: true)  // .key(.up)
    /// ```
    public static func decode(code: UInt32, isKeyCode: Bool) -> DecodedInput {
        if isKeyCode { return decodeKeyCode(Int32(truncatingIfNeeded: code)) }
        switch code {
        case 9: return .key(.tab)
        case 10, 13: return .key(.enter)
        case 27: return .key(.escape)
        case 8, 127: return .key(.backspace)
        case 0: return .key(.control(" "))  // Ctrl-Space / Ctrl-@
        case 1...26:
            // 1 is Ctrl-A: the letter is 0x60 + code ("a"...).
            guard let scalar = Unicode.Scalar(0x60 + code) else { return .ignored }
            return .key(.control(Character(scalar)))
        case 28: return .key(.control("\\"))
        case 29: return .key(.control("]"))
        case 30: return .key(.control("^"))
        case 31: return .key(.control("_"))
        case 0x80...0x9F: return .ignored  // C1 controls are never text.
        default:
            guard let scalar = Unicode.Scalar(code) else { return .ignored }
            return .scalar(scalar)
        }
    }

    private static func decodeKeyCode(_ code: Int32) -> DecodedInput {
        switch code {
        case Codes.up: return .key(.up)
        case Codes.down: return .key(.down)
        case Codes.left: return .key(.left)
        case Codes.right: return .key(.right)
        case Codes.home: return .key(.home)
        case Codes.end: return .key(.end)
        case Codes.pageUp: return .key(.pageUp)
        case Codes.pageDown: return .key(.pageDown)
        case Codes.delete: return .key(.delete)
        case Codes.backspace: return .key(.backspace)
        case Codes.enter: return .key(.enter)
        case Codes.backTab: return .key(.backTab)
        case Codes.resize: return .resize
        case Codes.mouse: return .mouse
        case Codes.f1...Codes.f63: return .key(.function(Int(code - Codes.f0)))
        default: return .ignored
        }
    }

    /// The ncurses `KEY_*` codes this mapping knows, read once from the shim.
    public enum Codes {
        public static let up = wd_key_up()
        public static let down = wd_key_down()
        public static let left = wd_key_left()
        public static let right = wd_key_right()
        public static let home = wd_key_home()
        public static let end = wd_key_end()
        public static let pageUp = wd_key_ppage()
        public static let pageDown = wd_key_npage()
        public static let delete = wd_key_dc()
        public static let backspace = wd_key_backspace()
        public static let enter = wd_key_enter()
        public static let backTab = wd_key_btab()
        public static let resize = wd_key_resize()
        public static let mouse = wd_key_mouse()
        public static let f0 = wd_key_f(0)
        public static let f1 = wd_key_f(1)
        public static let f63 = wd_key_f(63)
    }

    /// The ncurses mouse button bits this mapping knows, read once from the shim.
    public enum MouseMasks {
        public static let button1Pressed = UInt(wd_button1_pressed())
        public static let button1Released = UInt(wd_button1_released())
        public static let button1Clicked = UInt(wd_button1_clicked())
        public static let button4Pressed = UInt(wd_button4_pressed())
        /// 0 when ncurses was built with the old mouse ABI that has no button 5.
        public static let button5Pressed = UInt(wd_button5_pressed())
    }

    /// Maps an ncurses mouse button state at (x, y) to an event; nil for states we ignore.
    ///
    /// With `mouseinterval(0)` ncurses reports presses and releases, not clicks; a press of
    /// button 1 already counts as a click so the interface answers on the press.
    public static func mouseEvent(x: Int, y: Int, buttonState state: UInt) -> MouseEvent? {
        typealias M = MouseMasks
        let location = CellPoint(x: x, y: y)
        if state & (M.button1Pressed | M.button1Clicked) != 0 { return MouseEvent(kind: .click, location: location) }
        if state & M.button1Released != 0 { return MouseEvent(kind: .release, location: location) }
        if state & M.button4Pressed != 0 { return MouseEvent(kind: .scrollUp, location: location) }
        if M.button5Pressed != 0, state & M.button5Pressed != 0 { return MouseEvent(kind: .scrollDown, location: location) }
        return nil
    }
}
