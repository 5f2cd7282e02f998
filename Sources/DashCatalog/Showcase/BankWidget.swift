import Foundation
import WidgetDash

/// One account's balance and latest transactions.
public struct BankEntry: TimelineEntry {
    public struct Transaction: Hashable, Sendable {
        public var payee: String
        /// Cents; negative for money out.
        public var cents: Int
        public init(payee: String, cents: Int) {
            self.payee = payee
            self.cents = cents
        }
    }

    public let date: Date
    public var accountName: String
    /// The last four digits of the account number.
    public var accountSuffix: String
    /// The balance in cents.
    public var balanceCents: Int
    /// Newest first.
    public var transactions: [Transaction]
    /// The currency's symbol, put before amounts.
    public var currency = "$"
    /// When the bank last reported; nil for the sample.
    public var updated: Date?
    /// `.sample` until `bank.account` is set; the sample is labelled on screen.
    public var source: FeedSource = .sample
    /// Why the stored account cannot be shown (the key, the member, what was expected).
    public var problem: String?

    public init(date: Date, accountName: String, accountSuffix: String, balanceCents: Int, transactions: [Transaction]) {
        self.date = date
        self.accountName = accountName
        self.accountSuffix = accountSuffix
        self.balanceCents = balanceCents
        self.transactions = transactions
    }

    /// The sample account every preview and golden shows: $128.45.
    public static func sample(at date: Date) -> BankEntry {
        BankEntry(date: date, accountName: "Everyday", accountSuffix: "4821", balanceCents: 12_845, transactions: [
            Transaction(payee: "Corner Café", cents: -450),
            Transaction(payee: "Salary", cents: 182_000),
            Transaction(payee: "Grocer", cents: -6_312),
            Transaction(payee: "Rent", cents: -120_000),
            Transaction(payee: "Bookshop", cents: -1_899),
            Transaction(payee: "Refund", cents: 2_500),
        ])
    }

    /// "$128.45", "−$4.50", "+$1,820.00" with `signed`.
    public static func money(_ cents: Int, signed: Bool = false, currency: String = "$") -> String {
        let magnitude = cents.magnitude
        let fraction = magnitude % 100 < 10 ? "0\(magnitude % 100)" : "\(magnitude % 100)"
        let sign = cents < 0 ? "−" : (signed ? "+" : "")
        return sign + currency + NumberWords.grouped(magnitude / 100) + "." + fraction
    }

    /// An amount in this account's currency.
    func money(_ cents: Int, signed: Bool = false) -> String { Self.money(cents, signed: signed, currency: currency) }
}

/// The account a script keeps in the store (`bank.account`, see ``BankEntry/decode(_:at:)``),
/// or a labelled sample until it is set. Balances change rarely: `.after` an hour, and a write
/// to the key reloads at once anyway.
public struct BankProvider: TimelineProvider {
    /// The store the account is read from (tests give their own).
    var store: WidgetSharedStore = .shared

    public init() {}

    public func placeholder(in context: Context) -> BankEntry { BankEntry.sample(at: context.date) }
    public func snapshot(in context: Context) async -> BankEntry {
        context.isPreview ? BankEntry.sample(at: context.date) : entry(at: context.date)
    }
    public func timeline(in context: Context) async throws -> Timeline<BankEntry> {
        Timeline(entries: [entry(at: context.date)], policy: .after(context.date.addingTimeInterval(3600)))
    }

    /// The stored account, the sample while the key is unset, or the sample with the problem.
    func entry(at now: Date) -> BankEntry {
        Feeds.demoEntry(key: BankEntry.storeKey, store: store, sample: BankEntry.sample(at: now)) { value throws(FeedError) in
            try BankEntry.decode(value, at: now)
        }
    }
}

/// An account balance, marked privacy-sensitive as in the WidgetKit talk: readable on the home
/// screen, masked while the dashboard is locked.
public struct BankWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "bank", provider: BankProvider()) { entry in
            BankView(entry: entry)
        }
        .configurationDisplayName("Bank")
        .description("Your balance and latest transactions from the store (widgetdash set bank.account '{\"balance\": 128.45}'); hidden while locked.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryRectangular, .accessoryInline])
        .layoutUnit(.cells)
    }
}

/// The bank widget's view, per family.
struct BankView: View {
    let entry: BankEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        if let problem = entry.problem {
            SourceMessageView(problem: "Bank", problem)
        } else {
            layout
        }
    }

    @ViewBuilder
    private var layout: some View {
        switch family {
        case .systemSmall: BankSmall(entry: entry)
        case .systemMedium: BankMedium(entry: entry)
        case .accessoryRectangular: BankRectangular(entry: entry)
        case .accessoryInline: BankInline(entry: entry)
        default: BankLarge(entry: entry)
        }
    }
}

/// "Everyday ··4821" with the bank's symbol; "sample" in place of the number for the sample.
struct AccountLabel: View {
    let entry: BankEntry
    var body: some View {
        HStack(spacing: 1) {
            Image(systemName: "building.columns").foregroundStyle(.tint).widgetAccentable()
            Text(entry.accountName).bold()
            Spacer(minLength: 0)
            if entry.source.isSample {
                Text("sample").foregroundStyle(.tertiary)
            } else if !entry.accountSuffix.isEmpty {
                Text("··" + entry.accountSuffix).foregroundStyle(.secondary)
            }
        }
    }
}

/// "Available" over the balance.
struct AvailableText: View {
    let entry: BankEntry
    var body: some View {
        Text("Available").font(.caption).foregroundStyle(.secondary)
        BalanceText(entry: entry)
    }
}

/// A caption, then a row per transaction.
struct TransactionList: View {
    let caption: String
    let transactions: [BankEntry.Transaction]
    var currency = "$"
    var body: some View {
        Text(caption).font(.caption).foregroundStyle(.secondary)
        ForEach(transactions, id: \.self) { t in
            TransactionRow(transaction: t, currency: currency)
        }
    }
}

/// The balance, large: the privacy-sensitive part.
struct BalanceText: View {
    let entry: BankEntry
    var body: some View {
        Text(entry.money(entry.balanceCents)).font(.title).bold().privacySensitive()
    }
}

/// One transaction: payee, then the amount (private).
struct TransactionRow: View {
    let transaction: BankEntry.Transaction
    var currency = "$"
    var body: some View {
        HStack(spacing: 1) {
            Text(transaction.payee).lineLimit(1)
            Spacer(minLength: 1)
            Text(BankEntry.money(transaction.cents, signed: true, currency: currency))
                .foregroundStyle(transaction.cents < 0 ? Color.primary : Color.green)
                .privacySensitive()
        }
    }
}

/// The account, then the available balance halfway down, as the small and medium families lead.
struct AvailableBalance: View {
    let entry: BankEntry
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            AccountLabel(entry: entry)
            Spacer(minLength: 0)
            AvailableText(entry: entry)
            Spacer(minLength: 0)
        }
    }
}

struct BankSmall: View {
    let entry: BankEntry
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            AvailableBalance(entry: entry)
            (Text("Updated ") + Text(entry.updated ?? entry.date, style: .time)).font(.caption).foregroundStyle(.tertiary)
        }
    }
}

struct BankMedium: View {
    let entry: BankEntry
    var body: some View {
        HStack(alignment: .top, spacing: 2) {
            AvailableBalance(entry: entry)
                .frame(width: 18)
            VStack(alignment: .leading, spacing: 0) {
                TransactionList(caption: "Latest", transactions: Array(entry.transactions.prefix(4)), currency: entry.currency)
                Spacer(minLength: 0)
            }
        }
    }
}

struct BankLarge: View {
    let entry: BankEntry
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            AccountLabel(entry: entry)
            Text(" ")
            AvailableText(entry: entry)
            Text(" ")
            TransactionList(caption: "Latest transactions", transactions: Array(entry.transactions.prefix(8)), currency: entry.currency)
            Spacer(minLength: 0)
            HStack(spacing: 1) {
                Text("In").foregroundStyle(.secondary)
                Text(entry.money(entry.transactions.filter { $0.cents > 0 }.map(\.cents).reduce(0, +))).privacySensitive()
                Spacer(minLength: 1)
                Text("Out").foregroundStyle(.secondary)
                Text(entry.money(-entry.transactions.filter { $0.cents < 0 }.map(\.cents).reduce(0, +))).privacySensitive()
            }
        }
    }
}

struct BankRectangular: View {
    let entry: BankEntry
    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Image(systemName: "building.columns").widgetAccentable()
                Text(entry.accountName).bold()
            }
            Text(entry.money(entry.balanceCents)).bold().privacySensitive()
            if entry.source.isSample {
                Text("sample").foregroundStyle(.tertiary)
            } else {
                Text("··" + entry.accountSuffix).foregroundStyle(.secondary)
            }
        }
        .frame(maxWidth: .infinity, alignment: .leading)
    }
}

struct BankInline: View {
    let entry: BankEntry
    var body: some View {
        HStack(spacing: 1) {
            Image(systemName: "building.columns")
            Text(entry.accountName)
            Text(entry.money(entry.balanceCents)).privacySensitive()
            if entry.source.isSample { Text("(sample)") }
        }
    }
}
