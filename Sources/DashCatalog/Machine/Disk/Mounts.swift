import Foundation
import Synchronization

/// One line of `/proc/self/mounts`: what is mounted where, with which filesystem.
public struct MountEntry: Hashable, Sendable {
    /// The source: `/dev/nvme0n1p2`, `server:/export`, `tank/home`, `overlay`.
    public var device: String
    /// Where it is mounted, with `\040` and the other escapes decoded.
    public var mountPoint: String
    /// `ext4`, `btrfs`, `tmpfs`, `fuse.sshfs`…
    public var fsType: String
    public var options: [String]

    public init(device: String, mountPoint: String, fsType: String, options: [String] = []) {
        self.device = device
        self.mountPoint = mountPoint
        self.fsType = fsType
        self.options = options
    }
}

/// Reading `/proc/self/mounts` and choosing the filesystems worth showing.
///
/// Pure functions of text, like the /proc parsers of the system widget: a malformed line is
/// skipped and named (`line 7: expected at least 4 fields`), never fatal.
public enum Mounts {
    /// The entries of the text of `/proc/self/mounts` (or `/etc/mtab`), with the lines skipped.
    ///
    /// A line is `device mountpoint type options dump pass`, fields separated by spaces;
    /// spaces, tabs, newlines and backslashes inside a field are written `\040`, `\011`,
    /// `\012` and `\134`.
    public static func parse(_ text: String) -> (entries: [MountEntry], problems: [String]) {
        var entries: [MountEntry] = []
        var problems: [String] = []
        for (index, line) in text.split(separator: "\n", omittingEmptySubsequences: false).enumerated() {
            let fields = line.split(whereSeparator: { $0 == " " || $0 == "\t" })
            if fields.isEmpty { continue }
            guard fields.count >= 4 else {
                problems.append("line \(index + 1): expected at least 4 fields (device, mount point, type, options), found \(fields.count)")
                continue
            }
            let mountPoint = unescape(fields[1])
            guard mountPoint.hasPrefix("/") else {
                problems.append("line \(index + 1): expected an absolute mount point")
                continue
            }
            entries.append(MountEntry(device: unescape(fields[0]), mountPoint: mountPoint, fsType: unescape(fields[2]),
                                      options: fields[3].split(separator: ",").map(String.init)))
        }
        return (entries, problems)
    }

    /// A field with its octal escapes (`\040`) decoded; a backslash not followed by three
    /// octal digits stays as it is.
    public static func unescape(_ field: Substring) -> String {
        guard field.contains("\\" as Character) else { return String(field) }
        var bytes: [UInt8] = []
        let utf8 = Array(field.utf8)
        var i = 0
        while i < utf8.count {
            if utf8[i] == UInt8(ascii: "\\"), i + 4 <= utf8.count, let value = octal(utf8[(i + 1)..<(i + 4)]) {
                bytes.append(value)
                i += 4
            } else {
                bytes.append(utf8[i])
                i += 1
            }
        }
        return String(decoding: bytes, as: UTF8.self)
    }

    private static func octal(_ digits: ArraySlice<UInt8>) -> UInt8? {
        guard digits.count == 3 else { return nil }
        var value = 0
        for d in digits {
            guard d >= UInt8(ascii: "0"), d <= UInt8(ascii: "7") else { return nil }
            value = value * 8 + Int(d - UInt8(ascii: "0"))
        }
        return value <= 255 ? UInt8(value) : nil
    }

    /// Filesystems of the kernel's own making, never disks: process and device tables, control
    /// groups, tracing, memory-backed scratch space.
    public static let pseudoTypes: Set<String> = [
        "proc", "sysfs", "cgroup", "cgroup2", "devtmpfs", "devpts", "tmpfs", "ramfs", "securityfs",
        "debugfs", "tracefs", "configfs", "fusectl", "mqueue", "hugetlbfs", "pstore", "bpf", "autofs",
        "binfmt_misc", "efivarfs", "rpc_pipefs", "nsfs", "selinuxfs", "nfsd", "overlay", "aufs",
        "squashfs", "iso9660", "devfs", "usbfs", "xenfs", "sockfs", "pipefs", "zonefs", "ubifs",
    ]

    /// Filesystems on another machine: shown only when named (a server that does not answer
    /// would make every reading wait).
    public static let networkTypes: Set<String> = [
        "nfs", "nfs4", "cifs", "smb3", "smbfs", "9p", "afs", "ceph", "glusterfs", "davfs", "fuse.sshfs",
        "fuse.rclone", "fuse.s3fs", "lustre", "gpfs", "ncpfs",
    ]

    /// Local filesystems whose source is not a `/dev/` path (ZFS datasets, virtio shares).
    static let localTypesWithoutDevice: Set<String> = ["zfs", "virtiofs", "bcachefs", "btrfs", "fuseblk", "apfs"]

    /// True for an entry that is a real disk worth showing by default.
    ///
    /// Pseudo filesystems and tmpfs are dropped, overlay is kept only for `/` (a container's
    /// root), snaps (squashfs) and other read-only images are dropped, network filesystems
    /// and FUSE mounts (other than `fuseblk`, which is a local disk) are dropped.
    public static func isRealDisk(_ entry: MountEntry) -> Bool {
        if entry.fsType == "overlay" { return entry.mountPoint == "/" }
        if pseudoTypes.contains(entry.fsType) || networkTypes.contains(entry.fsType) { return false }
        if entry.fsType.hasPrefix("fuse.") { return false }
        return entry.device.hasPrefix("/dev/") || localTypesWithoutDevice.contains(entry.fsType)
    }

    /// The real disks of a mount table, once each, in table order.
    ///
    /// A mount point mounted twice shows the later mount (it hides the earlier); a device
    /// mounted in several places (bind mounts, btrfs subvolumes of one filesystem) shows at its
    /// shortest mount point, since every place reports the same space.
    public static func realDisks(_ entries: [MountEntry]) -> [MountEntry] {
        var lastAtPoint: [String: Int] = [:]
        for (i, e) in entries.enumerated() { lastAtPoint[e.mountPoint] = i }
        let visible = entries.enumerated().filter { lastAtPoint[$0.element.mountPoint] == $0.offset }.map(\.element)
        var byDevice: [String: MountEntry] = [:]
        var order: [String] = []
        for entry in visible where isRealDisk(entry) {
            // Devices of overlay roots and ZFS datasets are names, not paths; still one each.
            let key = entry.fsType == "overlay" ? "overlay:" + entry.mountPoint : entry.device
            if let existing = byDevice[key] {
                if (entry.mountPoint.count, entry.mountPoint) < (existing.mountPoint.count, existing.mountPoint) { byDevice[key] = entry }
            } else {
                byDevice[key] = entry
                order.append(key)
            }
        }
        return order.compactMap { byDevice[$0] }
    }

    /// The paths a `mounts=` value names: separated by spaces; a word that does not start with
    /// `/` or `~` continues the path before it, so `/media/My Disk /home` is two paths.
    public static func requestedPaths(_ value: String, home: String) -> [String] {
        var paths: [String] = []
        for word in value.split(separator: " ", omittingEmptySubsequences: true) {
            if word.hasPrefix("/") || word.hasPrefix("~") || paths.isEmpty {
                paths.append(String(word))
            } else {
                paths[paths.count - 1] += " " + word
            }
        }
        return paths.map { path in
            if path == "~" { return home }
            if path.hasPrefix("~/") { return home + path.dropFirst() }
            return path
        }
    }

    /// The mount whose mount point is the longest prefix of `path` (the filesystem holding
    /// it); of two mounts at one point, the later.
    public static func mount(holding path: String, in entries: [MountEntry]) -> MountEntry? {
        var best: MountEntry?
        for e in entries where e.mountPoint == "/" || path == e.mountPoint || path.hasPrefix(e.mountPoint + "/") {
            if e.mountPoint.count >= (best?.mountPoint.count ?? 0) { best = e }
        }
        return best
    }
}

/// The size and free space of a filesystem, in bytes.
public struct FileSystemSpace: Hashable, Sendable {
    public var size: UInt64
    /// What an ordinary user can still write (blocks reserved for root are not free).
    public var free: UInt64
    /// File nodes (inodes) in all and free, when the filesystem counts them.
    public var nodes: UInt64?
    public var freeNodes: UInt64?

    public init(size: UInt64, free: UInt64, nodes: UInt64? = nil, freeNodes: UInt64? = nil) {
        self.size = size
        self.free = min(free, size)
        self.nodes = nodes
        self.freeNodes = freeNodes.map { min($0, nodes ?? $0) }
    }

    /// Everything not free, reserved blocks included.
    public var used: UInt64 { size - free }
    /// The share not free, from 0 to 1.
    public var usedFraction: Double { size > 0 ? Double(used) / Double(size) : 0 }
}

/// Asks for the sizes of filesystems on threads of their own, so a mount that hangs (a network
/// server gone away) costs a thread, not the dashboard: its row says "not responding" after
/// the time limit, and it is not asked again while the first question is still stuck.
///
/// A reader remembers the paths being measured and who is waiting for each; the disk widget
/// keeps one for every instance placed from its description, so two disk widgets never strand
/// two threads on one dead mount. A second question about a path being measured waits for that
/// measurement's answer, within its own time limit: two disk widgets reloading together (the
/// default screen's, at start) both get the size, where the second was told "not responding".
public final class FileSystemSpaceReader: Sendable {
    /// What came back for one path.
    public enum Answer: Hashable, Sendable {
        case space(FileSystemSpace)
        case failed(String)
        case notResponding
    }

    /// Paths being measured by a thread right now (still stuck, if a reading timed out), with
    /// the questions waiting for each answer.
    private let inFlight = Mutex<[String: [Gather]]>([:])

    public init() {}

    /// The sizes of `paths`, waiting at most `timeout` for all of them.
    public func measure(_ paths: [String], timeout: Duration = .seconds(2),
                               query: @escaping @Sendable (String) -> Answer = FileSystemSpaceReader.query) async -> [String: Answer] {
        let unique = Array(Set(paths))
        guard !unique.isEmpty else { return [:] }
        let gather = Gather(expected: unique.count)
        for path in unique {
            let started = inFlight.withLock { flights in
                if flights[path] != nil {
                    flights[path, default: []].append(gather)
                    return false
                }
                flights[path] = [gather]
                return true
            }
            guard started else { continue }
            Thread.detachNewThread { [self] in
                let answer = query(path)
                let waiting = inFlight.withLock { $0.removeValue(forKey: path) ?? [] }
                for question in waiting { question.deliver(path, answer) }
            }
        }
        let timer = Task {
            try? await Task.sleep(for: timeout)
            gather.finish()
        }
        let results = await gather.wait()
        timer.cancel()
        // A question that gave up on a stuck path stops waiting for it, so a mount that never
        // answers does not collect one waiter per reload.
        inFlight.withLock { flights in
            for path in unique { flights[path]?.removeAll { $0 === gather } }
        }
        return unique.reduce(into: [:]) { $0[$1] = results[$1] ?? .notResponding }
    }

    /// One path's size through Foundation (`statvfs` underneath): total blocks and the blocks
    /// available to unprivileged users.
    @Sendable public static func query(_ path: String) -> Answer {
        do {
            let attributes = try FileManager.default.attributesOfFileSystem(forPath: path)
            let size = (attributes[.systemSize] as? NSNumber)?.uint64Value ?? 0
            let free = (attributes[.systemFreeSize] as? NSNumber)?.uint64Value ?? 0
            let nodes = (attributes[.systemNodes] as? NSNumber)?.uint64Value
            let freeNodes = (attributes[.systemFreeNodes] as? NSNumber)?.uint64Value
            return .space(FileSystemSpace(size: size, free: free, nodes: nodes.flatMap { $0 > 0 ? $0 : nil }, freeNodes: freeNodes))
        } catch {
            return .failed(FileManager.default.fileExists(atPath: path) ? "cannot be read" : "no such path")
        }
    }

    /// Answers arriving from threads, handed to one waiting task when all are in or time is up.
    private final class Gather: Sendable {
        private struct State {
            var results: [String: Answer] = [:]
            var continuation: CheckedContinuation<[String: Answer], Never>?
            var finished = false
        }
        private let state = Mutex(State())
        private let expected: Int

        init(expected: Int) { self.expected = expected }

        func deliver(_ path: String, _ answer: Answer) {
            state.withLock { s in
                guard !s.finished else { return }
                s.results[path] = answer
                if s.results.count == expected { Self.resume(&s) }
            }
        }

        func finish() { state.withLock { Self.resume(&$0) } }

        func wait() async -> [String: Answer] {
            await withCheckedContinuation { continuation in
                state.withLock { s in
                    if s.finished {
                        continuation.resume(returning: s.results)
                    } else {
                        s.continuation = continuation
                        if s.results.count == expected { Self.resume(&s) }
                    }
                }
            }
        }

        private static func resume(_ s: inout State) {
            s.finished = true
            if let c = s.continuation {
                s.continuation = nil
                c.resume(returning: s.results)
            }
        }
    }
}
