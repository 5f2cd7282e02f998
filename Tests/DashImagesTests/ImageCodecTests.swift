import DashImages
import Foundation
import Testing
import WidgetDash

/// Decoding the committed fixtures (made by `Fixtures/make-jpegs.c` and `make-fixtures.py`):
/// every picture is split in a left and a right half of known colors, so a 2×1 thumbnail
/// must give those colors and a 1×1 thumbnail their (alpha-weighted) average.
@Suite("Image codec")
struct ImageCodecTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")
    static func path(_ name: String) -> String { fixtures.appendingPathComponent(name).path }

    static func decode(_ name: String, _ w: Int, _ h: Int) throws -> DecodedImage {
        try ImageCodec.decode(path: path(name), fitting: PixelSize(width: w, height: h))
    }

    static func rgb(_ p: Bitmap.Pixel) -> [Int] { [Int(p.red), Int(p.green), Int(p.blue), Int(p.alpha)] }

    /// True when every channel is within `tolerance` (JPEG is lossy).
    static func near(_ p: Bitmap.Pixel, _ expected: [Int], tolerance: Int = 0) -> Bool {
        zip(rgb(p), expected).allSatisfy { abs($0 - $1) <= tolerance }
    }

    @Test("PNG of every color type: left and right halves come out as their colors", arguments: [
        ("rgb8.png", [255, 0, 0, 255], [0, 0, 255, 255]),
        // A fully transparent half has no color at all.
        ("rgba8.png", [255, 0, 0, 255], [0, 0, 0, 0]),
        ("palette.png", [255, 0, 0, 255], [0, 0, 0, 0]),
        ("gray8.png", [0, 0, 0, 255], [255, 255, 255, 255]),
        ("gray1.png", [0, 0, 0, 255], [255, 255, 255, 255]),
        ("rgb16.png", [255, 128, 0, 255], [16, 16, 16, 255]),
        ("graya16.png", [255, 255, 255, 255], [0, 0, 0, 255]),
        ("wrong-extension.jpg", [255, 0, 0, 255], [0, 0, 255, 255]),
    ])
    func pngHalves(name: String, left: [Int], right: [Int]) throws {
        let image = try Self.decode(name, 2, 1)
        #expect(image.format == "PNG")
        #expect(image.originalSize == PixelSize(width: 8, height: 4))
        #expect(image.bitmap.size == PixelSize(width: 2, height: 1))
        #expect(Self.rgb(image.bitmap[0, 0]) == left)
        #expect(Self.rgb(image.bitmap[1, 0]) == right)
    }

    @Test("Downscaling averages: red and blue halves make purple; a transparent half adds no color")
    func averages() throws {
        // 8×4 into 1×1: 16 red and 16 blue pixels.
        #expect(Self.rgb(try Self.decode("rgb8.png", 1, 1).bitmap[0, 0]) == [128, 0, 128, 255])
        // Opaque red beside transparent blue: red, at half alpha (not a dark purple).
        #expect(Self.rgb(try Self.decode("rgba8.png", 1, 1).bitmap[0, 0]) == [255, 0, 0, 128])
        // Black and white: mid grey.
        #expect(Self.rgb(try Self.decode("gray8.png", 1, 1).bitmap[0, 0]) == [128, 128, 128, 255])
        // A box larger than the picture gives the picture as it is, never enlarged.
        let whole = try Self.decode("rgb8.png", 100, 100)
        #expect(whole.bitmap.size == PixelSize(width: 8, height: 4))
        // The aspect is kept: 8×4 in a 4×4 box is 4×2.
        #expect(try Self.decode("rgb8.png", 4, 4).bitmap.size == PixelSize(width: 4, height: 2))
    }

    @Test("Interlaced PNG (Adam7) decodes to the same pixels as the plain file")
    func interlaced() throws {
        for box in [(16, 16), (8, 8), (5, 3), (1, 1)] {
            let plain = try Self.decode("pattern16.png", box.0, box.1)
            let interlaced = try Self.decode("pattern16-interlaced.png", box.0, box.1)
            #expect(plain.bitmap == interlaced.bitmap, "box \(box)")
        }
        let full = try Self.decode("pattern16-interlaced.png", 16, 16).bitmap
        #expect(Self.rgb(full[3, 5]) == [48, 80, (3 * 7 + 5 * 11) % 256, 255])
        // 5×3: passes 1, 2 and 3 (and more) hold no pixels of some rows or columns.
        #expect(try Self.decode("tiny-interlaced.png", 5, 3).bitmap == Self.decode("tiny.png", 5, 3).bitmap)
    }

    @Test("JPEG baseline, progressive, greyscale and CMYK", arguments: [
        ("baseline.jpg", [255, 0, 0], [0, 0, 255]),
        ("progressive.jpg", [255, 0, 0], [0, 0, 255]),
        ("gray.jpg", [0, 0, 0], [255, 255, 255]),
        ("cmyk.jpg", [255, 0, 0], [0, 0, 255]),
    ])
    func jpegHalves(name: String, left: [Int], right: [Int]) throws {
        let image = try Self.decode(name, 2, 1)
        #expect(image.format == "JPEG")
        #expect(image.originalSize == PixelSize(width: 64, height: 32))
        #expect(image.bitmap.size == PixelSize(width: 2, height: 1))
        // Lossy, and the edge between the halves rings a little into each half's average.
        #expect(Self.near(image.bitmap[0, 0], left + [255], tolerance: 12), "\(Self.rgb(image.bitmap[0, 0]))")
        #expect(Self.near(image.bitmap[1, 0], right + [255], tolerance: 12), "\(Self.rgb(image.bitmap[1, 0]))")
    }

    @Test("A large JPEG is decoded with DCT scaling and averaged to the box")
    func jpegScaling() throws {
        let image = try Self.decode("large.jpg", 4, 2)
        #expect(image.originalSize == PixelSize(width: 512, height: 256))
        #expect(image.bitmap.size == PixelSize(width: 4, height: 2))
        for y in 0..<2 {
            #expect(Self.near(image.bitmap[0, y], [255, 0, 0, 255], tolerance: 8))
            #expect(Self.near(image.bitmap[3, y], [0, 0, 255, 255], tolerance: 8))
        }
    }

    @Test("Exif DateTimeOriginal is read from a JPEG")
    func exifDate() throws {
        let image = try Self.decode("exif.jpg", 2, 1)
        #expect(image.dateTaken == DateComponents(year: 2024, month: 7, day: 14, hour: 18, minute: 5, second: 9))
        #expect(try Self.decode("baseline.jpg", 2, 1).dateTaken == nil)
    }

    @Test("Damaged and foreign files throw with a reason and a message", arguments: [
        ("truncated.png", ImageDecodingError.Reason.corrupt, "PNG:"),
        ("bad-crc.png", .corrupt, "IDAT"),
        ("truncated.jpg", .corrupt, "truncated"),
        ("corrupt.jpg", .corrupt, "JPEG:"),
        ("not-an-image.png", .notAnImage, "not a PNG or JPEG"),
        ("empty.png", .notAnImage, "empty"),
        ("absurd.png", .tooLarge, "100000×100000"),
        ("absurd.jpg", .tooLarge, "65000×65000"),
        ("no-such-file.png", .unreadable, "No such file"),
    ])
    func failures(name: String, reason: ImageDecodingError.Reason, words: String) {
        let error = #expect(throws: ImageDecodingError.self) { try Self.decode(name, 8, 8) }
        #expect(error?.reason == reason)
        #expect(error?.message.contains(words) == true, "\(error?.message ?? "")")
    }

    @Test("A directory or an empty path is not a picture")
    func directory() {
        #expect(throws: ImageDecodingError(.unreadable, "not a regular file")) {
            try ImageCodec.decode(path: Self.fixtures.path, fitting: PixelSize(width: 4, height: 4))
        }
        #expect(throws: ImageDecodingError(.unreadable, "cannot be opened: No such file or directory")) {
            try ImageCodec.decode(path: "", fitting: PixelSize(width: 4, height: 4))
        }
    }

    @Test("Limits: file size, sides and progressive memory are refused with a message")
    func limits() throws {
        var small = ImageCodec.Limits()
        small.maxFileBytes = 100
        #expect(throws: ImageDecodingError.self) { try ImageCodec.decode(path: Self.path("large.jpg"), fitting: PixelSize(width: 4, height: 4), limits: small) }
        var narrow = ImageCodec.Limits()
        narrow.maxSide = 32
        let tooWide = #expect(throws: ImageDecodingError.self) {
            try ImageCodec.decode(path: Self.path("large.jpg"), fitting: PixelSize(width: 4, height: 4), limits: narrow)
        }
        #expect(tooWide?.reason == .tooLarge)
        #expect(tooWide?.message.contains("512×256") == true)
        // A progressive JPEG keeps all its coefficients; with almost no memory allowed it is refused, not crashed.
        var stingy = ImageCodec.Limits()
        stingy.maxDecoderMemory = 1
        let tooHungry = #expect(throws: ImageDecodingError.self) {
            try ImageCodec.decode(path: Self.path("progressive.jpg"), fitting: PixelSize(width: 4, height: 4), limits: stingy)
        }
        #expect(tooHungry?.reason == .tooLarge)
        #expect(tooHungry?.message.contains("progressive") == true)
        // The default: a progressive 2000×1500 (9 MB of coefficients) is refused from its header.
        let tooBig = #expect(throws: ImageDecodingError.self) {
            try ImageCodec.decode(path: Self.path("progressive-2000x1500.jpg"), fitting: PixelSize(width: 88, height: 84))
        }
        #expect(tooBig?.reason == .tooLarge)
        #expect(tooBig?.message == "JPEG: a progressive JPEG of 2000×1500 needs 8812 KiB to decode (at most 1024); make it baseline (jpegtran)")
        // A baseline JPEG streams and needs none of that memory.
        _ = try ImageCodec.decode(path: Self.path("baseline.jpg"), fitting: PixelSize(width: 4, height: 4), limits: stingy)
    }

    @Test("The service: bound, it decodes through WidgetDash's API; the box is checked; unbound, there is no decoder")
    func service() throws {
        try WidgetServices(imageDecoding: ImageCodec.backing()).bind {
            #expect(ImageDecoding.isAvailable)
            #expect(ImageDecoding.fileExtensions == ["png", "jpg", "jpeg"])
            let image = try ImageDecoding.thumbnail(ofFile: Self.path("rgb8.png"), fitting: PixelSize(width: 2, height: 1))
            #expect(Self.rgb(image.bitmap[0, 0]) == [255, 0, 0, 255])
            #expect(throws: ImageDecodingError.self) { try ImageDecoding.thumbnail(ofFile: Self.path("rgb8.png"), fitting: PixelSize(width: 0, height: 1)) }
            #expect(throws: ImageDecodingError.self) { try ImageDecoding.thumbnail(ofFile: Self.path("rgb8.png"), fitting: PixelSize(width: 999, height: 1)) }
        }
        #expect(!ImageDecoding.isAvailable)
        let unbound = #expect(throws: ImageDecodingError.self) {
            try ImageDecoding.thumbnail(ofFile: Self.path("rgb8.png"), fitting: PixelSize(width: 2, height: 1))
        }
        #expect(unbound?.reason == .noDecoder)
    }
}

@Suite("Exif dates")
struct ExifReaderTests {
    @Test("Malformed Exif is nil, never a trap", arguments: [
        [UInt8](), [0x49, 0x49], [0x49, 0x49, 42, 0, 8, 0, 0, 0], [0x4D, 0x4D, 0, 42, 0, 0, 0, 8, 0xFF, 0xFF],
        [0x49, 0x49, 42, 0, 0xFF, 0xFF, 0xFF, 0x7F], [0x58, 0x58, 42, 0, 8, 0, 0, 0, 1, 0],
    ])
    func malformed(_ bytes: [UInt8]) {
        #expect(ExifReader.dateTaken(in: bytes) == nil)
    }

    @Test("A big-endian IFD0 DateTime is the fallback")
    func bigEndianDateTime() {
        let date = Array("2021:02:03 04:05:06\0".utf8)
        var t: [UInt8] = [0x4D, 0x4D, 0, 42, 0, 0, 0, 8]
        t += [0, 1, 0x01, 0x32, 0, 2, 0, 0, 0, 20, 0, 0, 0, 26, 0, 0, 0, 0]
        t += date
        #expect(ExifReader.dateTaken(in: t) == DateComponents(year: 2021, month: 2, day: 3, hour: 4, minute: 5, second: 6))
        var zero = t
        zero.replaceSubrange(26..<45, with: Array("0000:00:00 00:00:00".utf8))
        #expect(ExifReader.dateTaken(in: zero) == nil)
    }
}

@Suite("Bitmaps")
struct BitmapTests {
    @Test("Area averages when shrinking, nearest pixel when growing, alpha-weighted")
    func resampling() throws {
        let quad = Bitmap(width: 4, height: 4) { x, y in
            x < 2 ? (y < 2 ? Bitmap.Pixel(red: 200, green: 0, blue: 0) : Bitmap.Pixel(red: 0, green: 200, blue: 0))
                : (y < 2 ? Bitmap.Pixel(red: 0, green: 0, blue: 200) : .clear)
        }
        let half = quad.scaledDown(toFit: PixelSize(width: 2, height: 2))
        #expect(half[0, 0] == Bitmap.Pixel(red: 200, green: 0, blue: 0))
        #expect(half[1, 1] == .clear)
        #expect(quad.averageColor == Bitmap.Pixel(red: 67, green: 67, blue: 67, alpha: 191))
        let grown = half.resampled(to: PixelSize(width: 4, height: 4))
        #expect(grown[1, 1] == half[0, 0] && grown[3, 0] == half[1, 0])
        #expect(Bitmap(width: 2, height: 2, rgba: [1, 2, 3]) == nil)
        #expect(PixelSize(width: 4032, height: 3024).fitted(in: PixelSize(width: 88, height: 84)) == PixelSize(width: 88, height: 66))
        #expect(PixelSize(width: 10, height: 10).fitted(in: PixelSize(width: 0, height: 5)) == PixelSize(width: 0, height: 0))
    }
}
