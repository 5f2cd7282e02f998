import Foundation

/// A call from an extension to the host's services, while it answers a request: the App Group
/// (shared defaults and the shared store), `WidgetCenter` and picture decoding.
///
/// It goes out on the answer channel as a line of its own (`"answer": "service"`), and the host
/// replies with one ``ServiceReply`` line on the extension's standard input, so a provider's
/// `WidgetSharedDefaults(suiteName:)` reads what the dashboard's state holds and an intent's
/// writes land there, as an App Group container is shared on iOS. Only made when the request
/// says the host serves calls (``ExtensionRequest/hostServices``). See docs/extensions.md.
package struct ServiceCall: Codable, Hashable, Sendable {
    package enum Service: String, Codable, Hashable, Sendable {
        /// The values of a `WidgetSharedDefaults` suite.
        case defaultsValues = "defaults.values"
        /// A suite's new values, applied only if the suite still holds `base` (else a conflict).
        case defaultsModify = "defaults.modify"
        /// A `KIND.KEY` of the shared store (`widgetdash set`/`get`).
        case storeValue = "store.value"
        /// Writes (or with no `value` removes) a `KIND.KEY` of the shared store.
        case storeSet = "store.set"
        /// A timeline pushed with `widgetdash push`.
        case storeTimeline = "store.timeline"
        /// `WidgetCenter.shared.reloadTimelines(ofKind:)` (no `kind`: all).
        case reload
        /// A picture file, decoded by the host.
        case imageFile = "image.file"
        /// A picture in memory (`UIImage(data:)`), decoded by the host.
        case imageData = "image.data"
        /// A picture of the extension's own resources (`Image("name")`), found and decoded by the host.
        case imageAsset = "image.asset"
    }

    package var `protocol` = ExtensionProtocol.version
    package var answer = "service"
    package var service: Service
    package var suite: String?
    package var key: String?
    package var name: String?
    package var kind: String?
    /// `defaults.modify`: the values the change was made from, and the values it made.
    package var base: [String: WidgetStateValue]?
    package var values: [String: WidgetStateValue]?
    /// `store.set`: the value as JSON text; absent to remove the key.
    package var value: String?
    /// `image.file`: the path; `image.asset`: uses `name`.
    package var path: String?
    /// `image.data`: the picture's bytes (base64 on the wire).
    package var data: Data?
    /// The box the picture is scaled down to fit, `[width, height]` in pixels.
    package var box: [Int]?

    package init(_ service: Service) { self.service = service }

    /// True when `line` may be a service call: a cheap look before a full decode, so answer
    /// lines (renderings, often large) are parsed once.
    package static func mayBe(_ line: Data) -> Bool {
        let word = Array("\"service\"".utf8)
        return line.withUnsafeBytes { bytes in
            guard bytes.count >= word.count else { return false }
            return (0...(bytes.count - word.count)).contains { start in
                bytes[start] == word[0] && word.indices.allSatisfy { bytes[start + $0] == word[$0] }
            }
        }
    }
}

/// The host's reply to a ``ServiceCall``: one line on the extension's standard input.
package struct ServiceReply: Codable, Hashable, Sendable {
    package var `protocol` = ExtensionProtocol.version
    package var reply = "service"
    /// A suite's values (`defaults.values`; after `defaults.modify`, the suite as it is now).
    package var values: [String: WidgetStateValue]?
    /// `defaults.modify`: false when the suite changed since `base` was read (try again from
    /// `values`).
    package var applied: Bool?
    /// `store.value`: the value as JSON text and when it was written; absent when unset.
    package var value: String?
    package var modified: Date?
    /// `store.timeline`: the pushed timeline, absent when none.
    package var timeline: WireSharedTimeline?
    /// `image.*`: the decoded picture.
    package var image: WireImage?
    /// Why the call failed: a decoding error's reason (`notAnImage`, …) or `refused`, and its words.
    package var error: String?
    package var message: String?

    package init() {}
}

/// A pushed timeline on the wire; values as JSON text.
package struct WireSharedTimeline: Codable, Hashable, Sendable {
    package struct Entry: Codable, Hashable, Sendable {
        package var date: Date
        package var value: String
        package var relevance: TimelineEntryRelevance?
    }
    package var entries: [Entry]
    package var policy: WirePolicy

    package init(_ timeline: SharedTimeline) {
        entries = timeline.entries.map { Entry(date: $0.date, value: $0.value.jsonText, relevance: $0.relevance) }
        policy = WirePolicy(timeline.policy)
    }

    /// The timeline, or nil when a value is not JSON.
    package var timeline: SharedTimeline? {
        var out: [SharedTimeline.Entry] = []
        for entry in entries.prefix(SharedTimeline.maxEntries) {
            guard let value = try? JSONValue.parse(entry.value) else { return nil }
            out.append(SharedTimeline.Entry(date: entry.date, value: value, relevance: entry.relevance))
        }
        return SharedTimeline(entries: out, policy: policy.policy)
    }
}

/// A decoded picture on the wire: RGBA bytes (base64) and what the file said.
package struct WireImage: Codable, Hashable, Sendable {
    package var width: Int
    package var height: Int
    package var rgba: Data
    package var originalSize: [Int]
    package var format: String

    package init(_ decoded: DecodedImage) {
        width = decoded.bitmap.width
        height = decoded.bitmap.height
        rgba = Data(decoded.bitmap.rgba)
        originalSize = [decoded.originalSize.width, decoded.originalSize.height]
        format = decoded.format
    }

    /// The picture, or nil when its sizes do not add up or pass the thumbnail limit.
    package var decoded: DecodedImage? {
        let side = ImageDecoding.maximumThumbnailSide
        guard width >= 0, height >= 0, width <= side, height <= side,
              let bitmap = Bitmap(width: width, height: height, rgba: [UInt8](rgba)) else { return nil }
        let original = originalSize.count == 2 ? PixelSize(width: originalSize[0], height: originalSize[1]) : PixelSize(width: width, height: height)
        return DecodedImage(bitmap: bitmap, originalSize: original, format: TextSanitizer.sanitize(String(format.prefix(16)), keepNewlines: false))
    }
}

extension ImageDecodingError.Reason {
    /// The reason's name on the wire.
    package var wireName: String {
        switch self {
        case .notAnImage: "notAnImage"
        case .corrupt: "corrupt"
        case .tooLarge: "tooLarge"
        case .unreadable: "unreadable"
        case .unsupported: "unsupported"
        case .noDecoder: "noDecoder"
        }
    }

    package init(wireName: String) {
        switch wireName {
        case "notAnImage": self = .notAnImage
        case "corrupt": self = .corrupt
        case "tooLarge": self = .tooLarge
        case "unreadable": self = .unreadable
        case "noDecoder": self = .noDecoder
        default: self = .unsupported
        }
    }
}
