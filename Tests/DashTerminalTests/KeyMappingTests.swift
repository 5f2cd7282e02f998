import DashCore
import Testing
import WidgetDash

@testable import DashTerminal

@Suite("KeyMapping")
struct KeyMappingTests {
    private func key(_ code: UInt32, keyCode: Bool = false) -> DecodedInput {
        KeyMapping.decode(code: code, isKeyCode: keyCode)
    }

    private func keyCode(_ code: Int32) -> DecodedInput {
        KeyMapping.decode(code: UInt32(code), isKeyCode: true)
    }

    @Test("control bytes")
    func controls() {
        #expect(key(9) == .key(.tab))
        #expect(key(13) == .key(.enter))
        #expect(key(10) == .key(.enter))
        #expect(key(27) == .key(.escape))
        #expect(key(127) == .key(.backspace))
        #expect(key(8) == .key(.backspace))
        #expect(key(1) == .key(.control("a")))
        #expect(key(3) == .key(.control("c")))
        #expect(key(26) == .key(.control("z")))
        #expect(key(0) == .key(.control(" ")))
        #expect(key(31) == .key(.control("_")))
    }

    @Test("printable characters, including wide and non-BMP ones")
    func printable() {
        #expect(key(0x71) == .scalar("q"))
        #expect(key(0x20) == .scalar(" "))
        #expect(key(0xE9) == .scalar("é"))
        #expect(key(0x65E5) == .scalar("日"))
        #expect(key(0x1F389) == .scalar("🎉"))
    }

    @Test("C1 controls and invalid scalars are ignored")
    func ignoredCharacters() {
        #expect(key(0x9B) == .ignored)
        #expect(key(0xD800) == .ignored)
        #expect(key(0x110000) == .ignored)
    }

    @Test("ncurses key codes")
    func keyCodes() {
        typealias C = KeyMapping.Codes
        #expect(keyCode(C.up) == .key(.up))
        #expect(keyCode(C.down) == .key(.down))
        #expect(keyCode(C.left) == .key(.left))
        #expect(keyCode(C.right) == .key(.right))
        #expect(keyCode(C.home) == .key(.home))
        #expect(keyCode(C.end) == .key(.end))
        #expect(keyCode(C.pageUp) == .key(.pageUp))
        #expect(keyCode(C.pageDown) == .key(.pageDown))
        #expect(keyCode(C.delete) == .key(.delete))
        #expect(keyCode(C.backspace) == .key(.backspace))
        #expect(keyCode(C.enter) == .key(.enter))
        #expect(keyCode(C.backTab) == .key(.backTab))
        #expect(keyCode(C.resize) == .resize)
        #expect(keyCode(C.mouse) == .mouse)
        #expect(keyCode(C.f0 + 1) == .key(.function(1)))
        #expect(keyCode(C.f0 + 12) == .key(.function(12)))
        // The same number is a key code only when wget_wch said so.
        #expect(key(UInt32(C.up)) != .key(.up))
        #expect(keyCode(0o777) == .ignored)
    }

    @Test("the key codes are ncurses' standard values")
    func standardValues() {
        #expect(KeyMapping.Codes.down == 0o402)
        #expect(KeyMapping.Codes.up == 0o403)
        #expect(KeyMapping.Codes.backspace == 0o407)
        #expect(KeyMapping.Codes.f0 == 0o410)
        #expect(KeyMapping.Codes.backTab == 0o541)
    }

    @Test("mouse states")
    func mouse() {
        typealias K = MouseEvent.Kind
        func kind(_ state: UInt) -> K? { KeyMapping.mouseEvent(x: 3, y: 4, buttonState: state)?.kind }
        #expect(KeyMapping.mouseEvent(x: 3, y: 4, buttonState: KeyMapping.MouseMasks.button1Pressed)
            == MouseEvent(kind: .click, location: CellPoint(x: 3, y: 4)))
        #expect(kind(KeyMapping.MouseMasks.button1Clicked) == .click)
        #expect(kind(KeyMapping.MouseMasks.button1Released) == .release)
        #expect(kind(KeyMapping.MouseMasks.button4Pressed) == .scrollUp)
        #expect(kind(KeyMapping.MouseMasks.button5Pressed) == .scrollDown)
        #expect(kind(0) == nil)
    }

    @Test("poll time-outs round up to whole milliseconds")
    func pollTimeout() {
        #expect(TerminalRunLoop.pollTimeout(seconds: nil) == -1)
        #expect(TerminalRunLoop.pollTimeout(seconds: 0) == 0)
        #expect(TerminalRunLoop.pollTimeout(seconds: -3) == 0)
        #expect(TerminalRunLoop.pollTimeout(seconds: 0.000_001) == 1)
        #expect(TerminalRunLoop.pollTimeout(seconds: 0.9991) == 1000)
        #expect(TerminalRunLoop.pollTimeout(seconds: 1) == 1000)
        #expect(TerminalRunLoop.pollTimeout(seconds: 1e12) == Int32.max)
        #expect(TerminalRunLoop.pollTimeout(seconds: .infinity) == -1)
        #expect(TerminalRunLoop.pollTimeout(seconds: .nan) == 0)
    }
}
