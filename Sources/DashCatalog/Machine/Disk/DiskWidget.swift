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
    /// Measures paths (`reader`'s ``FileSystemSpaceReader/measure(_:timeout:query:)`` unless a
    /// test gives sizes).
    var measure: @Sendable ([String]) async -> [String: FileSystemSpaceReader.Answer]
    /// The home directory `~` stands for in `mounts=`.
    var home: String = ProcessInfo.processInfo.environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()

    public init(mountsFile: String = "/proc/self/mounts", reader: FileSystemSpaceReader = FileSystemSpaceReader()) {
        self.mountsFile = mountsFile
        measure = { await reader.measure($0) }
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
        let paths = Mounts.requestedPaths(requested.trimmingWhitespace(), home: home)
        if paths.isEmpty {
            guard text != nil else { return .unreadable(mountsFile) }
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
    /// Remembers mounts still stuck, for every disk widget placed from this description.
    private let reader = FileSystemSpaceReader()

    public init() {}

    public var body: some WidgetConfiguration {
        StaticConfiguration(kind: "disk", provider: DiskProvider(reader: reader)) { entry in
            DiskView(entry: entry)
        }
        .configurationDisplayName("Disks")
        .description("Used and free space of each disk, fullest first; mounts= chooses the paths.")
        .supportedFamilies([.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
        .layoutUnit(.cells)
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
