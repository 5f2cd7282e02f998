import Foundation

extension WireActivityViews {
    /// Views for an activity whose extension has not answered yet: each presentation draws
    /// `…` (and asks to be drawn again shortly) until `answer` has the views, then the
    /// extension's cells, or what went wrong.
    ///
    /// The dashboard makes an activity's views once per update, on its run loop, so it cannot
    /// wait for a slow extension; these views are made at once and fill in when the answer
    /// comes. The island's tints are not known in time and are left out.
    package static func pending(answer: @escaping @Sendable () -> Result<WireActivityViews, ActivityPayloadError>?,
                                intent: @escaping @Sendable (WireElement) -> AnyAppIntent) -> ActivityViews {
        func view(_ failure: PendingRemoteView.FailureText, _ select: @escaping @Sendable (WireActivityViews) -> WireRendering?,
                  privacy: @escaping @Sendable (WireActivityViews) -> WireRendering? = { _ in nil }) -> AnyView {
            AnyView(PendingRemoteView(answer: answer, select: select, privacy: privacy, failure: failure, intent: intent))
        }
        func region(_ name: String) -> @Sendable (WireActivityViews) -> WireRendering? {
            { views in views.expanded.first { $0.position == name }?.rendering }
        }
        // Every position is offered; one the extension does not draw measures as nothing.
        let regions = [
            AnyDynamicIslandRegion(position: .leading, priority: 0, view: view(.none, region("leading"))),
            AnyDynamicIslandRegion(position: .trailing, priority: 0, view: view(.none, region("trailing"))),
            AnyDynamicIslandRegion(position: .center, priority: 0, view: view(.none, region("center"))),
            AnyDynamicIslandRegion(position: .bottom, priority: 0, view: view(.reason, region("bottom"))),
        ]
        let island = DynamicIsland(regions: regions, compactLeading: view(.sign, { $0.compactLeading }),
                                   compactTrailing: view(.word, { $0.compactTrailing }), minimal: view(.sign, { $0.minimal }))
        return ActivityViews(lockScreen: view(.reason, { $0.lockScreen }, privacy: { $0.lockScreenPrivacy }), island: island,
                             backgroundTint: nil)
    }
}

/// One presentation of an activity whose extension may not have answered yet.
struct PendingRemoteView: View, PrimitiveView {
    typealias Body = Never
    var body: Never { primitiveBody() }

    /// What a presentation says when the extension failed: small ones a sign or a word, the
    /// card and the expanded island's bottom the reason.
    enum FailureText { case none, sign, word, reason }

    let answer: @Sendable () -> Result<WireActivityViews, ActivityPayloadError>?
    let select: @Sendable (WireActivityViews) -> WireRendering?
    let privacy: @Sendable (WireActivityViews) -> WireRendering?
    let failure: FailureText
    let intent: @Sendable (WireElement) -> AnyAppIntent

    static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs {
        _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context))
    }

    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        switch answer() {
        case nil:
            return NodeList(PendingNode(style: CellStyle(foreground: env.palette.secondary)))
        case .failure(let error):
            let text: String
            switch failure {
            case .none: return NodeList(EmptyNode())
            case .sign: text = "⚠"
            case .word: text = "stopped"
            case .reason: text = "⚠ " + TextSanitizer.sanitize(error.description, keepNewlines: false)
            }
            return Text(text).foregroundStyle(Color.orange).makeNodes(env, context)
        case .success(let views):
            guard let rendering = select(views) else { return NodeList(EmptyNode()) }
            let entry = RemoteEntry(date: Date(timeIntervalSince1970: 0), normal: rendering, privacy: privacy(views))
            return RemoteContentView(entry: entry, intent: intent).makeNodes(env, context)
        }
    }
}

/// `…`, drawn while the extension works, asking to be drawn again shortly.
final class PendingNode: LayoutNode {
    /// How soon to look again, on the clock the host draws with.
    static let pollInterval: TimeInterval = 0.25
    let style: CellStyle

    init(style: CellStyle) { self.style = style }

    override func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize { CellSize(width: 1, height: 1) }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        guard !rect.isEmpty else { return }
        _ = canvas.write("…", x: rect.x, y: rect.y, style: style)
        context.refresh(at: context.now.addingTimeInterval(Self.pollInterval))
    }
}
