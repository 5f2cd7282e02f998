import WidgetDash

// A test fixture, not an example: widgets that reach the dashboard's services from their own
// process (docs/extensions.md, "Host services"), for the end-to-end tests.
//
// - tally: a button whose intent counts in the shared defaults (suite "tally"), writes the
//   count to the shared store (`widgetdash get tally.count`) and asks WidgetCenter to reload
//   the mirror;
// - mirror: shows the same count, reloaded only through WidgetCenter;
// - picture: `Image("sun")` from the package's resources, `UIImage(data:)` of a small PNG,
//   bytes that are no picture, and a picture that is not there.

enum Tally {
    static let defaults = WidgetSharedDefaults(suiteName: "tally")
    static var count: Int { defaults.integer(forKey: "count") }
}

struct CountEntry: TimelineEntry {
    let date: Date
    let count: Int
    let note: String
}

struct CountProvider: TimelineProvider {
    func placeholder(in context: Context) -> CountEntry { CountEntry(date: context.date, count: 0, note: "") }
    func getSnapshot(in context: Context, completion: @escaping @Sendable (CountEntry) -> Void) {
        completion(entry(context.date))
    }
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<CountEntry>) -> Void) {
        completion(Timeline(entries: [entry(context.date)], policy: .never))
    }
    private func entry(_ date: Date) -> CountEntry {
        // What a script set with `widgetdash set tally.note …`, read through the App Group.
        let note = (try? WidgetSharedStore.shared.value(forKey: "tally.note"))?.displayText ?? "-"
        return CountEntry(date: date, count: Tally.count, note: note)
    }
}

struct AddTallyIntent: AppIntent {
    static let title: LocalizedStringResource = "Add one"

    func perform() async throws -> some IntentResult {
        let values = Tally.defaults.modify { $0["count"] = .int(($0["count"]?.intValue ?? 0) + 1) }
        let count = values["count"]?.intValue ?? 0
        try WidgetSharedStore.shared.set(.number(Double(count)), forKey: "tally.count")
        WidgetCenter.shared.reloadTimelines(ofKind: "mirror")
        return .result()
    }
}

struct TallyWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "tally", provider: CountProvider()) { entry in
            VStack(alignment: .leading, spacing: 0) {
                Text("tally \(entry.count)")
                Text("note \(entry.note)")
                Button(intent: AddTallyIntent()) { Text("Add") }
            }
        }
        .configurationDisplayName("Tally")
        .supportedFamilies([.systemSmall])
        .layoutUnit(.cells)
    }
}

struct MirrorWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "mirror", provider: CountProvider()) { entry in
            Text("mirror \(entry.count)")
        }
        .configurationDisplayName("Mirror")
        .supportedFamilies([.systemSmall])
        .layoutUnit(.cells)
    }
}

struct PictureEntry: TimelineEntry {
    let date: Date
    let downloaded: UIImage?
    let garbage: UIImage?
}

struct PictureProvider: TimelineProvider {
    /// A 6×4 PNG (red over white), as a download would bring it.
    static let flag = Data(base64Encoded: "iVBORw0KGgoAAAANSUhEUgAAAAYAAAAECAIAAAAiZtkUAAAAFUlEQVR42mM4ISeHhhiwCH3AAFiEAEB/LfGwDcp9AAAAAElFTkSuQmCC") ?? Data()

    func placeholder(in context: Context) -> PictureEntry { PictureEntry(date: context.date, downloaded: nil, garbage: nil) }
    func getSnapshot(in context: Context, completion: @escaping @Sendable (PictureEntry) -> Void) {
        completion(entry(context.date))
    }
    func getTimeline(in context: Context, completion: @escaping @Sendable (Timeline<PictureEntry>) -> Void) {
        completion(Timeline(entries: [entry(context.date)], policy: .never))
    }
    private func entry(_ date: Date) -> PictureEntry {
        PictureEntry(date: date, downloaded: UIImage(data: Self.flag), garbage: UIImage(data: Data("no picture at all".utf8)))
    }
}

struct PictureWidget: Widget {
    var body: some WidgetConfiguration {
        StaticConfiguration(kind: "picture", provider: PictureProvider()) { entry in
            VStack(alignment: .leading, spacing: 0) {
                HStack(spacing: 1) {
                    Text("asset")
                    Image("sun").frame(width: 4, height: 2)
                }
                HStack(spacing: 1) {
                    Text("data")
                    if let downloaded = entry.downloaded {
                        Image(uiImage: downloaded).frame(width: 6, height: 2)
                    } else {
                        Text("none")
                    }
                }
                Text(entry.garbage == nil ? "garbage refused" : "garbage decoded")
                HStack(spacing: 1) {
                    Text("missing")
                    Image("no-such-picture")
                }
            }
        }
        .configurationDisplayName("Picture")
        .supportedFamilies([.systemSmall])
        .layoutUnit(.cells)
    }
}

@main
struct ServiceWidgets: WidgetBundle {
    var body: some Widget {
        TallyWidget()
        MirrorWidget()
        PictureWidget()
    }
}
