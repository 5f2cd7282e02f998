import Foundation

/// Reads the one Exif fact the photos widget shows: when the picture was taken.
///
/// The payload is a TIFF structure (after JPEG's "Exif\0\0"), read here with every offset
/// checked, because it comes from a file. Anything unexpected gives nil, never a trap.
public enum ExifReader {
    /// `DateTimeOriginal` (tag 0x9003 in the Exif IFD), else `DateTime` (0x0132 in IFD0), as
    /// year, month, day, hour, minute, second; nil when absent or malformed ("0000:00:00").
    public static func dateTaken(in tiff: [UInt8]) -> DateComponents? {
        guard tiff.count >= 8 else { return nil }
        let little: Bool
        switch (tiff[0], tiff[1]) {
        case (0x49, 0x49): little = true
        case (0x4D, 0x4D): little = false
        default: return nil
        }
        func u16(_ at: Int) -> Int? {
            guard at >= 0, at + 2 <= tiff.count else { return nil }
            return little ? Int(tiff[at]) | Int(tiff[at + 1]) << 8 : Int(tiff[at]) << 8 | Int(tiff[at + 1])
        }
        func u32(_ at: Int) -> Int? {
            guard let a = u16(at), let b = u16(at + 2) else { return nil }
            return little ? a | b << 16 : a << 16 | b
        }
        guard u16(2) == 42, let ifd0 = u32(4) else { return nil }

        /// The entries of the IFD at `offset`: tag → (type, count, value offset field position).
        func entries(at offset: Int) -> [Int: (type: Int, count: Int, field: Int)] {
            guard let n = u16(offset), n < 1000 else { return [:] }
            var result: [Int: (type: Int, count: Int, field: Int)] = [:]
            for i in 0..<n {
                let e = offset + 2 + i * 12
                guard let tag = u16(e), let type = u16(e + 2), let count = u32(e + 4), e + 12 <= tiff.count else { break }
                result[tag] = (type, count, e + 8)
            }
            return result
        }
        func ascii(_ entry: (type: Int, count: Int, field: Int)?) -> String? {
            guard let entry, entry.type == 2, entry.count >= 19, entry.count < 64 else { return nil }
            // Longer than the four bytes of the field, so the field holds the text's offset.
            guard let start = u32(entry.field), start >= 0, start + entry.count <= tiff.count else { return nil }
            return String(decoding: tiff[start..<(start + 19)], as: UTF8.self)
        }

        let first = entries(at: ifd0)
        var text: String?
        if let pointer = first[0x8769], let exifOffset = u32(pointer.field) {
            text = ascii(entries(at: exifOffset)[0x9003])
        }
        if text == nil { text = ascii(first[0x0132]) }
        return text.flatMap(parse)
    }

    /// "2026:11:22 10:42:17" as date components; nil for anything else.
    static func parse(_ text: String) -> DateComponents? {
        let parts = text.split(whereSeparator: { $0 == ":" || $0 == " " }).map { Int($0) }
        guard parts.count == 6, let year = parts[0], let month = parts[1], let day = parts[2],
              let hour = parts[3], let minute = parts[4], let second = parts[5],
              (1800...9999).contains(year), (1...12).contains(month), (1...31).contains(day),
              (0...23).contains(hour), (0...59).contains(minute), (0...60).contains(second) else { return nil }
        return DateComponents(year: year, month: month, day: day, hour: hour, minute: minute, second: second)
    }
}
