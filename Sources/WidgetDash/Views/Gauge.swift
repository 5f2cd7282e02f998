import Foundation

/// How a gauge is drawn.
public enum GaugeStyleKind: Hashable, Sendable {
    /// Circular in `accessoryCircular`, linear elsewhere.
    case automatic
    case linearCapacity, accessoryLinear, accessoryLinearCapacity
    case accessoryCircular, accessoryCircularCapacity
}

/// A style for `gaugeStyle(_:)`.
public struct GaugeStyle: Hashable, Sendable {
    let kind: GaugeStyleKind
    public static let automatic = GaugeStyle(kind: .automatic)
    public static let linearCapacity = GaugeStyle(kind: .linearCapacity)
    public static let accessoryLinear = GaugeStyle(kind: .accessoryLinear)
    public static let accessoryLinearCapacity = GaugeStyle(kind: .accessoryLinearCapacity)
    public static let accessoryCircular = GaugeStyle(kind: .accessoryCircular)
    public static let accessoryCircularCapacity = GaugeStyle(kind: .accessoryCircularCapacity)
}

extension View {
    /// How gauges inside are drawn.
    public func gaugeStyle(_ style: GaugeStyle) -> some View { transformEnvironment { $0.gaugeStyle = style.kind } }

    /// How progress views inside are drawn.
    public func progressViewStyle(_ style: ProgressViewStyle) -> some View {
        transformEnvironment { $0.progressViewCircular = style.isCircular }
    }
}

/// A value within a range, drawn as a bar or a ring, as SwiftUI's `Gauge`.
public struct Gauge<Label: View, CurrentValueLabel: View>: View {
    let fraction: Double
    let label: Label
    let currentValueLabel: CurrentValueLabel
    /// The labels at the ends of a bar (a ring has no room for them).
    var endLabels: (minimum: AnyView, maximum: AnyView)?

    public init(
        value: Double, in bounds: ClosedRange<Double> = 0...1,
        @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel
    ) {
        let span = bounds.upperBound - bounds.lowerBound
        fraction = span > 0 && value.isFinite ? min(1, max(0, (value - bounds.lowerBound) / span)) : 0
        self.label = label()
        self.currentValueLabel = currentValueLabel()
    }

    /// A gauge with labels for the ends of its range, drawn at the ends of a bar.
    public init<Minimum: View, Maximum: View>(
        value: Double, in bounds: ClosedRange<Double> = 0...1,
        @ViewBuilder label: () -> Label,
        @ViewBuilder currentValueLabel: () -> CurrentValueLabel,
        @ViewBuilder minimumValueLabel: () -> Minimum,
        @ViewBuilder maximumValueLabel: () -> Maximum
    ) {
        self.init(value: value, in: bounds, label: label, currentValueLabel: currentValueLabel)
        endLabels = (AnyView(minimumValueLabel().lineLimit(1)), AnyView(maximumValueLabel().lineLimit(1)))
    }

    @Environment(\.gaugeStyle) private var style
    @Environment(\.widgetFamily) private var family

    private var isCircular: Bool {
        switch style {
        case .accessoryCircular, .accessoryCircularCapacity: true
        case .automatic: family == .accessoryCircular
        default: false
        }
    }

    public var body: some View {
        if isCircular {
            ZStack {
                GaugeMeter(kind: .ring, fraction: fraction)
                VStack(spacing: 0) {
                    currentValueLabel.lineLimit(1)
                    label.lineLimit(1).font(.caption)
                }
                .padding(cells: EdgeInsets(leading: 1, trailing: 1))
            }
        } else {
            VStack(alignment: .leading, spacing: 0) {
                HStack(cellSpacing: 1) {
                    label.lineLimit(1)
                    Spacer(minLength: 0)
                    currentValueLabel.lineLimit(1)
                }
                if let endLabels {
                    HStack(cellSpacing: 1) { endLabels.minimum; GaugeMeter(kind: .bar, fraction: fraction); endLabels.maximum }
                } else {
                    GaugeMeter(kind: .bar, fraction: fraction)
                }
            }
        }
    }
}

extension Gauge where CurrentValueLabel == EmptyView {
    public init(value: Double, in bounds: ClosedRange<Double> = 0...1, @ViewBuilder label: () -> Label) {
        self.init(value: value, in: bounds, label: label, currentValueLabel: { EmptyView() })
    }
}

/// A style for `progressViewStyle(_:)`.
public struct ProgressViewStyle: Hashable, Sendable {
    let isCircular: Bool
    public static let linear = ProgressViewStyle(isCircular: false)
    public static let circular = ProgressViewStyle(isCircular: true)
    public static let automatic = ProgressViewStyle(isCircular: false)
}

extension EnvironmentValues {
    var progressViewCircular: Bool {
        get { gaugeStyle == .accessoryCircularCapacity }
        set { if newValue { gaugeStyle = .accessoryCircularCapacity } }
    }
}

/// Progress toward completion, as SwiftUI's `ProgressView`: a bar, or a ring.
///
/// With `timerInterval:` it fills (or empties) by itself over the interval, without entries.
public struct ProgressView<Label: View>: View {
    enum Source {
        case value(Double)
        case timer(ClosedRange<Date>, countsDown: Bool)
        /// Progress not known: a spinner on iOS, an ellipsis in cells.
        case indeterminate
    }
    let source: Source
    let label: Label
    /// Drawn under the bar (`currentValueLabel:`).
    var currentValueLabel: AnyView?

    public init(value: Double?, total: Double = 1, @ViewBuilder label: () -> Label) {
        let v = value ?? 0
        source = .value(total > 0 && v.isFinite ? min(1, max(0, v / total)) : 0)
        self.label = label()
    }

    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true, @ViewBuilder label: () -> Label) {
        source = .timer(timerInterval, countsDown: countsDown)
        self.label = label()
    }

    /// Progress with a label for its current value, drawn under the bar.
    public init<CurrentValueLabel: View>(value: Double?, total: Double = 1, @ViewBuilder label: () -> Label,
                                         @ViewBuilder currentValueLabel: () -> CurrentValueLabel) {
        self.init(value: value, total: total, label: label)
        self.currentValueLabel = AnyView(currentValueLabel().lineLimit(1))
    }

    /// Progress not known yet, with a label: an ellipsis in cells (iOS draws a spinner).
    public init(@ViewBuilder label: () -> Label) {
        source = .indeterminate
        self.label = label()
    }

    @Environment(\.gaugeStyle) private var style

    public var body: some View {
        let bar: AnyView = {
            switch source {
            case .value(let f):
                return AnyView(GaugeMeter(kind: style == .accessoryCircularCapacity ? .ring : .bar, fraction: f))
            case .timer(let range, let down):
                return AnyView(TimerBar(range: range, countsDown: down, circular: style == .accessoryCircularCapacity))
            case .indeterminate:
                return AnyView(Text("…").foregroundStyle(.secondary))
            }
        }()
        VStack(alignment: .leading, spacing: 0) {
            label.lineLimit(1)
            bar
            currentValueLabel
        }
    }
}

extension ProgressView where Label == EmptyView {
    /// Progress not known yet: an ellipsis in cells (iOS draws a spinner).
    public init() { self.init(label: { EmptyView() }) }
    public init(value: Double?, total: Double = 1) {
        self.init(value: value, total: total, label: { EmptyView() })
    }
    public init(timerInterval: ClosedRange<Date>, countsDown: Bool = true) {
        self.init(timerInterval: timerInterval, countsDown: countsDown, label: { EmptyView() })
    }
}

/// A gauge's meter at a fixed fraction: a horizontal bar with eighth-block precision, or a ring
/// around its frame filled clockwise from the top.
struct GaugeMeter: View, PrimitiveView {
    let kind: MeterNode.Kind
    let fraction: Double
    var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        NodeList(MeterNode(kind: kind, fraction: { _ in (fraction, nil) }, styles: MeterNode.Styles(env)))
    }
}

/// A bar or ring that follows a timer interval by itself.
struct TimerBar: View, PrimitiveView {
    let range: ClosedRange<Date>
    let countsDown: Bool
    let circular: Bool
    var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }
    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        let range = range, countsDown = countsDown
        return NodeList(MeterNode(kind: circular ? .ring : .bar, fraction: { now in
            let total = range.upperBound.timeIntervalSince(range.lowerBound)
            guard total > 0 else { return (countsDown ? 0 : 1, nil) }
            let elapsed = min(max(0, now.timeIntervalSince(range.lowerBound)), total)
            let f = countsDown ? 1 - elapsed / total : elapsed / total
            let next: Date? = now < range.lowerBound ? range.lowerBound
                : now < range.upperBound ? DateText.nextSecond(after: now, reference: range.lowerBound) : nil
            return (f, next)
        }, styles: MeterNode.Styles(env)))
    }
}

/// Draws bars and rings.
final class MeterNode: LayoutNode {
    enum Kind { case bar, ring }

    struct Styles {
        var filled: CellStyle
        var track: CellStyle
        var masked: Bool
        init(_ env: EnvironmentValues) {
            let tint = env.dimsContent ? env.palette.invalidated : env.palette.tint
            filled = CellStyle(foreground: env.masksContent ? env.palette.redaction : tint)
            track = CellStyle(foreground: env.masksContent ? env.palette.redaction : env.palette.tertiary)
            masked = env.masksContent
        }
    }

    let kind: Kind
    let fraction: (Date) -> (Double, Date?)
    let styles: Styles

    init(kind: Kind, fraction: @escaping (Date) -> (Double, Date?), styles: Styles) {
        self.kind = kind
        self.fraction = fraction
        self.styles = styles
        super.init()
        // A bar is one row whatever height it is offered (see `measure`).
        ignoresProposedHeight = kind == .bar
    }

    override func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize {
        switch kind {
        case .bar:
            return CellSize(width: min(proposal.width ?? 10, ProposedSize.unbounded), height: 1)
        case .ring:
            let w = max(5, min(proposal.width ?? 8, ProposedSize.unbounded))
            let h = max(3, min(proposal.height ?? 3, ProposedSize.unbounded))
            return CellSize(width: w, height: h)
        }
    }

    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        let (f, next) = fraction(context.now)
        if let next { context.refresh(at: next) }
        // A masked meter shows as empty: its value is as private as the text beside it.
        let value = styles.masked ? 0 : max(0, min(1, f))
        switch kind {
        case .bar: Self.drawBar(value, rect, &canvas, filled: styles.filled, track: styles.track)
        case .ring: Self.drawRing(value, rect, &canvas, filled: styles.filled, track: styles.track)
        }
    }

    /// Draws `value` of a bar across `rect`'s middle row in eighth blocks, the rest as track
    /// (or nothing, when `track` is nil).
    static func drawBar(_ value: Double, _ rect: CellRect, _ canvas: inout Canvas, filled fill: CellStyle, track: CellStyle?) {
        let eighths = Int((value * Double(rect.width * 8)).rounded())
        let partials: [Character] = ["▏", "▎", "▍", "▌", "▋", "▊", "▉"]
        let y = rect.y + (rect.height - 1) / 2
        for i in 0..<rect.width {
            let filled = eighths - i * 8
            if filled >= 8 {
                canvas.put("█", width: 1, x: rect.x + i, y: y, style: fill)
            } else if filled > 0 {
                canvas.put(partials[filled - 1], width: 1, x: rect.x + i, y: y, style: fill)
            } else if let track {
                canvas.put("░", width: 1, x: rect.x + i, y: y, style: track)
            }
        }
    }

    /// Draws `value` of a ring around `rect`'s edge, clockwise from the top centre, in heavy
    /// lines; the rest in light lines in `track`, or not at all when `track` is nil. Too small
    /// for a ring, it is a bar.
    static func drawRing(_ value: Double, _ rect: CellRect, _ canvas: inout Canvas, filled: CellStyle, track: CellStyle?) {
        let w = rect.width, h = rect.height
        guard w >= 3, h >= 2 else { return drawBar(value, rect, &canvas, filled: filled, track: track) }
        // The perimeter clockwise from the top centre, so the fill grows like a watch hand.
        var cells: [(Int, Int)] = []
        let mid = w / 2
        for x in mid..<w { cells.append((x, 0)) }
        for y in 1..<h { cells.append((w - 1, y)) }
        for x in stride(from: w - 2, through: 0, by: -1) { cells.append((x, h - 1)) }
        for y in stride(from: h - 2, through: 0, by: -1) { cells.append((0, y)) }
        for x in 1..<mid { cells.append((x, 0)) }
        let filledCount = Int((value * Double(cells.count)).rounded())
        for (i, (x, y)) in cells.enumerated() {
            let heavy = i < filledCount
            guard heavy || track != nil else { continue }
            let glyph: Character
            switch (x, y) {
            case (0, 0): glyph = heavy ? "┏" : "╭"
            case (w - 1, 0): glyph = heavy ? "┓" : "╮"
            case (w - 1, h - 1): glyph = heavy ? "┛" : "╯"
            case (0, h - 1): glyph = heavy ? "┗" : "╰"
            case (_, 0), (_, h - 1): glyph = heavy ? "━" : "─"
            default: glyph = heavy ? "┃" : "│"
            }
            canvas.put(glyph, width: 1, x: rect.x + x, y: rect.y + y, style: heavy ? filled : track ?? filled)
        }
    }
}
