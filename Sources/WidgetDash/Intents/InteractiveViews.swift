import Foundation

/// How buttons inside draw their frame.
public struct ButtonStyle: Hashable, Sendable {
    let kind: ButtonStyleKind
    /// Brackets around the label, in the tint color: `[+1]`. The default.
    public static let automatic = ButtonStyle(kind: .bracketed)
    /// The same as `.automatic` in a terminal (a bordered button is its brackets).
    public static let bordered = ButtonStyle(kind: .bracketed)
    /// The label alone, in the tint color.
    public static let borderless = ButtonStyle(kind: .plain)
    /// The label alone, as it is.
    public static let plain = ButtonStyle(kind: .plain)
}

enum ButtonStyleKind: Hashable, Sendable { case bracketed, plain }

extension View {
    /// How buttons inside draw: bracketed (the default) or plain.
    public func buttonStyle(_ style: ButtonStyle) -> some View { transformEnvironment { $0.buttonStyle = style.kind } }
}

/// A button that runs an intent when tapped (Enter or Space on it, or a click), as SwiftUI's
/// `Button(intent:)` in a widget.
///
/// ```swift
/// Button(intent: IncrementIntent()) { Label("Add", systemImage: "plus") }
/// ```
///
/// Allowed in the system families, accessoryCircular and accessoryRectangular; in
/// accessoryInline it draws as plain content and does nothing (`widgetdash list` notes it).
public struct Button<Label: View>: View, PrimitiveView {
    let intent: AnyAppIntent
    let role: ButtonRole?
    let label: Label

    public init<I: AppIntent>(intent: I, @ViewBuilder label: () -> Label) {
        self.init(role: nil, intent: intent, label: label)
    }

    /// A button with a role (`.destructive`, `.cancel`), as SwiftUI's `Button(role:intent:label:)`.
    public init<I: AppIntent>(role: ButtonRole?, intent: I, @ViewBuilder label: () -> Label) {
        self.intent = AnyAppIntent(intent)
        self.role = role
        self.label = label()
    }

    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }

    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        let id = context.takeInteractiveID()
        var labelEnv = env
        if role == .destructive, labelEnv.foregroundStyle == nil { labelEnv.foregroundStyle = AnyShapeStyle(Color.red) }
        let inner = env.buttonStyle == .bracketed ? labelEnv.tintingUnstyledLabel() : labelEnv
        var node = resolveSingle(label, inner, context)
        if env.buttonStyle == .bracketed {
            var style = CellStyle(foreground: env.resolve(inner.foregroundStyle ?? AnyShapeStyle(TintShapeStyle())))
            if env.dimsContent { style.foreground = env.palette.invalidated }
            node = BracketNode(child: node, style: style)
        }
        guard context.allowsIntents(env, what: "Button") else { return NodeList(node) }
        return NodeList(InteractiveNode(id: id, kind: .button, action: .perform(intent), child: node))
    }
}

extension Button where Label == Text {
    /// A button with a text label.
    public init<I: AppIntent, S: StringProtocol>(_ title: S, intent: I) {
        self.init(intent: intent) { Text(title) }
    }

    /// A button with a text label and a role.
    public init<I: AppIntent, S: StringProtocol>(_ title: S, role: ButtonRole?, intent: I) {
        self.init(role: role, intent: intent) { Text(title) }
    }
}

/// What a button is for, as SwiftUI's `ButtonRole`. A destructive button's label is drawn in
/// the palette's red when it has no color of its own; the other roles draw as any button.
public struct ButtonRole: Hashable, Sendable {
    let name: String
    public static let destructive = ButtonRole(name: "destructive")
    public static let cancel = ButtonRole(name: "cancel")
    public static let confirm = ButtonRole(name: "confirm")
    public static let close = ButtonRole(name: "close")
}

extension Button where Label == WidgetDash.Label {
    /// A button with a title and a symbol.
    public init<I: AppIntent, S: StringProtocol>(_ title: S, systemImage: String, intent: I) {
        self.init(intent: intent) { WidgetDash.Label(title, systemImage: systemImage) }
    }
}

/// A switch that runs an intent when tapped, as SwiftUI's `Toggle(isOn:intent:)` in a widget.
///
/// The toggle shows `isOn` from the entry. A tap flips it on screen at once (optimistically) and
/// runs the intent (a ``SetValueIntent`` gets the new value); the next timeline confirms the new
/// state or puts the old one back. Drawn as a check box before its label: `[✓] Milk`.
public struct Toggle<Label: View>: View, PrimitiveView {
    let isOn: Bool
    let makeIntent: (Bool) -> AnyAppIntent
    let label: Label

    public init<I: AppIntent>(isOn: Bool, intent: I, @ViewBuilder label: () -> Label) {
        self.isOn = isOn
        self.makeIntent = { AnyAppIntent.toggling(intent, from: $0) }
        self.label = label()
    }

    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }

    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        let id = context.takeInteractiveID()
        let shown = context.toggleOverrides[id] ?? isOn
        let mark = Text(shown ? "[✓]" : "[ ]").foregroundStyle(shown ? AnyShapeStyle(TintShapeStyle()) : AnyShapeStyle(HierarchicalShapeStyle.secondary))
        let node = resolveSingle(HStack(cellSpacing: 1) { mark; label }, env, context)
        guard context.allowsIntents(env, what: "Toggle") else { return NodeList(node) }
        return NodeList(InteractiveNode(id: id, kind: .toggle, action: .toggle(isOn: shown, makeIntent(shown)), child: node))
    }
}

extension Toggle where Label == Text {
    /// A toggle with a text label.
    public init<I: AppIntent, S: StringProtocol>(_ title: S, isOn: Bool, intent: I) {
        self.init(isOn: isOn, intent: intent) { Text(title) }
    }
}

/// A link to a place in the app, as SwiftUI's `Link`: Enter or a click opens it (widgetdash
/// shows the widget's detail view, or hands an http(s) URL to the configured opener).
///
/// Only medium and larger widgets and accessoryRectangular may hold links; in small, circular
/// and inline widgets the label draws as plain content and only the widget URL opens.
public struct Link<Label: View>: View, PrimitiveView {
    let destination: URL
    let label: Label

    public init(destination: URL, @ViewBuilder label: () -> Label) {
        self.destination = destination
        self.label = label()
    }

    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }

    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        let id = context.takeInteractiveID()
        let inner = env.tintingUnstyledLabel()
        let child = resolveSingle(label, inner, context)
        guard context.allowsLinks(env) else { return NodeList(child) }
        let underlined = RestyleNode(child: child) { $0.attributes.insert(.underline) }
        return NodeList(InteractiveNode(id: id, kind: .link, action: .open(destination), child: underlined))
    }
}

extension Link where Label == Text {
    /// A link with a text label.
    public init<S: StringProtocol>(_ title: S, destination: URL) {
        self.init(destination: destination) { Text(title) }
    }
}

extension ResolveContext {
    /// The next interactive view's id: its place among the widget's buttons, toggles and links.
    func takeInteractiveID() -> Int {
        defer { outputs.nextInteractiveID += 1 }
        return outputs.nextInteractiveID
    }

    /// True when a button or toggle may act here; notes a misuse in accessoryInline.
    func allowsIntents(_ env: EnvironmentValues, what: String) -> Bool {
        // A placeholder is generic content: nothing in it can be tapped.
        if env.redactionReasons.contains(.placeholder) { return false }
        if let presentation = env.activityPresentation {
            guard presentation.allowsIntents else {
                outputs.misuses.append("\(what) in the \(presentation.rawValue) presentation is drawn as plain content: buttons and toggles act only in the expanded and lock screen presentations")
                return false
            }
            return true
        }
        if env.widgetFamily == .accessoryInline {
            outputs.misuses.append("\(what) in accessoryInline is drawn as plain content: inline widgets cannot hold buttons or toggles")
            return false
        }
        return true
    }

    /// True when a link may open here; notes a misuse in the families that only have a widget URL.
    func allowsLinks(_ env: EnvironmentValues) -> Bool {
        if env.redactionReasons.contains(.placeholder) { return false }
        if let presentation = env.activityPresentation {
            if !presentation.allowsIntents { outputs.misuses.append("Link in the \(presentation.rawValue) presentation is drawn as plain content") }
            return presentation.allowsIntents
        }
        switch env.widgetFamily {
        case .systemSmall, .accessoryCircular, .accessoryInline:
            outputs.misuses.append("Link in \(env.widgetFamily.rawValue) is drawn as plain content: use widgetURL, the only link these families have")
            return false
        default:
            return true
        }
    }
}

/// Draws a child and reports the rectangle it took as a tappable element.
final class InteractiveNode: WrappingNode {
    let id: Int
    let kind: InteractiveElement.Kind
    let action: InteractiveElement.Action

    init(id: Int, kind: InteractiveElement.Kind, action: InteractiveElement.Action, child: LayoutNode) {
        self.id = id
        self.kind = kind
        self.action = action
        super.init(child: child)
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        child.render(in: rect, canvas: &canvas, context)
        // Only what is visible can be tapped: the clip cuts an element that overflows.
        let visible = rect.intersection(canvas.clip)
        if !visible.isEmpty {
            context.interactiveElements.append(InteractiveElement(id: id, rect: visible, kind: kind, action: action))
        }
    }
}

extension EnvironmentValues {
    /// The environment of a label that can be pressed (a bracketed button's, a link's): a label
    /// with no foreground style of its own takes the tint, so it stands out from the content.
    func tintingUnstyledLabel() -> EnvironmentValues {
        var inner = self
        if inner.foregroundStyle == nil { inner.foregroundStyle = AnyShapeStyle(TintShapeStyle()) }
        return inner
    }
}

/// Draws `[` and `]` around a child, on its middle row: the terminal's bordered button.
final class BracketNode: WrappingNode {
    let style: CellStyle

    init(child: LayoutNode, style: CellStyle) {
        self.style = style
        super.init(child: child)
        // The brackets take their two cells whatever the label is.
        isSpacer = false
    }

    override func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize {
        let inner = ProposedSize(width: proposal.width.map { max(0, $0 - 2) }, height: proposal.height)
        let size = child.sizeThatFits(inner, context)
        return CellSize(width: size.width + 2, height: max(1, size.height))
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        guard rect.width >= 2, rect.height >= 1 else { return }
        let inner = CellRect(x: rect.x + 1, y: rect.y, width: rect.width - 2, height: rect.height)
        canvas.withClip(inner) { child.render(in: inner, canvas: &$0, context) }
        let y = rect.y + (rect.height - 1) / 2
        _ = canvas.write("[", x: rect.x, y: y, style: style)
        _ = canvas.write("]", x: rect.maxX - 1, y: y, style: style)
    }
}
