import Foundation
import Synchronization
#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// The extension's end of the host's services: a call goes out as an answer line, its reply
/// comes back as one line on the descriptor standard input was started with.
///
/// One call at a time (the lock is held until the reply is read), so replies never cross. A
/// host that stops answering (it closed the pipe) makes every later call come back nil, and
/// each service falls back to what an extension had before: nothing stored, no decoder.
package final class HostChannel: Sendable {
    private let link: HostLink
    /// The services an extension's code reaches through WidgetKit's entry points, each a call
    /// to the host: `WidgetSharedDefaults`, `WidgetSharedStore.shared`, `WidgetCenter.shared`,
    /// `ImageDecoding`, `UIImage(data:)` and `Image("name")`. Made once, so the suites and
    /// pictures read are kept for the whole request.
    package let services: WidgetServices

    package init(input: Int32, send: @escaping @Sendable (Data) -> Void) {
        let link = HostLink(input: input, send: send)
        self.link = link
        services = WidgetServices(sharedStore: Self.storeBacking(link), sharedDefaults: HostStateStore(link: link),
                                  imageDecoding: Self.imageBacking(link), widgetCenter: Self.centerHandler(link))
    }

    /// Sends `call` and waits for its reply; nil when the host is gone or replied garbage.
    package func call(_ call: ServiceCall) -> ServiceReply? { link.call(call) }

    private static func storeBacking(_ link: HostLink) -> WidgetSharedStore.Backing {
        var backing = WidgetSharedStore.Backing(
            value: { key in
                var call = ServiceCall(.storeValue)
                call.key = key
                let reply = try answer(call, link)
                guard let text = reply.value else { return nil }
                guard let value = try? JSONValue.parse(text) else { throw WidgetSharedStore.ReadError("the host sent a value that is not JSON") }
                return WidgetSharedStore.StoredValue(value: value, modified: reply.modified ?? Date(timeIntervalSince1970: 0))
            },
            timeline: { name in
                var call = ServiceCall(.storeTimeline)
                call.name = name
                return try answer(call, link).timeline?.timeline
            })
        backing.set = { key, value in
            var call = ServiceCall(.storeSet)
            call.key = key
            call.value = value?.jsonText
            _ = try answer(call, link)
        }
        return backing
    }

    /// The reply to `call`, or the store's error when there is none or it says why not.
    private static func answer(_ call: ServiceCall, _ link: HostLink) throws(WidgetSharedStore.ReadError) -> ServiceReply {
        guard let reply = link.call(call) else { throw WidgetSharedStore.ReadError("the dashboard did not answer") }
        if let message = reply.message, reply.error != nil { throw WidgetSharedStore.ReadError(message) }
        return reply
    }

    private static func centerHandler(_ link: HostLink) -> WidgetCenter.Handler {
        WidgetCenter.Handler(
            reload: { kind in
                var call = ServiceCall(.reload)
                call.kind = kind
                _ = link.call(call)
            },
            // What is placed is the host's business; an extension is told nothing of it yet.
            configurations: { [] })
    }

    private static func imageBacking(_ link: HostLink) -> ImageDecoding.Backing {
        let assets = Mutex<[String: DecodedImage?]>([:])
        var backing = ImageDecoding.Backing(fileExtensions: ["png", "jpg", "jpeg"]) { (path: String, box: PixelSize) throws(ImageDecodingError) -> DecodedImage in
            var call = ServiceCall(.imageFile)
            call.path = path
            call.box = [box.width, box.height]
            return try picture(call, link)
        }
        backing.thumbnailOfData = { (data: Data, box: PixelSize) throws(ImageDecodingError) -> DecodedImage in
            // The host reads at most this much; more is refused here, without sending it.
            guard data.count <= ImageDecoding.maximumDataBytes else {
                throw ImageDecodingError(.tooLarge, "\(data.count) bytes (at most \(ImageDecoding.maximumDataBytes) are decoded)")
            }
            var call = ServiceCall(.imageData)
            call.data = data
            call.box = [box.width, box.height]
            return try picture(call, link)
        }
        backing.asset = { (name: String, box: PixelSize) -> DecodedImage? in
            // Every entry and variant is drawn with the same pictures: each is asked for once.
            if let known = assets.withLock({ $0[name] }) { return known }
            var call = ServiceCall(.imageAsset)
            call.name = name
            call.box = [box.width, box.height]
            let decoded = try? picture(call, link)
            assets.withLock { $0[name] = .some(decoded) }
            return decoded
        }
        return backing
    }

    private static func picture(_ call: ServiceCall, _ link: HostLink) throws(ImageDecodingError) -> DecodedImage {
        guard let reply = link.call(call) else { throw ImageDecodingError(.noDecoder, "the dashboard did not answer") }
        if let reason = reply.error { throw ImageDecodingError(.init(wireName: reason), reply.message ?? reason) }
        guard let decoded = reply.image?.decoded else { throw ImageDecodingError(.corrupt, "the dashboard sent a picture whose sizes do not add up") }
        return decoded
    }
}

/// Sends calls and reads their replies, one at a time.
final class HostLink: Sendable {
    private let input: Int32
    private let send: @Sendable (Data) -> Void
    private let pending = Mutex<(buffer: Data, broken: Bool)>((Data(), false))

    /// The longest reply read: a decoded picture is at most 256×256 RGBA, 350 KB in base64.
    static let maximumReply = 16 << 20

    init(input: Int32, send: @escaping @Sendable (Data) -> Void) {
        self.input = input
        self.send = send
    }

    func call(_ call: ServiceCall) -> ServiceReply? {
        pending.withLock { state in
            guard !state.broken, let line = try? ExtensionProtocol.encode(call) else { return nil }
            send(line)
            var chunk = [UInt8](repeating: 0, count: 65_536)
            while true {
                if let newline = state.buffer.firstIndex(of: 0x0A) {
                    let line = Data(state.buffer[state.buffer.startIndex..<newline])
                    state.buffer = Data(state.buffer[(newline + 1)...])
                    return try? ExtensionProtocol.decode(ServiceReply.self, from: line)
                }
                let n = read(input, &chunk, chunk.count)
                if n < 0 && errno == EINTR { continue }
                if n <= 0 || state.buffer.count > Self.maximumReply {
                    state.broken = true
                    return nil
                }
                state.buffer.append(contentsOf: chunk[0..<n])
            }
        }
    }
}

/// `WidgetSharedDefaults` in an extension: the host's suites, read once per process and
/// changed by compare-and-set, so a change made while another process wrote is made again
/// from the new values rather than lost.
final class HostStateStore: WidgetStateStore {
    let link: HostLink
    private let cache = Mutex<[String: [String: WidgetStateValue]]>([:])
    /// How many times a change is made again after a conflict before it is given up.
    static let attempts = 8

    init(link: HostLink) { self.link = link }

    func values(in suite: String) -> [String: WidgetStateValue] {
        if let known = cache.withLock({ $0[suite] }) { return known }
        return fetch(suite)
    }

    private func fetch(_ suite: String) -> [String: WidgetStateValue] {
        var call = ServiceCall(.defaultsValues)
        call.suite = suite
        let values = link.call(call)?.values ?? [:]
        cache.withLock { $0[suite] = values }
        return values
    }

    @discardableResult
    func modify(_ suite: String, _ change: (inout [String: WidgetStateValue]) -> Void) -> [String: WidgetStateValue] {
        var base = fetch(suite)
        for _ in 0..<Self.attempts {
            var values = base
            change(&values)
            if values == base { return values }
            var call = ServiceCall(.defaultsModify)
            call.suite = suite
            call.base = base
            call.values = values
            guard let reply = link.call(call) else { return values }
            if let message = reply.message, reply.error != nil {
                // Refused (a suite the dashboard keeps for itself, values too large): as a
                // failed write to UserDefaults, it is reported and the values stay as they were.
                FileHandle.standardError.write(Data("widgetdash refused a change to suite \(suite): \(message)\n".utf8))
                return base
            }
            let now = reply.values ?? values
            cache.withLock { $0[suite] = now }
            if reply.applied == true { return now }
            base = now
        }
        FileHandle.standardError.write(Data("widgetdash: suite \(suite) kept changing; the change was given up\n".utf8))
        return base
    }
}
