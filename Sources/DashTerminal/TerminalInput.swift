import CNcursesw
import DashCore
import WidgetDash

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

// Input: ncurses key codes and mouse reports become input events.
extension Terminal {
    // MARK: - Input

    /// Reads and decodes everything pending on input, without blocking.
    ///
    /// Consecutive printable scalars are joined into grapheme clusters first, so a base letter
    /// and its combining mark arrive as one `.character`. A terminal's late answer to the start
    /// probe is dropped (see ``LateAnswerFilter``). A size change seen here (KEY_RESIZE)
    /// becomes a `.resize` event only if the size differs from the last one reported.
    public func readEvents(limit: Int = 4096) -> [InputEvent] {
        guard started, let window = wd_stdscr() else { return [] }
        var events: [InputEvent] = []
        var text = String.UnicodeScalarView()
        func flushText() {
            guard !text.isEmpty else { return }
            for character in String(text) { events.append(.key(.character(character))) }
            text.removeAll()
        }
        // Bounded, so a flood of pasted input cannot starve signals and deadlines; whatever is
        // left keeps stdin readable and is read on the next turn of the loop.
        func handle(_ code: UInt32, isKeyCode: Bool) {
            let decoded = KeyMapping.decode(code: code, isKeyCode: isKeyCode)
            if case .scalar(let scalar) = decoded {
                text.append(scalar)
                return
            }
            flushText()
            switch decoded {
            case .key(let key):
                events.append(.key(key))
            case .mouse:
                var mx: Int32 = 0, my: Int32 = 0
                var state: mmask_t = 0
                if wd_getmouse(&mx, &my, &state) == wd_ok(),
                   let event = KeyMapping.mouseEvent(x: Int(mx), y: Int(my), buttonState: UInt(state)) {
                    events.append(.mouse(event))
                }
            case .resize:
                if let newSize = checkResize() { events.append(.resize(newSize)) }
            case .scalar, .ignored:
                break
            }
        }
        var lateAnswers = LateAnswerFilter()
        for _ in 0..<limit {
            var wch: wint_t = 0
            let result = wget_wch(window, &wch)
            if result == wd_err() { break }
            if result == wd_key_code_yes() {
                for code in lateAnswers.flush() { handle(code, isKeyCode: false) }
                handle(UInt32(wch), isKeyCode: true)
            } else {
                for code in lateAnswers.feed(UInt32(wch)) { handle(code, isKeyCode: false) }
            }
        }
        for code in lateAnswers.flush() { handle(code, isKeyCode: false) }
        flushText()
        return events
    }
}
