@testable import DashCatalog
import DashCore
import Foundation
import Synchronization
import Testing
import WidgetDash

/// The photos widget: listing a folder, the seeded rotation under a fixed clock, lazy
/// decoding, damaged files, its states and its panels. Decoding is faked here (each file's
/// name picks its color), so these tests are about the widget; the codec has its own.
@Suite("Photos widget")
struct PhotosWidgetTests {
    static let now = SampleData.date                       // Sunday 22 November 2026, 10:42:17 UTC
    static let utc = TimeZone(identifier: "UTC")!

    /// A folder of (empty) files, removed when the test ends.
    final class Folder {
        let path: String
        init(_ names: [String] = []) throws {
            path = NSTemporaryDirectory() + "photos-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: path, withIntermediateDirectories: true)
            for name in names { try add(name) }
        }
        func add(_ name: String) throws {
            let url = URL(fileURLWithPath: path + "/" + name)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try Data().write(to: url)
        }
        deinit { try? FileManager.default.removeItem(atPath: path) }
    }

    /// Counts decodes; files whose name contains "broken" fail.
    final class FakeDecoder: Sendable {
        let decoded = Mutex<[String]>([])
        func decode(_ path: String, _ box: PixelSize) throws(ImageDecodingError) -> DecodedImage {
            let name = (path as NSString).lastPathComponent
            decoded.withLock { $0.append(name) }
            if name.contains("broken") { throw ImageDecodingError(.corrupt, "JPEG: truncated (premature end of JPEG data)") }
            let shade = UInt8(truncatingIfNeeded: name.utf8.reduce(0) { $0 &+ Int($1) } * 37)
            return DecodedImage(bitmap: Bitmap(width: box.width, height: box.height * 3 / 4, fill: .init(red: shade, green: 100, blue: 200)),
                                originalSize: PixelSize(width: 4032, height: 3024), format: "JPEG",
                                dateTaken: DateComponents(year: 2024, month: 7, day: 14))
        }
        var names: [String] { decoded.withLock { $0 } }
    }

    static func provider(_ decoder: FakeDecoder) -> PhotosProvider {
        var p = PhotosProvider()
        p.decode = { path, box throws(ImageDecodingError) in try decoder.decode(path, box) }
        p.timeZone = utc
        p.environment = ["HOME": "/home/ada"]
        return p
    }

    static func context(_ folder: String, family: WidgetFamily = .systemLarge, at date: Date = now, every: String? = nil) -> TimelineProviderContext {
        var parameters = ["folder": folder]
        if let every { parameters["every"] = every }
        return TimelineProviderContext(family: family, date: date, parameters: parameters)
    }

    static func name(_ entry: PhotoEntry) -> String? {
        if case .photo(let photo) = entry.content { return photo.name }
        return nil
    }

    // MARK: - Listing

    @Test("Listing: PNG and JPEG in any case, subfolders, hidden files and other files left out, sorted")
    func listing() throws {
        let folder = try Folder(["b.JPG", "a.png", "c.Jpeg", "notes.txt", ".hidden.jpg", "2024/July/beach.jpeg", ".trash/old.png", "raw.cr2"])
        #expect(try PhotoLibrary.list(folder: folder.path) == ["2024/July/beach.jpeg", "a.png", "b.JPG", "c.Jpeg"])
        #expect(throws: PhotoLibrary.ListingProblem.missing(folder.path + "/nope")) { try PhotoLibrary.list(folder: folder.path + "/nope") }
        #expect(throws: PhotoLibrary.ListingProblem.notAFolder(folder.path + "/a.png")) { try PhotoLibrary.list(folder: folder.path + "/a.png") }
    }

    @Test("folder= is resolved from the home directory; every= reads minutes, hours and days")
    func parameters() {
        let env = ["HOME": "/home/ada"]
        #expect(PhotoLibrary.resolve(folder: "", environment: env) == "/home/ada/Pictures")
        #expect(PhotoLibrary.resolve(folder: "~/Wallpapers/", environment: env) == "/home/ada/Wallpapers")
        #expect(PhotoLibrary.resolve(folder: "Pictures/2024", environment: env) == "/home/ada/Pictures/2024")
        #expect(PhotoLibrary.resolve(folder: "/srv/photos", environment: env) == "/srv/photos")
        #expect(PhotoLibrary.abbreviate("/home/ada/Pictures", environment: env) == "~/Pictures")
        #expect(PhotoLibrary.abbreviate("/home/adam/x", environment: env) == "/home/adam/x")
        #expect(PhotoLibrary.interval("1h") == 3600)
        #expect(PhotoLibrary.interval("90m") == 5400)
        #expect(PhotoLibrary.interval("30") == 1800)
        #expect(PhotoLibrary.interval("1d") == 86_400)
        for bad in ["", "soon", "-1h", "0m", "1e9h", "nan"] { #expect(PhotoLibrary.interval(bad) == nil, "\(bad)") }
    }

    // MARK: - Rotation

    @Test("The same hour shows the same picture, whenever the timeline is asked for")
    func sameHourSamePicture() async throws {
        let folder = try Folder((1...7).map { "photo-\($0).jpg" })
        let provider = Self.provider(FakeDecoder())
        let early = try await provider.timeline(in: Self.context(folder.path, at: Self.now.addingTimeInterval(-40 * 60)))  // 10:02
        let late = try await provider.timeline(in: Self.context(folder.path, at: Self.now.addingTimeInterval(15 * 60)))    // 10:57
        #expect(early.policy == .atEnd)
        #expect(Self.name(early.entries[0]) == Self.name(late.entries[0]))
        // The next hours agree too, entry for entry.
        #expect(early.entries.dropFirst().prefix(5).map(Self.name) == late.entries.dropFirst().prefix(5).map(Self.name))
        // Another process (a restart) gets the same order: no per-process random seed.
        let rotation = PhotoRotation(files: (1...7).map { "photo-\($0).jpg" }, interval: 3600, timeZone: Self.utc)
        // Pinned: a change of the hash would reshuffle everyone's pictures on upgrade.
        #expect((0..<7).compactMap { rotation.fileIndex(forSlot: 490_000 + $0) } == [6, 4, 0, 2, 5, 3, 1])
    }

    @Test("Entries for the day ahead: now, then on every hour; each picture once per cycle")
    func dayAhead() async throws {
        let folder = try Folder((1...30).map { "p\($0).png" })
        let timeline = try await Self.provider(FakeDecoder()).timeline(in: Self.context(folder.path))
        #expect(timeline.entries.count == PhotosProvider.maxEntries)
        #expect(timeline.entries[0].date == Self.now)
        #expect(timeline.entries[1].date == Date(timeIntervalSince1970: 1_795_345_200))   // 11:00
        #expect(timeline.entries.last?.date == Date(timeIntervalSince1970: 1_795_345_200 + 22 * 3600))  // 09:00 tomorrow
        for (a, b) in zip(timeline.entries.dropFirst(), timeline.entries.dropFirst(2)) { #expect(b.date.timeIntervalSince(a.date) == 3600) }
        // A cycle shows every picture once.
        let rotation = PhotoRotation(files: (1...5).map { "x\($0).jpg" }, interval: 3600, timeZone: Self.utc)
        for cycle in [0, 7, -3, 98_400] {
            #expect(Set((0..<5).compactMap { rotation.fileIndex(forSlot: cycle * 5 + $0) }) == Set(0..<5), "cycle \(cycle)")
        }
        // Quarter hours: 24 entries, six hours.
        let quarter = try await Self.provider(FakeDecoder()).timeline(in: Self.context(folder.path, every: "15m"))
        #expect(quarter.entries.count == 24)
        #expect(quarter.entries[1].date == Date(timeIntervalSince1970: 1_795_344_300))   // 10:45
        // Daily: one entry now and one at midnight (the next within a day).
        let daily = try await Self.provider(FakeDecoder()).timeline(in: Self.context(folder.path, every: "1d"))
        #expect(daily.entries.map(\.date) == [Self.now, Date(timeIntervalSince1970: 1_795_392_000)])
    }

    @Test("Slots follow local hours: in Kolkata (+5:30) a new picture on the local hour, at :30 UTC")
    func localSlots() async throws {
        let folder = try Folder((1...3).map { "p\($0).png" })
        var provider = Self.provider(FakeDecoder())
        provider.timeZone = TimeZone(identifier: "Asia/Kolkata")!
        let timeline = try await provider.timeline(in: Self.context(folder.path))
        #expect(timeline.entries[1].date == Date(timeIntervalSince1970: 1_795_345_200 + 1800))  // 17:00 IST is 11:30 UTC
    }

    @Test("A new folder listing is used on the next reload")
    func newListing() async throws {
        let folder = try Folder(["a.jpg"])
        let provider = Self.provider(FakeDecoder())
        let before = try await provider.timeline(in: Self.context(folder.path))
        #expect(Set(before.entries.compactMap(Self.name)) == ["a.jpg"])
        try folder.add("b.png")
        try folder.add("c.jpeg")
        let after = try await provider.timeline(in: Self.context(folder.path))
        #expect(Set(after.entries.compactMap(Self.name)) == ["a.jpg", "b.png", "c.jpeg"])
        #expect(after.entries[0].count == 3)
    }

    @Test("Only the pictures the entries show are decoded, each once: 500 files, 24 decodes at most")
    func lazyDecoding() async throws {
        let folder = try Folder((1...500).map { String(format: "IMG_%04d.JPG", $0) })
        let decoder = FakeDecoder()
        let timeline = try await Self.provider(decoder).timeline(in: Self.context(folder.path))
        #expect(timeline.entries.count == 24)
        #expect(decoder.names.count == 24)
        #expect(Set(decoder.names) == Set(timeline.entries.compactMap(Self.name)))
        // Three pictures for a day of entries: three decodes.
        let small = try Folder(["a.png", "b.png", "c.png"])
        let few = FakeDecoder()
        _ = try await Self.provider(few).timeline(in: Self.context(small.path))
        #expect(few.names.sorted() == ["a.png", "b.png", "c.png"])
        // A snapshot outside the gallery decodes the picture of now only.
        let once = FakeDecoder()
        let snapshot = await Self.provider(once).snapshot(in: Self.context(folder.path))
        #expect(once.names.count == 1 && Self.name(snapshot) == once.names.first)
        // The thumbnail is asked at braille density for the family (44×21 cells: 88×84).
        #expect(PhotosProvider.box(for: PhotosWidget.contentSize(.systemLarge)) == PixelSize(width: 88, height: 84))
    }

    @Test("A damaged file is skipped with its name, and the rotation goes on with the next")
    func damagedFileSkipped() async throws {
        let folder = try Folder(["a.jpg", "broken.jpg", "c.jpg", "d.jpg"])
        let timeline = try await Self.provider(FakeDecoder()).timeline(in: Self.context(folder.path))
        let hit = try #require(timeline.entries.first { !$0.skipped.isEmpty })
        #expect(hit.skipped == [SkippedPhoto(name: "broken.jpg", reason: "JPEG: truncated (premature end of JPEG data)")])
        #expect(Self.name(hit) != nil)
        // Every other entry shows its own picture with nothing skipped.
        #expect(timeline.entries.allSatisfy { Self.name($0) != nil })
        // Exactly the slots the rotation gives to the broken file.
        let rotation = PhotoRotation(files: ["a.jpg", "broken.jpg", "c.jpg", "d.jpg"], interval: 3600, timeZone: Self.utc)
        let first = rotation.slot(of: Self.now)
        let brokenSlots = (first..<(first + 24)).filter { rotation.fileIndex(forSlot: $0) == 1 }.count
        #expect(brokenSlots >= 5)
        #expect(timeline.entries.filter { !$0.skipped.isEmpty }.count == brokenSlots)
        let panel = try FeedWidgetTests.panel("photos", hit, .systemLarge).joined(separator: "\n")
        #expect(panel.contains("broken.jpg skipped: JPEG: truncated"), "\(panel)")
    }

    @Test("When every file fails, the widget says which and why")
    func everythingBroken() async throws {
        let folder = try Folder(["broken-1.jpg", "broken-2.png"])
        let timeline = try await Self.provider(FakeDecoder()).timeline(in: Self.context(folder.path))
        guard case .problem(let title, let message) = timeline.entries[0].content else {
            Issue.record("expected a problem, got \(timeline.entries[0].content)")
            return
        }
        #expect(title == "2 pictures cannot be shown")
        #expect(message.hasPrefix("broken-"))
        #expect(message.hasSuffix(": JPEG: truncated (premature end of JPEG data)"))
    }

    @Test("A file name with escape sequences is shown harmless")
    func sanitisedName() async throws {
        let folder = try Folder(["evil\u{1B}[2J.png"])
        let timeline = try await Self.provider(FakeDecoder()).timeline(in: Self.context(folder.path))
        let name = try #require(Self.name(timeline.entries[0]))
        #expect(!name.unicodeScalars.contains { $0.value == 0x1B })
    }

    @Test("Empty and missing folders and bad parameters are clear states, not errors")
    func states() async throws {
        let empty = try Folder(["readme.txt"])
        let provider = Self.provider(FakeDecoder())
        let none = try await provider.timeline(in: Self.context(empty.path))
        #expect(none.entries.first?.content == .empty(folder: empty.path))
        #expect(none.policy == .after(Self.now.addingTimeInterval(3600)))
        let missing = try await provider.timeline(in: Self.context("~/Nope"))
        #expect(missing.entries.first?.content == .problem(title: "~/Nope", message: "no such folder; set folder=PATH"))
        let often = try await provider.timeline(in: Self.context(empty.path, every: "5m"))
        #expect(often.entries.first?.content == .problem(title: "every=5m", message: "at least 15m between pictures"))
        #expect(often.policy == .never)
        let nonsense = try await provider.timeline(in: Self.context(empty.path, every: "often"))
        #expect(nonsense.entries.first?.content == .problem(title: "every=often", message: "expected a duration such as 30m, 1h or 1d"))

        let emptyPanel = try FeedWidgetTests.panel("photos", none.entries[0], .systemMedium).joined(separator: "\n")
        #expect(emptyPanel.contains("No pictures") && emptyPanel.contains("holds no PNG or JPEG files"), "\(emptyPanel)")
        let missingPanel = try FeedWidgetTests.panel("photos", missing.entries[0], .systemSmall).joined(separator: "\n")
        #expect(missingPanel.contains("~/Nope") && missingPanel.contains("no such folder"), "\(missingPanel)")
        let inline = try FeedWidgetTests.panel("photos", missing.entries[0], .accessoryInline).joined()
        #expect(inline.contains("~/Nope: no such folder"), "\(inline)")
    }

    @Test("A slow folder ends the timeline early instead of missing the provider's time limit")
    func decodingBudget() async throws {
        let folder = try Folder((1...40).map { "p\($0).png" })
        var provider = Self.provider(FakeDecoder())
        let slow = FakeDecoder()
        provider.decode = { path, box throws(ImageDecodingError) in
            Thread.sleep(forTimeInterval: 0.02)
            return try slow.decode(path, box)
        }
        provider.decodingBudget = .milliseconds(50)
        let timeline = try await provider.timeline(in: Self.context(folder.path))
        #expect(timeline.entries.count >= 1 && timeline.entries.count < 24, "\(timeline.entries.count)")
        #expect(timeline.policy == .atEnd)
    }

    // MARK: - Panels

    @Test("Panels show the picture, its name and date in every family")
    func panels() async throws {
        let folder = try Folder(["holiday/beach.jpg"])
        let entry = try await Self.provider(FakeDecoder()).timeline(in: Self.context(folder.path)).entries[0]
        let large = try FeedWidgetTests.panel("photos", entry, .systemLarge)
        #expect(large[21].contains("holiday/beach.jpg") && large[21].contains("14 Jul 2024"), "\(large[21])")
        #expect(large[5].contains("▀"))
        let medium = try FeedWidgetTests.panel("photos", entry, .systemMedium).joined(separator: "\n")
        #expect(medium.contains("4032×3024 JPEG") && medium.contains("14 Jul 2024"), "\(medium)")
        let rectangular = try FeedWidgetTests.panel("photos", entry, .accessoryRectangular).joined(separator: "\n")
        #expect(rectangular.contains("holiday/"), "\(rectangular)")
        #expect(try FeedWidgetTests.panel("photos", entry, .accessoryInline).joined().contains("▨ holiday/beach.jpg · 14 Jul 2024"))
        // On the lock screen (vibrant) the picture is braille in one color.
        let description = try #require(BuiltinWidgets().widgetDescriptions.first { $0.kind == "photos" })
        let vibrant = WidgetPanel(description: description, family: .systemSmall)
            .render(entry: entry, environment: Render.environment(.systemSmall, mode: .vibrant), now: Self.now).canvas
        #expect(vibrant.lines.joined().unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) })
        #expect(!vibrant.lines.joined().contains("▀"))
        // style=braille asks for braille everywhere (a terminal without colors).
        let braille = try await Self.provider(FakeDecoder()).timeline(in: TimelineProviderContext(
            family: .systemSmall, date: Self.now, parameters: ["folder": folder.path, "style": "braille"])).entries[0]
        #expect(braille.rendering == .braille)
        let small = try FeedWidgetTests.panel("photos", braille, .systemSmall).joined()
        #expect(!small.contains("▀") && small.unicodeScalars.contains { (0x2801...0x28FF).contains($0.value) }, "\(small)")
    }

    @Test("The gallery shows a drawn landscape, labelled as a sample")
    func galleryPreview() async throws {
        let provider = PhotosProvider()
        let entry = await provider.snapshot(in: TimelineProviderContext(family: .systemMedium, isPreview: true, date: Self.now))
        guard case .photo(let photo) = entry.content else {
            Issue.record("expected the sample")
            return
        }
        #expect(photo.isSample && photo.name == "Sample picture")
        // Sky at the top, water at the bottom, the sun somewhere bright.
        let bitmap = photo.bitmap
        // 4:3 in the medium family's 44×9 cells at braille density (88×36 dots).
        #expect(bitmap.size == PixelSize(width: 48, height: 36))
        #expect(bitmap[0, 0].blue > bitmap[0, 0].red)
        #expect(bitmap[bitmap.width / 2, bitmap.height - 1].blue > bitmap[bitmap.width / 2, bitmap.height - 1].green)
        #expect(SampleLandscape.bitmap(fitting: PixelSize(width: 40, height: 40)) == SampleLandscape.bitmap(fitting: PixelSize(width: 40, height: 40)))
    }
}
