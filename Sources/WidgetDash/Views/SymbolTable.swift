/// Maps SF Symbol names to one-column terminal glyphs.
///
/// Every glyph is a text-presentation character (never an emoji that a terminal might draw
/// two columns wide), so icons never push a panel's border out of line. Variants such as
/// `.fill` and `.circle` fall back to their base name.
package enum SymbolTable {
    /// The glyph shown for names that have none.
    package static let fallback = "◇"

    /// Symbol names and their glyphs.
    package static let glyphs: [String: String] = [
        "clock": "◷", "alarm": "◷", "timer": "◴", "stopwatch": "◴", "hourglass": "⧗",
        "calendar": "▦", "calendar.badge.clock": "▦",
        "cpu": "▣", "memorychip": "▤", "gauge": "◔", "gauge.medium": "◔", "speedometer": "◔",
        "internaldrive": "▭", "externaldrive": "▭", "network": "⇅", "wifi": "⌔", "antenna.radiowaves.left.and.right": "⌔",
        "battery.100": "▮", "battery.75": "▮", "battery.50": "▮", "battery.25": "▯", "battery.0": "▯", "bolt": "ϟ", "power": "⏻",
        "sun.max": "☀", "sun.min": "☼", "moon": "☾", "moon.stars": "☾", "cloud": "☁", "cloud.sun": "☁",
        "cloud.rain": "☂", "cloud.drizzle": "☂", "cloud.heavyrain": "☂", "cloud.snow": "❄", "snowflake": "❄",
        "cloud.bolt": "ϟ", "cloud.fog": "≡", "wind": "≋", "thermometer": "°", "thermometer.medium": "°",
        "drop": "◊", "humidity": "◊", "umbrella": "☂", "sparkles": "✦", "lightbulb": "☼", "flashlight.on": "ϟ", "flashlight.off": "○",
        "heart": "♥", "star": "★", "bell": "⍾", "flame": "♨", "leaf": "❦", "figure.walk": "♙", "trophy": "♔",
        "envelope": "✉", "tray": "⊔", "phone": "✆", "bubble.left": "❝", "message": "❝", "paperplane": "➤",
        "arrow.up": "↑", "arrow.down": "↓", "arrow.left": "←", "arrow.right": "→",
        "arrow.up.right": "↗", "arrow.down.right": "↘", "arrow.clockwise": "↻", "arrow.counterclockwise": "↺",
        "arrow.triangle.2.circlepath": "↻", "chart.line.uptrend.xyaxis": "↗", "chart.line.downtrend.xyaxis": "↘", "chart.bar": "▥",
        "checkmark": "✓", "checkmark.circle": "✓", "xmark": "✗", "xmark.circle": "⊗",
        "plus": "+", "plus.circle": "⊕", "minus": "−", "minus.circle": "⊖",
        "circle": "○", "square": "□", "checkmark.square": "▣", "record.circle": "◉",
        "play": "▶", "pause": "‖", "stop": "■", "forward": "»", "backward": "«", "music.note": "♪",
        "lock": "⊡", "lock.open": "◇", "key": "⚷", "person": "☺", "person.2": "☺", "house": "⌂", "gear": "⚙", "gearshape": "⚙",
        "magnifyingglass": "⌕", "globe": "◍", "location": "➤", "map": "⌖", "airplane": "✈", "car": "▸", "box.truck": "▸",
        "dollarsign": "$", "dollarsign.circle": "$", "creditcard": "▭", "banknote": "¤", "building.columns": "⌸",
        "photo": "▨", "photo.on.rectangle": "▨", "book": "§", "doc": "≣", "doc.text": "≣", "list.bullet": "≡",
        "checklist": "≡", "note.text": "✎", "pencil": "✎", "square.and.pencil": "✎", "trash": "⌧",
        "info.circle": "ⓘ", "exclamationmark.triangle": "⚠", "questionmark.circle": "?", "link": "∞",
        "chevron.right": "›", "chevron.left": "‹", "chevron.up": "˄", "chevron.down": "˅", "ellipsis": "…",
        "sportscourt": "◎", "fork.knife": "ψ", "terminal": "▸", "app": "□", "switch.2": "⊶", "bed.double": "⌸",
    ]

    /// The glyph for a symbol name: its own, else its base name's (dropping `.fill`,
    /// `.circle` and similar suffixes), else the fallback.
    package static func glyph(for name: String) -> String {
        var candidate = Substring(name)
        while true {
            if let g = glyphs[String(candidate)] { return g }
            guard let dot = candidate.lastIndex(of: ".") else { return fallback }
            candidate = candidate[..<dot]
        }
    }
}
