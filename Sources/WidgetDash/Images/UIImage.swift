import Foundation

/// A picture in memory, as UIKit's `UIImage` is used in widgets: made from downloaded bytes
/// and shown with `Image(uiImage:)`.
///
/// The bytes are decoded at once, through the host's ``ImageDecoding`` service, into a
/// thumbnail no larger than an extra-large widget draws; without a decoder (or for bytes that
/// are no PNG or JPEG) `init?(data:)` fails, as UIKit's does for data it cannot read.
public final class UIImage: Sendable {
    /// The decoded picture, scaled down to at most ``ImageDecoding/maximumThumbnailSide`` a side.
    public let bitmap: Bitmap
    /// The picture's own size in pixels, as its file declares it.
    public let size: CGSize

    public init?(data: Data) {
        let side = ImageDecoding.maximumThumbnailSide
        guard let decoded = try? ImageDecoding.thumbnail(ofData: data, fitting: PixelSize(width: side, height: side)) else { return nil }
        bitmap = decoded.bitmap
        size = CGSize(width: decoded.originalSize.width, height: decoded.originalSize.height)
    }
}

extension Image {
    /// A downloaded picture, drawn in cells as ``init(bitmap:)`` draws it.
    public init(uiImage: UIImage) {
        self.init(bitmap: uiImage.bitmap)
    }

    /// An image from the app's asset catalog, as `Image("name")` on iOS.
    ///
    /// In a widget extension the picture comes from the extension package's resources (a
    /// SwiftPM resource bundle, an asset catalog copied into it, or an `Assets` directory
    /// beside the executable; see docs/extensions.md), decoded by the dashboard. Where there
    /// is none (in process, or no such picture) a stand-in glyph (▣) in the foreground style
    /// keeps the picture's place and says one is there.
    public init(_ name: String, bundle: Bundle? = nil) {
        if let bitmap = ImageDecoding.asset(named: name) { self.init(bitmap: bitmap) } else { self.init(glyph: "▣") }
    }

    /// An image only decoration; drawn as ``init(_:bundle:)`` draws it.
    public init(decorative name: String, bundle: Bundle? = nil) {
        self.init(name, bundle: bundle)
    }
}
