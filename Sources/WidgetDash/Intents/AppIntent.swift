import Foundation

/// An action a widget's button or toggle performs, as App Intents' `AppIntent`.
///
/// Parameters are stored properties, set when the intent is made:
///
/// ```swift
/// struct AddIntent: AppIntent {
///     static let title: LocalizedStringResource = "Add"
///     @Parameter(title: "Amount", default: 1) var amount: Int
///     init() {}
///     init(amount: Int) { self.amount = amount }
///     func perform() async throws -> some IntentResult {
///         CounterStore.add(amount)
///         return .result()
///     }
/// }
/// Button(intent: AddIntent(amount: 5)) { Text("+5") }
/// ```
///
/// Written as on iOS, or more briefly (`static let title = "Add"`, a stored `var amount = 1`,
/// and a `perform()` that returns nothing): both are intents.
///
/// `perform()` runs off the drawing path, in a task. When it returns (or throws, or is given up
/// after the host's time limit) the widget's timeline is reloaded outside the budget, so the
/// widget shows what the intent changed. It should not draw or wait for the screen.
public protocol AppIntent: Sendable {
    /// What `perform()` returns: `some IntentResult`, or nothing.
    associatedtype PerformResult = Void
    /// The intent's name, shown when it fails and in the inspector.
    static var title: LocalizedStringResource { get }
    /// What the intent does (default: nothing said); accepted, not shown.
    static var description: IntentDescription { get }
    /// On iOS, whether running the intent opens the app; widgetdash has no app to open, so the
    /// intent runs in place either way.
    static var openAppWhenRun: Bool { get }
    /// Does the work; throw to have the message shown briefly in the widget.
    func perform() async throws -> PerformResult
}

extension AppIntent {
    public static var description: IntentDescription { IntentDescription("") }
    public static var openAppWhenRun: Bool { false }
}

/// An intent that sets a Boolean value: what a `Toggle` or `ControlWidgetToggle` runs.
///
/// Before `perform()` runs, `value` is set to the toggle's new state (the opposite of what was
/// shown), as WidgetKit does for `SetValueIntent`. widgetdash's value is always a `Bool`.
public protocol SetValueIntent: AppIntent {
    /// The toggle's new state.
    var value: Bool { get set }
}

/// An intent with its type erased, as the host runs it.
public struct AnyAppIntent: Sendable {
    /// The intent type's title.
    public let title: String
    /// The intent's type name, which tells intents apart in tests and the inspector.
    public let typeName: String
    /// The intent's type and stored values (read with `Mirror`): how an extension finds the
    /// intent of an element again when the host asks it to perform it.
    package let fingerprint: String
    private let body: @Sendable () async throws -> Void

    public init<I: AppIntent>(_ intent: I) {
        self.init(intent) { _ = try await intent.perform() }
    }

    /// The intent `intent` with `body` to run it (a toggle's sets its value first).
    private init<I: AppIntent>(_ intent: I, body: @escaping @Sendable () async throws -> Void) {
        title = I.title
        typeName = _typeName(I.self, qualified: false)
        fingerprint = String(reflecting: intent)
        self.body = body
    }

    /// An intent performed elsewhere (in a widget extension's process) by `perform`.
    package init(title: String, typeName: String, fingerprint: String, perform: @escaping @Sendable () async throws -> Void) {
        self.title = title
        self.typeName = typeName
        self.fingerprint = fingerprint
        body = perform
    }

    /// Runs the intent's `perform()`.
    public func perform() async throws { try await body() }

    /// The intent a toggle showing `isOn` runs: a `SetValueIntent` gets `value = !isOn`.
    static func toggling<I: AppIntent>(_ intent: I, from isOn: Bool) -> AnyAppIntent {
        if let setter = intent as? any SetValueIntent { return settingValue(setter, to: !isOn) }
        return AnyAppIntent(intent)
    }

    private static func settingValue<S: SetValueIntent>(_ intent: S, to value: Bool) -> AnyAppIntent {
        // The value is set when the intent runs, not when the toggle is drawn: an `@Parameter`
        // value is shared by copies of the intent (as on iOS), and the redraw that shows a tap's
        // new state at once makes this intent again for the other state.
        AnyAppIntent(intent) {
            var copy = intent
            copy.value = value
            _ = try await copy.perform()
        }
    }
}

/// A tappable element of a rendered widget: where it is, what it is, and what it does.
///
/// The host gets these from ``RenderedView/interactiveElements`` to move the focus between
/// them and to find what a click hit.
public struct InteractiveElement: Sendable {
    /// What kind of control the element is.
    public enum Kind: Hashable, Sendable {
        case button, toggle, link
    }

    /// What tapping the element does.
    public enum Action: Sendable {
        /// Run an intent (a button).
        case perform(AnyAppIntent)
        /// Flip a toggle showing `isOn`; the intent already carries the new value.
        case toggle(isOn: Bool, AnyAppIntent)
        /// Open a URL (a link).
        case open(URL)
    }

    /// The element's place among the widget's buttons, toggles and links, in the order the view
    /// tree declares them: the same view in the same place keeps its id across renders, so the
    /// focus and an optimistic toggle state survive a new entry.
    public var id: Int
    /// Where the element was drawn, in the coordinates of the canvas it was drawn into.
    public var rect: CellRect
    public var kind: Kind
    public var action: Action

    /// A short description for messages: the intent's title or the URL.
    public var title: String {
        switch action {
        case .perform(let intent), .toggle(_, let intent): intent.title
        case .open(let url): url.absoluteString
        }
    }
}
