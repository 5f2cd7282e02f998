import Foundation

/// One or more lines of read-only text, as SwiftUI's `Text`.
///
/// Text wraps at spaces (and between CJK characters), truncates with "…" when it runs out of
/// room, and never splits a grapheme. Dates can be live: `Text(date, style: .timer)` counts on
/// screen without a new entry. Every string is sanitised, so control characters and escape
/// sequences from outside never reach the terminal.
public struct Text: View, PrimitiveView, Sendable {
    /// How a date is shown.
    public enum DateStyle: Hashable, Sendable {
        /// The time of day, "14:05".
        case time
        /// The date, "November 22, 2026".
        case date
        /// The time from now, "11 min, 14 sec"; counts on screen.
        case relative
        /// The signed offset from now, "+11 min"; counts on screen.
        case offset
        /// A timer to the date (counting down, then up): "10:24"; counts on screen.
        case timer
    }

    enum Segment: Sendable {
        case verbatim(String)
        case date(Date, DateStyle)
        case timerInterval(ClosedRange<Date>, countsDown: Bool, pauseTime: Date?, showsHours: Bool)
        case live(LiveDate)
    }

    /// What a live text shows of the dashboard's "now" (a widgetdash addition).
    ///
    /// SwiftUI's `Text(date, style: .time)` shows the date it was given and never moves. A
    /// terminal dashboard often wants the time itself, ticking; in WidgetKit that takes the
    /// `.timer`-from-midnight trick, which reads "5:03" before 1 am. These show the current
    /// moment on the dashboard's clock (real, time-travelling or simulated) instead.
    public enum LiveDate: Hashable, Sendable {
        /// The time of day, "08:05:03" (every second) or "08:05" (every minute, at the minute).
        case currentTime(showsSeconds: Bool)
        /// The date, "November 22, 2026"; checked every minute, at the minute.
        case currentDate
    }

    struct Piece: Sendable {
        var segment: Segment
        var font: Font?
        var color: AnyShapeStyle?
        var bold: Bool?
        var italic = false
        /// Nil: as the environment says (`underline()` on a container).
        var underline: Bool?
    }

    var pieces: PieceList<Piece>

    /// Text shown as it is (after sanitising).
    public init<S: StringProtocol>(_ content: S) {
        pieces = PieceList(Piece(segment: .verbatim(TextSanitizer.sanitize(String(content)))))
    }

    /// Text shown as it is, without localisation (the same as `init(_:)` here).
    public init(verbatim content: String) { self.init(content) }

    /// A date in one of the date styles; `.relative`, `.offset` and `.timer` count on screen.
    public init(_ date: Date, style: DateStyle) {
        pieces = PieceList(Piece(segment: .date(date, style)))
    }

    /// A timer over an interval: counts down to its end (or up from its start), and stops
    /// at the end; with `pauseTime` it shows the value at that moment, frozen.
    public init(timerInterval: ClosedRange<Date>, pauseTime: Date? = nil, countsDown: Bool = true, showsHours: Bool = true) {
        pieces = PieceList(Piece(segment: .timerInterval(timerInterval, countsDown: countsDown, pauseTime: pauseTime, showsHours: showsHours)))
    }

    /// The dashboard's current time or date, kept current on screen:
    /// `Text(.currentTime(showsSeconds: true))` reads "08:05:03" and redraws each second while
    /// visible. A widgetdash addition; see ``LiveDate``.
    public init(_ live: LiveDate) {
        pieces = PieceList(Piece(segment: .live(live)))
    }

    private init(pieces: PieceList<Piece>) { self.pieces = pieces }

    /// Two texts joined, each keeping its own style.
    public static func + (lhs: Text, rhs: Text) -> Text { Text(pieces: lhs.pieces + rhs.pieces) }

    private func map(_ change: (inout Piece) -> Void) -> Text {
        var copy = self
        for i in copy.pieces.indices { change(&copy.pieces[i]) }
        return copy
    }

    public func font(_ font: Font?) -> Text { map { if $0.font == nil { $0.font = font } } }
    public func bold() -> Text { bold(true) }
    public func bold(_ isActive: Bool) -> Text { map { if $0.bold == nil { $0.bold = isActive } } }
    public func fontWeight(_ weight: Font.Weight?) -> Text {
        guard let weight else { return self }
        return map { $0.font = ($0.font ?? .body).weight(weight) }
    }
    public func italic() -> Text { map { $0.italic = true } }
    public func underline(_ isActive: Bool = true) -> Text { map { $0.underline = isActive } }
    /// Struck-through text (a done item): curses has no strike-through, so the text is drawn in
    /// the tertiary style instead, unless it has a color of its own.
    public func strikethrough(_ isActive: Bool = true, color: Color? = nil) -> Text {
        guard isActive else { return self }
        return map { if $0.color == nil { $0.color = AnyShapeStyle(HierarchicalShapeStyle.tertiary) } }
    }
    public func foregroundColor(_ color: Color?) -> Text {
        guard let color else { return self }
        return map { if $0.color == nil { $0.color = AnyShapeStyle(color) } }
    }
    public func foregroundStyle(_ style: some ShapeStyle) -> Text {
        let erased = AnyShapeStyle(style)
        return map { if $0.color == nil { $0.color = erased } }
    }
    /// Monospaced digits are what a terminal always has; kept for source compatibility.
    public func monospacedDigit() -> Text { self }

    public var body: Never { primitiveBody() }
    public static func _makeNodes(_ view: Self, _ inputs: _ViewInputs) -> _ViewOutputs { _ViewOutputs(nodes: view.makeNodes(inputs.environment, inputs.context)) }

    func makeNodes(_ env: EnvironmentValues, _ context: ResolveContext) -> NodeList {
        let baseFont = env.font ?? .body
        let resolved = pieces.mapPieces { piece -> TextNode.ResolvedPiece in
            let font = piece.font ?? baseFont
            var attributes = font.attributes
            if piece.bold ?? env.isBold { attributes.insert(.bold); attributes.remove(.dim) }
            if piece.italic || env.textDecorations.contains(.italic) { attributes.insert(.italic) }
            if piece.underline ?? env.textDecorations.contains(.underline) { attributes.insert(.underline) }
            let struck = env.textDecorations.contains(.strikethrough) ? AnyShapeStyle(HierarchicalShapeStyle.tertiary) : nil
            let color = (piece.color ?? struck ?? env.foregroundStyle ?? AnyShapeStyle(HierarchicalShapeStyle.primary))
            var style = CellStyle(foreground: env.resolve(color), attributes: attributes)
            if env.dimsContent { style.foreground = env.palette.invalidated }
            return TextNode.ResolvedPiece(segment: piece.segment, style: style)
        }
        let bigDigits = pieces.count == 1 && (pieces[0].font ?? baseFont).prefersBigDigits
        return NodeList(TextNode(
            pieces: resolved,
            lineLimit: env.lineLimit,
            alignment: env.multilineTextAlignment,
            bigDigits: bigDigits,
            mask: env.masksContent ? CellStyle(foreground: env.palette.redaction) : nil,
            calendar: env.calendar,
            timeZone: env.timeZone
        ))
    }
}

extension EnvironmentValues {
    /// The color a shape style becomes here, following the rendering mode.
    func resolve(_ style: AnyShapeStyle) -> TerminalColor {
        switch widgetRenderingMode {
        case .fullColor:
            return style._resolve(in: palette)
        case .accented:
            if isAccentable { return palette.tint }
            return style.color.isHierarchical ? style._resolve(in: palette) : palette.primary
        case .vibrant:
            // Monochrome: hues become the primary level, levels keep their level.
            return style.color.isHierarchical ? style._resolve(in: palette) : palette.primary
        }
    }

    /// The calendar with the environment's time zone applied.
    public var calendarInZone: Calendar {
        var c = calendar
        c.timeZone = timeZone
        return c
    }
}
