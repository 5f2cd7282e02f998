import Foundation

/// A picture file decoded to a thumbnail, with what its header said.
public struct DecodedImage: Hashable, Sendable {
    /// The picture, scaled down while decoding to fit the size asked for.
    public var bitmap: Bitmap
    /// The size the file itself declares (a 12-megapixel photo is 4032×3024 here).
    public var originalSize: PixelSize
    /// The file's format: "PNG" or "JPEG".
    public var format: String
    /// When the photo was taken, as its camera wrote it (Exif `DateTimeOriginal`, local time
    /// with no zone): year, month, day, hour, minute, second; nil when the file does not say.
    public var dateTaken: DateComponents?

    public init(bitmap: Bitmap, originalSize: PixelSize, format: String, dateTaken: DateComponents? = nil) {
        self.bitmap = bitmap
        self.originalSize = originalSize
        self.format = format
        self.dateTaken = dateTaken
    }
}

/// Why a picture file could not be decoded, in words a widget can show.
public struct ImageDecodingError: Error, Hashable, Sendable, CustomStringConvertible {
    public enum Reason: Hashable, Sendable {
        /// Neither PNG nor JPEG (a text file named `.png`, an empty file).
        case notAnImage
        /// Damaged or truncated.
        case corrupt
        /// Its header or file size is past what is decoded (absurd dimensions).
        case tooLarge
        /// Missing, a directory, or not readable.
        case unreadable
        /// A valid picture this decoder does not handle.
        case unsupported
        /// No decoder is installed (a host without image support).
        case noDecoder
    }

    public var reason: Reason
    /// What went wrong: "truncated (premature end of JPEG data)".
    public var message: String

    public init(_ reason: Reason, _ message: String) {
        self.reason = reason
        self.message = TextSanitizer.sanitize(message, keepNewlines: false)
    }

    public var description: String { message }
}

/// Decodes picture files for widgets: a system service, as `UIImage(contentsOfFile:)` and
/// ImageIO's thumbnails are on iOS.
///
/// The author API stays pure: decoding is C (libpng, libjpeg) that the host hands in as a
/// ``Backing`` in its ``WidgetServices``. A provider asks for a thumbnail no bigger than it will draw;
/// the decoder scales down *while* decoding, so a 12-megapixel photo never sits in memory:
///
/// ```swift
/// func timeline(in context: Context) async throws -> Timeline<PhotoEntry> {
///     let photo = try ImageDecoding.thumbnail(ofFile: path, fitting: PixelSize(width: 88, height: 84))
///     …
/// }
/// ```
///
/// Call it from `timeline(in:)`, never while drawing. With no backing bound every call
/// throws ``ImageDecodingError/Reason/noDecoder``.
public enum ImageDecoding {
    /// What the host does to decode. Not for widget authors.
    public struct Backing: Sendable {
        /// Decodes the file at a path into a thumbnail that fits a box of pixels.
        public var thumbnail: @Sendable (_ path: String, _ box: PixelSize) throws(ImageDecodingError) -> DecodedImage
        /// The file name extensions it reads, lowercased ("png", "jpg", "jpeg").
        public var fileExtensions: Set<String>
        /// Decodes a picture held in memory (a download); nil when the host decodes only files.
        public var thumbnailOfData: (@Sendable (_ data: Data, _ box: PixelSize) throws(ImageDecodingError) -> DecodedImage)?
        /// A picture of the widget package's own resources, by name (`Image("name")`); nil
        /// when there are none to read (in process: no asset catalog), so a stand-in shows.
        public var asset: (@Sendable (_ name: String, _ box: PixelSize) -> DecodedImage?)?
        public init(fileExtensions: Set<String>,
                    thumbnail: @escaping @Sendable (String, PixelSize) throws(ImageDecodingError) -> DecodedImage) {
            self.fileExtensions = fileExtensions
            self.thumbnail = thumbnail
        }
    }

    /// The largest box a thumbnail may be asked for, a side (about what an extra-large
    /// widget draws in braille dots).
    public static let maximumThumbnailSide = 256

    /// The most bytes of a picture in memory that are decoded (`UIImage(data:)`).
    public static let maximumDataBytes = 16 << 20

    /// The picture named `name` in the widget package's resources, scaled down to at most
    /// ``maximumThumbnailSide`` a side; nil when there is none (or no way to read them).
    static func asset(named name: String) -> Bitmap? {
        let side = maximumThumbnailSide
        return WidgetServices.current.imageDecoding?.asset?(name, PixelSize(width: side, height: side))?.bitmap
    }

    /// True when the host gave a decoder.
    public static var isAvailable: Bool { WidgetServices.current.imageDecoding != nil }

    /// The file name extensions the host's decoder reads (lowercased); empty without one.
    public static var fileExtensions: Set<String> { WidgetServices.current.imageDecoding?.fileExtensions ?? [] }

    /// Decodes the picture at `path` scaled down to fit `box` (aspect kept, never enlarged).
    ///
    /// The format comes from the file's first bytes, not its name. A damaged, truncated,
    /// absurdly large or foreign file throws an ``ImageDecodingError`` that says which.
    public static func thumbnail(ofFile path: String, fitting box: PixelSize) throws(ImageDecodingError) -> DecodedImage {
        guard let decoder = WidgetServices.current.imageDecoding else {
            throw ImageDecodingError(.noDecoder, "no image decoder in this program")
        }
        guard box.width > 0, box.height > 0, box.width <= maximumThumbnailSide, box.height <= maximumThumbnailSide else {
            throw ImageDecodingError(.unsupported, "a thumbnail of \(box) pixels: expected 1 to \(maximumThumbnailSide) a side")
        }
        return try decoder.thumbnail(path, box)
    }

    /// Decodes a picture held in memory (a download, as `UIImage(data:)` takes it) scaled down
    /// to fit `box`, with the same checks as ``thumbnail(ofFile:fitting:)``.
    public static func thumbnail(ofData data: Data, fitting box: PixelSize) throws(ImageDecodingError) -> DecodedImage {
        guard let decoder = WidgetServices.current.imageDecoding?.thumbnailOfData else {
            throw ImageDecodingError(.noDecoder, "no image decoder for pictures in memory in this program")
        }
        guard box.width > 0, box.height > 0, box.width <= maximumThumbnailSide, box.height <= maximumThumbnailSide else {
            throw ImageDecodingError(.unsupported, "a thumbnail of \(box) pixels: expected 1 to \(maximumThumbnailSide) a side")
        }
        return try decoder(data, box)
    }
}
