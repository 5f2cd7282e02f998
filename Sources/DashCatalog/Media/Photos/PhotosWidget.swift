import Foundation
import WidgetDash

/// One picture as an entry shows it: a small bitmap and what to say about it.
public struct Photo: Hashable, Sendable {
    /// The file's path relative to the folder, sanitised ("2024/beach.jpg").
    public var name: String
    /// The thumbnail (a few thousand pixels; the file itself is never kept).
    public var bitmap: Bitmap
    /// The size the file declares, and its format ("JPEG").
    public var originalSize: PixelSize
    public var format: String
    /// When it was taken (Exif), else nil.
    public var taken: DateComponents?
    /// The file's modification time, shown when there is no Exif date.
    public var modified: Date?
    /// True for the gallery's drawn landscape.
    public var isSample = false

    /// "14 Jul 2024", from Exif or else the file's date in `zone`; nil when neither is known.
    func dateText(in zone: TimeZone) -> String? {
        if let taken, let year = taken.year, let month = taken.month, let day = taken.day {
            return "\(day) \(DateWords.shortMonth(month)) \(year)"
        }
        guard let modified else { return nil }
        let civil = DateWords.civil(fromDays: DateWords.localDay(of: modified, in: zone))
        return "\(civil.day) \(DateWords.shortMonth(civil.month)) \(civil.year)"
    }
}

/// A file the rotation passed over, and why.
public struct SkippedPhoto: Hashable, Sendable {
    public var name: String
    public var reason: String
}

/// The picture on screen in one interval, or why there is none.
public struct PhotoEntry: TimelineEntry {
    public enum Content: Hashable, Sendable {
        case photo(Photo)
        /// The folder exists and holds no PNG or JPEG file.
        case empty(folder: String)
        /// Nothing to show: a missing folder, a bad parameter, every candidate broken.
        case problem(title: String, message: String)
    }

    public let date: Date
    public var content: Content
    /// Files passed over to reach this picture (damaged, truncated, not images).
    public var skipped: [SkippedPhoto] = []
    /// How many pictures the folder holds.
    public var count = 0
    /// How the picture is drawn (`style=`).
    public var rendering: BitmapRendering = .automatic

    public init(date: Date, content: Content, skipped: [SkippedPhoto] = [], count: Int = 0, rendering: BitmapRendering = .automatic) {
        self.date = date
        self.content = content
        self.skipped = skipped
        self.count = count
        self.rendering = rendering
    }
}

/// A rotation of the pictures in a folder: a new one every `every`, entries for the day
/// ahead, `.atEnd`.
///
/// Which picture shows when is known in advance (see ``PhotoRotation``), so this is
/// WidgetKit's `.atEnd` case: a window over known content, asked again when it runs out.
/// Only the pictures the entries show are decoded, each once, into a thumbnail the size of
/// the widget.
public struct PhotosProvider: TimelineProvider {
    /// The shortest `every`: more often is a slideshow, not a widget.
    public static let minimumInterval: TimeInterval = 15 * 60
    public static let defaultInterval: TimeInterval = 3600
    /// How far ahead one timeline reaches, and its most entries (a day of hourly pictures;
    /// six hours of quarter-hourly ones).
    public static let window: TimeInterval = 86_400
    public static let maxEntries = 24
    /// How many files one interval may try before it gives up (each failure is named).
    public static let maxAttempts = 4
    /// Decoding stops adding entries past this much time, so a folder of huge PNGs answers
    /// well within the provider's time limit (the timeline is shorter and asks again sooner).
    public static let defaultDecodingBudget: Duration = .milliseconds(2500)

    /// Decodes one file (the system's decoder unless a test gives one).
    var decode: @Sendable (_ path: String, _ box: PixelSize) throws(ImageDecodingError) -> DecodedImage = { path, box throws(ImageDecodingError) in
        try ImageDecoding.thumbnail(ofFile: path, fitting: box)
    }
    /// The environment `folder=` is resolved in (HOME).
    var environment: [String: String] = ProcessInfo.processInfo.environment
    /// The zone whose hours the slots follow (the provider is not told the view's).
    var timeZone: TimeZone = .current
    /// See ``defaultDecodingBudget``.
    var decodingBudget: Duration = Self.defaultDecodingBudget

    public init() {}

    /// The pixels a thumbnail needs to fill the family at braille density (2×4 dots a cell).
    static func box(for size: CellSize) -> PixelSize {
        PixelSize(width: min(ImageDecoding.maximumThumbnailSide, max(2, size.width * 2)),
                  height: min(ImageDecoding.maximumThumbnailSide, max(4, size.height * 4)))
    }

    public func placeholder(in context: Context) -> PhotoEntry {
        PhotoEntry(date: context.date, content: .photo(Self.sample(for: context.family)))
    }

    public func snapshot(in context: Context) async -> PhotoEntry {
        if context.isPreview { return PhotoEntry(date: context.date, content: .photo(Self.sample(for: context.family)), count: 1) }
        // The picture of now only: a snapshot decodes one file, not a day's worth.
        return timeline(in: context, limit: 1).entries.first ?? placeholder(in: context)
    }

    /// The landscape, labelled as a sample.
    static func sample(for family: WidgetFamily) -> Photo {
        let bitmap = SampleLandscape.bitmap(fitting: box(for: PhotosWidget.contentSize(family)))
        return Photo(name: "Sample picture", bitmap: bitmap, originalSize: PixelSize(width: 4000, height: 3000), format: "drawn", isSample: true)
    }

    public func timeline(in context: Context) async throws -> Timeline<PhotoEntry> {
        timeline(in: context, limit: Self.maxEntries)
    }

    /// The timeline, with at most `limit` entries.
    func timeline(in context: Context, limit: Int) -> Timeline<PhotoEntry> {
        let now = context.date
        let every = context.parameters["every"].map { $0.trimmingCharacters(in: .whitespaces) } ?? ""
        var interval = Self.defaultInterval
        if !every.isEmpty {
            guard let parsed = PhotoLibrary.interval(every) else {
                return Timeline(entries: [PhotoEntry(date: now, content: .problem(title: "every=\(every)", message: "expected a duration such as 30m, 1h or 1d"))], policy: .never)
            }
            guard parsed >= Self.minimumInterval else {
                return Timeline(entries: [PhotoEntry(date: now, content: .problem(title: "every=\(every)", message: "at least 15m between pictures"))], policy: .never)
            }
            interval = parsed
        }
        let folder = PhotoLibrary.resolve(folder: context.parameters["folder"] ?? "", environment: environment)
        let shown = PhotoLibrary.abbreviate(folder, environment: environment)
        let files: [String]
        do { files = try PhotoLibrary.list(folder: folder) } catch {
            let message: String
            switch error {
            case .missing: message = "no such folder; set folder=PATH"
            case .notAFolder: message = "is a file, not a folder"
            case .unreadable(_, let why): message = "cannot be read: \(why)"
            }
            // The folder may appear later: look again after one interval.
            return Timeline(entries: [PhotoEntry(date: now, content: .problem(title: shown, message: message))], policy: .after(now.addingTimeInterval(interval)))
        }
        guard !files.isEmpty else {
            return Timeline(entries: [PhotoEntry(date: now, content: .empty(folder: shown))], policy: .after(now.addingTimeInterval(interval)))
        }
        let rendering: BitmapRendering
        switch context.parameters["style"]?.lowercased() {
        case "blocks": rendering = .halfBlocks
        case "braille": rendering = .braille
        default: rendering = .automatic
        }
        return Timeline(entries: entries(files: files, folder: folder, interval: interval, family: context.family, now: now, limit: limit,
                                         rendering: rendering),
                        policy: .atEnd)
    }

    /// The entries from `now`: the current interval's picture, then one at the start of each
    /// interval within the window.
    func entries(files: [String], folder: String, interval: TimeInterval, family: WidgetFamily, now: Date, limit: Int = maxEntries,
                 rendering: BitmapRendering = .automatic) -> [PhotoEntry] {
        let rotation = PhotoRotation(files: files, interval: interval, timeZone: timeZone)
        let box = Self.box(for: PhotosWidget.contentSize(family))
        var decoded: [Int: Result<Photo, ImageDecodingError>] = [:]
        let clock = ContinuousClock()
        let started = clock.now
        let first = rotation.slot(of: now)
        var entries: [PhotoEntry] = []
        for slot in first..<(first + max(1, min(limit, Self.maxEntries))) {
            let date = slot == first ? now : rotation.start(ofSlot: slot)
            guard date < now.addingTimeInterval(Self.window) else { break }
            // The budget ends the timeline early rather than late; the first entry always comes.
            if !entries.isEmpty && clock.now - started > decodingBudget { break }
            guard let index = rotation.fileIndex(forSlot: slot) else { break }
            var skipped: [SkippedPhoto] = []
            var content: PhotoEntry.Content?
            for attempt in 0..<min(Self.maxAttempts, files.count) {
                let i = (index + attempt) % files.count
                let result = decoded[i] ?? load(files[i], folder: folder, box: box)
                decoded[i] = result
                switch result {
                case .success(let photo): content = .photo(photo)
                case .failure(let error): skipped.append(SkippedPhoto(name: TextSanitizer.sanitize(files[i], keepNewlines: false), reason: error.message))
                }
                if content != nil { break }
            }
            let fallback = PhotoEntry.Content.problem(
                title: skipped.count == 1 ? "\(skipped[0].name) cannot be shown" : "\(skipped.count) pictures cannot be shown",
                message: skipped.first.map { "\($0.name): \($0.reason)" } ?? "")
            entries.append(PhotoEntry(date: date, content: content ?? fallback, skipped: content == nil ? Array(skipped.dropFirst()) : skipped,
                                      count: files.count, rendering: rendering))
        }
        return entries
    }

    private func load(_ name: String, folder: String, box: PixelSize) -> Result<Photo, ImageDecodingError> {
        let path = folder + "/" + name
        do {
            let image = try decode(path, box)
            let modified = (try? FileManager.default.attributesOfItem(atPath: path))?[.modificationDate] as? Date
            return .success(Photo(name: TextSanitizer.sanitize(name, keepNewlines: false), bitmap: image.bitmap,
                                  originalSize: image.originalSize, format: image.format, taken: image.dateTaken, modified: modified))
        } catch {
            return .failure(error)
        }
    }
}

/// Photos: the pictures of a folder in turn, drawn in half blocks (braille on the lock screen).
public struct PhotosWidget: Widget {
    public static let kind = "photos"
    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: Self.kind, provider: PhotosProvider()) { entry in
            PhotosView(entry: entry)
        }
        .configurationDisplayName("Photos")
        .description("Pictures from a folder (folder=, default ~/Pictures), a new one every hour (every=); PNG and JPEG.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .systemExtraLarge, .accessoryRectangular, .accessoryInline])
        .layoutUnit(.cells)
        .contentMarginsDisabled()
        .parameters([
            .text("folder", title: "Folder of pictures (default ~/Pictures; subfolders too)"),
            .text("every", title: "A new picture every (15m at least; default 1h)"),
            .choice("style", title: "Drawn in", options: [
                .init(value: "auto", title: "Automatic", subtitle: "color blocks; braille on the lock screen"),
                .init(value: "blocks", title: "Color blocks", subtitle: "▀, two pixels a cell"),
                .init(value: "braille", title: "Braille", subtitle: "one color, for terminals without colors"),
            ], default: "auto"),
        ])
    }

    /// The content size the widget lays out in (its margins are disabled: pictures reach the frame).
    static func contentSize(_ family: WidgetFamily) -> CellSize { family.contentSize(marginsDisabled: true) }
}

struct PhotosView: View {
    let entry: PhotoEntry
    @Environment(\.widgetFamily) private var family
    @Environment(\.timeZone) private var timeZone

    var body: some View {
        switch entry.content {
        case .photo(let photo): layout(photo)
        case .empty(let folder):
            message(SourceMessageView(problem: "No pictures", "\(folder) holds no PNG or JPEG files; set folder=PATH", symbol: "photo"))
        case .problem(let title, let text):
            message(SourceMessageView(problem: title, text))
        }
    }

    /// The widget's margins are off (pictures reach the frame), so a message in the system
    /// families keeps a column clear of the border itself.
    @ViewBuilder
    private func message(_ view: SourceMessageView) -> some View {
        if family.isAccessory {
            view
        } else {
            view.padding(.horizontal, 1)
        }
    }

    @ViewBuilder
    private func layout(_ photo: Photo) -> some View {
        let date = photo.dateText(in: timeZone)
        let problem = entry.skipped.first.map { "\($0.name) skipped: \($0.reason)" }
        switch family {
        case .accessoryInline:
            HStack(spacing: 1) {
                Image(systemName: "photo")
                Text(date.map { "\(photo.name) · \($0)" } ?? photo.name)
            }
        case .accessoryRectangular:
            HStack(alignment: .top, spacing: 1) {
                Image(bitmap: photo.bitmap).bitmapRendering(entry.rendering).frame(width: 8, height: 3)
                VStack(alignment: .leading, spacing: 0) {
                    Text(photo.name).bold().lineLimit(2)
                    Text(date ?? (photo.isSample ? "drawn" : photo.format)).foregroundStyle(.secondary).lineLimit(1)
                    Spacer(minLength: 0)
                }
                .frame(maxWidth: .infinity, alignment: .leading)
            }
        case .systemSmall:
            VStack(spacing: 0) {
                Image(bitmap: photo.bitmap).bitmapRendering(entry.rendering).frame(maxWidth: .infinity, maxHeight: .infinity)
                caption(photo.name, detail: nil)
            }
        case .systemMedium, .systemExtraLarge:
            HStack(spacing: 1) {
                // The picture takes the height first; the words get the columns it leaves, at
                // least two fifths (a panorama would leave them none).
                Image(bitmap: photo.bitmap).bitmapRendering(entry.rendering)
                    .frame(maxWidth: Double(PhotosWidget.contentSize(family).width * 3 / 5), alignment: .leading)
                    .layoutPriority(1)
                VStack(alignment: .leading, spacing: 0) {
                    Text(photo.name).bold().lineLimit(2)
                    if let date { Text(date).foregroundStyle(.secondary) }
                    Text(photo.isSample ? "by widgetdash" : "\(photo.originalSize) \(photo.format)").foregroundStyle(.tertiary).lineLimit(1)
                    Spacer(minLength: 0)
                    if photo.isSample {
                        Text("Add PNG or JPEG files to ~/Pictures").foregroundStyle(.secondary)
                    } else if let problem {
                        Text(problem).foregroundStyle(.orange).lineLimit(2)
                    } else if entry.count > 1 {
                        Text("\(entry.count) pictures").foregroundStyle(.tertiary)
                    }
                }
                .padding(.trailing, 1)
                .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
            }
        default:
            VStack(spacing: 0) {
                Image(bitmap: photo.bitmap).bitmapRendering(entry.rendering).frame(maxWidth: .infinity, maxHeight: .infinity)
                if let problem { Text(problem).foregroundStyle(.orange).lineLimit(1).padding(.horizontal, 1) }
                caption(photo.name, detail: date)
            }
        }
    }

    /// The last line: the name, and the date at the right when there is room.
    private func caption(_ name: String, detail: String?) -> some View {
        HStack(spacing: 1) {
            Text(name).lineLimit(1)
            Spacer(minLength: 0)
            if let detail { Text(detail).foregroundStyle(.secondary).layoutPriority(1) }
        }
        .padding(.horizontal, 1)
    }
}
