import Foundation

/// A view changed by a modifier: the modifier decides the environment its content sees and
/// wraps the content's layout nodes.
public struct ModifiedView<Content: View>: View, PrimitiveView {
    typealias Apply = (EnvironmentValues, ResolveContext, (EnvironmentValues) -> NodeList) -> NodeList
    /// The modifier applied to the content, in a closure made when the modifier is applied
    /// (for the reason given at ``TupleView``: with the content stored beside the modifier,
    /// making, copying and resolving the view each looked up `ModifiedView<Content>`'s type).
    private let make: (EnvironmentValues, ResolveContext) -> NodeList

    init(_ content: Content, _ apply: @escaping Apply) {
        make = { env, context in apply(env, context) { resolve(content, $0, context) } }
    }

    /// The content in a changed environment: what most modifiers are. One closure, not an
    /// `Apply` wrapped around the change (a closure made and freed for every such modifier of
    /// every view of every frame).
    init(_ content: Content, environment change: @escaping (inout EnvironmentValues) -> Void) {
        make = { env, context in
            var inner = env
            change(&inner)
            return resolve(content, inner, context)
        }
    }

    /// The content with one of the common modifiers applied: one closure, holding the content and
    /// the recipe (see ``ModifierRecipe``).
    init(_ content: Content, _ recipe: ModifierRecipe) {
        make = { env, context in recipe.apply(env) { resolve(content, $0, context) } }
    }

    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }

    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList { make(env, context) }
}

/// A reusable change to a view, as SwiftUI's `ViewModifier`.
public protocol ViewModifier {
    associatedtype Body: View
    typealias Content = ViewModifierContent
    @ViewBuilder func body(content: Content) -> Body
}

/// The view a `ViewModifier` is applied to.
public struct ViewModifierContent: View, PrimitiveView {
    let make: (EnvironmentValues, ResolveContext) -> NodeList
    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList { make(env, context) }
}

/// Edges of a rectangle, for padding.
public enum Edge: Hashable, Sendable {
    case top, leading, bottom, trailing

    /// A set of edges.
    public struct Set: OptionSet, Hashable, Sendable {
        public let rawValue: Int
        public init(rawValue: Int) { self.rawValue = rawValue }
        public static let top = Set(rawValue: 1)
        public static let leading = Set(rawValue: 2)
        public static let bottom = Set(rawValue: 4)
        public static let trailing = Set(rawValue: 8)
        public static let horizontal: Set = [.leading, .trailing]
        public static let vertical: Set = [.top, .bottom]
        public static let all: Set = [.top, .leading, .bottom, .trailing]
    }
}

/// Where a container background goes.
public enum ContainerBackgroundPlacement: Hashable, Sendable {
    /// Behind the whole widget; removed where the rendering mode or StandBy removes it.
    case widget
}

extension View {
    func modified(_ apply: @escaping ModifiedView<Self>.Apply) -> ModifiedView<Self> {
        ModifiedView(self, apply)
    }

    /// Changes the environment of this view's content.
    func transformEnvironment(_ change: @escaping (inout EnvironmentValues) -> Void) -> ModifiedView<Self> {
        ModifiedView(self, environment: change)
    }

    /// Sets an environment value for this view and its content.
    public func environment<V>(_ keyPath: WritableKeyPath<EnvironmentValues, V>, _ value: V) -> some View {
        let box = UncheckedValue(value)
        return transformEnvironment { $0[keyPath: keyPath] = box.value }
    }

    /// Applies a custom modifier.
    public func modifier<M: ViewModifier>(_ modifier: M) -> some View {
        modified { env, context, content in
            // The wrapped content is resolved before this call returns, so it never escapes.
            withoutActuallyEscaping(content) { content in
                let wrapped = ViewModifierContent { e, _ in content(e) }
                let body = EnvironmentValues.$current.withValue(env) { modifier.body(content: wrapped) }
                return resolve(body, env, context)
            }
        }
    }

    // MARK: Text and color

    /// The font of texts inside that do not set their own.
    public func font(_ font: Font?) -> some View { ModifiedView(self, .font(font)) }

    /// The color of texts and glyphs inside that do not set their own.
    public func foregroundStyle(_ style: some ShapeStyle) -> some View {
        ModifiedView(self, .foregroundStyle(AnyShapeStyle(style)))
    }

    /// The color of texts and glyphs inside (older SwiftUI spelling of `foregroundStyle`).
    public func foregroundColor(_ color: Color?) -> some View {
        let erased = color.map(AnyShapeStyle.init)
        return transformEnvironment { if let erased { $0.foregroundStyle = erased } }
    }

    /// Bold text inside.
    public func bold(_ isActive: Bool = true) -> some View { ModifiedView(self, .bold(isActive)) }

    /// The tint (accent) color used by gauges, progress bars and `.tint` styles inside.
    public func tint(_ color: Color?) -> some View {
        modified { env, _, content in
            var inner = env
            if let color { inner.palette.tint = color._resolve(in: env.palette) }
            return content(inner)
        }
    }

    /// The most lines texts inside may take.
    public func lineLimit(_ limit: Int?) -> some View { ModifiedView(self, .lineLimit(limit)) }

    /// How the lines of multi-line texts inside align.
    public func multilineTextAlignment(_ alignment: TextAlignment) -> some View {
        transformEnvironment { $0.multilineTextAlignment = alignment }
    }

    /// How labels inside show title and icon.
    public func labelStyle(_ style: LabelStyle) -> some View { transformEnvironment { $0.labelStyle = style.kind } }

    // MARK: Layout

    /// Space around the view on the given edges: one cell (16 points, iOS's default, in a
    /// widget that counts points) when no length is given.
    public func padding(_ edges: Edge.Set = .all, _ length: Int? = nil) -> some View {
        ModifiedView(self, .padding(edges, length))
    }

    /// The same space on every edge.
    public func padding(_ length: Int) -> some View { padding(.all, length) }

    /// Space on the given edges, given as a `Double` or `CGFloat` (in the widget's layout unit).
    public func padding(_ edges: Edge.Set, _ length: Double) -> some View {
        modified { env, _, content in
            func gap(_ edge: Edge.Set, _ axis: Axis) -> Int { edges.contains(edge) ? env.layoutUnit.gap(length, axis) : 0 }
            let insets = EdgeInsets(top: gap(.top, .vertical), leading: gap(.leading, .horizontal),
                                    bottom: gap(.bottom, .vertical), trailing: gap(.trailing, .horizontal))
            return NodeList(PaddingNode(insets: insets, child: single(content(env))))
        }
    }

    /// The same space on every edge, given as a `Double` or `CGFloat`.
    public func padding(_ length: Double) -> some View { padding(.all, length) }

    /// Space around the view in cells whatever the widget's layout unit (for WidgetDash's own
    /// views, drawn the same in every widget).
    func padding(cells insets: EdgeInsets) -> some View {
        modified { env, _, content in NodeList(PaddingNode(insets: insets, child: single(content(env)))) }
    }

    /// Space around the view (in the widget's layout unit).
    public func padding(_ insets: EdgeInsets) -> some View {
        modified { env, _, content in
            let unit = env.layoutUnit
            let cells = EdgeInsets(top: unit.gap(insets.top, .vertical), leading: unit.gap(insets.leading, .horizontal),
                                   bottom: unit.gap(insets.bottom, .vertical), trailing: unit.gap(insets.trailing, .horizontal))
            return NodeList(PaddingNode(insets: cells, child: single(content(env))))
        }
    }

    /// A fixed size (either dimension may be left to the content), with the content aligned inside.
    public func frame(width: Double? = nil, height: Double? = nil, alignment: Alignment = .center) -> some View {
        ModifiedView(self, .frame(width: width, height: height, alignment: alignment))
    }

    /// The priority this view has when its stack shares out space (default 0).
    public func layoutPriority(_ priority: Double) -> some View {
        ModifiedView(self, .layoutPriority(priority))
    }

    /// Fills the view's frame with a color behind it.
    public func background(_ style: some ShapeStyle) -> some View {
        let erased = AnyShapeStyle(style)
        return modified { env, _, content in
            NodeList(BackgroundNode(child: single(content(env)), color: env.resolve(erased), background: nil))
        }
    }

    /// Draws a view behind this one, in this view's frame.
    public func background<B: View>(alignment: Alignment = .center, @ViewBuilder content background: () -> B) -> some View {
        let background = background()
        return modified { env, context, content in
            NodeList(BackgroundNode(child: single(content(env)), color: nil, background: resolveSingle(background, env, context), alignment: alignment))
        }
    }

    /// Draws a view in front of this one, in this view's frame.
    public func overlay<O: View>(alignment: Alignment = .center, @ViewBuilder content overlay: () -> O) -> some View {
        let overlay = overlay()
        return modified { env, context, content in
            NodeList(BackgroundNode(child: single(content(env)), color: nil, background: resolveSingle(overlay, env, context), overlay: true, alignment: alignment))
        }
    }

    // MARK: Widget

    /// The widget's background, which the host draws behind the whole panel and removes where
    /// the rendering mode or StandBy asks (the lock screen, StandBy).
    public func containerBackground(_ style: some ShapeStyle, for placement: ContainerBackgroundPlacement) -> some View {
        let erased = AnyShapeStyle(style)
        return modified { env, context, content in
            context.outputs.containerBackground = erased
            return content(env)
        }
    }

    /// The widget's background given as a view; only a `Color` (or a view that is one) has an
    /// effect in a terminal.
    public func containerBackground<V: View>(for placement: ContainerBackgroundPlacement, alignment: Alignment = .center, @ViewBuilder content background: () -> V) -> some View {
        let background = background()
        return modified { env, context, content in
            if let color = background as? Color { context.outputs.containerBackground = AnyShapeStyle(color) }
            return content(env)
        }
    }

    /// The place the widget opens when tapped outside any link.
    public func widgetURL(_ url: URL?) -> some View {
        modified { env, context, content in
            if context.outputs.widgetURL == nil { context.outputs.widgetURL = url }
            return content(env)
        }
    }

    // MARK: Redaction

    /// Adds a redaction reason for this view's content (reasons accumulate down the tree).
    public func redacted(reason: RedactionReasons) -> some View {
        transformEnvironment { $0.redactionReasons.formUnion(reason) }
    }

    /// Removes every redaction reason for this view's content.
    public func unredacted() -> some View { transformEnvironment { $0.redactionReasons = [] } }

    /// Marks content as private: masked while the device is locked.
    public func privacySensitive(_ sensitive: Bool = true) -> some View {
        transformEnvironment { $0.isPrivacySensitive = sensitive }
    }

    /// Marks content that shows as invalidated from a tap until the next timeline is on screen.
    public func invalidatableContent(_ invalidatable: Bool = true) -> some View {
        transformEnvironment { $0.isInvalidatable = invalidatable }
    }

    /// Puts this view in the accent group of the accented rendering mode.
    public func widgetAccentable(_ accentable: Bool = true) -> some View {
        transformEnvironment { $0.isAccentable = accentable }
    }
}

/// Carries a value of any type into an environment change.
///
/// Views are built and resolved on one thread (the run loop's), and the box never leaves
/// that pass, so the value is never shared across threads.
private struct UncheckedValue<V> {
    let value: V
    init(_ value: V) { self.value = value }
}

/// One node for a modifier to wrap: several become a column, as SwiftUI does for a modifier
/// applied to a group.
private func single(_ nodes: NodeList) -> LayoutNode { nodes.single }
