@testable import DashCatalog
import DashCore
import DashTesting
import Foundation
import Testing
import WidgetDash

/// The mail widget on Maildirs built in a temporary directory, and its header reading.
@Suite("Mail")
struct MailTests {
    static let now = SampleData.date

    /// A Maildir (or the place where one would be) in a fresh temporary directory.
    final class MaildirFixture {
        let home: String
        let path: String
        init(create: Bool = true) throws {
            home = NSTemporaryDirectory() + "mail-\(UUID().uuidString)"
            path = home + "/Maildir"
            try FileManager.default.createDirectory(atPath: home, withIntermediateDirectories: true)
            if create {
                for dir in ["new", "cur", "tmp"] {
                    try FileManager.default.createDirectory(atPath: path + "/" + dir, withIntermediateDirectories: true)
                }
            }
        }
        func add(_ dir: String, _ name: String, _ text: String) throws {
            try Data(text.utf8).write(to: URL(fileURLWithPath: path + "/" + dir + "/" + name))
        }
        func add(_ dir: String, _ name: String, bytes: [UInt8]) throws {
            try Data(bytes).write(to: URL(fileURLWithPath: path + "/" + dir + "/" + name))
        }
        var provider: MailProvider {
            var p = MailProvider()
            p.environment = ["HOME": home]
            return p
        }
        func timeline(_ maildir: String? = nil) async throws -> Timeline<MailEntry> {
            try await provider.timeline(in: TimelineProviderContext(family: .systemMedium, date: MailTests.now,
                                                                     parameters: maildir.map { ["maildir": $0] } ?? [:]))
        }
        deinit { try? FileManager.default.removeItem(atPath: home) }
    }

    static func summary(_ entry: MailEntry?) -> MaildirSummary? {
        guard case .mailbox(let s, _)? = entry?.state else { return nil }
        return s
    }

    @Test func newMessagesAreNewPlusUnseenInCurAndTheNewestAreRead() async throws {
        let box = try MaildirFixture()
        try box.add("new", "1795343700.M1P1.host", "From: \"Ana Lima\" <ana@example.com>\nSubject: Lunch on\n Friday?\n\nBody: not a header\n")
        try box.add("cur", "1795340000.M2P2.host:2,",
                    "Received: from x\r\n\tby y\r\nFrom: =?UTF-8?B?SsO2cmc=?=\r\n =?UTF-8?Q?_M=C3=BCller?= <j@x.de>\r\nSubject: =?ISO-8859-1?Q?Gr=FC=DFe_aus?=\r\n =?ISO-8859-1?Q?_M=FCnchen?=\r\n\r\nhi\r\n")
        try box.add("cur", "1795330000.M3P3.host:2,RS", "From: bob@example.com\nSubject: seen\n\n")
        try box.add("cur", "1795325000.M6P6.host:2,T", "From: t@example.com\nSubject: trashed\n\n")
        try box.add("cur", "1795320000.M4P4.host:2,F", "Subject: no sender here\nDate: Sun, 22 Nov 2026 09:00:00 +0000\n\n")
        try box.add("new", "1795310000.M5P5.host", bytes: (0..<300).map { UInt8(($0 * 73 + 11) % 256) })
        try box.add("new", ".hidden", "From: x\n\n")
        try box.add("tmp", "1795399999.M9P9.host", "From: Being Delivered <d@x>\n\n")
        // A Maildir++ subfolder is another mailbox.
        try FileManager.default.createDirectory(atPath: box.path + "/.Sent/new", withIntermediateDirectories: true)
        try box.add(".Sent/new", "1795350000.M7P7.host", "From: me@example.com\n\n")

        let timeline = try await box.timeline()
        #expect(timeline.policy == .after(Self.now.addingTimeInterval(1800)))
        let s = try #require(Self.summary(timeline.entries.first))
        #expect(s.newCount == 4 && s.totalCount == 6 && s.unreadable == 0)
        #expect(s.newest.map(\.sender) == ["Ana Lima", "Jörg Müller", "(unknown sender)", "(unknown sender)"])
        #expect(s.newest.map(\.subject) == ["Lunch on Friday?", "Grüße aus München", "no sender here", "(no subject)"])
        #expect(s.newest.first?.delivered == Date(timeIntervalSince1970: 1_795_343_700))
        if case .mailbox(_, let path)? = timeline.entries.first?.state { #expect(path == "~/Maildir") }
    }

    @Test func anEmptyMaildirAMissingOneAndOneThatIsNot() async throws {
        let box = try MaildirFixture()
        let empty = try #require(Self.summary(try await box.timeline().entries.first))
        #expect(empty == MaildirSummary(newCount: 0, totalCount: 0, newest: []))
        // Missing: "not set up", naming the path as given.
        #expect(try await box.timeline("~/Mail/work").entries.first?.state == .notSetUp(path: "~/Mail/work"))
        let missing = try MaildirFixture(create: false)
        #expect(try await missing.timeline().entries.first?.state == .notSetUp(path: "~/Maildir"))
        // A file, and a directory without cur/ or new/.
        try "x".write(toFile: missing.home + "/file", atomically: true, encoding: .utf8)
        #expect(try await missing.timeline("file").entries.first?.state == .unavailable("file is not a Maildir: it has no cur/ or new/"))
        #expect(try await missing.timeline(missing.home).entries.first?.state == .unavailable("\(missing.home) is not a Maildir: it has no cur/ or new/"))
        // A Maildir with only new/ still counts.
        try FileManager.default.createDirectory(atPath: missing.path + "/new", withIntermediateDirectories: true)
        try missing.add("new", "1.host", "Subject: hi\n\n")
        #expect(Self.summary(try await missing.timeline().entries.first)?.newCount == 1)
    }

    @Test func anUnreadableMessageIsSkippedNotFatal() async throws {
        let box = try MaildirFixture()
        try box.add("new", "1795343700.M1P1.host", "From: a@example.com\nSubject: fine\n\n")
        // Gone between the listing and the read (a dangling link), and a directory where a file should be.
        try FileManager.default.createSymbolicLink(atPath: box.path + "/new/1795343800.M2P2.host", withDestinationPath: box.home + "/nowhere")
        try FileManager.default.createDirectory(atPath: box.path + "/cur/1795343900.M3P3.host:2,", withIntermediateDirectories: true)
        let s = try #require(Self.summary(try await box.timeline().entries.first))
        #expect(s.newCount == 3 && s.unreadable == 2)
        #expect(s.newest.map(\.subject) == ["fine"])
        let panel = try FeedWidgetTests.panel("mail", MailEntry(date: Self.now, state: .mailbox(s, path: "~/Maildir")), .systemMedium).joined(separator: "\n")
        #expect(panel.contains("2 more · 2 unreadable"))
    }

    @Test func onlyTheNewestHeadersAreReadHoweverManyMessages() throws {
        let box = try MaildirFixture()
        for i in 0..<200 {
            try box.add(i % 2 == 0 ? "new" : "cur", "\(1_795_000_000 + i * 60).M\(i)P1.host" + (i % 2 == 0 ? "" : ":2,"), "Subject: number \(i)\n\n")
        }
        // Names without a time sort after those with one.
        try box.add("new", "courier-style-name", "Subject: timeless\n\n")
        guard case .success(let s) = Maildir.scan(box.path) else { Issue.record("scan failed"); return }
        #expect(s.newCount == 201)
        #expect(s.newest.count == Maildir.headerLimit)
        #expect(s.newest.map(\.subject) == (0..<Maildir.headerLimit).map { "number \(199 - $0)" })
    }

    @Test("Seen and trashed flags", arguments: [
        ("1.M1.host:2,S", false), ("1.M1.host:2,RS", false), ("1.M1.host:2,FT", false), ("1.M1.host:2,F", true),
        ("1.M1.host:2,", true), ("1.M1.host", true), ("1.M1.host,S=4123:2,FR", true), ("1.M1.host,S=4123:2,FRS", false),
    ])
    func unseen(name: String, unseen: Bool) {
        #expect(Maildir.isUnseen(name) == unseen)
    }

    @Test func deliveryTimesComeFromTheName() {
        #expect(Maildir.deliveryTime("1795343700.M1P1.host") == 1_795_343_700)
        #expect(Maildir.deliveryTime("1700000000_0.12345.host,U=1:2,S") == 1_700_000_000)
        #expect(Maildir.deliveryTime("courier-style") == nil)
        #expect(Maildir.deliveryTime("12.M1") == nil)
    }

    // MARK: - Headers

    @Test func headersAreUnfoldedAndStopAtTheBody() {
        let fields = MailHeaders.parse(Data("Subject: a long\r\n  subject\r\nX-Empty:\r\nFrom: x@y\r\nnot a header\r\n\r\nSubject: in the body\r\n".utf8))
        #expect(fields.map(\.name) == ["Subject", "X-Empty", "From"])
        #expect(MailHeaders.value("subject", in: fields) == "a long  subject")
        #expect(MailHeaders.subject(MailHeaders.value("Subject", in: fields)!) == "a long subject")
        // Latin-1 bytes in a header (not UTF-8) are read as Latin-1.
        let latin = MailHeaders.parse(Data([0x53, 0x75, 0x62, 0x6A, 0x65, 0x63, 0x74, 0x3A, 0x20, 0x63, 0x61, 0x66, 0xE9, 0x0A, 0x0A]))
        #expect(MailHeaders.value("Subject", in: latin) == "café")
        // Garbage and control characters never reach a row.
        #expect(MailHeaders.subject("hi\u{1B}[2Jthere\u{7}") == "hi [2Jthere")
        #expect(MailHeaders.parse(Data()).isEmpty)
    }

    @Test("RFC 2047 encoded words", arguments: [
        ("=?UTF-8?B?SsO2cmc=?=", "Jörg"),
        ("=?utf-8?b?SsO2cmc?=", "Jörg"),                                // lower case, no padding
        ("=?ISO-8859-1?Q?Gr=FC=DFe?=", "Grüße"),
        ("=?us-ascii?q?hello_world?=", "hello world"),
        ("=?UTF-8?Q?a?= =?UTF-8?Q?b?=", "ab"),                          // space between words dropped
        ("=?UTF-8?Q?caf=C3=A9?= au lait", "café au lait"),               // space before text kept
        ("Re: =?UTF-8?Q?caf=C3=A9?=", "Re: café"),
        ("=?UTF-8?Q?=C3?= =?UTF-8?Q?=A9?=", "é"),                        // a character split over two words
        ("=?UTF-8*en?Q?hi?=", "hi"),                                     // language tag
        ("=?ISO-8859-15?Q?=A4_5?=", "€ 5"),
        ("=?windows-1252?Q?=93quoted=94?=", "“quoted”"),
        ("=?ISO-8859-1?Q?=E9?==?UTF-8?Q?=C3=A9?=", "éé"),               // two charsets back to back
        ("=?KOI8-R?B?8NLJ18XU?=", "=?KOI8-R?B?8NLJ18XU?="),              // unknown charset: as written
        ("=?UTF-8?X?abc?=", "=?UTF-8?X?abc?="),                          // unknown encoding
        ("=?UTF-8?Q?unterminated", "=?UTF-8?Q?unterminated"),
        ("=?UTF-8?Q?bad=ZZ?=", "=?UTF-8?Q?bad=ZZ?="),
        ("a =? b ?= c", "a =? b ?= c"),
    ])
    func encodedWords(raw: String, decoded: String) {
        #expect(MailHeaders.decodeEncodedWords(raw) == decoded)
    }

    @Test("Senders: the display name, else the address", arguments: [
        ("\"Ana Lima\" <ana@example.com>", "Ana Lima"),
        ("Ana Lima <ana@example.com>", "Ana Lima"),
        ("\"Lima, Ana\" <ana@example.com>", "Lima, Ana"),
        ("\"Ana \\\"AL\\\" Lima\" <ana@example.com>", "Ana \"AL\" Lima"),
        ("=?UTF-8?Q?J=C3=B6rg?= <j@example.de>", "Jörg"),
        ("\"=?UTF-8?B?SsO2cmc=?=\" <j@example.de>", "Jörg"),
        ("<ana@example.com>", "ana@example.com"),
        ("ana@example.com", "ana@example.com"),
        ("ana@example.com (Ana Lima)", "Ana Lima"),
        ("a@example.com, b@example.com", "a@example.com"),
        ("", "(unknown sender)"),
    ])
    func senders(raw: String, name: String) {
        #expect(MailHeaders.senderName(raw) == name)
    }

    // MARK: - Panels

    @Test func sendersAndSubjectsAreMaskedWhileLockedAndTheCountIsNot() throws {
        let description = try #require(BuiltinWidgets().widgetDescriptions.first { $0.kind == "mail" })
        let entry = MailEntry(date: Self.now, state: .mailbox(.sample(at: Self.now), path: "~/Maildir"))
        for family in description.supportedFamilies {
            let panel = WidgetPanel(description: description, family: family)
            let open = panel.render(entry: entry, environment: Render.environment(family), now: Self.now).canvas.lines.joined(separator: "\n")
            let locked = panel.render(entry: entry, environment: Render.environment(family), now: Self.now, locked: true).canvas.lines.joined(separator: "\n")
            if family != .accessoryCircular { #expect(open.contains("Ana Lima"), "\(family)") }
            #expect(!locked.contains("Ana Lima") && !locked.contains("Lunch"), "\(family)\n\(locked)")
            if family == .systemMedium || family == .accessoryInline || family == .accessoryRectangular { #expect(locked.contains("11 new")) }
        }
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    func statesInEveryFamily(family: WidgetFamily) throws {
        let notSetUp = try FeedWidgetTests.panel("mail", MailEntry(date: Self.now, state: .notSetUp(path: "~/Maildir")), family)
        Golden.assertMatches(notSetUp, named: "mail-notsetup-\(family.shortName)")
        let empty = MailEntry(date: Self.now, state: .mailbox(MaildirSummary(newCount: 0, totalCount: 248, newest: []), path: "~/Maildir"))
        Golden.assertMatches(try FeedWidgetTests.panel("mail", empty, family), named: "mail-empty-\(family.shortName)")
        let broken = try FeedWidgetTests.panel("mail", MailEntry(date: Self.now, state: .unavailable("~/x is not a Maildir: it has no cur/ or new/")), family)
        #expect(broken.joined().contains("⚠"))
    }
}
