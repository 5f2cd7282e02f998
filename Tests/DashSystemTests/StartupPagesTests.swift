import Foundation
import Testing
@testable import DashSystem

/// Which mappings the dashboard unmaps once start-up is over, and that doing it changes nothing
/// a thread reads.
@Suite("Start-up pages")
struct StartupPagesTests {
    /// Six mappings as /proc/self/smaps lists them (other keys trimmed): only the clean
    /// read-only file mappings with resident pages may go.
    static let smaps = """
    55d0a0000000-55d0a0550000 r--p 00000000 fe:00 5362607                    /usr/bin/widgetdash
    Size:               5444 kB
    Rss:                1600 kB
    Anonymous:             0 kB
    55d0a0550000-55d0a1aa9000 r-xp 00550000 fe:00 5362607                    /usr/bin/widgetdash
    Rss:               10596 kB
    Anonymous:             0 kB
    55d0a1aa9000-55d0a1b7c000 r--p 01aa8000 fe:00 5362607                    /usr/bin/widgetdash
    Rss:                 844 kB
    Anonymous:           844 kB
    55d0a1b7c000-55d0a3fe3000 rw-p 01b7a000 fe:00 5362607                    /usr/bin/widgetdash
    Rss:                4400 kB
    Anonymous:           416 kB
    7f4ef4000000-7f4ef40fd000 rw-p 00000000 00:00 0 
    Rss:                1012 kB
    Anonymous:          1012 kB
    7f4f05165000-7f4f051d9000 r-xp 00010000 fe:00 333473                     /usr/lib/x86_64-linux-gnu/libm.so.6
    Rss:                   0 kB
    Anonymous:             0 kB
    7ffd3b1f2000-7ffd3b1f4000 r-xp 00000000 00:00 0                          [vdso]
    Rss:                   8 kB
    Anonymous:             0 kB
    7f4f05400000-7f4f05402000 r--p 00000000 fe:00 333510                     /usr/lib/x86_64-linux-gnu/libncursesw.so.6.4
    Rss:                   8 kB
    Anonymous:             0 kB
    """

    @Test func cleanReadOnlyAndWritablePrivateFileMappingsWithResidentFilePagesAreReleasable() {
        let found = ReleasableMappings.releasable(smaps: Self.smaps)
        #expect(found == [
            .init(start: 0x55d0_a000_0000, end: 0x55d0_a055_0000, residentKiB: 1600, kind: .readOnly),
            .init(start: 0x55d0_a055_0000, end: 0x55d0_a1aa_9000, residentKiB: 10596, kind: .readOnly),
            // RELRO (read-only with copied pages) is kept; the data mapping is paged out.
            .init(start: 0x55d0_a1b7_c000, end: 0x55d0_a3fe_3000, residentKiB: 4400, kind: .writable),
            .init(start: 0x7f4f_0540_0000, end: 0x7f4f_0540_2000, residentKiB: 8, kind: .readOnly),
        ])
    }

    @Test func malformedLinesAreSkippedAndEndTheMappingBefore() {
        let text = "garbage\n10-20 r-xp 0 fe:00 7 /y\nRss: many kB\nRss: 4 kB\nzz-yy r-xp 0 fe:00 1 /x\nRss: 12 kB\n"
        #expect(ReleasableMappings.releasable(smaps: text) == [.init(start: 0x10, end: 0x20, residentKiB: 4, kind: .readOnly)])
    }

    @Test func onlyResidentPagesThatAreStillTheFilesArePagedOut() {
        let file: UInt64 = 1 << 63 | 1 << 61, copied: UInt64 = 1 << 63, absent: UInt64 = 1 << 61
        #expect(ReleasableMappings.filePageRuns(pagemap: [file, file, copied, absent, file, 0, file]) == [0..<2, 4..<5, 6..<7])
        #expect(ReleasableMappings.filePageRuns(pagemap: [copied, absent]).isEmpty)
        #expect(ReleasableMappings.filePageRuns(pagemap: []).isEmpty)
    }

    #if os(Linux)
    @Test func releasingThisProcessesPagesKeepsItsCodeAndDataWorking() throws {
        // A function of this test binary: its page is among those released.
        let function: @convention(c) (Int32) -> Int32 = { $0 &* 3 &+ 1 }
        let address = unsafeBitCast(function, to: UInt.self)
        let smaps = try String(contentsOfFile: "/proc/self/smaps", encoding: .utf8)
        #expect(ReleasableMappings.releasable(smaps: smaps).contains { $0.start <= address && address < $0.end })

        // Written before the release: a private copy that must survive it.
        let table = (0..<10_000).map { UInt64($0) &* 0x9E37_79B9_7F4A_7C15 }
        Self.written = 0x5EED
        let released = try #require(StartupPages.release())
        #expect(released.mappings > 0 && released.mappedKiB > 0)
        // Code and read-only data come back from the file as they were.
        #expect(function(14) == 43)
        #expect(table.enumerated().allSatisfy { $0.element == UInt64($0.offset) &* 0x9E37_79B9_7F4A_7C15 })
        #expect(Self.smaps.contains("libncursesw"))
        #expect(Self.written == 0x5EED)
    }

    /// A global in this binary's writable data. `nonisolated(unsafe)` is safe: only the test
    /// above touches it, from one task.
    nonisolated(unsafe) static var written = 0
    #endif
}
