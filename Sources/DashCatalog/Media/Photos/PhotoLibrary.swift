import Foundation
import WidgetDash

/// The pictures of a folder and the order the photos widget shows them in.
///
/// Listing reads names only (no file is opened), so a folder of thousands of photos costs a
/// directory walk; only the pictures that entries show are decoded.
public enum PhotoLibrary {
    /// The extensions listed, compared case-insensitively; the decoder reads the format from
    /// the bytes, so a PNG named `.jpg` still shows.
    public static let fileExtensions: Set<String> = ["png", "jpg", "jpeg"]
    /// How deep subfolders are walked (`Pictures/2024/July/x.jpg` is depth 2).
    public static let maxDepth = 3
    /// The most pictures listed: a guard against walking a whole disk by mistake.
    public static let maxFiles = 10_000

    /// Why a folder gives no pictures.
    public enum ListingProblem: Error, Hashable, Sendable {
        case missing(String)
        case notAFolder(String)
        case unreadable(String, String)
    }

    /// The picture files under `folder` (hidden files and folders skipped), as paths relative
    /// to it, sorted so the listing is the same on every run.
    public static func list(folder: String) throws(ListingProblem) -> [String] {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: folder, isDirectory: &isDirectory) else { throw .missing(folder) }
        guard isDirectory.boolValue else { throw .notAFolder(folder) }
        var found: [String] = []
        func walk(_ relative: String, depth: Int) throws(ListingProblem) {
            let path = relative.isEmpty ? folder : folder + "/" + relative
            let names: [String]
            do { names = try FileManager.default.contentsOfDirectory(atPath: path) } catch {
                // The folder itself must be readable; an unreadable subfolder is just skipped.
                if relative.isEmpty { throw .unreadable(folder, (error as NSError).localizedDescription) }
                return
            }
            for name in names.sorted() where !name.hasPrefix(".") {
                guard found.count < maxFiles else { return }
                let child = relative.isEmpty ? name : relative + "/" + name
                let ext = (name as NSString).pathExtension.lowercased()
                if fileExtensions.contains(ext) {
                    found.append(child)
                } else if depth < maxDepth {
                    var childIsDirectory: ObjCBool = false
                    if FileManager.default.fileExists(atPath: folder + "/" + child, isDirectory: &childIsDirectory), childIsDirectory.boolValue {
                        try walk(child, depth: depth + 1)
                    }
                }
            }
        }
        try walk("", depth: 0)
        return found.sorted()
    }

    /// A `folder=` value made absolute: `~` and `~/x` are in the home directory, and so is a
    /// relative name (`Pictures/Wallpapers`).
    public static func resolve(folder value: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        let trimmed = value.trimmingCharacters(in: .whitespaces)
        var path = Feeds.path(trimmed.isEmpty ? "~/Pictures" : trimmed, in: home, environment: environment)
        while path.count > 1 && path.hasSuffix("/") { path.removeLast() }
        return path
    }

    /// `path` with the home directory written `~`, for showing.
    public static func abbreviate(_ path: String, environment: [String: String] = ProcessInfo.processInfo.environment) -> String {
        let home = environment["HOME"].flatMap { $0.isEmpty ? nil : $0 } ?? NSHomeDirectory()
        if path == home { return "~" }
        if home != "/", path.hasPrefix(home + "/") { return "~" + path.dropFirst(home.count) }
        return path
    }

    /// An `every=` value in seconds: `15m`, `1h`, `90m`, `1d`, or a number of minutes; nil
    /// when it is not a positive duration.
    public static func interval(_ text: String) -> TimeInterval? {
        let t = text.trimmingCharacters(in: .whitespaces).lowercased()
        let units: [(String, Double)] = [("min", 60), ("m", 60), ("h", 3600), ("d", 86_400)]
        for (suffix, factor) in units where t.hasSuffix(suffix) {
            guard let n = Double(t.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)), n.isFinite, n > 0, n * factor <= 7 * 86_400 else { return nil }
            return n * factor
        }
        guard let n = Double(t), n.isFinite, n > 0, n * 60 <= 7 * 86_400 else { return nil }
        return n * 60
    }
}

/// Which picture each interval shows: a shuffle of the listing, seeded and stable.
///
/// Time is cut into slots of `interval` (local time, so hourly pictures change on the hour).
/// Every run of `count` slots (a cycle) shows each picture once, in an order that is a hash
/// of the cycle number and the file names: the same slot always shows the same picture for
/// the same listing, on any machine, and a reload does not reshuffle. Adding a picture
/// changes the order from then on.
public struct PhotoRotation: Sendable {
    public let files: [String]
    public let interval: TimeInterval
    public let timeZone: TimeZone

    public init(files: [String], interval: TimeInterval, timeZone: TimeZone) {
        self.files = files
        self.interval = max(60, interval)
        self.timeZone = timeZone
    }

    /// The slot `date` falls in.
    public func slot(of date: Date) -> Int {
        let local = date.timeIntervalSince1970 + Double(timeZone.secondsFromGMT(for: date))
        return Int((local / interval).rounded(.down))
    }

    /// When slot `n` starts.
    public func start(ofSlot n: Int) -> Date {
        let local = Double(n) * interval
        let guess = Date(timeIntervalSince1970: local - Double(timeZone.secondsFromGMT(for: Date(timeIntervalSince1970: local))))
        return Date(timeIntervalSince1970: local - Double(timeZone.secondsFromGMT(for: guess)))
    }

    /// The index in `files` of the picture slot `n` shows (nil for an empty listing).
    public func fileIndex(forSlot n: Int) -> Int? {
        guard !files.isEmpty else { return nil }
        let count = files.count
        let cycle = n >= 0 ? n / count : (n - count + 1) / count
        let position = n - cycle * count
        return order(ofCycle: cycle)[position]
    }

    /// The file indices in the order cycle `c` shows them.
    func order(ofCycle c: Int) -> [Int] {
        let seed = Self.mix(UInt64(bitPattern: Int64(c)) &+ 0x9E37_79B9_7F4A_7C15)
        let keyed = files.indices.map { (key: Self.hash(files[$0], seed: seed), index: $0) }
        return keyed.sorted { $0.key == $1.key ? $0.index < $1.index : $0.key < $1.key }.map(\.index)
    }

    /// FNV-1a over the UTF-8 bytes, mixed: the same on every machine (Swift's `Hasher` is
    /// seeded per process, which would reshuffle on every start).
    static func hash(_ text: String, seed: UInt64) -> UInt64 {
        var h: UInt64 = 0xCBF2_9CE4_8422_2325 ^ seed
        for byte in text.utf8 {
            h ^= UInt64(byte)
            h = h &* 0x0000_0100_0000_01B3
        }
        return mix(h)
    }

    /// SplitMix64's finaliser.
    static func mix(_ value: UInt64) -> UInt64 {
        var z = value
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }
}

/// The gallery's picture: a landscape drawn by code, so the preview is the same everywhere
/// and nobody takes it for one of their own photos.
enum SampleLandscape {
    /// A 4:3 landscape (sky, sun, mountains, hills, a lake) that fits `box`.
    static func bitmap(fitting box: PixelSize) -> Bitmap {
        let size = PixelSize(width: 400, height: 300).fitted(in: box)
        let w = max(1, size.width), h = max(1, size.height)
        return Bitmap(width: w, height: h) { x, y in
            pixel(u: (Double(x) + 0.5) / Double(w), v: (Double(y) + 0.5) / Double(h))
        }
    }

    /// The color at (u, v), both 0…1 from the top left.
    static func pixel(u: Double, v: Double) -> Bitmap.Pixel {
        func mixed(_ a: (Double, Double, Double), _ b: (Double, Double, Double), _ t: Double) -> Bitmap.Pixel {
            let t = min(1, max(0, t))
            return Bitmap.Pixel(red: UInt8(a.0 + (b.0 - a.0) * t), green: UInt8(a.1 + (b.1 - a.1) * t), blue: UInt8(a.2 + (b.2 - a.2) * t))
        }
        let horizon = 0.62
        let mountain = 0.34 + 0.12 * abs(sin(u * 7.0 + 0.6)) * (0.6 + 0.4 * sin(u * 2.3)) + 0.03 * sin(u * 31)
        let hill = 0.5 + 0.05 * sin(u * 5.0 + 1.2) + 0.02 * sin(u * 13.0)
        if v < horizon {
            let sun = hypot((u - 0.74) * 4 / 3, v - 0.2)
            if v < mountain {
                if sun < 0.07 { return Bitmap.Pixel(red: 255, green: 236, blue: 160) }
                let glow = max(0, 0.22 - sun) * 2.4
                var sky = mixed((34, 82, 168), (250, 190, 120), v / horizon)
                sky.red = UInt8(min(255, Double(sky.red) + glow * 90))
                sky.green = UInt8(min(255, Double(sky.green) + glow * 60))
                return sky
            }
            if v < hill {
                let snow = v < mountain + 0.03 && mountain < 0.4
                return snow ? Bitmap.Pixel(red: 232, green: 236, blue: 244) : mixed((92, 98, 132), (60, 72, 96), (v - mountain) / 0.2)
            }
            return mixed((64, 132, 58), (38, 96, 44), (v - hill) / (horizon - hill))
        }
        // The lake: the sky's colors, darker, with ripples.
        let ripple = 0.04 * sin(v * 90 + u * 6)
        return mixed((40, 86, 150), (16, 40, 84), (v - horizon) / (1 - horizon) + ripple)
    }
}
