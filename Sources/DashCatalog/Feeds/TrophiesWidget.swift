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
    public static func grouped(_ value: Int) -> String {
        var digits = String(value.magnitude)
        var out = ""
        while digits.count > 3 {
            out = "," + digits.suffix(3) + out
            digits = String(digits.dropLast(3))
        }
        return (value < 0 ? "−" : "") + digits + out
    }

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

/// The record at one moment, or why it cannot be shown.
public struct TrophiesEntry: TimelineEntry {
    public let date: Date
    /// The record shown; nil for a problem.
    public var record: TrophyRecord?
    /// Where it came from; `.sample` is labelled on screen.
    public var source: FeedSource = .sample
    /// The key read, for the hint shown with the sample.
    public var key: String = TrophiesProvider.defaultKey
    /// Why the stored value cannot be shown: the key, the member, what was expected.
    public var problem: String?
}

/// The record from the store, reloaded every 30 minutes (`.after`), and at once whenever a
/// script writes the key (the dashboard hears the write).
///
/// A game record goes stale at moments nobody can predict, which is WidgetKit's case for
/// `.after`; half an hour keeps a widget people glance at reasonably fresh at 48 reloads a
/// day, inside the budget, while a script's `widgetdash set` shows within a second anyway.
public struct TrophiesProvider: TimelineProvider {
    /// The store the record is read from (tests give their own).
    var store: WidgetSharedStore = .shared

    public init() {}

    /// The key read unless `key=` names another.
    public static let defaultKey = "trophies.record"
    /// How long until the provider is asked again.
    public static let refresh: TimeInterval = 30 * 60

    public func placeholder(in context: Context) -> TrophiesEntry {
        TrophiesEntry(date: SampleData.date, record: TrophyRecord.sample)
    }

    public func snapshot(in context: Context) async -> TrophiesEntry {
        if context.isPreview { return TrophiesEntry(date: context.date, record: TrophyRecord.sample) }
        return (try? await timeline(in: context).entries.first) ?? placeholder(in: context)
    }

    public func timeline(in context: Context) async throws -> Timeline<TrophiesEntry> {
        let now = context.date
        let key = context.parameters["key"].flatMap { $0.isEmpty ? nil : $0 } ?? Self.defaultKey
        return Timeline(entries: [entry(key: key, at: now)], policy: .after(now.addingTimeInterval(Self.refresh)))
    }

    /// The record stored under `key`, the labelled sample when it is unset, or the problem.
    func entry(key: String, at now: Date) -> TrophiesEntry {
        do throws(FeedError) {
            guard let stored = try Feeds.storeValue(key, store: store) else {
                return TrophiesEntry(date: now, record: TrophyRecord.sample, source: .sample, key: key)
            }
            var record: TrophyRecord
            do { record = try TrophyRecord.decode(stored.value) } catch { throw error.at(key) }
            if record.updated == nil { record.updated = stored.modified }
            return TrophiesEntry(date: now, record: record, source: .store(key), key: key)
        } catch {
            return TrophiesEntry(date: now, record: nil, source: .store(key), key: key, problem: error.message)
        }
    }
}

/// A game record from the store: wins, losses, draws, the trophy count and its last change.
public struct TrophiesWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "trophies", provider: TrophiesProvider()) { entry in
            TrophiesView(entry: entry)
        }
        .configurationDisplayName("Trophies")
        .description("A game record from the store: widgetdash set trophies.record '{\"wins\": 3, \"losses\": 1, \"trophies\": 120, \"change\": 8}'.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
        .parameters([.text("key", title: "Store key", default: TrophiesProvider.defaultKey), .text("title", title: "Panel title")])
    }
}

struct TrophiesView: View {
    let entry: TrophiesEntry

    @Environment(\.widgetFamily) private var family
    @Environment(\.timeZone) private var timeZone

    var body: some View {
        content.frame(maxWidth: .infinity, maxHeight: .infinity, alignment: family == .accessoryCircular ? .top : .topLeading)
    }

    @ViewBuilder
    private var content: some View {
        if let problem = entry.problem {
            FeedProblemView(title: "Trophies", message: problem)
        } else if let record = entry.record {
            layout(record)
        }
    }

    private var isSample: Bool { entry.source.isSample }

    /// "updated 10:17" (today), "updated Sat 18:05" (this week), "updated 14 Nov"; for the
    /// sample, "sample data".
    private var updatedText: String {
        if isSample { return "sample data" }
        guard let updated = entry.record?.updated else { return entry.source.shortName }
        return "updated " + DueClock(now: entry.date, zone: timeZone, narrow: false).text(updated)
    }

    private func changeText(_ record: TrophyRecord) -> Text {
        guard let change = record.change else { return Text("") }
        return Text(TrophyRecord.signed(change)).foregroundStyle(change > 0 ? Color.green : change < 0 ? Color.red : Color.secondary)
    }

    /// The headline: the trophy count, or the record when there is no count.
    private func headline(_ record: TrophyRecord) -> String {
        record.trophies.map(TrophyRecord.grouped) ?? "\(record.wins)–\(record.losses)–\(record.draws)"
    }

    @ViewBuilder
    private func layout(_ record: TrophyRecord) -> some View {
        switch family {
        case .accessoryInline:
            HStack(spacing: 1) {
                Image(systemName: "trophy")
                Text(inline(record))
            }
        case .accessoryCircular:
            VStack(spacing: 0) {
                HStack(spacing: 1) {
                    Image(systemName: "trophy")
                    if record.trophies != nil { changeText(record) }
                }
                Text(record.trophies.map(TrophyRecord.compact) ?? "\(record.wins)W").bold()
                if isSample {
                    Text("sample").foregroundStyle(.tertiary)
                } else {
                    Text(record.winRate.map { DateWords.percent($0) } ?? "–").foregroundStyle(.secondary)
                }
            }
        case .accessoryRectangular:
            VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 1) {
                    Image(systemName: "trophy")
                    Text(headline(record)).bold()
                    if record.trophies != nil { changeText(record) }
                }
                Text(record.shortRecord).lineLimit(1)
                Text(isSample ? "sample data" : updatedText).foregroundStyle(.tertiary).lineLimit(1)
            }
        case .systemSmall:
            VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 1) {
                    Label(record.player ?? "Trophies", systemImage: "trophy").foregroundStyle(.tint).lineLimit(1)
                    Spacer(minLength: 0)
                    if record.trophies != nil { changeText(record).bold() }
                }
                count(record, width: family.contentSize.width)
                Text(record.shortRecord).lineLimit(1)
                ResultsRow(results: record.recent, width: family.contentSize.width)
                Text(record.winRate.map { "\(DateWords.percent($0)) won" } ?? "no games yet").foregroundStyle(.secondary)
                Spacer(minLength: 0)
                Text(updatedText).foregroundStyle(.tertiary).lineLimit(1)
            }
        case .systemMedium:
            VStack(alignment: .leading, spacing: 0) {
                header(record)
                HStack(alignment: .center, spacing: 2) {
                    count(record, width: 22)
                    summary(record)
                    Spacer(minLength: 0)
                }
                Spacer(minLength: 0)
                recordLine(record)
                ResultBar(record: record, width: family.contentSize.width)
                ResultsRow(results: record.recent, width: family.contentSize.width)
            }
        default:
            VStack(alignment: .leading, spacing: 0) {
                header(record)
                HStack(alignment: .center, spacing: 2) {
                    count(record, width: 22)
                    summary(record)
                    Spacer(minLength: 0)
                }
                Text(" ")
                recordLine(record)
                ResultBar(record: record, width: family.contentSize.width)
                Text(" ")
                if record.history.count > 1 {
                    HStack(spacing: 1) {
                        Text("Trophies, last \(record.history.count) games").foregroundStyle(.secondary)
                        Spacer(minLength: 0)
                        Text("\(TrophyRecord.grouped(record.history.min() ?? 0))–\(TrophyRecord.grouped(record.history.max() ?? 0))")
                            .foregroundStyle(.tertiary)
                    }
                    Text(Self.history(record.history, width: family.contentSize.width, height: 6).joined(separator: "\n"))
                        .foregroundStyle(.tint)
                    Text(" ")
                }
                if !record.recent.isEmpty {
                    Text("Last \(min(record.recent.count, family.contentSize.width / 2)) games").foregroundStyle(.secondary)
                    ResultsRow(results: record.recent, width: family.contentSize.width)
                }
                Spacer(minLength: 0)
                if isSample {
                    Text("widgetdash set \(entry.key) '{…}'").foregroundStyle(.tertiary).lineLimit(1)
                }
            }
        }
    }

    /// Beside the big count: the change, the share of games won, the games played.
    private func summary(_ record: TrophyRecord) -> some View {
        VStack(alignment: .leading, spacing: 0) {
            if record.trophies != nil, record.change != nil {
                changeText(record) + Text(" trophies").foregroundStyle(.secondary)
            }
            Text(record.winRate.map { "\(DateWords.percent($0)) won" } ?? "no games yet").foregroundStyle(.secondary)
            if record.played > 0 {
                Text("\(TrophyRecord.grouped(record.played)) \(record.played == 1 ? "game" : "games")").foregroundStyle(.secondary)
            }
        }
    }

    /// The player (or "Trophies") and, on the right, "SAMPLE DATA" or when it was updated.
    private func header(_ record: TrophyRecord) -> some View {
        HStack(spacing: 1) {
            Label(record.player ?? "Trophies", systemImage: "trophy").foregroundStyle(.tint).bold().lineLimit(1)
            Spacer(minLength: 0)
            Text(isSample ? "SAMPLE DATA" : updatedText).foregroundStyle(.tertiary).lineLimit(1).layoutPriority(1)
        }
    }

    /// "148 wins  97 losses  12 draws" with each count coloured, and the games played.
    private func recordLine(_ record: TrophyRecord) -> some View {
        HStack(spacing: 1) {
            Text(TrophyRecord.grouped(record.wins)).foregroundStyle(.green).bold()
            Text(record.wins == 1 ? "win " : "wins ").foregroundStyle(.secondary)
            Text(TrophyRecord.grouped(record.losses)).foregroundStyle(.red).bold()
            Text(record.losses == 1 ? "loss " : "losses ").foregroundStyle(.secondary)
            Text(TrophyRecord.grouped(record.draws)).bold()
            Text(record.draws == 1 ? "draw" : "draws").foregroundStyle(.secondary)
            Spacer(minLength: 0)
        }
    }

    /// The count in big digits when it fits `width`, else in bold.
    @ViewBuilder
    private func count(_ record: TrophyRecord, width: Int) -> some View {
        let digits = record.trophies.map { String($0) }
        if let digits, digits.count * 4 - 1 <= width {
            Text(digits).font(.largeTitle)
        } else {
            Text(headline(record)).font(.title).lineLimit(1)
        }
    }

    /// The trophy history as a sparkline exactly `width` wide: with fewer games than columns,
    /// each game gets a run of columns, so a short history still spans the widget.
    static func history(_ counts: [Int], width: Int, height: Int) -> [String] {
        let shown = Array(counts.suffix(max(1, width)))
        guard !shown.isEmpty, width > 0 else { return [] }
        let values = (0..<width).map { Double(shown[$0 * shown.count / width]) }
        return Sparkline.rows(values, width: width, height: height)
    }

    /// "5,412 +28 · 148W 97L 12D", with "(sample)" for the sample.
    private func inline(_ record: TrophyRecord) -> String {
        var parts: [String] = []
        if let trophies = record.trophies {
            parts.append(TrophyRecord.grouped(trophies) + (record.change.map { " " + TrophyRecord.signed($0) } ?? ""))
        }
        parts.append(record.shortRecord)
        return parts.joined(separator: " · ") + (isSample ? " (sample)" : "")
    }
}

/// The latest results as coloured letters a space apart, newest on the right, as many as fit.
struct ResultsRow: View {
    let results: [GameResult]
    let width: Int

    var body: some View {
        let shown = results.suffix(max(0, (width + 1) / 2))
        if shown.isEmpty {
            Text(" ")
        } else {
            shown.enumerated().reduce(Text("")) { text, item in
                text + Text(item.offset > 0 ? " " : "") + Text(item.element.rawValue).foregroundStyle(item.element.color)
            }
            .lineLimit(1)
        }
    }
}

/// Wins, losses and draws as one bar of `width` cells, each part in proportion and colour.
struct ResultBar: View {
    let record: TrophyRecord
    let width: Int

    var body: some View {
        let parts = Self.cells([record.wins, record.losses, record.draws], width: width)
        if record.played == 0 {
            Text(String(repeating: "░", count: max(0, width))).foregroundStyle(.tertiary)
        } else {
            // Three shades as well as three colours, so the parts stay apart in monochrome.
            Text(String(repeating: "█", count: parts[0])).foregroundStyle(.green)
                + Text(String(repeating: "▒", count: parts[1])).foregroundStyle(.red)
                + Text(String(repeating: "░", count: parts[2])).foregroundStyle(.secondary)
        }
    }

    /// Cells per part, summing to `width` (largest remainders get the odd cells), and at least
    /// one for any part above zero when there is room.
    static func cells(_ counts: [Int], width: Int) -> [Int] {
        let total = counts.reduce(0, +)
        guard total > 0, width > 0 else { return counts.map { _ in 0 } }
        let exact = counts.map { Double($0) / Double(total) * Double(width) }
        var cells = exact.map { Int($0.rounded(.down)) }
        var left = width - cells.reduce(0, +)
        for i in exact.indices.sorted(by: { exact[$0] - Double(cells[$0]) > exact[$1] - Double(cells[$1]) }) where left > 0 {
            cells[i] += 1
            left -= 1
        }
        // A part that is there but rounded to nothing takes a cell from the largest part.
        for i in counts.indices where counts[i] > 0 && cells[i] == 0 {
            if let big = cells.indices.max(by: { cells[$0] < cells[$1] }), cells[big] > 1 {
                cells[big] -= 1
                cells[i] = 1
            }
        }
        return cells
    }
}
