import Foundation

/// An entry of a widget that runs in an extension: its date and what the extension rendered.
///
/// The host never sees the extension's own entry type; it keeps this, and draws it with
/// ``RemoteContentView``.
package struct RemoteEntry: TimelineEntry {
    package let date: Date
    package let relevance: TimelineEntryRelevance?
    /// The entry as drawn normally (for the placeholder: the placeholder, drawn redacted).
    package let normal: WireRendering?
    /// The entry as drawn on a locked dashboard (`privacySensitive()` views masked).
    package let privacy: WireRendering?
    /// Why there is nothing to draw (the extension stopped), shown in the panel.
    package let failure: String?
    /// The request that brought the entry (family, parameters, its moment): a tap on one of
    /// its elements asks the extension again with the same, to find the element.
    package var family: WidgetFamily?
    package var parameters: [String: String] = [:]
    package var requestDate: Date?
    package var rendering: RenderingEnvironment?

    package init(date: Date, relevance: TimelineEntryRelevance? = nil, normal: WireRendering?, privacy: WireRendering? = nil, failure: String? = nil) {
        self.date = date
        self.relevance = relevance
        self.normal = normal
        self.privacy = privacy
        self.failure = failure
    }
}

/// Draws a ``RemoteEntry`` in the environment it is shown in: the variant the redaction asks
/// for, colors from the host's palette, live texts formatted for the moment drawn, and the
/// entry's buttons, toggles and links as interactive elements.
package struct RemoteContentView: View, PrimitiveView {
    package typealias Body = Never
    package var body: Never { primitiveBody() }

    let entry: RemoteEntry?
    /// Makes the intent a tap on a button or toggle runs (one request to the extension).
    let intent: @Sendable (WireElement) -> AnyAppIntent

    package init(entry: (any TimelineEntry)?, intent: @escaping @Sendable (WireElement) -> AnyAppIntent) {
        self.entry = entry as? RemoteEntry
        self.intent = intent
    }

    package static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context))
    }

    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        guard let entry else { return NodeList(EmptyNode()) }
        if let failure = entry.failure {
            return Text("stopped: " + failure).foregroundStyle(Color.red).makeNodes(env, context)
        }
        var rendering = entry.normal
        if env.redactionReasons.contains(.privacy), !env.redactionReasons.contains(.placeholder), let privacy = entry.privacy {
            rendering = privacy
        }
        guard let rendering else { return NodeList(EmptyNode()) }
        if let background = rendering.containerBackground {
            context.outputs.containerBackground = AnyShapeStyle(Color(background.resolved(in: env.palette)))
        }
        if let url = rendering.widgetURL { context.outputs.widgetURL = url }
        return NodeList(RemoteContentNode(rendering: rendering, palette: env.palette, toggleOverrides: context.toggleOverrides, intent: intent))
    }
}

/// Lays out as the size the extension rendered, and draws its cells and live texts.
final class RemoteContentNode: LayoutNode {
    let rendering: WireRendering
    let palette: Palette
    /// Toggles shown in the other state than the entry's, by element id: tapped, their intent not
    /// yet confirmed by a new timeline.
    let toggleOverrides: [Int: Bool]
    let intent: @Sendable (WireElement) -> AnyAppIntent

    init(rendering: WireRendering, palette: Palette, toggleOverrides: [Int: Bool] = [:], intent: @escaping @Sendable (WireElement) -> AnyAppIntent) {
        self.rendering = rendering
        self.palette = palette
        self.toggleOverrides = toggleOverrides
        self.intent = intent
    }

    /// True when the toggle `element` is shown flipped from the entry's state.
    private func isFlipped(_ element: WireElement) -> Bool {
        guard element.kind == "toggle", let shown = toggleOverrides[element.id] else { return false }
        return shown != (element.isOn ?? false)
    }

    override func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize {
        CellSize(width: max(0, rendering.canvas.width), height: max(0, rendering.canvas.height))
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        guard let cells = rendering.canvas.canvas(palette: palette) else { return }
        canvas.draw(cells, at: rect.origin)
        func moved(_ r: CellRect) -> CellRect { CellRect(x: r.x + rect.x, y: r.y + rect.y, width: r.width, height: r.height) }
        // A tapped toggle shows its other state at once (before live texts, which draw over it).
        for element in rendering.elements where isFlipped(element) {
            guard let cells = element.flipped?.canvas(palette: palette) else { continue }
            canvas.withClip(rect) { canvas in canvas.draw(cells, at: moved(element.rect.rect).origin) }
        }
        for live in rendering.live {
            guard let node = live.node(palette: palette) else { continue }
            let textRect = moved(live.rect.rect)
            let clip = moved(live.clip.rect).intersection(rect)
            canvas.withClip(clip) { canvas in
                let under = textRect.intersection(moved(live.clip.rect))
                if let underlay = live.underlay.canvas(palette: palette) { canvas.draw(underlay, at: under.origin) }
                node.render(in: textRect, canvas: &canvas, context)
            }
        }
        for element in rendering.elements {
            let r = moved(element.rect.rect).intersection(rect)
            guard !r.isEmpty, let action = action(for: element) else { continue }
            let kind: InteractiveElement.Kind = element.kind == "toggle" ? .toggle : element.kind == "link" ? .link : .button
            context.interactiveElements.append(InteractiveElement(id: element.id, rect: r, kind: kind, action: action))
        }
    }

    private func action(for element: WireElement) -> InteractiveElement.Action? {
        switch element.kind {
        case "link": return element.url.map { .open($0) }
        case "toggle":
            let isOn = element.isOn ?? false
            return .toggle(isOn: isFlipped(element) ? !isOn : isOn, intent(element))
        case "button": return .perform(intent(element))
        default: return nil
        }
    }
}

/// How the host times out and retries a widget's reloads, when the widget says (an
/// extension's widgets do: their failures are a process that crashed or hung, worth trying
/// again soon, then less and less often).
package struct ReloadRules: Sendable, Hashable {
    /// How long a reload may take, in real seconds, before the scheduler abandons it.
    package var timeout: TimeInterval
    /// Retry after a failure: `retryBase × 2^(n−1)`, at most `retryMax`.
    package var retryBase: TimeInterval
    package var retryMax: TimeInterval

    package init(timeout: TimeInterval, retryBase: TimeInterval, retryMax: TimeInterval) {
        self.timeout = timeout
        self.retryBase = retryBase
        self.retryMax = retryMax
    }

    /// An extension's: the process enforces the real limits, the scheduler's is a backstop;
    /// retries after 1 s, 2 s, 4 s … up to 5 min.
    package static let extensionWidget = ReloadRules(timeout: 60, retryBase: 1, retryMax: 5 * 60)

    /// The backoff before retry number `failures` (1 for the first).
    package func retryDelay(failures: Int) -> TimeInterval {
        let exponent = min(max(0, failures - 1), 30)
        return min(retryMax, retryBase * pow(2, Double(exponent)))
    }
}
