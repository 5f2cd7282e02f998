import Foundation

/// A rectangle on the wire, as `[x, y, width, height]`.
package struct WireRect: Codable, Hashable, Sendable {
    package var rect: CellRect

    package init(_ rect: CellRect) { self.rect = rect }

    package init(from decoder: any Decoder) throws {
        var c = try decoder.unkeyedContainer()
        rect = CellRect(x: try c.decode(Int.self), y: try c.decode(Int.self), width: try c.decode(Int.self), height: try c.decode(Int.self))
    }

    package func encode(to encoder: any Encoder) throws {
        var c = encoder.unkeyedContainer()
        try c.encode(rect.x)
        try c.encode(rect.y)
        try c.encode(rect.width)
        try c.encode(rect.height)
    }
}

/// One entry (or the placeholder) rendered in one variant: the cells of the widget's content,
/// what the view set for its container, its live texts and its interactive elements.
package struct WireRendering: Codable, Hashable, Sendable {
    package var canvas: WireCanvas
    package var containerBackground: WireColor?
    package var widgetURL: URL?
    package var live: [WireLiveText]
    package var elements: [WireElement]

    package init(canvas: WireCanvas, containerBackground: WireColor? = nil, widgetURL: URL? = nil,
                live: [WireLiveText] = [], elements: [WireElement] = []) {
        self.canvas = canvas
        self.containerBackground = containerBackground
        self.widgetURL = widgetURL
        self.live = live
        self.elements = elements
    }
}

/// A text that changes by itself (`Text(date, style: .timer)`, `.relative`, a timer interval,
/// the current time): what the host needs to draw it again at any moment.
///
/// `rect` and `clip` are where the text was laid out and what it could draw into; `underlay`
/// is the cells of `rect ∩ clip` before the text was drawn, so the host restores them and
/// draws the text for its own `now`, exactly as the extension's layout placed it.
package struct WireLiveText: Codable, Hashable, Sendable {
    package var rect: WireRect
    package var clip: WireRect
    package var underlay: WireCanvas
    package var pieces: [Piece]
    package var lineLimit: Int?
    /// leading, center or trailing.
    package var alignment: String
    package var bigDigits: Bool
    /// The style masked text is drawn in (placeholder or privacy); nil when not masked.
    package var mask: WireStyle?
    /// The calendar (and time zone) dates are computed in.
    package var calendar: Calendar

    /// One run of the text and its style.
    package struct Piece: Codable, Hashable, Sendable {
        /// text, date, timerInterval, currentTime or currentDate.
        package var segment: String
        package var text: String?
        package var date: Date?
        /// time, date, relative, offset or timer (`date`).
        package var style: String?
        package var end: Date?
        package var countsDown: Bool?
        package var pauseTime: Date?
        package var showsHours: Bool?
        package var showsSeconds: Bool?
        package var cellStyle: WireStyle
    }
}

/// A button, toggle or link of a rendered entry.
///
/// Buttons and toggles carry their intent's type name and fingerprint (the type and its
/// stored values, read with `Mirror`), which the extension checks when the host asks it to
/// perform the element: the entry is rendered again there and the element found by `id`.
package struct WireElement: Codable, Hashable, Sendable {
    package var id: Int
    package var rect: WireRect
    /// button, toggle or link.
    package var kind: String
    package var url: URL?
    package var title: String?
    package var typeName: String?
    package var fingerprint: String?
    /// A toggle's state as drawn.
    package var isOn: Bool?
    /// A toggle's cells (its `rect`) drawn in the other state: what the host shows from a tap
    /// until the extension's reloaded timeline arrives.
    package var flipped: WireCanvas?
}

extension WireLiveText.Piece {
    init(_ piece: TextNode.ResolvedPiece) {
        cellStyle = WireStyle(piece.style)
        switch piece.segment {
        case .verbatim(let s):
            segment = "text"
            text = s
        case .date(let date, let style):
            segment = "date"
            self.date = date
            self.style = switch style {
            case .time: "time"
            case .date: "date"
            case .relative: "relative"
            case .offset: "offset"
            case .timer: "timer"
            }
        case .timerInterval(let range, let countsDown, let pauseTime, let showsHours):
            segment = "timerInterval"
            date = range.lowerBound
            end = range.upperBound
            self.countsDown = countsDown
            self.pauseTime = pauseTime
            self.showsHours = showsHours
        case .live(.currentTime(let showsSeconds)):
            segment = "currentTime"
            self.showsSeconds = showsSeconds
        case .live(.currentDate):
            segment = "currentDate"
        }
    }

    /// The piece again; nil when a field it needs is missing or wrong.
    func resolved(in palette: Palette) -> TextNode.ResolvedPiece? {
        let style = cellStyle.resolved(in: palette)
        let segment: Text.Segment
        switch self.segment {
        case "text":
            guard let text else { return nil }
            segment = .verbatim(TextSanitizer.sanitize(text))
        case "date":
            guard let date, let style = self.style else { return nil }
            let dateStyle: Text.DateStyle
            switch style {
            case "time": dateStyle = .time
            case "date": dateStyle = .date
            case "relative": dateStyle = .relative
            case "offset": dateStyle = .offset
            case "timer": dateStyle = .timer
            default: return nil
            }
            segment = .date(date, dateStyle)
        case "timerInterval":
            guard let date, let end, date <= end else { return nil }
            segment = .timerInterval(date...end, countsDown: countsDown ?? true, pauseTime: pauseTime, showsHours: showsHours ?? true)
        case "currentTime":
            segment = .live(.currentTime(showsSeconds: showsSeconds ?? false))
        case "currentDate":
            segment = .live(.currentDate)
        default:
            return nil
        }
        return TextNode.ResolvedPiece(segment: segment, style: style)
    }
}

extension WireLiveText {
    /// What a text node drawing into `rect` of `canvas` sends; nil when none of its pieces is live.
    init?(_ node: TextNode, rect: CellRect, canvas: Canvas) {
        guard node.pieces.contains(where: { $0.segment.isLive }) else { return nil }
        self.rect = WireRect(rect)
        clip = WireRect(canvas.clip)
        underlay = WireCanvas(canvas, rect: rect.intersection(canvas.clip))
        pieces = node.pieces.map(Piece.init)
        lineLimit = node.lineLimit
        alignment = switch node.alignment {
        case .leading: "leading"
        case .center: "center"
        case .trailing: "trailing"
        }
        bigDigits = node.bigDigits
        mask = node.mask.map(WireStyle.init)
        calendar = node.calendar
    }

    /// A text node drawing the same text; nil when a piece does not read.
    func node(palette: Palette) -> TextNode? {
        var resolved: [TextNode.ResolvedPiece] = []
        for piece in pieces {
            guard let r = piece.resolved(in: palette) else { return nil }
            resolved.append(r)
        }
        let textAlignment: TextAlignment = alignment == "center" ? .center : alignment == "trailing" ? .trailing : .leading
        return TextNode(pieces: PieceList(resolved), lineLimit: lineLimit, alignment: textAlignment, bigDigits: bigDigits,
                        mask: mask?.resolved(in: palette), calendar: calendar)
    }
}

extension Text.Segment {
    /// True when the text this segment shows changes with time.
    var isLive: Bool {
        switch self {
        case .verbatim: false
        case .date(_, let style): style == .relative || style == .offset || style == .timer
        case .timerInterval, .live: true
        }
    }
}
