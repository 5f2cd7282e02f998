#if canImport(Glibc)
import CMalloc
import Glibc

/// Gives back the memory that start-up used and an idle dashboard does not, once start-up is over.
///
/// Start-up runs code an idle dashboard never runs again: parsing the command line, reading the
/// config, describing the catalog, the first timelines. Its code pages stay mapped, so they count
/// in the resident set for as long as the dashboard runs, as `__init` code would in a kernel that
/// never freed it. ``release()`` unmaps the program's and libraries' clean read-only file pages
/// (`MADV_DONTNEED`), asks the kernel to reclaim the unwritten file pages of their writable data
/// (`MADV_PAGEOUT`) and returns the heap's free pages (`malloc_trim`); what the idle loop runs
/// faults back in at its next tick, so what stays resident is what idle uses. `idle.order` puts
/// the functions idle runs first in the binary, so those faults are few.
///
/// Safe by construction: no byte a thread can read changes, only where a page comes from next
/// time (``ReleasableMappings`` says which mappings qualify and why).
package enum StartupPages {
    /// What one release gave back.
    package struct Released: Sendable, Equatable {
        /// KiB of file pages unmapped or paged out; they come back, from the page cache or the
        /// file, when they are used again.
        package var mappedKiB: Int
        /// How many mappings that was.
        package var mappings: Int
    }

    /// Releases the file pages and trims the heap; nil when /proc cannot be read.
    @discardableResult
    package static func release() -> Released? {
        guard let smaps = readProcFile("/proc/self/smaps") else { return nil }
        var released = Released(mappedKiB: 0, mappings: 0)
        for mapping in smaps.withUnsafeBufferPointer({ ReleasableMappings.releasable(smaps: $0) }) {
            switch mapping.kind {
            case .readOnly:
                guard madvise(pointer(mapping.start), Int(mapping.end - mapping.start), MADV_DONTNEED) == 0 else { continue }
                released.mappedKiB += mapping.residentKiB
            case .writable:
                released.mappedKiB += pageOutFilePages(from: mapping.start, to: mapping.end)
            }
            released.mappings += 1
        }
        _ = malloc_trim(0)
        return released
    }

    /// Asks the kernel to reclaim the pages of a writable private file mapping that still hold
    /// the file's bytes (`MADV_PAGEOUT`), in KiB asked for.
    ///
    /// `MADV_DONTNEED` would throw away what the program wrote there, so this mapping gets only
    /// the hint that never loses a byte: a page written meanwhile is at worst swapped out. The
    /// kernel honours it for file pages only when the process owns the file or may write it, so
    /// for an installed binary run by another user it changes nothing.
    private static func pageOutFilePages(from start: UInt, to end: UInt) -> Int {
        let pageSize = UInt(sysconf(Int32(_SC_PAGESIZE)))
        let fd = open("/proc/self/pagemap", O_RDONLY | O_CLOEXEC)
        guard fd >= 0, pageSize > 0 else { return 0 }
        defer { close(fd) }
        var entries = [UInt64](repeating: 0, count: Int((end - start) / pageSize))
        let wanted = entries.count * 8
        let count = entries.withUnsafeMutableBytes { pread(fd, $0.baseAddress, wanted, off_t(start / pageSize * 8)) }
        guard count == wanted else { return 0 }
        var kib = 0
        for run in ReleasableMappings.filePageRuns(pagemap: entries) {
            let length = UInt(run.count) * pageSize
            if madvise(pointer(start + UInt(run.lowerBound) * pageSize), Int(length), MADV_PAGEOUT) == 0 {
                kib += Int(length / 1024)
            }
        }
        return kib
    }

    private static func pointer(_ address: UInt) -> UnsafeMutableRawPointer? {
        UnsafeMutableRawPointer(bitPattern: address)
    }

    /// The whole of a /proc file (its size is not known before reading).
    private static func readProcFile(_ path: String) -> [UInt8]? {
        let fd = open(path, O_RDONLY | O_CLOEXEC)
        guard fd >= 0 else { return nil }
        defer { close(fd) }
        var bytes: [UInt8] = []
        var chunk = [UInt8](repeating: 0, count: 64 << 10)
        while true {
            let count = chunk.withUnsafeMutableBytes { read(fd, $0.baseAddress, $0.count) }
            if count < 0 && errno == EINTR { continue }
            guard count > 0 else { return count == 0 ? bytes : nil }
            bytes.append(contentsOf: chunk[0..<count])
        }
    }
}
#endif

/// Which mappings of /proc/self/smaps can be released without changing what a thread reads.
///
/// A private file mapping that is not writable (`r-xp`, `r--p`) and holds no anonymous page
/// shows exactly the file's bytes; `MADV_DONTNEED` drops its pages and the next access maps
/// the same bytes from the page cache again. A read-only mapping with anonymous pages (the
/// part of a binary the dynamic loader relocated before sealing it, RELRO) would lose those
/// writes, so it is kept. A writable private file mapping (`rw-p`: the binary's data, and
/// here its `.rodata`, which Swift's objects mark writable) gets only `MADV_PAGEOUT` on the
/// pages that still hold the file's bytes. Shared mappings and anonymous memory are kept.
package enum ReleasableMappings {
    /// How a mapping is released.
    package enum Kind: Equatable, Sendable {
        /// Read-only and clean: unmapped whole.
        case readOnly
        /// Writable and private: only its pages that still hold the file's bytes are paged out.
        case writable
    }

    /// One mapping that may be released.
    package struct Mapping: Equatable, Sendable {
        package var start: UInt
        package var end: UInt
        package var residentKiB: Int
        package var kind: Kind
    }

    /// The releasable mappings that have resident pages, in the order smaps lists them.
    package static func releasable(smaps: String) -> [Mapping] {
        var text = smaps
        return text.withUTF8 { releasable(smaps: $0) }
    }

    /// The same, read from smaps' bytes.
    ///
    /// Bytes, not `String.split`: smaps is about 100 KB, and splitting it into substrings cost
    /// 96 M instructions on the loop's thread, once; reading the bytes costs 2.4 M.
    package static func releasable(smaps bytes: UnsafeBufferPointer<UInt8>) -> [Mapping] {
        var found: [Mapping] = []
        var current: (mapping: Mapping, anonymousKiB: Int)?
        func finish() {
            guard let current, current.mapping.residentKiB > current.anonymousKiB else { return }
            if current.mapping.kind == .writable || current.anonymousKiB == 0 { found.append(current.mapping) }
        }
        var fields: [Range<Int>] = []
        fields.reserveCapacity(6)
        var lineStart = 0
        while lineStart < bytes.count {
            var lineEnd = lineStart
            while lineEnd < bytes.count, bytes[lineEnd] != UInt8(ascii: "\n") { lineEnd += 1 }
            fields.removeAll(keepingCapacity: true)
            var i = lineStart
            // Only the first five fields are ever read; a sixth says there are more.
            while i < lineEnd, fields.count < 6 {
                while i < lineEnd, bytes[i] == UInt8(ascii: " ") { i += 1 }
                guard i < lineEnd else { break }
                let fieldStart = i
                while i < lineEnd, bytes[i] != UInt8(ascii: " ") { i += 1 }
                fields.append(fieldStart..<i)
            }
            lineStart = lineEnd + 1
            guard let first = fields.first else { continue }
            let isKey = bytes[first.upperBound - 1] == UInt8(ascii: ":")
            if !isKey, let header = header(fields, in: bytes) {
                finish()
                current = header.map { ($0, 0) }
            } else if isKey {
                // Only two of a mapping's twenty-odd keys are read, so only they are parsed.
                guard current != nil, fields.count >= 2 else { continue }
                if matches(bytes, first, "Rss:"), let kib: Int = number(bytes, fields[1], radix: 10) {
                    current?.mapping.residentKiB = kib
                } else if matches(bytes, first, "Anonymous:"), let kib: Int = number(bytes, fields[1], radix: 10) {
                    current?.anonymousKiB = kib
                }
            } else if !isKey, fields.count >= 5 {
                // A header of a kind that is kept: what follows it is not the last mapping's.
                finish()
                current = nil
            }
        }
        finish()
        return found
    }

    /// The runs of pages, as indexes into `pagemap`, that are resident and still the file's
    /// (`/proc/self/pagemap`: bit 63 present, bit 61 a file page, not a private copy).
    package static func filePageRuns(pagemap: [UInt64]) -> [Range<Int>] {
        var runs: [Range<Int>] = []
        var start: Int?
        for (index, entry) in pagemap.enumerated() {
            let isFilePage = entry & (1 << 63) != 0 && entry & (1 << 61) != 0
            if isFilePage, start == nil { start = index }
            if !isFilePage, let first = start {
                runs.append(first..<index)
                start = nil
            }
        }
        if let first = start { runs.append(first..<pagemap.count) }
        return runs
    }

    /// A header line (`start-end perms offset dev inode [path]`) of a mapping that may be
    /// released: `.some(nil)` for one that is kept, nil for a line that is not a header.
    private static func header(_ fields: [Range<Int>], in bytes: UnsafeBufferPointer<UInt8>) -> Mapping?? {
        guard fields.count >= 5, let dash = fields[0].first(where: { bytes[$0] == UInt8(ascii: "-") }),
              let start: UInt = number(bytes, fields[0].lowerBound..<dash, radix: 16),
              let end: UInt = number(bytes, (dash + 1)..<fields[0].upperBound, radix: 16), end > start else { return nil }
        // An inode of 0 is anonymous memory, the stack, [vdso] and the like.
        guard !matches(bytes, fields[4], "0") else { return .some(nil) }
        if matches(bytes, fields[1], "r-xp") || matches(bytes, fields[1], "r--p") {
            return Mapping(start: start, end: end, residentKiB: 0, kind: .readOnly)
        }
        if matches(bytes, fields[1], "rw-p") { return Mapping(start: start, end: end, residentKiB: 0, kind: .writable) }
        return .some(nil)
    }

    private static func matches(_ bytes: UnsafeBufferPointer<UInt8>, _ field: Range<Int>, _ word: StaticString) -> Bool {
        field.count == word.utf8CodeUnitCount
            && zip(field, 0..<word.utf8CodeUnitCount).allSatisfy { bytes[$0] == word.utf8Start[$1] }
    }

    /// The field as a number in `radix`; nil when it is not one or does not fit.
    private static func number<Number: FixedWidthInteger>(_ bytes: UnsafeBufferPointer<UInt8>, _ field: Range<Int>,
                                                         radix: Int) -> Number? {
        Number(String(decoding: UnsafeBufferPointer(rebasing: bytes[field]), as: UTF8.self), radix: radix)
    }
}
