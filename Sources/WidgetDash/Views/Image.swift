/// A glyph for an SF Symbol name, as `Image(systemName:)` in SwiftUI.
///
/// Symbols map to single-column terminal glyphs chosen to read well in any monospace font
/// (see ``SymbolTable``); an unknown name shows a neutral fallback glyph, never nothing.
public struct Image: View, PrimitiveView, Sendable {
    let glyph: String
    var color: AnyShapeStyle?
    /// A picture drawn in cells instead of a glyph (see `init(bitmap:)`).
    var bitmap: Bitmap?
    var bitmapRendering: BitmapRendering = .automatic

    /// The terminal glyph for an SF Symbol name.
    public init(systemName: String) {
        glyph = SymbolTable.glyph(for: systemName)
    }

    /// An image drawn with the given glyph (any single grapheme).
    public init(glyph: String) {
        self.glyph = TextSanitizer.sanitize(glyph)
    }

    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }

    /// Symbols can be resized on iOS; a terminal glyph is one cell, so this is kept for source compatibility.
    public func resizable() -> Image { self }

    public func foregroundColor(_ color: Color?) -> Image {
        var copy = self
        copy.color = color.map(AnyShapeStyle.init)
        return copy
    }

    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        if let bitmap { return NodeList(BitmapNode(bitmap: bitmap, rendering: bitmapRendering, color: color, env)) }
        let style = AnyShapeStyle(color ?? env.foregroundStyle ?? AnyShapeStyle(HierarchicalShapeStyle.primary))
        var cell = CellStyle(foreground: env.resolve(style), attributes: env.isBold ? .bold : [])
        if env.dimsContent { cell.foreground = env.palette.invalidated }
        if env.masksContent { return NodeList(TextNode.masked(width: TextWidth.width(of: glyph), style: CellStyle(foreground: env.palette.redaction))) }
        return NodeList(GlyphNode(glyph: glyph, style: cell))
    }
}

/// Draws one glyph.
final class GlyphNode: LayoutNode {
    let glyph: String
    let width: Int
    let style: CellStyle
    init(glyph: String, style: CellStyle) {
        self.glyph = glyph
        self.width = TextWidth.width(of: glyph)
        self.style = style
        super.init()
        answersQuickly = true
        // One row of its own width, whatever is proposed: a row of a glyph and one-line texts
        // (a label) is then measured once per width, and a column once per height.
        ignoresProposedWidth = true
        ignoresProposedHeight = true
    }
    override func quickSize(_ proposal: ProposedSize) -> CellSize? { CellSize(width: width, height: 1) }
    override func measure(_ proposal: ProposedSize, _ context: RenderContext) -> CellSize {
        CellSize(width: width, height: 1)
    }
    override func render(in rect: CellRect, canvas: inout Canvas, _ context: RenderContext) {
        canvas.write(glyph, x: rect.x, y: rect.y + (rect.height - 1) / 2, style: style)
    }
}

extension TextNode {
    /// A mask of the given width, for redacted glyphs and gauges.
    static func masked(width: Int, style: CellStyle) -> TextNode {
        TextNode(
            pieces: [ResolvedPiece(segment: .verbatim(String(repeating: "▒", count: max(1, width))), style: style)],
            lineLimit: 1, alignment: .leading, bigDigits: false, mask: nil, calendar: .current
        )
    }
}

/// How a label shows its title and icon.
public enum LabelStyleKind: Hashable, Sendable {
    case titleAndIcon, titleOnly, iconOnly
}

/// A style for `labelStyle(_:)`.
public struct LabelStyle: Hashable, Sendable {
    let kind: LabelStyleKind
    public static let titleAndIcon = LabelStyle(kind: .titleAndIcon)
    public static let titleOnly = LabelStyle(kind: .titleOnly)
    public static let iconOnly = LabelStyle(kind: .iconOnly)
}

/// A title with an icon before it, as SwiftUI's `Label`.
public struct Label: View {
    let title: Text
    let icon: Image

    public init<S: StringProtocol>(_ title: S, systemImage: String) {
        self.title = Text(title)
        self.icon = Image(systemName: systemImage)
    }

    public init(title: () -> Text, icon: () -> Image) {
        self.title = title()
        self.icon = icon()
    }

    @Environment(\.labelStyle) private var style

    public var body: some View {
        HStack(cellSpacing: 1) {
            if style != .titleOnly { icon }
            if style != .iconOnly { title }
        }
    }
}
