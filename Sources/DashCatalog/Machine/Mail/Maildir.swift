import Foundation

/// One new message as the mail widget lists it.
public struct MailMessage: Hashable, Sendable {
    /// The sender's display name, or the address when there is none.
    public var sender: String
    public var subject: String
    /// When it was delivered (the time at the start of its Maildir file name), if known.
    public var delivered: Date?

    public init(sender: String, subject: String, delivered: Date? = nil) {
        self.sender = sender
        self.subject = subject
        self.delivered = delivered
    }
}

/// What a Maildir holds that the widget shows: how many messages are new, and the newest.
public struct MaildirSummary: Hashable, Sendable {
    /// Messages in `new/`, plus those in `cur/` not flagged seen (`S`) or trashed (`T`).
    public var newCount: Int
    /// Every message in `new/` and `cur/`.
    public var totalCount: Int
    /// The newest new messages, newest first (at most ``Maildir/headerLimit``).
    public var newest: [MailMessage]
    /// Messages whose file could not be read (skipped, never fatal).
    public var unreadable: Int

    public init(newCount: Int, totalCount: Int, newest: [MailMessage], unreadable: Int = 0) {
        self.newCount = newCount
        self.totalCount = totalCount
        self.newest = newest
        self.unreadable = unreadable
    }

    /// Eleven new messages of 248, the nine newest with their senders, for the gallery and
    /// placeholders (made up, like every sample).
    static func sample(at date: Date) -> MaildirSummary {
        let rows: [(String, String, Double)] = [
            ("Ana Lima", "Lunch on Friday?", 7),
            ("GitHub", "[widgetdash] New pull request #88", 52),
            ("Jonas Müller", "Re: Photos from the trip", 3 * 60),
            ("billing@example.com", "Your invoice for November", 26 * 60),
            ("Priya Raman", "Slides for Tuesday", 29 * 60),
            ("田中 花子", "来週の打ち合わせ", 49 * 60),
            ("Hacker Newsletter", "Top stories this week", 74 * 60),
            ("Mum", "Call me when you land", 77 * 60),
            ("Bookshop", "Your order has shipped", 98 * 60),
        ]
        return MaildirSummary(newCount: 11, totalCount: 248, newest: rows.map { sender, subject, minutes in
            MailMessage(sender: sender, subject: subject, delivered: date.addingTimeInterval(-minutes * 60))
        })
    }
}

/// Reading a Maildir: counting with directory listings, reading headers only for the newest.
///
/// A Maildir is `new/` (delivered, not yet seen by a client), `cur/` (seen by a client; the
/// flags after `:2,` in the name say what the reader did, `S` is seen and `T` trashed) and
/// `tmp/` (being delivered, never counted). Dot files are not messages. Maildir++ subfolders
/// (`.Sent`, `.Lists.rust`) are other mailboxes and are not counted: the widget shows the
/// inbox a `maildir=` names, and a folder can be watched by naming it.
public enum Maildir {
    /// Headers are read for at most this many messages, the newest.
    public static let headerLimit = 12
    /// The most bytes of a message read to find its header.
    public static let headerByteLimit = 32 * 1024

    /// Why a Maildir cannot be shown.
    public enum Problem: Error, Hashable, Sendable {
        /// Nothing at the path: mail is not set up (or the path is wrong).
        case notFound(String)
        /// Something is there but it has neither `cur/` nor `new/`.
        case notMaildir(String)
        /// The directories exist but cannot be listed.
        case unreadable(String)
    }

    /// Counts the new messages of the Maildir at `path` and reads the headers of the newest
    /// `limit` of them.
    public static func scan(_ path: String, limit: Int = headerLimit) -> Result<MaildirSummary, Problem> {
        let fm = FileManager.default
        var isDirectory: ObjCBool = false
        guard fm.fileExists(atPath: path, isDirectory: &isDirectory) else { return .failure(.notFound(path)) }
        guard isDirectory.boolValue else { return .failure(.notMaildir(path)) }
        let newDir = path + "/new", curDir = path + "/cur"
        let hasNew = fm.fileExists(atPath: newDir), hasCur = fm.fileExists(atPath: curDir)
        guard hasNew || hasCur else { return .failure(.notMaildir(path)) }
        let newNames = hasNew ? try? fm.contentsOfDirectory(atPath: newDir) : []
        let curNames = hasCur ? try? fm.contentsOfDirectory(atPath: curDir) : []
        guard let newNames, let curNames else { return .failure(.unreadable(path)) }

        var newest = Newest(limit: limit)
        var newCount = 0, total = 0
        for name in newNames where !name.hasPrefix(".") {
            total += 1
            newCount += 1
            newest.offer(Candidate(directory: newDir, name: name, time: deliveryTime(name)))
        }
        for name in curNames where !name.hasPrefix(".") {
            total += 1
            guard isUnseen(name) else { continue }
            newCount += 1
            newest.offer(Candidate(directory: curDir, name: name, time: deliveryTime(name)))
        }
        var messages: [MailMessage] = []
        var unreadable = 0
        for candidate in newest.items {
            guard let data = readHeaderBytes(candidate.directory + "/" + candidate.name) else {
                unreadable += 1
                continue
            }
            let headers = MailHeaders.parse(data)
            messages.append(MailMessage(
                sender: MailHeaders.value("From", in: headers).map(MailHeaders.senderName) ?? "(unknown sender)",
                subject: MailHeaders.value("Subject", in: headers).map(MailHeaders.subject) ?? "(no subject)",
                delivered: candidate.time.map { Date(timeIntervalSince1970: $0) }
            ))
        }
        return .success(MaildirSummary(newCount: newCount, totalCount: total, newest: messages, unreadable: unreadable))
    }

    /// True for a `cur/` file name not flagged seen or trashed (`1700000000.M1P2.host:2,RS` is seen).
    public static func isUnseen(_ name: String) -> Bool {
        guard let info = name.range(of: ":2,", options: .backwards) else { return true }
        let flags = name[info.upperBound...]
        return !flags.contains("S") && !flags.contains("T")
    }

    /// The delivery time at the start of a Maildir name (`1700000000.M1P2.host`), in seconds.
    public static func deliveryTime(_ name: String) -> Double? {
        let digits = name.prefix { $0.isASCII && $0.isNumber }
        guard digits.count >= 9, digits.count <= 12, let seconds = Double(digits) else { return nil }
        return seconds
    }

    /// A message's header: the bytes up to the first empty line, at most ``headerByteLimit``.
    static func readHeaderBytes(_ path: String) -> Data? {
        guard let handle = FileHandle(forReadingAtPath: path) else { return nil }
        defer { try? handle.close() }
        guard let data = try? handle.read(upToCount: headerByteLimit) else { return nil }
        return data
    }

    struct Candidate {
        let directory: String
        let name: String
        let time: Double?
    }

    /// The `limit` newest candidates seen so far, newest first, without sorting them all.
    struct Newest {
        let limit: Int
        var items: [Candidate] = []

        static func isNewer(_ a: Candidate, than b: Candidate) -> Bool {
            switch (a.time, b.time) {
            case let (x?, y?) where x != y: x > y
            case (.some, nil): true
            case (nil, .some): false
            default: a.name > b.name
            }
        }

        mutating func offer(_ c: Candidate) {
            guard limit > 0 else { return }
            if items.count == limit, let last = items.last, !Self.isNewer(c, than: last) { return }
            let index = items.firstIndex { Self.isNewer(c, than: $0) } ?? items.count
            items.insert(c, at: index)
            if items.count > limit { items.removeLast() }
        }
    }
}
