import CImageCodec
import Foundation
import Synchronization
import WidgetDash

/// The host's picture decoder: libpng and libjpeg-turbo (through `CImageCodec`) behind the
/// author API's ``ImageDecoding`` service.
///
/// ```swift
/// let services = WidgetServices(imageDecoding: ImageCodec.backing())   // once, at start-up (widgetdash does)
/// let photo = try services.bind { try ImageDecoding.thumbnail(ofFile: "/photos/a.jpg", fitting: PixelSize(width: 88, height: 84)) }
/// ```
public enum ImageCodec {
    /// What a decode refuses: files above 64 MiB, more than 32 768 pixels a side or 100
    /// megapixels, and progressive JPEGs whose coefficients need more than 1 MiB (about a
    /// third of a megapixel): libjpeg holds all of a progressive file's coefficients at once,
    /// 9 MB for 2000×1500, which the dashboard's 30 MB cannot spare.
    public struct Limits: Hashable, Sendable {
        public var maxFileBytes: Int64 = 64 << 20
        public var maxSide: Int32 = 32_768
        public var maxPixels: Int64 = 100_000_000
        public var maxDecoderMemory: Int64 = 1 << 20
        public init() {}
    }

    /// The extensions the decoder is offered by name; the format itself comes from the bytes.
    public static let fileExtensions: Set<String> = ["png", "jpg", "jpeg"]

    /// This codec as ``ImageDecoding``'s backing, for the host's ``WidgetServices``.
    ///
    /// The backing decodes one picture at a time (the host makes one for the process): two
    /// photos widgets reloading together would otherwise add their working memory, and the
    /// machine's cores are few anyway.
    public static func backing(limits: Limits = Limits()) -> ImageDecoding.Backing {
        let oneAtATime = DecodeGate()
        var backing = ImageDecoding.Backing(fileExtensions: fileExtensions) { (path: String, box: PixelSize) throws(ImageDecodingError) -> DecodedImage in
            try oneAtATime.lock.withLock { _ throws(ImageDecodingError) -> DecodedImage in
                try decode(path: path, fitting: box, limits: limits)
            }
        }
        backing.thumbnailOfData = { (data: Data, box: PixelSize) throws(ImageDecodingError) -> DecodedImage in
            try oneAtATime.lock.withLock { _ throws(ImageDecodingError) -> DecodedImage in
                try decode(data: data, fitting: box, limits: limits)
            }
        }
        return backing
    }

    /// Decodes a picture held in memory: the codec reads files, so the bytes go to a private
    /// temporary file first, removed at once.
    public static func decode(data: Data, fitting box: PixelSize, limits: Limits = Limits()) throws(ImageDecodingError) -> DecodedImage {
        guard Int64(data.count) <= limits.maxFileBytes else { throw ImageDecodingError(.tooLarge, "\(data.count) bytes") }
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("widgetdash-image-\(UUID().uuidString)").path
        guard FileManager.default.createFile(atPath: path, contents: data, attributes: [.posixPermissions: 0o600]) else {
            throw ImageDecodingError(.unreadable, "cannot write a temporary file for the picture")
        }
        defer { try? FileManager.default.removeItem(atPath: path) }
        return try decode(path: path, fitting: box, limits: limits)
    }

    /// The lock a backing's decodes take turns on.
    private final class DecodeGate: Sendable {
        let lock = Mutex(())
    }

    /// Decodes `path` into a thumbnail that fits `box` (at once: only a ``backing(limits:)``
    /// takes turns).
    public static func decode(path: String, fitting box: PixelSize, limits: Limits = Limits()) throws(ImageDecodingError) -> DecodedImage {
        var c = wd_image_limits()
        c.box_width = Int32(clamping: box.width)
        c.box_height = Int32(clamping: box.height)
        c.max_file_bytes = limits.maxFileBytes
        c.max_side = limits.maxSide
        c.max_pixels = limits.maxPixels
        c.max_decoder_memory = limits.maxDecoderMemory
        var image = wd_image()
        let status = wd_image_decode_file(path, &c, &image)
        defer { wd_image_free(&image) }
        let message = withUnsafeBytes(of: image.message) { raw in
            String(decoding: raw.prefix(while: { $0 != 0 }), as: UTF8.self)
        }
        guard status == Int32(WD_IMAGE_OK) else {
            let reason: ImageDecodingError.Reason
            switch status {
            case Int32(WD_IMAGE_NOT_AN_IMAGE): reason = .notAnImage
            case Int32(WD_IMAGE_TOO_LARGE): reason = .tooLarge
            case Int32(WD_IMAGE_UNREADABLE): reason = .unreadable
            case Int32(WD_IMAGE_UNSUPPORTED): reason = .unsupported
            default: reason = .corrupt
            }
            let format = formatName(image.format).map { $0 + ": " } ?? ""
            throw ImageDecodingError(reason, format + (message.isEmpty ? "cannot be decoded" : message))
        }
        let width = Int(image.width), height = Int(image.height)
        guard width > 0, height > 0, let pixels = image.pixels,
              let bitmap = Bitmap(width: width, height: height, rgba: Array(UnsafeBufferPointer(start: pixels, count: width * height * 4)))
        else { throw ImageDecodingError(.corrupt, "the decoder returned no pixels") }
        var dateTaken: DateComponents?
        if let exif = image.exif, image.exif_length > 0 {
            dateTaken = ExifReader.dateTaken(in: Array(UnsafeBufferPointer(start: exif, count: image.exif_length)))
        }
        return DecodedImage(bitmap: bitmap, originalSize: PixelSize(width: Int(image.source_width), height: Int(image.source_height)),
                            format: formatName(image.format) ?? "JPEG", dateTaken: dateTaken)
    }

    /// "PNG" or "JPEG" for the C decoder's format code; nil when the bytes named neither.
    private static func formatName(_ code: Int32) -> String? {
        switch code {
        case Int32(WD_IMAGE_FORMAT_PNG): "PNG"
        case Int32(WD_IMAGE_FORMAT_JPEG): "JPEG"
        default: nil
        }
    }
}
