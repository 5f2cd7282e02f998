/// What the most used modifiers do, as a value: the view keeps it beside its content, in the
/// one closure ``ModifiedView`` makes.
///
/// A modifier written as a closure (`modified { … }`, `transformEnvironment { … }`) made two
/// closures each time it was applied: its own, holding its arguments, and the view's, holding
/// the content and that closure. Frames, paddings, colors and fonts are applied to most views
/// of every widget, hundreds of times a frame.
enum ModifierRecipe {
    case font(Font?)
    case foregroundStyle(AnyShapeStyle)
    case bold(Bool)
    case lineLimit(Int?)
    /// `frame(width:height:alignment:)`, in the widget's layout unit.
    case frame(width: Double?, height: Double?, alignment: Alignment)
    /// `padding(_:_:)` with a length in the widget's layout unit, or the default when nil.
    case padding(Edge.Set, Int?)
    case layoutPriority(Double)

    /// Resolves the content (`content`, in the environment it is given) with this modifier
    /// applied in `env`.
    func apply(_ env: EnvironmentValues, _ content: (EnvironmentValues) -> NodeList) -> NodeList {
        switch self {
        case .font(let font):
            var inner = env
            inner.font = font
            return content(inner)
        case .foregroundStyle(let style):
            var inner = env
            inner.foregroundStyle = style
            return content(inner)
        case .bold(let isActive):
            var inner = env
            inner.isBold = isActive
            return content(inner)
        case .lineLimit(let limit):
            var inner = env
            inner.lineLimit = limit
            return content(inner)
        case .frame(let width, let height, let alignment):
            let unit = env.layoutUnit
            let limits = FrameNode.Limits(width: unit.size(width, .horizontal), height: unit.size(height, .vertical))
            return NodeList(FrameNode(limits: limits, alignment: alignment, child: content(env).single))
        case .padding(let edges, let length):
            func gap(_ edge: Edge.Set, _ axis: Axis) -> Int {
                guard edges.contains(edge) else { return 0 }
                guard let length else { return env.layoutUnit == .points ? env.layoutUnit.gap(16, axis) : 1 }
                return env.layoutUnit.gap(length, axis)
            }
            let insets = EdgeInsets(top: gap(.top, .vertical), leading: gap(.leading, .horizontal),
                                    bottom: gap(.bottom, .vertical), trailing: gap(.trailing, .horizontal))
            return NodeList(PaddingNode(insets: insets, child: content(env).single))
        case .layoutPriority(let priority):
            return NodeList(PriorityNode(priority: priority, child: content(env).single))
        }
    }
}
