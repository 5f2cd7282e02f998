import Foundation

/// A piece of a widget's interface, as in SwiftUI: a value that describes content.
///
/// Write your own views by composing others in `body`. Built-in views (Text, stacks, Gauge…)
/// are primitive: they have no body and lay themselves out.
public protocol View {
    associatedtype Body: View
    @ViewBuilder var body: Body { get }

    /// Turns a view into layout nodes. Not for widget authors: the default evaluates `body`,
    /// which is right for every view that has one. (SwiftUI's views have `_makeView` for the
    /// same reason: the engine reaches a view's own resolution through the protocol's witness
    /// table, not by asking at run time which kind of view it is.)
    static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs
}

/// What the layout engine hands a view it resolves: the environment and the pass's context.
/// Not for widget authors.
public struct _ViewInputs {
    let environment: EnvironmentValues
    let context: ResolveContext

    /// The nodes of a primitive view.
    func make<P: PrimitiveView>(_ view: P) -> _ViewOutputs {
        _ViewOutputs(nodes: view.makeNodes(environment, context))
    }
}

/// The layout nodes a view resolved to. Not for widget authors.
public struct _ViewOutputs {
    let nodes: [LayoutNode]
}

extension View {
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs {
        // Every primitive view has no body (`Never`) and declares its own `_makeNodes`; one that
        // does not is still found, more slowly, by asking whether it is a `PrimitiveView`.
        if Body.self == Never.self, let primitive = view as? any PrimitiveView {
            return _ViewOutputs(nodes: primitive.makeNodes(inputs.environment, inputs.context))
        }
        let body = EnvironmentValues.$current.withValue(inputs.environment) { view.body }
        return Body._makeNodes(body, inputs)
    }
}

extension Never: View {
    public var body: Never { fatalError("Never has no body") }
}

/// A view the layout engine knows how to turn into layout nodes directly.
protocol PrimitiveView {
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> [LayoutNode]
}

extension PrimitiveView {
    /// Primitive views have no body; asking for one is a programming error in the engine.
    func primitiveBody() -> Never { fatalError("\(Self.self) is a primitive view") }
}

/// What resolving a widget's view tree collects besides its layout nodes.
final class ResolveContext {
    var containerBackground: AnyShapeStyle?
    var widgetURL: URL?
    /// The id the next button, toggle or link gets (its place among them in the tree).
    var nextInteractiveID = 0
    /// Toggle states the host shows instead of the entry's, by element id (optimistic taps).
    var toggleOverrides: [Int: Bool] = [:]
    /// Interactive views used where their family does not allow them, for `widgetdash list`.
    var misuses: [String] = []
    init() {}
}

/// Turns any view into layout nodes, evaluating `body` with the environment in scope.
func resolve<V: View>(_ view: V, _ env: EnvironmentValues, _ context: ResolveContext) -> [LayoutNode] {
    V._makeNodes(view, _ViewInputs(environment: env, context: context)).nodes
}

/// Resolves a view into exactly one node, stacking several vertically as a `VStack` would.
func resolveSingle<V: View>(_ view: V, _ env: EnvironmentValues, _ context: ResolveContext) -> LayoutNode {
    let nodes = resolve(view, env, context)
    if nodes.count == 1 { return nodes[0] }
    if nodes.isEmpty { return EmptyNode() }
    return StackNode(axis: .vertical, alignment: .center, spacing: 0, children: nodes)
}

// MARK: - Builder

/// Builds views from the statements of a closure, as SwiftUI's `@ViewBuilder` does.
@resultBuilder
public enum ViewBuilder {
    public static func buildBlock() -> EmptyView { EmptyView() }
    public static func buildBlock<Content: View>(_ content: Content) -> Content { content }
    public static func buildBlock<each Content: View>(_ content: repeat each Content) -> TupleView<repeat each Content> {
        TupleView(repeat each content)
    }
    public static func buildIf<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildOptional<Content: View>(_ content: Content?) -> Content? { content }
    public static func buildEither<First: View, Second: View>(first: First) -> ConditionalContent<First, Second> {
        ConditionalContent(storage: .first(first))
    }
    public static func buildEither<First: View, Second: View>(second: Second) -> ConditionalContent<First, Second> {
        ConditionalContent(storage: .second(second))
    }
    public static func buildArray<Content: View>(_ components: [Content]) -> ForEach<Range<Int>, Int, Content> {
        ForEach(components.indices) { components[$0] }
    }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Several views one after the other, made by `@ViewBuilder`.
public struct TupleView<each Content: View>: View, PrimitiveView {
    let content: (repeat each Content)
    public init(_ content: repeat each Content) { self.content = (repeat each content) }
    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { inputs.make(view) }

    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> [LayoutNode] {
        var nodes: [LayoutNode] = []
        for child in repeat each content {
            nodes += resolve(child, env, context)
        }
        return nodes
    }
}

/// No content at all.
public struct EmptyView: View, PrimitiveView {
    public init() {}
    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { inputs.make(view) }
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> [LayoutNode] { [] }
}

/// One of two views, chosen by an `if`/`else` in a builder.
public struct ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    enum Storage {
        case first(TrueContent)
        case second(FalseContent)
    }
    let storage: Storage
    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { inputs.make(view) }
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> [LayoutNode] {
        switch storage {
        case .first(let v): resolve(v, env, context)
        case .second(let v): resolve(v, env, context)
        }
    }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError("Optional is a primitive view") }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { inputs.make(view) }
}

extension Optional: PrimitiveView where Wrapped: View {
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> [LayoutNode] {
        switch self {
        case .some(let v): resolve(v, env, context)
        case .none: []
        }
    }
}

/// A view with its type erased.
public struct AnyView: View, PrimitiveView {
    private let make: (EnvironmentValues, ResolveContext) -> [LayoutNode]
    public init<V: View>(_ view: V) {
        make = { env, context in resolve(view, env, context) }
    }
    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { inputs.make(view) }
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> [LayoutNode] { make(env, context) }
}

/// Groups views without adding a layout of its own.
public struct Group<Content: View>: View, PrimitiveView {
    let content: Content
    public init(@ViewBuilder content: () -> Content) { self.content = content() }
    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { inputs.make(view) }
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> [LayoutNode] { resolve(content, env, context) }
}

/// Views made from the elements of a collection.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
    let data: Data
    let content: (Data.Element) -> Content

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }

    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { inputs.make(view) }

    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> [LayoutNode] {
        data.flatMap { resolve(content($0), env, context) }
    }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        self.data = data
        self.content = content
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        self.data = data
        self.content = content
    }
}
