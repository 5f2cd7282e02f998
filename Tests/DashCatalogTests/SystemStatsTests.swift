@testable import DashCatalog
import Foundation
import Testing

@Suite("Parsing /proc")
struct SystemStatsTests {
    static let stat = """
        cpu  18875 0 4710 117525 421 0 44 172 0 0
        cpu0 7590 0 2133 60952 47 0 8 88 0 0
        cpu1 11284 0 2576 56573 374 0 36 84 0 0
        intr 2345678 0 9 0
        ctxt 6543210
        btime 1795330000
        """

    @Test("/proc/stat: totals and idle of all CPUs and of each")
    func procStat() throws {
        let sample = try #require(SystemStats.parseProcStat(Self.stat))
        // idle = idle + iowait; total = the first eight columns (guest is inside user).
        #expect(sample.all == SystemStats.CPUTimes(idle: 117_525 + 421, total: 18875 + 4710 + 117_525 + 421 + 44 + 172))
        #expect(sample.cores.count == 2)
        #expect(sample.cores[0] == SystemStats.CPUTimes(idle: 60952 + 47, total: 7590 + 2133 + 60952 + 47 + 8 + 88))
    }

    @Test("/proc/stat: old kernels with four columns")
    func procStatFourColumns() throws {
        let sample = try #require(SystemStats.parseProcStat("cpu 10 20 30 40\n"))
        #expect(sample.all == SystemStats.CPUTimes(idle: 40, total: 100))
        #expect(sample.cores.isEmpty)
    }

    @Test("/proc/stat: malformed, empty and truncated text is nil", arguments: [
        "", "\n", "intr 1 2 3\n", "cpu\n", "cpu 1 2 3\n", "cpu  a b c d e\n", "cpu  1 2 -3 4\n",
        "cpu  18875 0 4710 117525 421 0 44 172 0 0\ncpu0 7590 0 21", "cpu 18446744073709551615 1 0 0\n",
        "cpu  1 2 3 4\ncpu0 x 1 2 3\n",
    ])
    func procStatMalformed(_ text: String) {
        #expect(SystemStats.parseProcStat(text) == nil)
    }

    @Test("CPU use is the busy share of the ticks between two samples")
    func cpuDelta() throws {
        let earlier = SystemStats.CPUTimes(idle: 1000, total: 2000)
        let later = SystemStats.CPUTimes(idle: 1075, total: 2100)
        // 100 ticks passed, 75 of them idle: 25 % busy.
        #expect(SystemStats.cpuUsage(from: earlier, to: later) == 0.25)
        #expect(SystemStats.cpuUsage(from: earlier, to: SystemStats.CPUTimes(idle: 1000, total: 2100)) == 1)
        #expect(SystemStats.cpuUsage(from: earlier, to: SystemStats.CPUTimes(idle: 1100, total: 2100)) == 0)
    }

    @Test("CPU use is nil when no time passed or counters went backwards")
    func cpuDeltaDegenerate() {
        let a = SystemStats.CPUTimes(idle: 1000, total: 2000)
        #expect(SystemStats.cpuUsage(from: a, to: a) == nil)
        #expect(SystemStats.cpuUsage(from: a, to: SystemStats.CPUTimes(idle: 900, total: 2100)) == nil)
        #expect(SystemStats.cpuUsage(from: a, to: SystemStats.CPUTimes(idle: 1000, total: 1900)) == nil)
        #expect(SystemStats.cpuUsage(from: a, to: SystemStats.CPUTimes(idle: 1200, total: 2100)) == nil)
    }

    @Test("Per-core use comes from the same two samples")
    func coreDeltas() throws {
        let first = try #require(SystemStats.parseProcStat("cpu 0 0 0 0\ncpu0 10 0 0 90\ncpu1 50 0 0 50\n"))
        let second = try #require(SystemStats.parseProcStat("cpu 0 0 0 0\ncpu0 20 0 0 180\ncpu1 150 0 0 50\n"))
        #expect(SystemStats.coreUsages(from: first, to: second) == [0.1, 1])
    }

    @Test("/proc/meminfo: total and available in bytes, swap")
    func meminfo() throws {
        let text = """
            MemTotal:       16384000 kB
            MemFree:         1000000 kB
            MemAvailable:    6000000 kB
            Buffers:          100000 kB
            Cached:          2000000 kB
            SwapTotal:       2097152 kB
            SwapFree:        1048576 kB
            HugePages_Total:       0
            """
        let m = try #require(SystemStats.parseMeminfo(text))
        #expect(m.total == 16_384_000 * 1024)
        #expect(m.available == 6_000_000 * 1024)
        #expect(m.used == 10_384_000 * 1024)
        #expect(abs(m.usedFraction - 10_384_000.0 / 16_384_000) < 1e-12)
        #expect(m.swapTotal == 2_097_152 * 1024 && m.swapUsed == 1_048_576 * 1024)
    }

    @Test("/proc/meminfo: without MemAvailable, free + buffers + cache")
    func meminfoOldKernel() throws {
        let m = try #require(SystemStats.parseMeminfo("MemTotal: 1000 kB\nMemFree: 100 kB\nBuffers: 50 kB\nCached: 250 kB\n"))
        #expect(m.available == 400 * 1024)
        #expect(m.swapTotal == 0)
    }

    @Test("/proc/meminfo: malformed, empty and truncated text is nil", arguments: [
        "", "MemTotal:\n", "MemTotal: lots kB\nMemAvailable: 5 kB\n", "MemTotal: 0 kB\nMemAvailable: 0 kB\n",
        "MemAvailable: 5 kB\n", "MemTotal: 1000 kB\n", "MemTotal: 1000 kB\nMemAvail",
    ])
    func meminfoMalformed(_ text: String) {
        #expect(SystemStats.parseMeminfo(text) == nil)
    }

    @Test("/proc/meminfo: available above total is clamped")
    func meminfoClamped() throws {
        let m = try #require(SystemStats.parseMeminfo("MemTotal: 100 kB\nMemAvailable: 500 kB\n"))
        #expect(m.used == 0 && m.usedFraction == 0)
    }

    @Test("/proc/loadavg: three averages and the task counts")
    func loadavg() throws {
        let l = try #require(SystemStats.parseLoadavg("0.68 0.53 0.23 1/86 9897\n"))
        #expect(l == SystemStats.LoadAverage(one: 0.68, five: 0.53, fifteen: 0.23, running: 1, total: 86))
    }

    @Test("/proc/loadavg: malformed, empty and truncated text is nil", arguments: [
        "", "0.68 0.53", "0.68 0.53 0.23", "0.68 0.53 0.23 1", "0.68 0.53 0.23 1/", "a b c 1/2 3",
        "nan 0.5 0.5 1/2 3", "-1 0.5 0.5 1/2 3", "0.68 0.53 0.23 x/86 1",
    ])
    func loadavgMalformed(_ text: String) {
        #expect(SystemStats.parseLoadavg(text) == nil)
    }

    @Test("/proc/uptime: seconds since boot")
    func uptime() {
        #expect(SystemStats.parseUptime("711.15 1175.25\n") == 711.15)
        #expect(SystemStats.parseUptime("42") == 42)
    }

    @Test("/proc/uptime: malformed and empty text is nil", arguments: ["", "\n", "abc 12", "-5 3", "inf 1", "nan"])
    func uptimeMalformed(_ text: String) {
        #expect(SystemStats.parseUptime(text) == nil)
    }

    @Test("Wording: uptime, bytes and decimals")
    func wording() {
        #expect(SystemStats.uptimeText(45) == "45s")
        #expect(SystemStats.uptimeText(12 * 60 + 5) == "12m")
        #expect(SystemStats.uptimeText(4 * 3600 + 12 * 60) == "4h 12m")
        #expect(SystemStats.uptimeText(3 * 86_400 + 4 * 3600 + 59) == "3d 4h")
        #expect(SystemStats.uptimeText(.nan) == "–")
        #expect(SystemStats.bytesText(16 * 1_073_741_824) == "16.0G")
        #expect(SystemStats.bytesText(214_958_080) == "205M")
        #expect(SystemStats.decimal(0.5249, places: 2) == "0.52")
        #expect(SystemStats.decimal(2.005, places: 1) == "2.0")
        #expect(SystemStats.decimal(10.04, places: 2) == "10.04")
        #expect(SystemStats.decimal(.infinity, places: 2) == "–")
    }
}
