import Foundation
import WidgetDash

/// One filesystem's space, or why it could not be measured.
public struct DiskUsage: Hashable, Sendable {
    /// The mount point, or the path the person named in `mounts=`.
    public var path: String
    public var device: String?
    public var fsType: String?
    public var space: FileSystemSpace?
    /// "no such path", "not responding": shown in the filesystem's own row.
    public var problem: String?

    public init(path: String, device: String? = nil, fsType: String? = nil, space: FileSystemSpace? = nil, problem: String? = nil) {
        self.path = path
        self.device = device
        self.fsType = fsType
        self.space = space
        self.problem = problem
    }

    /// What the measurement said: the space, or why there is none (no answer is "not responding").
    mutating func record(_ answer: FileSystemSpaceReader.Answer?) {
        switch answer ?? .notResponding {
        case .space(let measured): space = measured
        case .failed(let why): problem = why
        case .notResponding: problem = "not responding"
        }
    }

    /// Above this share used, a filesystem is drawn in the warning colour.
    public static let warningFraction = 0.9

    /// Four disks of a workstation, for the gallery and placeholders, most full first.
    public static let sample: [DiskUsage] = {
        let gib: UInt64 = 1 << 30
        return [
            DiskUsage(path: "/mnt/backup", device: "/dev/sdb1", fsType: "ext4", space: FileSystemSpace(size: 3726 * gib, free: 246 * gib)),
            DiskUsage(path: "/", device: "/dev/nvme0n1p2", fsType: "ext4", space: FileSystemSpace(size: 468 * gib + gib * 2 / 5, free: 61 * gib + gib / 5)),
            DiskUsage(path: "/home", device: "/dev/nvme0n1p3", fsType: "btrfs", space: FileSystemSpace(size: 1862 * gib, free: 1024 * gib + gib * 3 / 10)),
            DiskUsage(path: "/boot/efi", device: "/dev/nvme0n1p1", fsType: "vfat", space: FileSystemSpace(size: gib / 2, free: gib * 47 / 100)),
        ]
    }()
}

/// The filesystems at one moment, or why the mount table could not be read.
public typealias DiskEntry = SourceEntry<DiskSourceState>

/// The disk widget's state: the filesystems, or why the mount table could not be read.
public enum DiskSourceState: SourceState {
    /// The filesystems in the order shown (most full first unless `mounts=` chose them).
    case disks([DiskUsage])
    case unavailable(String)
}

/// Reads the mount table and asks each real filesystem how big and how full it is.
///
/// Free space changes when something writes, which nothing can foresee, and slowly, so one
/// entry and `.after(30 min)` (48 reloads a day, inside the budget). `mounts=` names the paths
/// to show, in that order (tmpfs and network filesystems included when named); without it the
/// real disks are shown, most full first.
public struct DiskProvider: TimelineProvider {
    public static let refreshInterval: TimeInterval = 30 * 60

    /// The mount table: `/proc/self/mounts`, or a fixture in tests.
    public var mountsFile: String
    /// Measures paths (``FileSystemSpaceReader/measure(_:timeout:query:)`` unless a test gives sizes).
    var measure: @Sendable ([String]) async -> [String: FileSystemSpaceReader.Answer] = { await FileSystemSpaceReader.measure($0) }
    /// The home directory `~` stands for in `mounts=`.
    var home: String = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()

    public init(mountsFile: String = "/proc/self/mounts") {
        self.mountsFile = mountsFile
    }

    public func placeholder(in context: Context) -> DiskEntry {
        DiskEntry(date: context.date, state: .disks(DiskUsage.sample))
    }

    public func snapshot(in context: Context) async -> DiskEntry {
        if context.isPreview { return placeholder(in: context) }
        return (try? await timeline(in: context).entries.first) ?? placeholder(in: context)
    }

    public func timeline(in context: Context) async throws -> Timeline<DiskEntry> {
        let entry = DiskEntry(date: context.date, state: await read(mounts: context.parameters["mounts"] ?? ""))
        return Timeline(entries: [entry], policy: .after(context.date.addingTimeInterval(Self.refreshInterval)))
    }

    /// The filesystems to show, measured.
    func read(mounts requested: String) async -> DiskEntry.State {
        let text = SystemProvider.readTextFile(mountsFile)
        let table = text.map { Mounts.parse($0).entries } ?? []
        let paths = Mounts.requestedPaths(requested.trimmingCharacters(in: .whitespaces), home: home)
        if paths.isEmpty {
            guard text != nil else { return .unavailable("\(mountsFile) is not readable") }
            let disks = Mounts.realDisks(table)
            let answers = await measure(disks.map(\.mountPoint))
            let usages = disks.compactMap { disk -> DiskUsage? in
                var usage = DiskUsage(path: disk.mountPoint, device: disk.device, fsType: disk.fsType)
                usage.record(answers[disk.mountPoint])
                // A size of zero is a pseudo filesystem that slipped through: not a disk.
                return usage.space?.size == 0 ? nil : usage
            }
            return .disks(Self.mostFullFirst(usages))
        }
        let answers = await measure(paths)
        return .disks(paths.map { path in
            var usage = DiskUsage(path: path)
            usage.record(answers[path])
            if usage.space != nil {
                let mount = Mounts.mount(holding: path, in: table)
                usage.device = mount?.device
                usage.fsType = mount?.fsType
            }
            return usage
        })
    }

    /// Most full first; filesystems that could not be measured last; ties by path.
    static func mostFullFirst(_ usages: [DiskUsage]) -> [DiskUsage] {
        usages.sorted { a, b in
            switch (a.space, b.space) {
            case let (x?, y?): x.usedFraction == y.usedFraction ? a.path < b.path : x.usedFraction > y.usedFraction
            case (.some, nil): true
            case (nil, .some): false
            case (nil, nil): a.path < b.path
            }
        }
    }
}

/// Disks: free space per filesystem, fullest first.
public struct DiskWidget: Widget {
    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "disk", provider: DiskProvider()) { entry in
            DiskView(entry: entry)
        }
        .configurationDisplayName("Disks")
        .description("Used and free space of each disk, fullest first; mounts= chooses the paths.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
        .parameters([.text("mounts", title: "Paths to show, separated by spaces (default: every disk)")])
    }
}

// MARK: - Wording

enum DiskWords {
    /// "12.3 GiB", "1.8 TiB", "512.0 MiB": binary units with one decimal.
    static func size(_ bytes: UInt64) -> String {
        let b = Double(bytes)
        if b >= 1024 * 1024 * 1024 * 1024 { return SystemStats.decimal(b / 1_099_511_627_776, places: 1) + " TiB" }
        if b >= 1024 * 1024 * 1024 { return SystemStats.decimal(b / 1_073_741_824, places: 1) + " GiB" }
        return SystemStats.decimal(b / 1_048_576, places: 1) + " MiB"
    }

    /// A path cut to `width` columns keeping its end, which tells mounts apart:
    /// "/media/alice/My Passport" → "/…/My Passport"; a last part too long ends in "…".
    static func shortPath(_ path: String, width: Int) -> String {
        guard width > 0 else { return "" }
        if TextWidth.width(of: path) <= width { return path }
        let last = path.split(separator: "/").last.map(String.init) ?? path
        let tail = "…/" + last
        let tailWidth = TextWidth.width(of: tail)
        guard tailWidth <= width else { return TextWidth.truncate(last, toWidth: width) }
        // As much of the start as fits, cut back to a whole directory.
        var head = ""
        for c in path {
            if TextWidth.width(of: head) + TextWidth.width(of: c) > width - tailWidth { break }
            head.append(c)
        }
        if let slash = head.lastIndex(of: "/") { head = String(head[...slash]) } else { head = "" }
        return head + tail
    }

    /// "ext4 · /dev/nvme0n1p2"; a source that is not a device path (tmpfs, overlay) is left out.
    static func kind(_ disk: DiskUsage) -> String {
        let device = disk.device.flatMap { $0.hasPrefix("/") || $0.contains(":") ? $0 : nil }
        return [disk.fsType, device].compactMap { $0 }.joined(separator: " · ")
    }

    /// "1.2 M": a count in thousands or millions.
    static func count(_ n: UInt64) -> String {
        if n >= 1_000_000 { return SystemStats.decimal(Double(n) / 1e6, places: 1) + " M" }
        if n >= 10_000 { return SystemStats.decimal(Double(n) / 1e3, places: 0) + " k" }
        return String(n)
    }

    /// Red above 90 % used, else the tint.
    static func color(_ fraction: Double) -> Color { fraction > DiskUsage.warningFraction ? .red : .accentColor }
}

// MARK: - Views

/// The disk widget's view, laid out anew for each family.
struct DiskView: View {
    let entry: DiskEntry
    @Environment(\.widgetFamily) private var family

    var body: some View {
        switch entry.state {
        case .unavailable(let reason):
            FeedProblemView(title: "Disks", message: reason)
        case .disks(let disks) where disks.isEmpty:
            DiskEmptyView(family: family)
        case .disks(let disks):
            switch family {
            case .accessoryInline: inline(disks)
            case .accessoryCircular: DiskCircular(disk: disks[0])
            case .accessoryRectangular where disks.count == 1:
                VStack(alignment: .leading, spacing: 0) {
                    DiskRows(disks: disks, nameWidth: 6)
                    if let space = disks[0].space {
                        Text("\(DiskWords.size(space.free)) free").lineLimit(1)
                    }
                    Text(DiskWords.kind(disks[0])).foregroundStyle(.secondary).lineLimit(1)
                }
            case .accessoryRectangular: DiskRows(disks: Array(disks.prefix(3)), nameWidth: 6)
            case .systemSmall where disks.count == 1, .systemMedium where disks.count == 1, .systemLarge where disks.count == 1:
                DiskHero(disk: disks[0], family: family)
            case .systemSmall: DiskSmall(disks: disks)
            case .systemMedium: DiskList(disks: disks, rows: 4, width: family.contentSize.width, detailed: false)
            default: DiskList(disks: disks, rows: 5, width: family.contentSize.width, detailed: true)
            }
        }
    }

    /// "▭ / 61.2 GiB free · 87%".
    private func inline(_ disks: [DiskUsage]) -> some View {
        let d = disks[0]
        let text = d.space.map { "\(DiskWords.shortPath(d.path, width: 14)) \(DiskWords.size($0.free)) free · \(DateWords.percent($0.usedFraction))" }
            ?? "\(DiskWords.shortPath(d.path, width: 14)) \(d.problem ?? "")"
        return HStack(spacing: 1) {
            Image(systemName: "internaldrive")
            Text(text)
        }
    }
}

/// A bar of used space, red above 90 %.
struct DiskBar: View {
    let space: FileSystemSpace
    var body: some View {
        ProgressView(value: space.usedFraction).tint(DiskWords.color(space.usedFraction))
    }
}

/// Small: the three fullest, each its name and percentage, a bar, and what is free.
struct DiskSmall: View {
    let disks: [DiskUsage]

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ForEach(Array(disks.prefix(3).enumerated()), id: \.offset) { _, disk in
                HStack(spacing: 1) {
                    Text(DiskWords.shortPath(disk.path, width: 13)).bold().lineLimit(1)
                    Spacer(minLength: 0)
                    if let space = disk.space {
                        Text(DateWords.percent(space.usedFraction)).foregroundStyle(DiskWords.color(space.usedFraction)).layoutPriority(1)
                    }
                }
                if let space = disk.space {
                    DiskBar(space: space)
                    Text("\(DiskWords.size(space.free)) free").foregroundStyle(.secondary).lineLimit(1)
                } else {
                    Label(disk.problem ?? "unavailable", systemImage: "exclamationmark.triangle").foregroundStyle(.orange).lineLimit(1)
                    Text(" ")
                }
            }
            Spacer(minLength: 0)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// Medium and large: each filesystem's name, used and free, and a bar with its percentage;
/// large adds the filesystem type and device.
struct DiskList: View {
    let disks: [DiskUsage]
    let rows: Int
    let width: Int
    let detailed: Bool

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ForEach(Array(disks.prefix(rows).enumerated()), id: \.offset) { index, disk in
                Self.row(disk, width: width, detailed: detailed)
                if detailed && index < min(rows, disks.count) - 1 { Text(" ") }
            }
            Spacer(minLength: 0)
            if disks.count > rows {
                Text("+\(disks.count - rows) more: " + disks.dropFirst(rows).map(\.path).joined(separator: " "))
                    .foregroundStyle(.secondary).lineLimit(1)
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }

    private static func row(_ disk: DiskUsage, width: Int, detailed: Bool) -> some View {
        let kind = DiskWords.kind(disk)
        let summary = disk.space.map { "\(DiskWords.size($0.used)) used · \(DiskWords.size($0.free)) free" } ?? ""
        // The name gets what the summary leaves (medium) or half the row (large, beside the type).
        let nameWidth = detailed ? width / 2 : max(8, width - 1 - TextWidth.width(of: summary))
        return VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Text(DiskWords.shortPath(disk.path, width: nameWidth)).bold().layoutPriority(2)
                if detailed && !kind.isEmpty { Text(kind).foregroundStyle(.tertiary).lineLimit(1) }
                Spacer(minLength: 0)
                if !detailed { Text(summary).foregroundStyle(.secondary).lineLimit(1).layoutPriority(1) }
            }
            if let space = disk.space {
                HStack(spacing: 1) {
                    DiskBar(space: space)
                    Text(DateWords.percent(space.usedFraction)).foregroundStyle(DiskWords.color(space.usedFraction))
                        .frame(width: 4, alignment: .trailing)
                }
                if detailed {
                    HStack(spacing: 1) {
                        Text("\(DiskWords.size(space.used)) used").foregroundStyle(.secondary).lineLimit(1).layoutPriority(1)
                        Spacer(minLength: 0)
                        Text("\(DiskWords.size(space.free)) free of \(DiskWords.size(space.size))").lineLimit(1).layoutPriority(1)
                    }
                }
            } else {
                Label(disk.problem ?? "unavailable", systemImage: "exclamationmark.triangle").foregroundStyle(.orange).lineLimit(1)
                if detailed { Text(" ") }
            }
        }
    }
}

/// One filesystem with the whole widget to itself: its use in big digits.
struct DiskHero: View {
    let disk: DiskUsage
    let family: WidgetFamily

    var body: some View {
        let width = family.contentSize.width
        let kind = DiskWords.kind(disk)
        VStack(alignment: .leading, spacing: 0) {
            HStack(spacing: 1) {
                Label(DiskWords.shortPath(disk.path, width: width - 2), systemImage: "internaldrive").bold().layoutPriority(1)
                Spacer(minLength: 1)
                if family == .systemMedium { Text(kind).foregroundStyle(.tertiary).lineLimit(1) }
            }
            Spacer(minLength: 0)
            if let space = disk.space {
                HStack(alignment: .bottom, spacing: 0) {
                    Text(String(Int((space.usedFraction * 100).rounded()))).font(.largeTitle).bold()
                        .foregroundStyle(DiskWords.color(space.usedFraction))
                    Text("% used").foregroundStyle(.secondary)
                }
                DiskBar(space: space)
                if family == .systemSmall {
                    Spacer(minLength: 0)
                    Text("\(DiskWords.size(space.free)) free").bold().lineLimit(1)
                    Text("of \(DiskWords.size(space.size))").foregroundStyle(.secondary).lineLimit(1)
                } else {
                    HStack(spacing: 1) {
                        Text("\(DiskWords.size(space.used)) used").foregroundStyle(.secondary).lineLimit(1).layoutPriority(1)
                        Spacer(minLength: 0)
                        (Text("\(DiskWords.size(space.free)) free").bold() + Text(" of \(DiskWords.size(space.size))").foregroundStyle(.secondary))
                            .lineLimit(1).layoutPriority(1)
                    }
                }
                Spacer(minLength: 0)
                if family == .systemLarge {
                    Divider()
                    DiskFact(title: "Type", value: disk.fsType ?? "–")
                    DiskFact(title: "Device", value: disk.device ?? "–")
                    if let nodes = space.nodes, let free = space.freeNodes {
                        DiskFact(title: "Files", value: "\(DiskWords.count(nodes - free)) of \(DiskWords.count(nodes)) inodes used")
                    }
                }
            } else {
                Label(disk.problem ?? "unavailable", systemImage: "exclamationmark.triangle").foregroundStyle(.orange)
                Spacer(minLength: 0)
            }
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// Rectangular: one row per filesystem, "/home ████░░ 45%".
struct DiskRows: View {
    let disks: [DiskUsage]
    let nameWidth: Int

    var body: some View {
        VStack(alignment: .leading, spacing: 0) {
            ForEach(Array(disks.enumerated()), id: \.offset) { _, disk in
                HStack(spacing: 1) {
                    Text(DiskWords.shortPath(disk.path, width: nameWidth)).frame(width: Double(nameWidth), alignment: .leading)
                    if let space = disk.space {
                        DiskBar(space: space)
                        Text(DateWords.percent(space.usedFraction)).frame(width: 4, alignment: .trailing)
                    } else {
                        Text(disk.problem ?? "unavailable").foregroundStyle(.orange).lineLimit(1)
                        Spacer(minLength: 0)
                    }
                }
            }
            Spacer(minLength: 0)
        }
        .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
    }
}

/// Circular: the fullest filesystem's use in a ring.
struct DiskCircular: View {
    let disk: DiskUsage

    var body: some View {
        if let space = disk.space {
            Gauge(value: space.usedFraction) {
                EmptyView()
            } currentValueLabel: {
                Text(DateWords.percent(space.usedFraction))
            }
            .gaugeStyle(.accessoryCircularCapacity)
            .tint(DiskWords.color(space.usedFraction))
        } else {
            VStack(spacing: 0) {
                Image(systemName: "exclamationmark.triangle").foregroundStyle(.orange)
                Text(DiskWords.shortPath(disk.path, width: 8))
            }
        }
    }
}

/// "Type    ext4".
struct DiskFact: View {
    let title: String
    let value: String
    var body: some View {
        HStack(spacing: 1) {
            Text(title).foregroundStyle(.secondary).frame(width: 7, alignment: .leading)
            Text(value).lineLimit(1)
            Spacer(minLength: 0)
        }
    }
}

/// No filesystem to show: said plainly, with the way to choose some.
struct DiskEmptyView: View {
    let family: WidgetFamily

    var body: some View {
        switch family {
        case .accessoryInline:
            HStack(spacing: 1) {
                Image(systemName: "internaldrive")
                Text("No disks found")
            }
        case .accessoryCircular:
            VStack(spacing: 0) {
                Image(systemName: "internaldrive").foregroundStyle(.secondary)
                Text("none").foregroundStyle(.secondary)
            }
        default:
            VStack(alignment: .leading, spacing: 0) {
                Label("No disks found", systemImage: "internaldrive").bold()
                Text("Only virtual filesystems are mounted; name paths with mounts=/path").foregroundStyle(.secondary)
                Spacer(minLength: 0)
            }
            .frame(maxWidth: .infinity, maxHeight: .infinity, alignment: .topLeading)
        }
    }
}
