import Foundation
import WidgetDash

/// The record at one moment, or why it cannot be shown.
public struct TrophiesEntry: TimelineEntry, FeedEntry {
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
        .layoutUnit(.cells)
        .parameters([.text("key", title: "Store key", default: TrophiesProvider.defaultKey), .text("title", title: "Panel title")])
    }
}

struct TrophiesView: FeedView {
    static let title = "Trophies"
    let entry: TrophiesEntry

    @Environment(\.widgetFamily) private var family
    @Environment(\.timeZone) private var timeZone

    var content: some View {
        if let record = entry.record {
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
                countAndSummary(record)
                Spacer(minLength: 0)
                recordLine(record)
                ResultBar(record: record, width: family.contentSize.width)
                ResultsRow(results: record.recent, width: family.contentSize.width)
            }
        default:
            VStack(alignment: .leading, spacing: 0) {
                header(record)
                countAndSummary(record)
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

    /// The big count with its summary beside it, as the medium and large families lead.
    private func countAndSummary(_ record: TrophyRecord) -> some View {
        HStack(alignment: .center, spacing: 2) {
            count(record, width: 22)
            summary(record)
            Spacer(minLength: 0)
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
