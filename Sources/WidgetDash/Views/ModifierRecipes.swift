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
        func changed(_ change: (inout EnvironmentValues) -> Void) -> EnvironmentValues {
            var inner = env
            change(&inner)
            return inner
        }
        switch self {
        case .font(let font): return content(changed { $0.font = font })
        case .foregroundStyle(let style): return content(changed { $0.foregroundStyle = style })
        case .bold(let isActive): return content(changed { $0.isBold = isActive })
        case .lineLimit(let limit): return content(changed { $0.lineLimit = limit })
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
            // The priority is set on the content's own node, which was just made for this
            // view alone: a node of its own around it answered and drew exactly as the content
            // does, and cost an allocation and a remembered answer for every question.
            let node = content(env).single
            node.layoutPriority = priority
            return NodeList(node)
        }
    }
}
