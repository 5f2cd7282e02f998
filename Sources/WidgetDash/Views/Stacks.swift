/// Arranges views in a row.
///
/// Space is offered to the least flexible children first, so fixed-size texts keep their
/// width and `Spacer`s take what is left. Default spacing is one column.
public struct HStack<Content: View>: View, PrimitiveView {
    let stack: LinearStack

    public init(alignment: VerticalAlignment = .center, spacing: Int? = nil, @ViewBuilder content: () -> Content) {
        let cross: StackNode.CrossAlignment = alignment == .top ? .start : alignment == .bottom ? .end : .center
        stack = LinearStack(axis: .horizontal, cross: cross, spacing: spacing.map(Double.init), defaultSpacing: 1, content: AnyView(content()))
    }

    /// A row with spacing given as a `Double` or `CGFloat`, as iOS code often holds it.
    public init(alignment: VerticalAlignment = .center, spacing: Double, @ViewBuilder content: () -> Content) {
        let cross: StackNode.CrossAlignment = alignment == .top ? .start : alignment == .bottom ? .end : .center
        stack = LinearStack(axis: .horizontal, cross: cross, spacing: spacing, defaultSpacing: 1, content: AnyView(content()))
    }

    /// A row whose spacing counts cells whatever the widget's layout unit: for WidgetDash's own
    /// views (a label's icon and title), which are drawn the same in every widget.
    init(alignment: VerticalAlignment = .center, cellSpacing: Int, @ViewBuilder content: () -> Content) {
        let cross: StackNode.CrossAlignment = alignment == .top ? .start : alignment == .bottom ? .end : .center
        stack = LinearStack(axis: .horizontal, cross: cross, spacing: nil, defaultSpacing: cellSpacing, content: AnyView(content()))
    }

    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList { stack.makeNodes(env, context) }
}

/// Arranges views in a column. Default spacing is none: rows are scarce in a terminal.
public struct VStack<Content: View>: View, PrimitiveView {
    let stack: LinearStack

    public init(alignment: HorizontalAlignment = .center, spacing: Int? = nil, @ViewBuilder content: () -> Content) {
        let cross: StackNode.CrossAlignment = alignment == .leading ? .start : alignment == .trailing ? .end : .center
        stack = LinearStack(axis: .vertical, cross: cross, spacing: spacing.map(Double.init), defaultSpacing: 0, content: AnyView(content()))
    }

    /// A column with spacing given as a `Double` or `CGFloat`, as iOS code often holds it.
    public init(alignment: HorizontalAlignment = .center, spacing: Double, @ViewBuilder content: () -> Content) {
        let cross: StackNode.CrossAlignment = alignment == .leading ? .start : alignment == .trailing ? .end : .center
        stack = LinearStack(axis: .vertical, cross: cross, spacing: spacing, defaultSpacing: 0, content: AnyView(content()))
    }

    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList { stack.makeNodes(env, context) }
}

/// What `HStack` and `VStack` share: one stack along an axis, its content told which axis it is
/// in (so a `Spacer` or `Divider` knows which way to grow).
struct LinearStack {
    let axis: Axis
    let cross: StackNode.CrossAlignment
    /// As written (in the widget's layout unit); nil for the default.
    let spacing: Double?
    /// In cells, whatever the unit.
    let defaultSpacing: Int
    let content: AnyView

    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        let cells = spacing.map { env.layoutUnit.gap($0, axis) } ?? defaultSpacing
        return NodeList(StackNode(axis: axis, alignment: cross, spacing: cells, children: content.makeChildren(env, stackAxis: axis, context)))
    }
}

/// Overlays views, each aligned in the same frame.
public struct ZStack<Content: View>: View, PrimitiveView {
    let alignment: Alignment
    let content: AnyView

    public init(alignment: Alignment = .center, @ViewBuilder content: () -> Content) {
        self.alignment = alignment
        self.content = AnyView(content())
    }

    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }

    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        NodeList(ZStackNode(alignment: alignment, children: content.makeChildren(env, stackAxis: nil, context)))
    }
}

/// Flexible empty space that pushes its neighbours apart along its stack's axis.
public struct Spacer: View, PrimitiveView {
    let minLength: Double
    public init(minLength: Int? = nil) { self.minLength = Double(minLength ?? 0) }
    /// A spacer whose minimum is given as a `Double` or `CGFloat`.
    public init(minLength: Double) { self.minLength = minLength }
    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        NodeList(SpacerNode(minLength: env.layoutUnit.gap(minLength, env.stackAxis ?? .vertical), axis: env.stackAxis))
    }
}

/// A thin line: horizontal in a column, vertical in a row.
public struct Divider: View, PrimitiveView {
    public init() {}
    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        var style = CellStyle(foreground: env.palette.border)
        if env.dimsContent { style.foreground = env.palette.invalidated }
        return NodeList(DividerNode(vertical: env.stackAxis == .horizontal, style: style))
    }
}
