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
    /// table, not by asking at run time which kind of view it is.) A primitive view's
    /// `_makeNodes` calls its `makeNodes` directly: going through a generic helper would make
    /// the runtime look up the view's generic type on every call.
    static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs
}

/// What the layout engine hands a view it resolves: the environment and the pass's context.
/// Not for widget authors.
public struct _ViewInputs {
    let environment: EnvironmentValues
    let context: ResolveContext
}

/// The layout nodes a view resolved to. Not for widget authors.
public struct _ViewOutputs {
    let nodes: NodeList
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
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList
}

extension PrimitiveView {
    /// Primitive views have no body; asking for one is a programming error in the engine.
    func primitiveBody() -> Never { fatalError("\(Self.self) is a primitive view") }
}

/// What resolving a widget's view tree collects besides its layout nodes.
final class ResolveContext {
    /// What resolving writes, in one value: a tree drawn more than once goes back to what it was
    /// after resolving before each draw, because a `GeometryReader` resolves its content while it
    /// is drawn (numbering its buttons after the rest, each time from the same place).
    struct Outputs {
        var containerBackground: AnyShapeStyle?
        var widgetURL: URL?
        /// The id the next button, toggle or link gets (its place among them in the tree).
        var nextInteractiveID = 0
        /// Interactive views used where their family does not allow them, for `widgetdash list`.
        var misuses: [String] = []
        /// A Live Activity card's background, from the view's `activityBackgroundTint(_:)`.
        var activityBackgroundTint: Color?
    }

    var outputs = Outputs()
    /// Toggle states the host shows instead of the entry's, by element id (optimistic taps).
    var toggleOverrides: [Int: Bool] = [:]
    /// How many times the resolved tree has been drawn (``RenderContext/pass`` of the next draw).
    var passesDrawn = 0
    init() {}
}

/// Turns any view into layout nodes, evaluating `body` with the environment in scope.
func resolve<V: View>(_ view: V, _ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
    V._makeNodes(view, _ViewInputs(environment: env, context: context)).nodes
}

/// Resolves a view into exactly one node, stacking several vertically as a `VStack` would.
func resolveSingle<V: View>(_ view: V, _ env: EnvironmentValues, _ context: ResolveContext) -> LayoutNode {
    resolve(view, env, context).single
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
        ConditionalContent(first: first)
    }
    public static func buildEither<First: View, Second: View>(second: Second) -> ConditionalContent<First, Second> {
        ConditionalContent(second: second)
    }
    public static func buildArray<Content: View>(_ components: [Content]) -> ForEach<Range<Int>, Int, Content> {
        ForEach(components.indices) { components[$0] }
    }
    public static func buildLimitedAvailability<Content: View>(_ content: Content) -> AnyView { AnyView(content) }
}

/// Several views one after the other, made by `@ViewBuilder`.
public struct TupleView<each Content: View>: View, PrimitiveView {
    /// Resolves the views in order. The views are kept in this closure, made when the tuple is
    /// built, rather than as a stored tuple: the engine's generic code copies, destroys and
    /// resolves views without knowing their types, and for a stored tuple of a type pack each
    /// of those asked the runtime for the tuple's type (a hash lookup) every time.
    private let make: (EnvironmentValues, ResolveContext) -> NodeList

    public init(_ content: repeat each Content) {
        let content = (repeat each content)
        var count = 0
        for _ in repeat each content { count += 1 }
        make = { [count] env, context in
            // Room for one node per view, which is what views almost always resolve to.
            var nodes = NodeList(capacity: count)
            for child in repeat each content {
                nodes.append(contentsOf: resolve(child, env, context))
            }
            return nodes
        }
    }

    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }

    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList { make(env, context) }
}

/// No content at all.
public struct EmptyView: View, PrimitiveView {
    public init() {}
    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList { NodeList() }
}

/// One of two views, chosen by an `if`/`else` in a builder.
public struct ConditionalContent<TrueContent: View, FalseContent: View>: View, PrimitiveView {
    /// The view the builder chose, type-erased when it chose it (for the reason given at
    /// ``TupleView``: an enum of the two types made every copy, destruction and resolution ask
    /// the runtime for its type).
    private let chosen: AnyView

    init(first: TrueContent) { chosen = AnyView(first) }
    init(second: FalseContent) { chosen = AnyView(second) }

    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList { chosen.makeNodes(env, context) }
}

extension Optional: View where Wrapped: View {
    public var body: Never { fatalError("Optional is a primitive view") }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }
}

extension Optional: PrimitiveView where Wrapped: View {
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        switch self {
        case .some(let v): resolve(v, env, context)
        case .none: NodeList()
        }
    }
}

/// A view with its type erased.
///
/// Also how the engine's containers (stacks, `Group`, `ConditionalContent`) keep their content:
/// a closure made when the view is stored (see ``TupleView`` for why).
public struct AnyView: View, PrimitiveView {
    private let make: (EnvironmentValues, ResolveContext) -> NodeList
    public init<V: View>(_ view: V) {
        make = { env, context in resolve(view, env, context) }
    }
    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList { make(env, context) }

    /// A container's children: the nodes of this content with its views laid along `stackAxis`
    /// (nil: along none, as in a `ZStack`), which decides which way a spacer or divider goes.
    func makeChildren(_ env: EnvironmentValues, stackAxis: Axis?, _ context: ResolveContext) -> [LayoutNode] {
        var inner = env
        inner.stackAxis = stackAxis
        return make(inner, context).array
    }
}

/// Groups views without adding a layout of its own.
public struct Group<Content: View>: View, PrimitiveView {
    let content: AnyView
    public init(@ViewBuilder content: () -> Content) { self.content = AnyView(content()) }
    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList { content.makeNodes(env, context) }
}

/// Views made from the elements of a collection.
public struct ForEach<Data: RandomAccessCollection, ID: Hashable, Content: View>: View, PrimitiveView {
    /// Makes and resolves a view for each element (the data and the closure kept in a closure,
    /// for the reason given at ``TupleView``).
    private let make: (EnvironmentValues, ResolveContext) -> NodeList

    public init(_ data: Data, id: KeyPath<Data.Element, ID>, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        make = Self.resolving(data, content)
    }

    private static func resolving(_ data: Data, _ content: @escaping (Data.Element) -> Content) -> (EnvironmentValues, ResolveContext) -> NodeList {
        { env, context in
            var nodes = NodeList(capacity: data.count)
            for element in data { nodes.append(contentsOf: resolve(content(element), env, context)) }
            return nodes
        }
    }

    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }

    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList { make(env, context) }
}

extension ForEach where Data.Element: Identifiable, ID == Data.Element.ID {
    public init(_ data: Data, @ViewBuilder content: @escaping (Data.Element) -> Content) {
        make = Self.resolving(data, content)
    }
}

extension ForEach where Data == Range<Int>, ID == Int {
    public init(_ data: Range<Int>, @ViewBuilder content: @escaping (Int) -> Content) {
        // Its own loop over the range, not `resolving`'s: there each step of the iteration went
        // through the collection's witness table, about 1,600 instructions an element (a month
        // grid's 49 cells, every `ForEach(0..<n)` and every `for` in a builder).
        make = { env, context in
            var nodes = NodeList(capacity: data.count)
            for element in data { nodes.append(contentsOf: resolve(content(element), env, context)) }
            return nodes
        }
    }
}
