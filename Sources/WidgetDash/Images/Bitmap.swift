/// A size in pixels.
public struct PixelSize: Hashable, Sendable, CustomStringConvertible {
    public var width: Int
    public var height: Int
    public init(width: Int, height: Int) {
        self.width = width
        self.height = height
    }

    public var description: String { "\(width)×\(height)" }

    /// The largest size with this one's aspect ratio that fits in `box`, never larger than
    /// this one (a picture is shrunk to fit, not blown up); at least 1×1 for a non-empty size.
    public func fitted(in box: PixelSize) -> PixelSize {
        guard width > 0, height > 0, box.width > 0, box.height > 0 else { return PixelSize(width: 0, height: 0) }
        if width <= box.width && height <= box.height { return self }
        return scaled(toFit: box)
    }

    /// The largest size with this one's aspect ratio that fits in `box`, grown or shrunk (what
    /// ``Image(bitmap:)`` draws); at least 1×1. Both sizes must be non-empty.
    func scaled(toFit box: PixelSize) -> PixelSize {
        let scale = min(Double(box.width) / Double(width), Double(box.height) / Double(height))
        return PixelSize(width: min(box.width, max(1, Int((Double(width) * scale).rounded()))),
                         height: min(box.height, max(1, Int((Double(height) * scale).rounded()))))
    }
}

/// A small picture in memory: RGBA pixels, 8 bits a channel, rows top to bottom, square
/// pixels. What a decoded photo is kept as in a timeline entry (a few thousand pixels, not
/// the file's millions), and what ``Image/init(bitmap:)`` draws.
///
/// ```swift
/// var sky = Bitmap(width: 4, height: 2, fill: .init(red: 40, green: 90, blue: 200))
/// sky[0, 1] = Bitmap.Pixel(red: 20, green: 120, blue: 40)
/// let thumb = sky.scaledDown(toFit: PixelSize(width: 2, height: 1))   // area average
/// ```
public struct Bitmap: Hashable, Sendable {
    /// One pixel: red, green, blue and alpha (0 transparent … 255 opaque).
    public struct Pixel: Hashable, Sendable {
        public var red: UInt8
        public var green: UInt8
        public var blue: UInt8
        public var alpha: UInt8
        public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8 = 255) {
            self.red = red
            self.green = green
            self.blue = blue
            self.alpha = alpha
        }
        /// Nothing at all.
        public static let clear = Pixel(red: 0, green: 0, blue: 0, alpha: 0)

        /// Rec. 709 luma of the gamma-encoded channels, 0…1 (alpha ignored).
        public var luminance: Double { (0.2126 * Double(red) + 0.7152 * Double(green) + 0.0722 * Double(blue)) / 255 }
    }

    public let width: Int
    public let height: Int
    /// width × height × 4 bytes, RGBA.
    public private(set) var rgba: [UInt8]

    /// A bitmap from RGBA bytes; nil unless there are exactly width × height × 4 of them.
    public init?(width: Int, height: Int, rgba: [UInt8]) {
        guard width >= 0, height >= 0, width.multipliedReportingOverflow(by: height).overflow == false,
              rgba.count == width * height * 4 else { return nil }
        self.width = width
        self.height = height
        self.rgba = rgba
    }

    /// A bitmap of one color.
    public init(width: Int, height: Int, fill: Pixel = .clear) {
        self.width = max(0, width)
        self.height = max(0, height)
        var bytes = [UInt8](repeating: 0, count: self.width * self.height * 4)
        for i in stride(from: 0, to: bytes.count, by: 4) {
            bytes[i] = fill.red
            bytes[i + 1] = fill.green
            bytes[i + 2] = fill.blue
            bytes[i + 3] = fill.alpha
        }
        rgba = bytes
    }

    /// A bitmap whose every pixel is `pixel(x, y)`.
    public init(width: Int, height: Int, pixel: (Int, Int) -> Pixel) {
        self.init(width: width, height: height)
        for y in 0..<self.height {
            for x in 0..<self.width { self[x, y] = pixel(x, y) }
        }
    }

    public var size: PixelSize { PixelSize(width: width, height: height) }
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The pixel at column `x`, row `y` (both must be in range).
    public subscript(x: Int, y: Int) -> Pixel {
        get {
            let i = (y * width + x) * 4
            return Pixel(red: rgba[i], green: rgba[i + 1], blue: rgba[i + 2], alpha: rgba[i + 3])
        }
        set {
            let i = (y * width + x) * 4
            rgba[i] = newValue.red
            rgba[i + 1] = newValue.green
            rgba[i + 2] = newValue.blue
            rgba[i + 3] = newValue.alpha
        }
    }

    /// The average of every pixel, alpha-weighted (a transparent pixel adds no color).
    public var averageColor: Pixel {
        scaledDown(toFit: PixelSize(width: 1, height: 1)).first ?? .clear
    }

    private var first: Pixel? { isEmpty ? nil : self[0, 0] }

    /// This bitmap shrunk to fit `box` (aspect kept, never enlarged), each new pixel the
    /// alpha-weighted average of the source pixels that fall in it.
    public func scaledDown(toFit box: PixelSize) -> Bitmap {
        let target = size.fitted(in: box)
        if target == size || target.width == 0 { return target.width == 0 ? Bitmap(width: 0, height: 0) : self }
        return resampled(to: target)
    }

    /// This bitmap at exactly `target` pixels: area averages when shrinking, nearest pixel
    /// when growing (so pixel art stays crisp).
    public func resampled(to target: PixelSize) -> Bitmap {
        let tw = max(0, target.width), th = max(0, target.height)
        guard tw > 0, th > 0, !isEmpty else { return Bitmap(width: tw, height: th) }
        if tw == width && th == height { return self }
        var sums = [UInt64](repeating: 0, count: tw * th * 4)
        var counts = [UInt32](repeating: 0, count: tw * th)
        if tw <= width && th <= height {
            for y in 0..<height {
                let ty = y * th / height
                for x in 0..<width {
                    let tx = x * tw / width
                    let i = (y * width + x) * 4
                    let a = UInt64(rgba[i + 3])
                    let t = ty * tw + tx
                    sums[t * 4] += UInt64(rgba[i]) * a
                    sums[t * 4 + 1] += UInt64(rgba[i + 1]) * a
                    sums[t * 4 + 2] += UInt64(rgba[i + 2]) * a
                    sums[t * 4 + 3] += a
                    counts[t] += 1
                }
            }
        } else {
            // Growing on either axis: every target pixel takes the source pixel under its centre.
            for ty in 0..<th {
                let y = min(height - 1, (2 * ty + 1) * height / (2 * th))
                for tx in 0..<tw {
                    let x = min(width - 1, (2 * tx + 1) * width / (2 * tw))
                    let i = (y * width + x) * 4
                    let a = UInt64(rgba[i + 3])
                    let t = ty * tw + tx
                    sums[t * 4] = UInt64(rgba[i]) * a
                    sums[t * 4 + 1] = UInt64(rgba[i + 1]) * a
                    sums[t * 4 + 2] = UInt64(rgba[i + 2]) * a
                    sums[t * 4 + 3] = a
                    counts[t] = 1
                }
            }
        }
        var out = [UInt8](repeating: 0, count: tw * th * 4)
        for t in 0..<(tw * th) {
            let a = sums[t * 4 + 3], n = UInt64(counts[t])
            guard a > 0, n > 0 else { continue }
            out[t * 4] = UInt8((sums[t * 4] + a / 2) / a)
            out[t * 4 + 1] = UInt8((sums[t * 4 + 1] + a / 2) / a)
            out[t * 4 + 2] = UInt8((sums[t * 4 + 2] + a / 2) / a)
            out[t * 4 + 3] = UInt8((a + n / 2) / n)
        }
        return Bitmap(width: tw, height: th, rgba: out) ?? Bitmap(width: tw, height: th)
    }
}
