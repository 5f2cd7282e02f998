import Foundation
import WidgetDash

/// The lock screen, as on the phone: the date and a big clock at the top, an inline accessory
/// widget above the clock, circular and rectangular accessories below it, everything else hidden.
///
/// Widgets are drawn locked (privacy-sensitive content masked, protected widgets as their
/// placeholder), in the vibrant rendering mode, without container backgrounds.
///
/// ```
///            ☀ Sunday, 22 November          ← inline accessory (or the date alone)
///              ╶─┐ ┌─┐   ╷ ┌─┐
///               ─┤ │ │ : │ ╶─┘               ← the time in big digits
///              ╶─┘ └─┘   ╵ └─╴
///           ( 68 )  [ Everyday  ▒▒▒▒▒ ]      ← circular and rectangular accessories
/// ```
public struct LockScreen {
    public var environment: EnvironmentValues
    public var now: Date

    public init(environment: EnvironmentValues, now: Date) {
        self.environment = environment
        self.now = now
    }

    /// The lock's and the theme's keys as a value, once the passcode prompt (the lock's own
    /// state, ``LockController/promptKey(_:at:)``) has passed a key on: `l` locks or unlocks,
    /// `t` and `T` change the theme; while locked every other key is swallowed, so no widget
    /// control can act, except quitting and the help. Nil: not the lock's key.
    public static func handle(_ key: Key, isLocked: Bool) -> ScreenEffect? {
        switch key {
        case .character("l"): .toggleLock
        case .character("t"): .toggleScheme
        case .character("T"): .nextTheme
        case .character("q"), .control("c"), .control("d"), .character("?"), .function(1): nil
        default: isLocked ? .swallow : nil
        }
    }

    /// The environment lock-screen widgets are drawn in: vibrant, no container backgrounds,
    /// privacy redaction on.
    public var widgetEnvironment: EnvironmentValues {
        var env = environment
        env.widgetRenderingMode = .vibrant
        env.showsWidgetContainerBackground = false
        env.redactionReasons.insert(.privacy)
        return env
    }

    /// What was drawn, with each widget's next live-text refresh.
    public struct Rendered {
        public var canvas: Canvas
        public var refreshes: [Int: Date?]
        /// The first row below the clock and the accessories: where Live Activities' cards go.
        public var contentBottom: Int = 0
    }

    /// Draws the lock screen in `size`: `widgets` are the lock screen's instances (accessory
    /// families; others are skipped), `prompt` the passcode prompt when it is open.
    public func render(widgets: [WidgetInstance], size: CellSize, prompt: LockController.Prompt? = nil, promptMessage: String? = nil) -> Rendered {
        let palette = environment.palette
        let base = CellStyle(foreground: palette.primary, background: palette.background)
        var canvas = Canvas(size: size, fill: .blank(base))
        var refreshes: [Int: Date?] = [:]
        let calendar = environment.calendarInZone
        let c = calendar.dateComponents([.hour, .minute, .weekday, .day, .month], from: now)

        func panel(_ instance: WidgetInstance) -> RenderedView {
            let rendered = WidgetPanel(description: instance.description, family: instance.family)
                .render(entry: instance.currentEntry, environment: widgetEnvironment, now: now, status: instance.status, locked: true,
                        placeholder: instance.placeholder)
            refreshes[instance.id] = rendered.nextRefresh
            return rendered
        }
        func centered(_ width: Int) -> Int { max(0, (size.width - width) / 2) }

        var y = size.height >= 16 ? 1 : 0
        // Above the clock: the inline accessory, or the date when there is none.
        let dateText = "\(Self.weekdays[((c.weekday ?? 1) - 1 + 7) % 7]), \(c.day ?? 1) \(Self.months[((c.month ?? 1) - 1 + 12) % 12])"
        if let inline = widgets.first(where: { $0.family == .accessoryInline }) {
            let drawn = panel(inline)
            canvas.draw(drawn.canvas, at: CellPoint(x: centered(drawn.canvas.width), y: y))
        } else {
            canvas.write(dateText, x: centered(TextWidth.width(of: dateText)), y: y, style: CellStyle(foreground: palette.secondary, background: palette.background))
        }
        y += 2

        // The clock, in big digits.
        let time = String(format: "%02d:%02d", c.hour ?? 0, c.minute ?? 0)
        let clock = ViewRenderer.render(
            Text(time).font(.largeTitle).foregroundStyle(.primary), size: CellSize(width: min(size.width, 40), height: 3),
            environment: widgetEnvironment, now: now, background: palette.background)
        canvas.draw(clock.canvas, at: CellPoint(x: centered(clock.canvas.width), y: y))
        y += 3
        if widgets.contains(where: { $0.family == .accessoryInline }) {
            canvas.write(dateText, x: centered(TextWidth.width(of: dateText)), y: y, style: CellStyle(foreground: palette.secondary, background: palette.background))
        }
        y += 2

        // Below: circular and rectangular accessories in rows, centred.
        let below = widgets.filter { $0.family == .accessoryCircular || $0.family == .accessoryRectangular }.map(panel)
        let gap = 2
        var row: [Canvas] = []
        func flush() {
            guard !row.isEmpty else { return }
            let width = row.map(\.width).reduce(0, +) + gap * (row.count - 1)
            var x = centered(width)
            for c in row {
                canvas.draw(c, at: CellPoint(x: x, y: y))
                x += c.width + gap
            }
            y += (row.map(\.height).max() ?? 0) + 1
            row = []
        }
        for drawn in below {
            let width = row.map(\.width).reduce(0, +) + gap * row.count + drawn.canvas.width
            if width > size.width { flush() }
            row.append(drawn.canvas)
        }
        flush()

        let contentBottom = y
        if let prompt {
            drawPrompt(prompt, message: promptMessage, in: &canvas, y: min(y, max(0, size.height - 4)))
        } else if y < size.height {
            let hint = "l to unlock"
            canvas.write(hint, x: centered(TextWidth.width(of: hint)), y: size.height - 1,
                         style: CellStyle(foreground: palette.tertiary, background: palette.background))
        }
        return Rendered(canvas: canvas, refreshes: refreshes, contentBottom: contentBottom)
    }

    /// The passcode prompt: one dot per typed character, never the characters.
    private func drawPrompt(_ prompt: LockController.Prompt, message: String?, in canvas: inout Canvas, y: Int) {
        let palette = environment.palette
        let dots = String(repeating: "●", count: prompt.length) + String(repeating: "○", count: max(0, 4 - prompt.length))
        let lines = ["Enter passcode", dots, message ?? "Enter to unlock · Esc to cancel"]
        let width = min(canvas.width, (lines.map { TextWidth.width(of: $0) }.max() ?? 0) + 6)
        let rect = CellRect(x: max(0, (canvas.width - width) / 2), y: y, width: width, height: 5)
        let style = CellStyle(foreground: palette.primary, background: palette.widgetBackground)
        canvas.fill(rect, style: style)
        canvas.drawBox(rect, border: .rounded, style: CellStyle(foreground: palette.focusedBorder, background: palette.widgetBackground))
        for (i, line) in lines.enumerated() {
            let lineStyle = i == 2 && message != nil && prompt.checking == nil ? CellStyle(foreground: palette.red, background: palette.widgetBackground) : style
            canvas.withClip(rect.inset(by: 1)) { $0.write(line, x: rect.x + (width - TextWidth.width(of: line)) / 2, y: rect.y + 1 + i, style: lineStyle) }
        }
    }

    static let weekdays = ["Sunday", "Monday", "Tuesday", "Wednesday", "Thursday", "Friday", "Saturday"]
    static let months = ["January", "February", "March", "April", "May", "June", "July",
                         "August", "September", "October", "November", "December"]
}
