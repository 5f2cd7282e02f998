import Foundation
import WidgetDash

/// An account as a script writes it to the store key `bank.account`.
///
/// ```sh
/// widgetdash set bank.account '{"name": "Everyday", "number": "4821", "balance": 1284.50,
///   "currency": "€", "updated": "2026-11-22T10:17:00Z",
///   "transactions": [{"payee": "Corner Café", "amount": -4.50}, {"payee": "Salary", "amount": 1820}]}'
/// ```
///
/// `balance` (a number, in the currency's units) is required; `name` (default "Account"),
/// `number` (only its last four digits are kept and shown), `currency` (a symbol of up to three
/// characters, default `$`), `updated` (ISO-8601 with a zone or seconds since 1970; missing: when
/// the value was written) and `transactions` (newest first, each a `payee` and a signed
/// `amount`, at most ``maxTransactions``) are optional. Unknown members are ignored.
extension BankEntry {
    /// The store key read.
    public static let storeKey = "bank.account"
    public static let maxTransactions = 20
    /// The largest amount read: far beyond any account, and exact in cents.
    static let maxAmount = 1e13

    /// Reads a stored value; errors name the member and what was expected.
    public static func decode(_ value: JSONValue, at date: Date) throws(FeedError) -> BankEntry {
        guard case .object(let fields) = value else {
            throw FeedError("expected an object such as {\"name\": \"Everyday\", \"balance\": 128.45}")
        }
        guard let balance = fields["balance"], balance != .null else { throw FeedError("balance: missing (the account's balance, such as 128.45)") }
        var entry = BankEntry(date: date, accountName: "Account", accountSuffix: "", balanceCents: try cents(balance, field: "balance"), transactions: [])
        if let name = try Feeds.string(fields["name"], field: "name")?.trimmingCharacters(in: .whitespaces), !name.isEmpty {
            entry.accountName = String(name.prefix(24))
        }
        switch fields["number"] {
        case nil, .null?: break
        case .string(let s)?: entry.accountSuffix = String(s.filter { $0.isASCII && $0.isNumber }.suffix(4))
        case .number(let n)? where n.isFinite && n >= 0 && n == n.rounded() && n < 1e15: entry.accountSuffix = String(String(Int(n)).suffix(4))
        default: throw FeedError("number: expected the account number as a string, such as \"4821\"")
        }
        if let currency = try Feeds.string(fields["currency"], field: "currency")?.trimmingCharacters(in: .whitespaces), !currency.isEmpty {
            guard currency.count <= 3 else { throw FeedError("currency: expected a symbol of up to three characters (\"$\", \"€\", \"CHF\"), found \"\(currency.prefix(20))\"") }
            entry.currency = currency
        }
        if let updated = fields["updated"], updated != .null { entry.updated = try Feeds.date(updated, field: "updated") }
        switch fields["transactions"] {
        case nil, .null?: break
        case .array(let items)?:
            for (i, item) in items.prefix(maxTransactions).enumerated() {
                guard case .object(let t) = item else { throw FeedError("transactions[\(i)]: expected an object such as {\"payee\": \"Rent\", \"amount\": -1200}") }
                let payee = try Feeds.string(t["payee"], field: "transactions[\(i)].payee")?.trimmingCharacters(in: .whitespaces) ?? ""
                guard let amount = t["amount"], amount != .null else { throw FeedError("transactions[\(i)].amount: missing") }
                entry.transactions.append(Transaction(payee: payee.isEmpty ? "—" : String(payee.prefix(40)), cents: try cents(amount, field: "transactions[\(i)].amount")))
            }
        default: throw FeedError("transactions: expected an array of {\"payee\": …, \"amount\": …}")
        }
        return entry
    }

    /// A money amount in cents; never traps on a huge value.
    private static func cents(_ value: JSONValue, field: String) throws(FeedError) -> Int {
        guard case .number(let n) = value, n.isFinite else { throw FeedError("\(field): expected a number such as 128.45") }
        guard abs(n) <= maxAmount else { throw FeedError("\(field): \(JSONValue.number(n).displayText) is too large") }
        return Int((n * 100).rounded())
    }
}

extension HealthEntry {
    /// The store key read.
    public static let storeKey = "health.today"

    /// Reads `health.today`: `{"steps": 6842, "goal": 10000, "heart_rate": 72,
    /// "resting_heart_rate": 58, "week": [8210, …, 6842], "updated": "…"}`. `steps` is
    /// required; `goal` defaults to 10,000; the heart rates are optional; `week` is the steps of
    /// up to seven days, oldest first, today last. Unknown members are ignored.
    public static func decode(_ value: JSONValue, at date: Date) throws(FeedError) -> HealthEntry {
        guard case .object(let fields) = value else { throw FeedError("expected an object such as {\"steps\": 6842, \"goal\": 10000}") }
        guard let steps = try count(fields["steps"], field: "steps") else { throw FeedError("steps: missing (today's steps, such as 6842)") }
        var entry = HealthEntry(date: date, steps: steps, stepGoal: try count(fields["goal"], field: "goal") ?? 10_000,
                                heartRate: try count(fields["heart_rate"], field: "heart_rate"),
                                restingHeartRate: try count(fields["resting_heart_rate"], field: "resting_heart_rate"), week: [])
        switch fields["week"] {
        case nil, .null?: break
        case .array(let days)?:
            for (i, day) in days.suffix(7).enumerated() {
                guard let n = try count(day, field: "week[\(i)]") else { throw FeedError("week[\(i)]: expected a whole number of steps") }
                entry.week.append(n)
            }
        default: throw FeedError("week: expected an array of up to seven step counts, oldest first")
        }
        if let updated = fields["updated"], updated != .null { entry.updated = try Feeds.date(updated, field: "updated") }
        return entry
    }

    /// An optional whole number of 0 or more, at most a billion.
    private static func count(_ value: JSONValue?, field: String) throws(FeedError) -> Int? {
        switch value {
        case nil, .null?: return nil
        case .number(let n)? where n.isFinite && n == n.rounded() && n >= 0 && n <= 1e9: return Int(n)
        default: throw FeedError("\(field): expected a whole number of 0 or more")
        }
    }
}

/// An entry of a demo widget that a script can make real through the store: `bank`, `health`.
protocol StoredDemoEntry {
    var updated: Date? { get set }
    var source: FeedSource { get set }
    var problem: String? { get set }
}

extension BankEntry: StoredDemoEntry {}
extension HealthEntry: StoredDemoEntry {}

extension Feeds {
    /// The entry stored under `key`: the labelled `sample` while the key is unset, the decoded
    /// value (dated by its write when it does not say) when it reads, else the sample with the
    /// problem, which names the key.
    static func demoEntry<Entry: StoredDemoEntry>(key: String, store: WidgetSharedStore, sample: Entry,
                                                  decode: (JSONValue) throws(FeedError) -> Entry) -> Entry {
        do throws(FeedError) {
            guard let stored = try storeValue(key, store: store) else { return sample }
            var entry: Entry
            do { entry = try decode(stored.value) } catch { throw error.at(key) }
            entry.updated = entry.updated ?? stored.modified
            entry.source = .store(key)
            return entry
        } catch {
            var entry = sample
            entry.source = .store(key)
            entry.problem = error.message
            return entry
        }
    }
}
