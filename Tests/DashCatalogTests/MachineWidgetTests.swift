@testable import DashCatalog
import DashCore
import DashTesting
import Foundation
import Synchronization
import Testing
import WidgetDash

/// The disk, network and uptime widgets: their parsers on real-looking and malformed files,
/// their timelines, and their panels.
@Suite("Disk, network and uptime")
struct MachineWidgetTests {
    static let now = SampleData.date

    /// A file in a fresh temporary directory, removed when the test ends.
    final class TempFile {
        let directory: String
        let path: String
        init(_ name: String, _ text: String) throws {
            directory = NSTemporaryDirectory() + "machine-\(UUID().uuidString)"
            try FileManager.default.createDirectory(atPath: directory, withIntermediateDirectories: true)
            path = directory + "/" + name
            try text.write(toFile: path, atomically: true, encoding: .utf8)
        }
        func write(_ text: String) throws { try text.write(toFile: path, atomically: true, encoding: .utf8) }
        deinit { try? FileManager.default.removeItem(atPath: directory) }
    }

    static func context(_ parameters: [String: String] = [:], at date: Date = now) -> TimelineProviderContext {
        TimelineProviderContext(family: .systemMedium, date: date, parameters: parameters)
    }

    // MARK: - /proc/self/mounts

    /// A laptop's mount table: pseudo filesystems, a snap, a btrfs subvolume of `/` mounted at
    /// `/home`, a bind mount, a USB disk whose name has a space, an NFS share, a container's
    /// overlay, a tmpfs, and lines a reader must survive.
    static let mounts = """
        sysfs /sys sysfs rw,nosuid,nodev,noexec,relatime 0 0
        proc /proc proc rw,nosuid,nodev,noexec,relatime 0 0
        udev /dev devtmpfs rw,nosuid,relatime,size=8038484k,nr_inodes=2009621,mode=755 0 0
        devpts /dev/pts devpts rw,nosuid,noexec,relatime,gid=5,mode=620,ptmxmode=000 0 0
        tmpfs /run tmpfs rw,nosuid,nodev,noexec,relatime,size=1612852k,mode=755 0 0
        /dev/nvme0n1p2 / btrfs rw,relatime,ssd,space_cache=v2,subvolid=256,subvol=/@ 0 0
        securityfs /sys/kernel/security securityfs rw,nosuid,nodev,noexec,relatime 0 0
        cgroup2 /sys/fs/cgroup cgroup2 rw,nosuid,nodev,noexec,relatime,nsdelegate 0 0
        /dev/loop3 /snap/core22/1380 squashfs ro,nodev,relatime,errors=continue 0 0
        /dev/nvme0n1p2 /home btrfs rw,relatime,ssd,space_cache=v2,subvolid=257,subvol=/@home 0 0
        /dev/nvme0n1p1 /boot/efi vfat rw,relatime,fmask=0077,dmask=0077,codepage=437 0 0
        /dev/sda1 /media/alice/My\\040Passport exfat rw,nosuid,nodev,relatime,uid=1000 0 0
        /dev/sda1 /srv/backup exfat rw,nosuid,nodev,relatime,uid=1000 0 0
        nas:/export/media /mnt/media nfs4 rw,relatime,vers=4.2 0 0
        tank/data /tank/data zfs rw,xattr,noacl 0 0
        overlay /var/lib/docker/overlay2/3f2a/merged overlay rw,relatime,lowerdir=/x 0 0
        tmpfs /tmp tmpfs rw,nosuid,nodev 0 0
        /dev/mapper/vg-tab\\011name /data\\134raw ext4 rw 0 0
        garbage
        /dev/sdz9 relative ext4 rw 0 0

        """

    @Test func mountsAreParsedWithTheirEscapesDecoded() {
        let (entries, problems) = Mounts.parse(Self.mounts)
        #expect(entries.count == 18)
        #expect(entries.contains(MountEntry(device: "/dev/sda1", mountPoint: "/media/alice/My Passport", fsType: "exfat",
                                            options: ["rw", "nosuid", "nodev", "relatime", "uid=1000"])))
        #expect(entries.contains { $0.device == "/dev/mapper/vg-tab\tname" && $0.mountPoint == "/data\\raw" })
        #expect(problems == ["line 19: expected at least 4 fields (device, mount point, type, options), found 1",
                             "line 20: expected an absolute mount point"])
    }

    @Test("Octal escapes: decoded when whole, kept when not", arguments: [
        ("/media/a\\040b", "/media/a b"), ("/x\\011y\\012z", "/x\ty\nz"), ("/back\\134slash", "/back\\slash"),
        ("/trailing\\04", "/trailing\\04"), ("/bad\\09x", "/bad\\09x"), ("/end\\", "/end\\"), ("/caf\\303\\251", "/café"),
    ])
    func unescape(field: String, decoded: String) {
        #expect(Mounts.unescape(Substring(field)) == decoded)
    }

    @Test func realDisksAreKeptOnceEachAtTheirShortestMountPoint() {
        let disks = Mounts.realDisks(Mounts.parse(Self.mounts).entries)
        // The bind mount /srv/backup shows the same device as /media/…/My Passport: the shorter
        // mount point is shown, in the place of the first.
        #expect(disks.map(\.mountPoint) == ["/", "/boot/efi", "/srv/backup", "/tank/data", "/data\\raw"])
        let bound = Mounts.realDisks([
            MountEntry(device: "/dev/sdb1", mountPoint: "/srv/really/long/backup", fsType: "ext4"),
            MountEntry(device: "/dev/sdb1", mountPoint: "/mnt/b", fsType: "ext4"),
        ])
        #expect(bound.map(\.mountPoint) == ["/mnt/b"])
        // A container: overlay is its root; a second mount over one point hides the first.
        let container = Mounts.realDisks([
            MountEntry(device: "overlay", mountPoint: "/", fsType: "overlay"),
            MountEntry(device: "/dev/vdb", mountPoint: "/data", fsType: "ext4"),
            MountEntry(device: "/dev/vdc", mountPoint: "/data", fsType: "xfs"),
        ])
        #expect(container.map(\.device) == ["overlay", "/dev/vdc"])
    }

    @Test func requestedPathsKeepSpacesInsideAPath() {
        #expect(Mounts.requestedPaths("/ /media/alice/My Passport ~/data ~", home: "/home/alice")
                == ["/", "/media/alice/My Passport", "/home/alice/data", "/home/alice"])
        #expect(Mounts.requestedPaths("  ", home: "/h").isEmpty)
        let table = Mounts.parse(Self.mounts).entries
        #expect(Mounts.mount(holding: "/home/alice/src", in: table)?.mountPoint == "/home")
        #expect(Mounts.mount(holding: "/homework", in: table)?.mountPoint == "/")
    }

    static func diskProvider(_ file: TempFile, sizes: [String: FileSystemSpaceReader.Answer]) -> DiskProvider {
        var provider = DiskProvider(mountsFile: file.path)
        provider.measure = { paths in paths.reduce(into: [:]) { $0[$1] = sizes[$1] ?? .failed("no such path") } }
        provider.home = "/home/alice"
        return provider
    }

    static let gib: UInt64 = 1 << 30

    @Test func disksAreShownMostFullFirstAndNamedPathsInTheirOrder() async throws {
        let file = try TempFile("mounts", Self.mounts)
        let provider = Self.diskProvider(file, sizes: [
            "/": .space(FileSystemSpace(size: 500 * Self.gib, free: 100 * Self.gib)),
            "/boot/efi": .space(FileSystemSpace(size: Self.gib, free: Self.gib / 20)),
            "/media/alice/My Passport": .space(FileSystemSpace(size: 1000 * Self.gib, free: 900 * Self.gib)),
            "/srv/backup": .space(FileSystemSpace(size: 1000 * Self.gib, free: 900 * Self.gib)),
            "/tank/data": .notResponding,
            "/data\\raw": .space(FileSystemSpace(size: 0, free: 0)),
            "/tmp": .space(FileSystemSpace(size: 8 * Self.gib, free: 8 * Self.gib)),
        ])
        let timeline = try await provider.timeline(in: Self.context())
        #expect(timeline.policy == .after(Self.now.addingTimeInterval(1800)))
        guard case .disks(let disks)? = timeline.entries.first?.state else { Issue.record("no disks"); return }
        // 95 %, 80 %, 10 %, then the one that did not answer; the size-0 one is dropped.
        #expect(disks.map(\.path) == ["/boot/efi", "/", "/srv/backup", "/tank/data"])
        #expect(disks[3].problem == "not responding")
        #expect(disks[1].device == "/dev/nvme0n1p2" && disks[1].fsType == "btrfs")

        // Named: that order, tmpfs allowed, a missing path said in its row.
        let named = try await provider.timeline(in: Self.context(["mounts": "/tmp /nope /media/alice/My Passport"]))
        guard case .disks(let shown)? = named.entries.first?.state else { Issue.record("no disks"); return }
        #expect(shown.map(\.path) == ["/tmp", "/nope", "/media/alice/My Passport"])
        #expect(shown[0].fsType == "tmpfs" && shown[1].problem == "no such path" && shown[1].fsType == nil)
        let panel = try FeedWidgetTests.panel("disk", named.entries[0], .systemMedium).joined(separator: "\n")
        #expect(panel.contains("⚠ no such path"))

        // A mount table that cannot be read is the widget's error state.
        let missing = try await DiskProvider(mountsFile: file.directory + "/none").timeline(in: Self.context())
        #expect(missing.entries.first?.state == .unavailable("\(file.directory)/none is not readable"))
        // Only pseudo filesystems: the empty state.
        try file.write("proc /proc proc rw 0 0\ntmpfs /tmp tmpfs rw 0 0\n")
        #expect(try await provider.timeline(in: Self.context()).entries.first?.state == .disks([]))
    }

    @Test func theRealFileSystemAnswersThroughFoundation() async {
        let answers = await FileSystemSpaceReader().measure(["/", NSTemporaryDirectory(), "/definitely/not/here"])
        guard case .space(let root)? = answers["/"] else { Issue.record("no size for /"); return }
        #expect(root.size > 0 && root.free <= root.size)
        #expect(answers["/definitely/not/here"] == .failed("no such path"))
    }

    @Test func aPathThatHangsCostsItsRowNotTheWidget() async {
        let gate = HangGate()
        let reader = FileSystemSpaceReader()
        let answers = await reader.measure(["/hang", "/ok"], timeout: .milliseconds(200)) { path in
            if path == "/hang" { gate.wait() }
            return .space(FileSystemSpace(size: 10, free: 5))
        }
        #expect(answers["/hang"] == .notResponding)
        #expect(answers["/ok"] == .space(FileSystemSpace(size: 10, free: 5)))
        // While the first question is stuck, the path is not asked again.
        let again = await reader.measure(["/hang"], timeout: .milliseconds(50)) { _ in .failed("asked twice") }
        #expect(again["/hang"] == .notResponding)
        gate.open()
    }

    /// Two widgets asking about one path at once (both disk widgets of the default screen reload
    /// together at start) both get its size: the second waits for the measurement under way
    /// rather than being told the path is not responding.
    @Test func aQuestionAboutAPathBeingMeasuredWaitsForItsAnswer() async {
        let gate = HangGate()
        let asked = Mutex(0)
        let reader = FileSystemSpaceReader()
        let query: @Sendable (String) -> FileSystemSpaceReader.Answer = { _ in
            asked.withLock { $0 += 1 }
            gate.wait()
            return .space(FileSystemSpace(size: 10, free: 5))
        }
        async let first = reader.measure(["/slow"], timeout: .seconds(10), query: query)
        // The first question's thread is measuring before the second is asked.
        while asked.withLock({ $0 }) == 0 { try? await Task.sleep(for: .milliseconds(5)) }
        async let second = reader.measure(["/slow"], timeout: .seconds(10)) { _ in .failed("asked twice") }
        try? await Task.sleep(for: .milliseconds(50))
        gate.open()
        let (a, b) = await (first, second)
        #expect(a["/slow"] == .space(FileSystemSpace(size: 10, free: 5)))
        #expect(b["/slow"] == .space(FileSystemSpace(size: 10, free: 5)))
        #expect(asked.withLock { $0 } == 1)
    }

    /// A thread that waits until the test lets it go.
    final class HangGate: Sendable {
        private let semaphore = DispatchSemaphore(value: 0)
        func wait() { semaphore.wait() }
        func open() { semaphore.signal() }
    }

    @Test func sizesAndPathsAreWordedForNarrowRows() {
        #expect(DiskWords.size(61 * Self.gib + Self.gib / 5) == "61.2 GiB")
        #expect(DiskWords.size(3726 * Self.gib) == "3.6 TiB")
        #expect(DiskWords.size(Self.gib / 2) == "512.0 MiB")
        #expect(DiskWords.shortPath("/media/alice/My Passport", width: 14) == "/…/My Passport")
        #expect(DiskWords.shortPath("/media/alice/My Passport", width: 20) == "/media/…/My Passport")
        #expect(DiskWords.shortPath("/srv/an-extremely-long-volume-name", width: 10) == "an-extrem…")
        #expect(DiskWords.shortPath("/", width: 1) == "/")
        // Wide characters count two columns.
        let cjk = DiskWords.shortPath("/mnt/写真/バックアップ", width: 14)
        #expect(TextWidth.width(of: cjk) <= 14 && cjk.hasSuffix("バックアップ"))
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    func diskStatesInEveryFamily(family: WidgetFamily) throws {
        let one = DiskEntry(date: Self.now, state: .disks([DiskUsage(path: "/", device: "/dev/vda", fsType: "ext4",
                                                                     space: FileSystemSpace(size: 252 * Self.gib, free: 77 * Self.gib, nodes: 16_777_216, freeNodes: 16_318_000))]))
        Golden.assertMatches(try FeedWidgetTests.panel("disk", one, family), named: "disk-one-\(family.shortName)")
        let none = try FeedWidgetTests.panel("disk", DiskEntry(date: Self.now, state: .disks([])), family).joined(separator: "\n")
        #expect(none.contains(family == .accessoryCircular ? "none" : "No disks found"))
        let broken = try FeedWidgetTests.panel("disk", DiskEntry(date: Self.now, state: .unavailable("/proc/self/mounts is not readable")), family)
        #expect(broken.joined().contains("⚠"))
    }

    // MARK: - /proc/net/dev

    static let netDev = """
        Inter-|   Receive                                                |  Transmit
         face |bytes    packets errs drop fifo frame compressed multicast|bytes    packets errs drop fifo colls carrier compressed
            lo:  104224    1021    0    0    0     0          0         0   104224    1021    0    0    0     0       0          0
        wlp2s0:9436019512 7234118    0   12    0     0          0     41213 812334201 2931554    0    0    0     0       0          0
          eth0: 1208332110  991220    3    0    0     0          0         0 95120443  402331    1    2    0     0       0          0
        docker0:       0       0    0    0    0     0          0         0        0       0    0    0    0     0       0          0
          tun0 1 2 3
          wg0: 1 2 3 4 5 6 7 8
          br0: 1 2 3 4 5 6 7 8 9 10 x 12 13 14 15 16
        """

    @Test func netDevIsParsedWithItsHeaderAndBrokenLinesSkipped() {
        let (interfaces, problems) = NetDev.parse(Self.netDev)
        #expect(interfaces.map(\.name) == ["lo", "wlp2s0", "eth0", "docker0"])
        // A name glued to its first counter.
        #expect(interfaces[1] == InterfaceCounters(name: "wlp2s0", rxBytes: 9_436_019_512, txBytes: 812_334_201, rxPackets: 7_234_118,
                                                   txPackets: 2_931_554, rxErrors: 0, txErrors: 0, rxDropped: 12, txDropped: 0))
        #expect(interfaces[2].rxErrors == 3 && interfaces[2].txErrors == 1 && interfaces[2].txDropped == 2)
        #expect(problems == ["line 7: expected NAME: followed by counters", "line 8: wg0: expected 16 counters, found 8",
                             "line 9: br0: expected whole numbers"])
        #expect(NetDev.busiest(interfaces)?.name == "wlp2s0")
        #expect(NetDev.busiest([interfaces[0]]) == nil)
        #expect(NetDev.parse("").interfaces.isEmpty)
        // A file cut in the middle of a line keeps the whole lines before it.
        let cut = Self.netDev.components(separatedBy: "    3    0")[0]
        #expect(NetDev.parse(cut).interfaces.map(\.name) == ["lo", "wlp2s0"])
        #expect(NetDev.parse(cut).problems == ["line 5: eth0: expected 16 counters, found 2"])
    }

    @Test func countersThatWrapOrResetAreTold() {
        #expect(NetDev.delta(from: 100, to: 250) == 150)
        // A 32-bit counter wrapped: from 2³² − 100 to 50 is 150 bytes.
        #expect(NetDev.delta(from: (1 << 32) - 100, to: 50) == 150)
        // Reset (the interface was re-created): no delta.
        #expect(NetDev.delta(from: 1_000_000, to: 10) == nil)
        #expect(NetDev.delta(from: 10_000_000_000, to: 10) == nil)
        let a = InterfaceCounters(name: "eth0", rxBytes: 1000, txBytes: 500)
        let b = InterfaceCounters(name: "eth0", rxBytes: 31000, txBytes: 2000)
        #expect(NetDev.throughput(from: a, to: b, seconds: 15) == Throughput(received: 2000, sent: 100))
        #expect(NetDev.throughput(from: a, to: b, seconds: 0) == nil)
    }

    /// A manual monotonic clock.
    final class ManualClock: Sendable {
        private let seconds = Mutex(0.0)
        func advance(_ s: Double) { seconds.withLock { $0 += s } }
        var now: @Sendable () -> Double { { [self] in seconds.withLock { $0 } } }
    }

    static func dev(_ rows: [(String, UInt64, UInt64)]) -> String {
        "Inter-|   Receive |  Transmit\n face |bytes packets|bytes packets\n" + rows.map { name, rx, tx in
            "  \(name): \(rx) 10 0 0 0 0 0 0 \(tx) 10 0 0 0 0 0 0"
        }.joined(separator: "\n") + "\n"
    }

    @Test func ratesComeFromTheChangeBetweenReloadsAndBuildAHistory() async throws {
        let file = try TempFile("dev", Self.dev([("lo", 5, 5), ("eth0", 1_000_000, 20_000)]))
        let clock = ManualClock()
        let history = NetworkHistory()
        let provider = NetworkProvider(path: file.path, history: history, monotonicSeconds: clock.now, sampleInterval: .zero)
        // The first reload reads twice (no time passed on the manual clock: no rate yet).
        let first = try await provider.timeline(in: Self.context())
        #expect(first.policy == .after(Self.now.addingTimeInterval(15)))
        guard case .interface(let r0)? = first.entries.first?.state else { Issue.record("no reading"); return }
        #expect(r0.counters.name == "eth0" && r0.rate == nil && r0.history.isEmpty)

        clock.advance(15)
        try file.write(Self.dev([("lo", 5, 5), ("eth0", 16_000_000, 50_000)]))
        guard case .interface(let r1)? = try await provider.timeline(in: Self.context()).entries.first?.state else { Issue.record("no reading"); return }
        #expect(r1.rate == Throughput(received: 1_000_000, sent: 2000))
        #expect(NetworkWords.rate(r1.rate?.received) == "1.0 MB/s" && NetworkWords.rate(r1.rate?.sent) == "2.0 KB/s")

        clock.advance(15)
        try file.write(Self.dev([("lo", 5, 5), ("eth0", 16_150_000, 50_000)]))
        guard case .interface(let r2)? = try await provider.timeline(in: Self.context()).entries.first?.state else { Issue.record("no reading"); return }
        #expect(r2.history == [Throughput(received: 1_000_000, sent: 2000), Throughput(received: 10_000, sent: 0)])

        // Counters reset (the interface came back): the history starts again.
        clock.advance(15)
        try file.write(Self.dev([("eth0", 300, 10)]))
        guard case .interface(let r3)? = try await provider.timeline(in: Self.context()).entries.first?.state else { Issue.record("no reading"); return }
        #expect(r3.rate == nil && r3.history.isEmpty)

        // The interface disappears: a named one says so, and its history is dropped.
        clock.advance(15)
        try file.write(Self.dev([("lo", 9, 9), ("wlan0", 1, 1)]))
        let gone = try await provider.timeline(in: Self.context(["interface": "eth0"]))
        #expect(gone.entries.first?.state == .missing("eth0", available: ["wlan0"]))
        #expect(!history.names.contains("eth0"))
        // Only loopback left: the empty state.
        try file.write(Self.dev([("lo", 9, 9)]))
        #expect(try await provider.timeline(in: Self.context()).entries.first?.state == .noInterface)
        // Garbage: the error state names the file and the line.
        try file.write("hello\n")
        #expect(try await provider.timeline(in: Self.context()).entries.first?.state == .unavailable("\(file.path): line 1: expected NAME: followed by counters"))
    }

    @Test func theHistoryIsBoundedAndSafeFromTwoInstancesAtOnce() async {
        let history = NetworkHistory()
        await withTaskGroup(of: Void.self) { group in
            for task in 0..<4 {
                group.addTask {
                    for i in 0..<100 {
                        let t = Double(task * 1000 + i)
                        _ = history.record(InterfaceCounters(name: "eth\(task)", rxBytes: UInt64(i) * 1000, txBytes: 0), at: t)
                    }
                }
            }
        }
        for task in 0..<4 {
            let (rate, recent) = history.record(InterfaceCounters(name: "eth\(task)", rxBytes: 100_000, txBytes: 0), at: Double(task * 1000 + 100))
            #expect(rate == Throughput(received: 1000, sent: 0))
            #expect(recent.count == NetworkHistory.capacity)
        }
        // Readings closer than the minimum interval are not a rate.
        let (same, _) = history.record(InterfaceCounters(name: "eth0", rxBytes: 999_999, txBytes: 0), at: 100.05)
        #expect(same == Throughput(received: 1000, sent: 0))
    }

    @Test func ratesAndSparklinesAreWordedAndDrawnFromZero() {
        #expect(NetworkWords.rate(0) == "0 B/s")
        #expect(NetworkWords.rate(512) == "512 B/s")
        #expect(NetworkWords.rate(34_000) == "34 KB/s")
        #expect(NetworkWords.rate(1_234_567) == "1.2 MB/s")
        #expect(NetworkWords.rate(999_700) == "1.0 MB/s")
        #expect(NetworkWords.compact(1_234_567) == "1.2M" && NetworkWords.compact(512) == "512")
        #expect(NetworkWords.grouped(7_234_118) == "7,234,118")
        // Zero is the floor; the newest value is on the right; no history is a dotted floor.
        #expect(RateSparkline.rows([0, 4000, 8000], width: 5, height: 1) == ["··▁▄█"])
        #expect(RateSparkline.rows([8000, 4000], width: 2, height: 2) == ["█ ", "██"])
        #expect(RateSparkline.rows([], width: 3, height: 2) == ["   ", "···"])
        // Idle chatter does not fill the box.
        #expect(RateSparkline.rows([10, 20], width: 2, height: 1) == ["▁▁"])
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .systemLarge, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    func networkStatesInEveryFamily(family: WidgetFamily) throws {
        let first = NetworkEntry(date: Self.now, state: .interface(NetworkReading(
            counters: InterfaceCounters(name: "eth0", rxBytes: 9_436_019, txBytes: 15_090, rxPackets: 234, txPackets: 184),
            rate: Throughput(received: 0, sent: 0), history: [Throughput(received: 0, sent: 0)])))
        Golden.assertMatches(try FeedWidgetTests.panel("network", first, family), named: "network-idle-\(family.shortName)")
        let none = try FeedWidgetTests.panel("network", NetworkEntry(date: Self.now, state: .noInterface), family).joined(separator: "\n")
        #expect(none.lowercased().contains("offline"))
        let missing = try FeedWidgetTests.panel("network", NetworkEntry(date: Self.now, state: .missing("eth9", available: ["eth0"])), family)
        #expect(missing.joined().contains("⚠"))
    }

    // MARK: - /proc/uptime

    @Test("/proc/uptime that is empty or garbage is the error state", arguments: ["", "\n", "abc def", "-5 10", "nan 1", "inf 2"])
    func uptimeGarbage(text: String) async throws {
        let file = try TempFile("uptime", text)
        let timeline = try await UptimeProvider(path: file.path).timeline(in: Self.context())
        #expect(timeline.entries.map(\.state) == [.unavailable("\(file.path): expected seconds since boot, such as \"711.15 1175.25\"")])
        #expect(timeline.policy == .after(Self.now.addingTimeInterval(1800)))
    }

    @Test func uptimeHasAnEntryOnEachWholeHourSinceBootForADay() async throws {
        // Up 3 days, 4 hours, 12 minutes and 30.5 seconds.
        let up: TimeInterval = 3 * 86_400 + 4 * 3600 + 12 * 60 + 30.5
        let file = try TempFile("uptime", "\(up) 1175.25\n")
        let uptimePath = file.path
        let read: @Sendable (String) -> String? = { path in
            if path == uptimePath { return SystemProvider.readTextFile(path) }
            return path.hasSuffix("hostname") ? "box\u{1B}[2J\n" : nil
        }
        let timeline = try await UptimeProvider(path: file.path, readFile: read).timeline(in: Self.context())
        #expect(timeline.policy == TimelineReloadPolicy.atEnd)
        let boot = Self.now.addingTimeInterval(-up)
        let expectedState = UptimeEntry.State.up(boot: boot, host: "box", kernel: nil)
        #expect(timeline.entries.first?.state == expectedState)
        #expect(timeline.entries.count == 25)
        let hours: [Date] = (1...24).map { (k: Int) -> Date in boot.addingTimeInterval(Double(76 + k) * 3600) }
        #expect(timeline.entries.map(\.date) == [Self.now] + hours)
        // The compact form is exact at every entry.
        #expect(timeline.entries.map { UptimeWords.compact($0.date.timeIntervalSince(boot)) }.prefix(3) == ["3d 4h", "3d 5h", "3d 6h"])
        let missing = try await UptimeProvider(path: file.directory + "/none").timeline(in: Self.context())
        #expect(missing.entries.first?.state == .unavailable("\(file.directory)/none is not readable"))
    }

    @Test func uptimeWords() {
        let zone = TimeZone(identifier: "Europe/Berlin")!
        #expect(UptimeWords.big(59 * 60)  == nil)
        #expect(UptimeWords.big(3600).map { "\($0.value) \($0.unit)" } == "1 hour")
        #expect(UptimeWords.big(3 * 86_400 + 5).map { "\($0.value) \($0.unit)" } == "3 days")
        #expect(UptimeWords.compact(4 * 3600 + 59 * 60) == "4h")
        #expect(UptimeWords.compact(400 * 86_400) == "400d")
        // The sample moment is Sunday 22 November 2026, 11:42 in Berlin.
        #expect(UptimeWords.since(Self.now.addingTimeInterval(-2 * 86_400), now: Self.now, zone: zone) == "Fri 11:42")
        #expect(UptimeWords.since(Self.now.addingTimeInterval(-20 * 86_400), now: Self.now, zone: zone) == "2 Nov 11:42")
        #expect(UptimeWords.since(Self.now.addingTimeInterval(-400 * 86_400), now: Self.now, zone: zone) == "18 Oct 2025")
        #expect(UptimeWords.full(Self.now, zone: zone) == ["Sunday", "22 November 2026", "11:42 Berlin"])
    }

    @Test(arguments: [WidgetFamily.systemSmall, .systemMedium, .accessoryCircular, .accessoryRectangular, .accessoryInline])
    func uptimeJustBootedAndHoursUp(family: WidgetFamily) throws {
        let fresh = UptimeEntry(date: Self.now, state: .up(boot: Self.now.addingTimeInterval(-754), host: "box", kernel: "6.8.0-45-generic"))
        Golden.assertMatches(try FeedWidgetTests.panel("uptime", fresh, family), named: "uptime-fresh-\(family.shortName)")
        let hours = UptimeEntry(date: Self.now, state: .up(boot: Self.now.addingTimeInterval(-(5 * 3600 + 7 * 60)), host: nil, kernel: nil))
        Golden.assertMatches(try FeedWidgetTests.panel("uptime", hours, family), named: "uptime-hours-\(family.shortName)")
        let broken = try FeedWidgetTests.panel("uptime", UptimeEntry(date: Self.now, state: .unavailable("/proc/uptime is not readable")), family)
        #expect(broken.joined().contains("⚠"))
    }
}
