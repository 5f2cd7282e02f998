import Foundation
import WidgetDash

/// One game's outcome, for the row of recent results.
public enum GameResult: String, Hashable, Sendable {
    case win = "W", loss = "L", draw = "D"

    /// A result from a letter or a word: `W`, `win`, `won`; `L`, `loss`, `lost`; `D`, `draw`, `tie`.
    init?(word: String) {
        switch word.trimmingCharacters(in: .whitespaces).lowercased() {
        case "w", "win", "won", "victory": self = .win
        case "l", "loss", "lose", "lost", "defeat": self = .loss
        case "d", "draw", "drew", "tie", "t": self = .draw
        default: return nil
        }
    }

    var color: Color {
        switch self {
        case .win: .green
        case .loss: .red
        case .draw: .secondary
        }
    }
}

/// A game record as a script writes it to the store key `trophies.record`.
///
/// ```sh
/// widgetdash set trophies.record '{"wins": 148, "losses": 97, "draws": 12,
///   "trophies": 5412, "change": 28, "updated": "2026-11-22T10:17:00Z",
///   "player": "Ana", "recent": "WWLWDWLWW", "history": [5310, 5342, 5384, 5412]}'
/// ```
///
/// Every member is optional, but at least one of `wins`, `losses`, `draws` and `trophies` must
/// be there. `wins`, `losses`, `draws` (missing counts as 0) and `trophies` are whole numbers
/// of 0 or more; `change` (the last change in trophies) is a whole number with any sign;
/// `updated` is ISO-8601 with a zone or seconds since 1970 (missing: when the value was
/// written); `player` is a name; `recent` is the latest results, oldest first, as a string of
/// `W`, `L`, `D` or an array of them (or of `win`, `loss`, `draw`); `history` is the trophy
/// count after each of the latest games, oldest first. Unknown members are ignored.
public struct TrophyRecord: Hashable, Sendable {
    public var wins = 0
    public var losses = 0
    public var draws = 0
    /// The current count; nil when the record has none.
    public var trophies: Int?
    /// The last change in trophies; nil when not given.
    public var change: Int?
    /// When the record was last updated; nil when neither the value nor the store says.
    public var updated: Date?
    public var player: String?
    /// The latest results, oldest first (at most ``maxRecent``).
    public var recent: [GameResult] = []
    /// The trophy count after each of the latest games, oldest first (at most ``maxHistory``).
    public var history: [Int] = []

    public init(wins: Int = 0, losses: Int = 0, draws: Int = 0, trophies: Int? = nil, change: Int? = nil,
                updated: Date? = nil, player: String? = nil, recent: [GameResult] = [], history: [Int] = []) {
        self.wins = wins
        self.losses = losses
        self.draws = draws
        self.trophies = trophies
        self.change = change
        self.updated = updated
        self.player = player
        self.recent = recent
        self.history = history
    }

    public static let maxRecent = 40
    public static let maxHistory = 200
    /// The largest count read: far beyond any game, and small enough to stay exact.
    static let maxCount = 1_000_000_000

    public var played: Int { wins + losses + draws }

    /// Wins as a fraction of the games played; nil before the first game.
    public var winRate: Double? { played > 0 ? Double(wins) / Double(played) : nil }

    /// Reads a stored value; errors name the member and what was expected.
    public static func decode(_ value: JSONValue) throws(FeedError) -> TrophyRecord {
        guard case .object(let fields) = value else {
            throw FeedError("expected an object such as {\"wins\": 3, \"losses\": 1, \"draws\": 0, \"trophies\": 120, \"change\": 8}")
        }
        guard ["wins", "losses", "draws", "trophies"].contains(where: { fields[$0] != nil && fields[$0] != .null }) else {
            throw FeedError("expected at least one of wins, losses, draws, trophies")
        }
        var record = TrophyRecord()
        record.wins = try count(fields["wins"], field: "wins", what: "games") ?? 0
        record.losses = try count(fields["losses"], field: "losses", what: "games") ?? 0
        record.draws = try count(fields["draws"], field: "draws", what: "games") ?? 0
        record.trophies = try count(fields["trophies"], field: "trophies", what: "trophies")
        record.change = try whole(fields["change"], field: "change", expected: "a whole number with a sign (8, -5, 0)")
        if let updated = fields["updated"], updated != .null { record.updated = try Feeds.date(updated, field: "updated") }
        record.player = try Feeds.string(fields["player"], field: "player").map { $0.trimmingCharacters(in: .whitespaces) }
        if record.player?.isEmpty == true { record.player = nil }
        record.recent = try results(fields["recent"])
        record.history = try history(fields["history"])
        return record
    }

    /// An optional whole number of 0 or more.
    private static func count(_ value: JSONValue?, field: String, what: String) throws(FeedError) -> Int? {
        guard let n = try whole(value, field: field, expected: "a whole number of \(what) (0 or more)") else { return nil }
        guard n >= 0 else { throw FeedError("\(field): expected a whole number of \(what) (0 or more), found \(n)") }
        return n
    }

    /// An optional whole number, any sign; never traps on a huge or fractional one.
    private static func whole(_ value: JSONValue?, field: String, expected: String) throws(FeedError) -> Int? {
        switch value {
        case nil, .null?: return nil
        case .number(let n)? where n.isFinite && n == n.rounded() && abs(n) <= Double(maxCount): return Int(n)
        case .number(let n)? where n.isFinite && n == n.rounded(): throw FeedError("\(field): \(JSONValue.number(n).displayText) is too large (at most \(maxCount))")
        case let other?: throw FeedError("\(field): expected \(expected), found \(Self.shown(other))")
        }
    }

    private static func results(_ value: JSONValue?) throws(FeedError) -> [GameResult] {
        let words: [JSONValue]
        switch value {
        case nil, .null?: return []
        case .string(let letters)?: words = letters.filter { !$0.isWhitespace }.map { .string(String($0)) }
        case .array(let items)?: words = items
        case let other?: throw FeedError("recent: expected a string of W, L and D or an array of results, found \(shown(other))")
        }
        var out: [GameResult] = []
        for (n, word) in words.enumerated() {
            guard case .string(let text) = word, let result = GameResult(word: text) else {
                throw FeedError("recent[\(n)]: expected W, L or D (or win, loss, draw), found \(shown(word))")
            }
            out.append(result)
        }
        return Array(out.suffix(maxRecent))
    }

    private static func history(_ value: JSONValue?) throws(FeedError) -> [Int] {
        switch value {
        case nil, .null?: return []
        case .array(let items)?:
            var out: [Int] = []
            // Only the latest are kept; errors still name an item by its place in the array.
            let skipped = max(0, items.count - maxHistory)
            for (n, item) in items.dropFirst(skipped).enumerated() {
                let field = "history[\(n + skipped)]"
                guard let count = try whole(item, field: field, expected: "a whole number of trophies") else {
                    throw FeedError("\(field): expected a whole number of trophies, found null")
                }
                out.append(count)
            }
            return out
        case let other?: throw FeedError("history: expected an array of trophy counts, found \(shown(other))")
        }
    }

    /// A value as it was written, short enough for a widget: `"ten"`, `12.5`, `[…]`.
    private static func shown(_ value: JSONValue) -> String {
        switch value {
        case .string(let s): "\"\(s.count > 20 ? String(s.prefix(19)) + "…" : s)\""
        case .array: "an array"
        case .object: "an object"
        default: value.jsonText
        }
    }

    /// "+12", "−8" (with a real minus sign, U+2212) and "±0"; thousands grouped.
    public static func signed(_ change: Int) -> String {
        change > 0 ? "+" + grouped(change) : change < 0 ? "−" + grouped(-change) : "±0"
    }

    /// "5,412": a whole number with its thousands grouped, without a locale.
    public static func grouped(_ value: Int) -> String { NumberWords.grouped(value) }

    /// At most six characters: "5,412", "99,999", "123k", "12.3M".
    static func compact(_ value: Int) -> String {
        let m = value.magnitude
        let sign = value < 0 ? "−" : ""
        if m < 100_000 { return grouped(value) }
        if m < 1_000_000 { return sign + "\(m / 1000)k" }
        if m < 100_000_000 { return sign + "\(m / 1_000_000).\(m / 100_000 % 10)M" }
        return sign + "\(m / 1_000_000)M"
    }

    /// "148W 97L 12D", or "no games yet".
    var shortRecord: String {
        played == 0 ? "no games yet" : "\(Self.grouped(wins))W \(Self.grouped(losses))L \(Self.grouped(draws))D"
    }

    /// The record the gallery and an unset key show, labelled as a sample wherever it appears.
    static let sample = TrophyRecord(wins: 148, losses: 97, draws: 12, trophies: 5412, change: 28, updated: nil, player: nil,
                     recent: "WLWWDWLWWLWWW".compactMap { GameResult(rawValue: String($0)) },
                     history: [5301, 5330, 5302, 5331, 5360, 5360, 5388, 5357, 5385, 5356, 5384, 5412])
}
