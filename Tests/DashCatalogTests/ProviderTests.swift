@testable import DashCatalog
import Foundation
import Synchronization
import Testing
import WidgetDash

@Suite("Timeline providers")
struct ProviderTests {
    static let context = TimelineProviderContext(family: .systemSmall)

    @Test("Clock: one entry a minute for the next hour, from the current minute, reloaded at the end")
    func clockTimeline() async throws {
        let provider = ClockProvider(now: FixedClock(date: SampleData.date).now)
        let timeline = try await provider.timeline(in: Self.context)
        let minute = Date(timeIntervalSince1970: 1_795_344_137 - 17)
        #expect(timeline.entries.count == 60)
        #expect(timeline.entries.first?.date == minute)
        #expect(timeline.entries.last?.date == minute.addingTimeInterval(59 * 60))
        for (a, b) in zip(timeline.entries, timeline.entries.dropFirst()) {
            #expect(b.date.timeIntervalSince(a.date) == 60)
        }
        #expect(timeline.policy == .atEnd)
    }

    @Test("Clock: snapshot and placeholder are the current and the sample minute")
    func clockSnapshot() async {
        let provider = ClockProvider(now: FixedClock(date: SampleData.date.addingTimeInterval(3600)).now)
        #expect(await provider.snapshot(in: Self.context).date == Date(timeIntervalSince1970: 1_795_344_120 + 3600))
        #expect(provider.placeholder(in: Self.context).date == Date(timeIntervalSince1970: 1_795_344_120))
    }

    @Test("Calendar: today and the next two days, each from midnight, reloaded at the end")
    func calendarTimeline() async throws {
        var utc = Calendar(identifier: .gregorian)
        utc.timeZone = Render.utc
        let provider = CalendarProvider(now: FixedClock(date: SampleData.date).now, calendar: utc)
        let timeline = try await provider.timeline(in: Self.context)
        let midnight = Date(timeIntervalSince1970: 1_795_344_137 - (10 * 3600 + 42 * 60 + 17))
        #expect(timeline.entries.map(\.date) == [0, 1, 2].map { midnight.addingTimeInterval(Double($0) * 86_400) })
        #expect(timeline.policy == .atEnd)
    }

    @Test("Calendar: entries fall on the calendar's own midnights")
    func calendarTimeZone() async throws {
        var tokyo = Calendar(identifier: .gregorian)
        tokyo.timeZone = try #require(TimeZone(identifier: "Asia/Tokyo"))
        let provider = CalendarProvider(now: FixedClock(date: SampleData.date).now, calendar: tokyo)
        let timeline = try await provider.timeline(in: Self.context)
        // 10:42 UTC is 19:42 in Tokyo; Tokyo's midnight was 15:00 UTC the day before.
        let first = try #require(timeline.entries.first)
        #expect(first.date == Date(timeIntervalSince1970: 1_795_344_137 - (19 * 3600 + 42 * 60 + 17)))
    }

    /// The files of a machine with two CPUs, whose /proc/stat advances between reads.
    final class FakeProc: @unchecked Sendable {
        private let lock = NSLock()
        private var statReads = 0
        var files: [String: String] = [
            "/proc/meminfo": "MemTotal: 8000000 kB\nMemAvailable: 2000000 kB\nSwapTotal: 0 kB\nSwapFree: 0 kB\n",
            "/proc/loadavg": "1.50 1.00 0.50 2/300 12345\n",
            "/proc/uptime": "90061.5 170000.0\n",
            "/proc/sys/kernel/hostname": "devbox\n",
        ]

        func read(_ path: String) -> String? {
            lock.lock()
            defer { lock.unlock() }
            if path == "/proc/stat", files[path] == nil {
                statReads += 1
                // Between the two reads: 200 ticks, 150 idle, so 25 % busy; cpu0 0 %, cpu1 50 %.
                return statReads == 1
                    ? "cpu  100 0 100 800 0 0 0 0 0 0\ncpu0 50 0 50 400 0 0 0 0 0 0\ncpu1 50 0 50 400 0 0 0 0 0 0\n"
                    : "cpu  125 0 125 950 0 0 0 0 0 0\ncpu0 50 0 50 500 0 0 0 0 0 0\ncpu1 75 0 75 450 0 0 0 0 0 0\n"
            }
            return files[path]
        }
    }

    @Test("System: one entry from two /proc/stat reads, and a reload 15 s later")
    func systemTimeline() async throws {
        let proc = FakeProc()
        let provider = SystemProvider(now: FixedClock(date: SampleData.date).now, readFile: proc.read, sampleInterval: .milliseconds(1))
        let timeline = try await provider.timeline(in: Self.context)
        #expect(timeline.entries.count == 1)
        #expect(timeline.policy == .after(SampleData.date.addingTimeInterval(SystemProvider.refreshInterval)))
        let entry = try #require(timeline.entries.first)
        #expect(entry.date == SampleData.date)
        #expect(entry.hostname == "devbox")
        guard case .stats(let stats) = entry.state else {
            Issue.record("expected stats, got \(entry.state)")
            return
        }
        #expect(stats.cpuUsage == 0.25)
        #expect(stats.coreUsages == [0, 0.5])
        #expect(stats.memory.usedFraction == 0.75)
        #expect(stats.load.one == 1.5 && stats.load.total == 300)
        #expect(stats.uptime == 90061.5)
    }

    @Test("System: each missing or garbled file gives a clear unavailable state", arguments: [
        "/proc/stat", "/proc/meminfo", "/proc/loadavg", "/proc/uptime",
    ])
    func systemUnavailable(_ path: String) async throws {
        for content in [nil, "garbage"] as [String?] {
            let proc = FakeProc()
            proc.files[path] = content ?? ""
            let files = proc.files
            let read: @Sendable (String) -> String? = { p in
                if p == path { return content }
                return p == "/proc/stat" ? proc.read(p) : files[p]
            }
            let provider = SystemProvider(now: FixedClock(date: SampleData.date).now, readFile: read, sampleInterval: .zero)
            let entry = try #require(try await provider.timeline(in: Self.context).entries.first)
            guard case .unavailable(let reason) = entry.state else {
                Issue.record("\(path) \(String(describing: content)): expected unavailable, got \(entry.state)")
                continue
            }
            #expect(reason.contains(path))
        }
    }

    @Test("System: with no ticks between reads, the average since boot")
    func systemSinceBoot() async throws {
        let files = ["/proc/stat": "cpu  100 0 100 800 0 0 0 0\n", "/proc/meminfo": "MemTotal: 100 kB\nMemAvailable: 50 kB\n",
                     "/proc/loadavg": "0 0 0 1/1 1\n", "/proc/uptime": "1 1\n"]
        let provider = SystemProvider(now: FixedClock(date: SampleData.date).now, readFile: { files[$0] }, sampleInterval: .zero)
        let entry = try #require(try await provider.timeline(in: Self.context).entries.first)
        guard case .stats(let stats) = entry.state else { Issue.record("expected stats"); return }
        #expect(stats.cpuUsage == 0.2)
        #expect(entry.hostname == nil)
    }

    @Test("System: after the first reading, CPU use is the change since the previous one, from one read")
    func systemSinceLastReading() async throws {
        // /proc/stat as read one after another: 25 % busy between the first two, 75 % between the
        // second and the third.
        let stats = ["cpu  100 0 100 800 0 0 0 0\n", "cpu  125 0 125 950 0 0 0 0\n", "cpu  200 0 200 1000 0 0 0 0\n"]
        let proc = FakeProc()
        let reads = Mutex(0)
        let read: @Sendable (String) -> String? = { path in
            guard path == "/proc/stat" else { return proc.read(path) }
            return reads.withLock { count in
                defer { count += 1 }
                return stats[min(count, stats.count - 1)]
            }
        }
        let seconds = Mutex(1000.0)
        let provider = SystemProvider(now: FixedClock(date: SampleData.date).now, readFile: read, sampleInterval: .zero,
                                      history: CPUHistory(), monotonicSeconds: { seconds.withLock { $0 } })
        func cpu() async throws -> Double? {
            let entry = try #require(try await provider.timeline(in: Self.context).entries.first)
            guard case .stats(let stats) = entry.state else { return nil }
            return stats.cpuUsage
        }
        #expect(try await cpu() == 0.25)
        #expect(reads.withLock { $0 } == 2)
        seconds.withLock { $0 += 15 }
        #expect(try await cpu() == 0.75)
        #expect(reads.withLock { $0 } == 3)
        // A reading a minute and more old is no baseline: two reads again.
        seconds.withLock { $0 += CPUHistory.maximumAge + 1 }
        _ = try await cpu()
        #expect(reads.withLock { $0 } == 5)
    }

    @Test("System: snapshot and placeholder use sample data")
    func systemSnapshot() async {
        let provider = SystemProvider(now: FixedClock(date: SampleData.date).now, readFile: { _ in nil })
        #expect(await provider.snapshot(in: Self.context).state == .stats(.sample))
        #expect(provider.placeholder(in: Self.context).state == .stats(.sample))
    }

    @Test("System: the real reader reads /proc files, whose size is reported as zero")
    func readsProc() throws {
        try #require(FileManager.default.fileExists(atPath: "/proc/loadavg"))
        let text = try #require(SystemProvider.readTextFile("/proc/loadavg"))
        #expect(SystemStats.parseLoadavg(text) != nil)
        #expect(SystemProvider.readTextFile("/nonexistent/file") == nil)
    }
}

@Suite("ISO weeks")
struct ISOWeekTests {
    @Test func arithmeticAgreesWithFoundationAcrossYears() {
        var iso = Calendar(identifier: .iso8601)
        let zones = ["UTC", "Asia/Tokyo", "America/Los_Angeles", "Pacific/Kiritimati"].compactMap(TimeZone.init(identifier:))
        // Every day-and-a-third from 2019 to 2031, which crosses every year-boundary case
        // (weeks 52/53 in January, week 1 in December).
        var date = Date(timeIntervalSince1970: 1_546_300_800)
        while date < Date(timeIntervalSince1970: 1_956_528_000) {
            for zone in zones {
                iso.timeZone = zone
                #expect(DateWords.isoWeek(of: date, in: zone) == iso.component(.weekOfYear, from: date),
                        "\(date) in \(zone.identifier)")
            }
            date = date.addingTimeInterval(115_200)
        }
    }
}

@Suite("Month facts")
struct MonthFactsTests {
    @Test func arithmeticAgreesWithFoundation() {
        for zone in ["UTC", "Asia/Tokyo", "America/New_York"].compactMap(TimeZone.init(identifier:)) {
            var gregorian = Calendar(identifier: .gregorian)
            gregorian.timeZone = zone
            var date = Date(timeIntervalSince1970: 1_577_836_800)       // 2020-01-01, a leap year
            while date < Date(timeIntervalSince1970: 1_672_531_200) {   // to 2023
                let fast = MonthFacts(date: date, calendar: gregorian)
                let c = gregorian.dateComponents([.day, .month, .year, .weekday], from: date)
                #expect(fast.day == c.day && fast.month == c.month && fast.year == c.year && fast.weekday == c.weekday)
                #expect(fast.daysInMonth == gregorian.range(of: .day, in: .month, for: date)?.count)
                #expect(fast.dayOfYear == gregorian.ordinality(of: .day, in: .year, for: date))
                #expect(fast.daysInYear == gregorian.range(of: .day, in: .year, for: date)?.count)
                let first = gregorian.date(byAdding: .day, value: 1 - fast.day, to: gregorian.startOfDay(for: date))!
                #expect(fast.leadingBlanks == (gregorian.component(.weekday, from: first) + 5) % 7)
                let next = gregorian.date(byAdding: .day, value: 3, to: date)!
                #expect(fast.neighbour(3).day == gregorian.component(.day, from: next))
                #expect(fast.neighbour(3).weekday == gregorian.component(.weekday, from: next))
                date = date.addingTimeInterval(86_400 * 5 + 3_600 * 7)
            }
        }
    }
}
