import WidgetDash

/// A key the user pressed, decoded from the terminal.
public enum Key: Hashable, Sendable {
    /// A printable character (already composed: "é", "日", "q").
    case character(Character)
    /// A control chord: `.control("c")` for Ctrl-C.
    case control(Character)
    case enter, escape, tab, backTab, backspace, delete
    case up, down, left, right
    case home, end, pageUp, pageDown
    case function(Int)
}

/// A mouse action at a cell of the screen.
public struct MouseEvent: Hashable, Sendable {
    public enum Kind: Hashable, Sendable { case press, release, click, scrollUp, scrollDown }
    public var kind: Kind
    public var location: CellPoint
    public init(kind: Kind, location: CellPoint) {
        self.kind = kind
        self.location = location
    }
}

/// Something that happened at the terminal, delivered to the host by the run loop.
public enum InputEvent: Hashable, Sendable {
    case key(Key)
    case mouse(MouseEvent)
    /// The terminal now has this many columns and rows.
    case resize(CellSize)
}

/// What the host wants after an event.
public enum HostAction: Sendable {
    case `continue`
    case quit
}

/// What the terminal's run loop drives: the host as a state machine fed with events and time.
///
/// The run loop owns the terminal and the only blocking wait. It calls ``advance()`` when a
/// deadline passes or the waker fires, ``handle(_:)`` for each input event, and redraws with
/// ``render(size:)`` only when ``needsDisplay`` is true.
public protocol InteractiveHost: AnyObject {
    /// Gives the host a function any thread may call to wake the run loop (it writes a byte to
    /// a pipe the loop polls), used when asynchronous work such as a provider call finishes.
    func attach(waker: @escaping @Sendable () -> Void)
    /// Handles one input event.
    func handle(_ event: InputEvent) -> HostAction
    /// Does everything that is due now, and takes in finished asynchronous work.
    func advance()
    /// Wall-clock seconds until the next deadline (what the state waits for, or the next moment
    /// the frame changes by itself); nil when nothing is due (sleep until input). The same
    /// whether or not a render happened.
    func secondsUntilNextDeadline() -> Double?
    /// Whether the screen changed since the last ``render(size:)``.
    var needsDisplay: Bool { get }
    /// Composes the whole screen: renders the frame (purely) and keeps what it drew where.
    func render(size: CellSize) -> Canvas
    /// Whether the terminal bell is due (asked after each turn; the host forgets it).
    func takeBell() -> Bool
    /// Gives the host the loop's ways in (``LoopLink``); hosts that need only the waker keep
    /// the default, which attaches `link.wake`.
    func attach(_ link: LoopLink)
    /// Wall-clock seconds until the frame shown changes by itself (a seconds clock's tick);
    /// nil when it does not. The loop serves deadlines due shortly before it at it (see
    /// TerminalRunLoop's `wakeDelay`).
    func secondsUntilNextTick() -> Double?
}

extension InteractiveHost {
    public func takeBell() -> Bool { false }
    public func attach(_ link: LoopLink) { attach(waker: link.wake) }
    public func secondsUntilNextTick() -> Double? { nil }
}

/// How work off the run loop reaches it: what the terminal loop gives its host.
public struct LoopLink: Sendable {
    /// Wakes the loop at once (an intent's answer, a store change, a config read).
    public var wake: @Sendable () -> Void
    /// Wakes the loop unless it wakes within a second anyway: for results that may wait for
    /// the next tick to be taken in and drawn (a provider's timeline).
    public var wakeSoon: @Sendable () -> Void
    /// Runs jobs on the loop's own thread between its turns (nil: the loop has none): quick
    /// work started there ends there, with no thread woken.
    public var executor: (any TaskExecutor)?

    public init(wake: @escaping @Sendable () -> Void, wakeSoon: (@Sendable () -> Void)? = nil, executor: (any TaskExecutor)? = nil) {
        self.wake = wake
        self.wakeSoon = wakeSoon ?? wake
        self.executor = executor
    }
}
