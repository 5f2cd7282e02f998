import Foundation

/// Formats the live and static date styles, and says when the shown value next changes.
enum DateText {
    static func string(for segment: Text.Segment, now: Date, calendar: Calendar) -> (String, Date?) {
        switch segment {
        case .verbatim(let s):
            return (s, nil)
        case .date(let date, let style):
            return format(date, style: style, now: now, calendar: calendar)
        case .live(.currentTime(let showsSeconds)):
            let c = calendar.dateComponents([.hour, .minute, .second], from: now)
            let hm = pad2(c.hour ?? 0) + ":" + pad2(c.minute ?? 0)
            // Seconds and minutes start on whole seconds of the epoch in every zone in use.
            let epoch = Date(timeIntervalSince1970: 0)
            if showsSeconds { return (hm + ":" + pad2(c.second ?? 0), nextSecond(after: now, reference: epoch)) }
            return (hm, nextMinute(after: now, reference: epoch))
        case .live(.currentDate):
            return (format(now, style: .date, now: now, calendar: calendar).0,
                    nextMinute(after: now, reference: Date(timeIntervalSince1970: 0)))
        case .timerInterval(let range, let countsDown, let pauseTime, let showsHours):
            let at = pauseTime ?? now
            let total = range.upperBound.timeIntervalSince(range.lowerBound)
            let elapsed = min(max(0, at.timeIntervalSince(range.lowerBound)), total)
            let shown = countsDown ? (total - elapsed).rounded(.up) : elapsed.rounded(.down)
            var refresh: Date? = nil
            if pauseTime == nil {
                if now < range.lowerBound { refresh = range.lowerBound }
                else if now < range.upperBound { refresh = nextSecond(after: now, reference: range.lowerBound) }
            }
            return (clock(seconds: Int(clamping: shown), showsHours: showsHours), refresh)
        }
    }

    static func format(_ date: Date, style: Text.DateStyle, now: Date, calendar: Calendar) -> (String, Date?) {
        switch style {
        case .time:
            let c = calendar.dateComponents([.hour, .minute], from: date)
            return (pad2(c.hour ?? 0) + ":" + pad2(c.minute ?? 0), nil)
        case .date:
            let c = calendar.dateComponents([.year, .month, .day], from: date)
            let month = monthNames[((c.month ?? 1) - 1 + 12) % 12]
            return ("\(month) \(c.day ?? 1), \(c.year ?? 2000)", nil)
        case .relative, .offset:
            let delta = date.timeIntervalSince(now)
            let magnitude = Int(clamping: abs(delta), rounding: .down)
            let (text, secondPrecision) = duration(magnitude)
            let refresh = secondPrecision
                ? nextSecond(after: now, reference: date)
                : nextMinute(after: now, reference: date)
            if style == .relative { return (text, refresh) }
            return ((delta >= 0 ? "+" : "-") + text, refresh)
        case .timer:
            let delta = now.timeIntervalSince(date)
            let shown = delta < 0 ? (-delta).rounded(.up) : delta.rounded(.down)
            return (clock(seconds: Int(clamping: shown), showsHours: true), nextSecond(after: now, reference: date))
        }
    }

    /// "11 min, 14 sec", "2 hr, 5 min", "3 days, 4 hr"; and whether seconds are shown.
    static func duration(_ seconds: Int) -> (String, Bool) {
        if seconds < 60 { return ("\(seconds) sec", true) }
        if seconds < 3600 {
            let s = seconds % 60
            return (s == 0 ? "\(seconds / 60) min" : "\(seconds / 60) min, \(s) sec", true)
        }
        if seconds < 86_400 {
            let m = (seconds % 3600) / 60
            return (m == 0 ? "\(seconds / 3600) hr" : "\(seconds / 3600) hr, \(m) min", false)
        }
        let d = seconds / 86_400
        let h = (seconds % 86_400) / 3600
        let days = d == 1 ? "1 day" : "\(d) days"
        return (h == 0 ? days : "\(days), \(h) hr", false)
    }

    /// "4:05" or "1:04:05".
    static func clock(seconds: Int, showsHours: Bool) -> String {
        let h = seconds / 3600, m = (seconds % 3600) / 60, s = seconds % 60
        if h > 0 && showsHours { return "\(h):\(pad2(m)):\(pad2(s))" }
        return "\(showsHours ? m : seconds / 60):\(pad2(s))"
    }

    /// The next moment after `now` that is a whole number of seconds from `reference`.
    static func nextSecond(after now: Date, reference: Date) -> Date {
        let d = now.timeIntervalSince(reference)
        return reference.addingTimeInterval(d.rounded(.down) + 1)
    }

    static func nextMinute(after now: Date, reference: Date) -> Date {
        let d = now.timeIntervalSince(reference)
        return reference.addingTimeInterval((d / 60).rounded(.down) * 60 + 60)
    }

    static func pad2(_ v: Int) -> String { v < 10 ? "0\(v)" : String(v) }

    static let monthNames = ["January", "February", "March", "April", "May", "June", "July",
                             "August", "September", "October", "November", "December"]
}

/// Three-row digits drawn with box-drawing characters, for `.largeTitle` numbers.
enum BigDigits {
    static let glyphs: [Character: [String]] = [
        "0": ["┌─┐", "│ │", "└─┘"],
        "1": [" ╷ ", " │ ", " ╵ "],
        "2": ["╶─┐", "┌─┘", "└─╴"],
        "3": ["╶─┐", " ─┤", "╶─┘"],
        "4": ["╷ ╷", "└─┤", "  ╵"],
        "5": ["┌─╴", "└─┐", "╶─┘"],
        "6": ["┌─╴", "├─┐", "└─┘"],
        "7": ["╶─┐", "  │", "  ╵"],
        "8": ["┌─┐", "├─┤", "└─┘"],
        "9": ["┌─┐", "└─┤", "╶─┘"],
        ":": [" ", ":", " "],
        ".": [" ", " ", "."],
        "-": ["   ", "╶─╴", "   "],
        " ": [" ", " ", " "],
        "°": ["°", " ", " "],
    ]

    /// The three lines of `text` in big digits, or nil when a character has no big form.
    static func render(_ text: String) -> [String]? {
        guard !text.isEmpty, text.contains(where: \.isNumber) else { return nil }
        var rows = ["", "", ""]
        for (i, c) in text.enumerated() {
            guard let g = glyphs[c] else { return nil }
            // Digits get a one-column gap between them; punctuation sits tight.
            let gap = i > 0 && c.isNumber && text[text.index(text.startIndex, offsetBy: i - 1)].isNumber ? " " : ""
            for r in 0..<3 { rows[r] += gap + g[r] }
        }
        return rows
    }
}
