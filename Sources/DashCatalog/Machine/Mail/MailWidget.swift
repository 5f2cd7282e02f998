import Foundation
import WidgetDash

/// A Maildir at one moment: how many new messages, and the newest ones.
public typealias MailEntry = SourceEntry<MailSourceState>

/// The mail widget's state: the Maildir's news, no Maildir at all, or why it could not be read.
public enum MailSourceState: SourceState {
    /// The Maildir (by the path shown, `~/Maildir`) and what is new in it.
    case mailbox(MaildirSummary, path: String)
    /// Nothing at the path: mail is not set up here.
    case notSetUp(path: String)
    case unavailable(String)
}

/// Counts the new messages in a Maildir and reads who sent the newest and what about.
///
/// Mail arrives when it arrives, so one entry and `.after(30 min)` (48 reloads a day, inside the
/// budget); a fetcher's hook (`mbsync -a && widgetdash reload mail`) shows new mail within a
/// second, outside the budget. The work is capped: counting is two directory listings, and only
/// the newest ``Maildir/headerLimit`` messages are opened, each read up to 32 KiB.
public struct MailProvider: TimelineProvider {
    public static let refreshInterval: TimeInterval = 30 * 60
    /// The Maildir when `maildir=` is not given.
    public static let defaultMaildir = "~/Maildir"

    /// The environment `~` is read from (tests set `HOME`).
    var environment: [String: String] = ProcessInfo.processInfo.environment

    public init() {}

    public func placeholder(in context: Context) -> MailEntry {
        MailEntry(date: context.date, state: .mailbox(.sample(at: context.date), path: Self.defaultMaildir))
    }

    public func snapshot(in context: Context) async -> MailEntry {
        if context.isPreview { return placeholder(in: context) }
        return (try? await timeline(in: context).entries.first) ?? placeholder(in: context)
    }

    public func timeline(in context: Context) async throws -> Timeline<MailEntry> {
        let shown = (context.parameters["maildir"] ?? "").trimmingCharacters(in: .whitespaces)
        let display = shown.isEmpty ? Self.defaultMaildir : shown
        let path = resolve(display)
        let state: MailEntry.State
        switch Maildir.scan(path) {
        case .success(let summary): state = .mailbox(summary, path: display)
        case .failure(.notFound): state = .notSetUp(path: display)
        case .failure(.notMaildir): state = .unavailable("\(display) is not a Maildir: it has no cur/ or new/")
        case .failure(.unreadable): state = .unavailable("\(display) cannot be read (permissions?)")
        }
        return Timeline(entries: [MailEntry(date: context.date, state: state)],
                        policy: .after(context.date.addingTimeInterval(Self.refreshInterval)))
    }

    /// `~/Maildir` under the home directory; a relative path is under the home directory too.
    func resolve(_ value: String) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        return Feeds.path(value, in: home, environment: environment)
    }
}

/// Mail: new messages in a Maildir, with the senders and subjects of the newest.
public struct MailWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "mail", provider: MailProvider()) { entry in
            MailView(entry: entry)
        }
        .configurationDisplayName("Mail")
        .description("New messages in a Maildir (maildir=, default ~/Maildir), with the newest senders and subjects.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
        .layoutUnit(.cells)
        .parameters([.text("maildir", title: "Maildir (default ~/Maildir)", default: MailProvider.defaultMaildir)])
    }
}

// MARK: - Views

enum MailWords {
    /// "3 new", "No new mail".
    static func count(_ n: Int) -> String { n == 0 ? "No new mail" : "\(n) new" }

    /// When a message came, as briefly as possible: "10:35" today, "Sat" this week, "14 Nov".
    static func when(_ date: Date?, now: Date, zone: TimeZone) -> String {
        guard let date else { return "" }
        let day = DateWords.localDay(of: date, in: zone), today = DateWords.localDay(of: now, in: zone)
        if day == today { return Feeds.clock(date, in: zone) }
        if today - day < 7 && today > day { return DateWords.shortWeekday(DateWords.weekdayNumber(ofDay: day)) }
        let civil = DateWords.civil(fromDays: day)
        return "\(civil.day) \(DateWords.shortMonth(civil.month))"
    }
}

struct MailView: View {
    let entry: MailEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        switch entry.state {
        case .unavailable(let reason):
            SourceMessageView(problem: "Mail", reason)
        case .notSetUp(let path):
            // What is missing, where, and how to point the widget elsewhere.
            SourceMessageView(symbol: "envelope", title: "Mail not set up", inline: "No Maildir at \(path)", circular: ["no", "Maildir"],
                              detail: "No Maildir at \(path)", lead: "No Maildir at \(path).",
                              explanation: family == .systemSmall ? "Set maildir= to yours."
                                  : "Point maildir= at your mail (a folder with cur/ and new/), e.g. one synced by mbsync or offlineimap.",
                              isCentred: true)
        case .mailbox(let summary, let path):
            switch family {
            case .accessoryInline:
                HStack(spacing: 1) {
                    Image(systemName: "envelope")
                    Text(MailWords.count(summary.newCount) + (summary.newest.isEmpty ? "" : " ·"))
                    if let first = summary.newest.first { Text(first.sender).privacySensitive() }
                }
            case .accessoryCircular:
                VStack(spacing: 0) {
                    Image(systemName: "envelope").foregroundStyle(summary.newCount > 0 ? AnyShapeStyle(.tint) : AnyShapeStyle(.secondary))
                    Text(summary.newCount > 999 ? "999+" : String(summary.newCount)).bold()
                    Text("new").foregroundStyle(.secondary)
                }
                .frame(maxWidth: .infinity, maxHeight: .infinity)
            case .systemSmall:
                MailSmall(summary: summary, path: path)
            default:
                MailList(summary: summary, path: path, now: entry.date)
            }
        }
    }
}

/// Small: the count in big digits, then the newest sender and subject.
struct MailSmall: View {
    let summary: MaildirSummary
    let path: String

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            Label("Mail", systemImage: "envelope").foregroundStyle(summary.newCount > 0 ? AnyShapeStyle(.tint) : AnyShapeStyle(.secondary))
            if summary.newCount == 0 {
                Spacer(minLength: 0)
                Label("All caught up", systemImage: "checkmark").foregroundStyle(.green).bold()
                Text("\(summary.totalCount) read in \(path)").foregroundStyle(.secondary).lineLimit(2)
                Spacer(minLength: 0)
            } else {
                HStack(alignment: .bottom, spacing: 1) {
                    Text(String(summary.newCount)).font(.largeTitle).bold()
                    Text("new").foregroundStyle(.secondary)
                }
                Spacer(minLength: 0)
                if let first = summary.newest.first {
                    Text(first.sender).bold().lineLimit(1).privacySensitive()
                    Text(first.subject).lineLimit(2).privacySensitive()
                }
                if summary.newCount > 1 {
                    Text("+ \(summary.newCount - 1) more").foregroundStyle(.secondary)
                }
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// Medium, large and rectangular: the count, then a row per new message, newest first.
struct MailList: View {
    let summary: MaildirSummary
    let path: String
    let now: Date
    @Environment(\.widgetFamily) private var family
    @Environment(\.timeZone) private var timeZone

    var body: some View {
        // Read here, while `body` runs: the environment is not current when ForEach builds its rows.
        let zone = timeZone
        // Rectangular: two messages of one line each, sender and subject run together, no path.
        let compact = family == .accessoryRectangular
        // Large: each message's sender and time over its subject; medium gives each one line.
        let twoLines = !compact && family != .systemMedium
        let shown = Array(summary.newest.prefix(compact ? 2 : twoLines ? 9 : 7))
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Label(MailWords.count(summary.newCount), systemImage: "envelope").bold()
                    .foregroundStyle(summary.newCount > 0 ? AnyShapeStyle(.tint) : AnyShapeStyle(.secondary)).layoutPriority(1)
                Spacer(minLength: 1)
                if !compact { Text(path).foregroundStyle(.tertiary).lineLimit(1) }
            }
            if summary.newCount == 0 {
                if compact {
                    Text("\(summary.totalCount) read").foregroundStyle(.secondary)
                } else {
                    Spacer(minLength: 0)
                    VStack(spacing: 0) {
                        Label("All caught up", systemImage: "checkmark").foregroundStyle(.green).bold()
                        Text("\(summary.totalCount) messages, all read").foregroundStyle(.secondary)
                    }
                    .frame(maxWidth: .infinity)
                }
            }
            ForEach(Array(shown.enumerated()), id: \.offset) { _, message in
                if compact {
                    (Text(message.sender).bold() + Text(" " + message.subject).foregroundStyle(.secondary))
                        .lineLimit(1).privacySensitive()
                } else if twoLines {
                    VStack(alignment: .leading, spacing: 0) {
                        HStack(spacing: 1) {
                            Text(message.sender).bold().lineLimit(1).privacySensitive()
                            Spacer(minLength: 1)
                            Text(MailWords.when(message.delivered, now: now, zone: zone)).foregroundStyle(.secondary).layoutPriority(1)
                        }
                        Text(message.subject).foregroundStyle(.secondary).lineLimit(1).privacySensitive()
                    }
                } else {
                    HStack(spacing: 1) {
                        Text(message.sender).bold().lineLimit(1).frame(width: 14, alignment: .leading).privacySensitive()
                        Text(message.subject).lineLimit(1).frame(maxWidth: .infinity, alignment: .leading).privacySensitive()
                        Text(MailWords.when(message.delivered, now: now, zone: zone)).foregroundStyle(.secondary)
                            .frame(width: 6, alignment: .trailing).layoutPriority(1)
                    }
                }
            }
            Spacer(minLength: 0)
            if !compact {
                let more = summary.newCount - shown.count
                let footer = [more > 0 ? "+ \(more) more" : nil, summary.unreadable > 0 ? "\(summary.unreadable) unreadable" : nil].compactMap { $0 }
                if !footer.isEmpty { Text(footer.joined(separator: " · ")).foregroundStyle(.secondary).lineLimit(1) }
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}
