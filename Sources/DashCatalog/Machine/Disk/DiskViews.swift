import Foundation
import WidgetDash

/// The disk widget's view, laid out anew for each family.
struct DiskView: View {
    let entry: DiskEntry
    /// What no filesystem to show means, and the way to choose some.
    static let noDisks = "Only virtual filesystems are mounted; name paths with mounts=/path"
    @Environment(\.widgetFamily) private var family

    var body: some View {
        switch entry.state {
        case .unavailable(let reason):
            SourceMessageView(problem: "Disks", reason)
        case .disks(let disks) where disks.isEmpty:
            SourceMessageView(symbol: "internaldrive", title: "No disks found", inline: "No disks found", circular: ["none"],
                              detail: Self.noDisks, explanation: Self.noDisks)
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
                    FactRow(title: "Type", value: disk.fsType ?? "–", titleWidth: 7)
                    FactRow(title: "Device", value: disk.device ?? "–", titleWidth: 7)
                    if let nodes = space.nodes, let free = space.freeNodes {
                        FactRow(title: "Files", value: "\(DiskWords.count(nodes - free)) of \(DiskWords.count(nodes)) inodes used", titleWidth: 7)
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
            CapacityRing(fraction: space.usedFraction, label: Text(DateWords.percent(space.usedFraction)))
                .tint(DiskWords.color(space.usedFraction))
        } else {
            VStack(spacing: 0) {
                Image(systemName: "exclamationmark.triangle").foregroundStyle(.orange)
                Text(DiskWords.shortPath(disk.path, width: 8))
            }
        }
    }
}
