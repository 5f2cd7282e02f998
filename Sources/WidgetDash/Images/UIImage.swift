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
    /// A terminal build has no asset catalog, so this shows a stand-in glyph (▣) in the
    /// foreground style: the layout keeps a place for the picture and says one is there. Use
    /// `Image(systemName:)` for symbols, or `Image(uiImage:)`/`Image(bitmap:)` for pictures.
    public init(_ name: String, bundle: Bundle? = nil) {
        self.init(glyph: "▣")
    }

    /// An image only decoration; drawn as ``init(_:bundle:)`` draws it.
    public init(decorative name: String, bundle: Bundle? = nil) {
        self.init(glyph: "▣")
    }
}
