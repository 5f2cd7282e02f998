import DashCore
import Foundation
import WidgetDash
#if canImport(Glibc)
import Glibc
#endif

/// Answers an extension's service calls with the host's own services: what its widget code
/// reaches through `WidgetSharedDefaults`, `WidgetSharedStore.shared`, `WidgetCenter.shared`,
/// `UIImage(data:)` and `Image("name")` (docs/extensions.md, "Host services").
///
/// The services are the ones bound where the request was made (the dashboard's, or a
/// snapshot's), so an extension's intent writes where an in-process intent writes. What comes
/// from the extension is untrusted: names are checked, sizes capped, strings sanitised, and a
/// suite the dashboard keeps for itself is read-only, so a bad extension cannot damage the
/// state other widgets read.
struct ExtensionServiceHandler: Sendable {
    let services: WidgetServices
    /// The extension's executable, beside which its resources are looked for.
    let executable: String

    /// Suites the dashboard keeps for itself: an extension may read them, never write them.
    static let hostSuites: Set<String> = [ScreenTimeRecorder.suite, "widgetdash.stacks"]
    /// The most a suite written by an extension may hold, encoded.
    static let maximumSuiteBytes = 1 << 20
    /// The longest store value an extension may write, as JSON text.
    static let maximumValueBytes = 1 << 20

    /// The services bound where a request to the extension at `executable` is made (the
    /// dashboard's, or a snapshot's).
    static func current(for executable: String) -> ExtensionServiceHandler {
        ExtensionServiceHandler(services: WidgetServices.current, executable: executable)
    }

    /// The extension's name, as the catalog qualifies its kinds (`NAME.kind`).
    var name: String { URL(fileURLWithPath: executable).lastPathComponent }

    func reply(to call: ServiceCall) -> ServiceReply {
        do {
            return try answer(call)
        } catch {
            var reply = ServiceReply()
            reply.error = error.reason
            reply.message = error.message
            return reply
        }
    }

    private struct Refusal: Error {
        var reason = "refused"
        var message: String
    }

    private func answer(_ call: ServiceCall) throws(Refusal) -> ServiceReply {
        var reply = ServiceReply()
        switch call.service {
        case .defaultsValues:
            reply.values = services.sharedDefaults.values(in: try suite(call))
        case .defaultsModify:
            let suite = try suite(call)
            guard !Self.hostSuites.contains(suite) else { throw Refusal(message: "suite \(suite) is the dashboard's own") }
            let values = try Self.checked(call.values ?? [:])
            let base = call.base ?? [:]
            var applied = false
            // Compare-and-set inside the store's own atomic step: the extension's change is
            // made only to the values it was made from.
            reply.values = services.sharedDefaults.modify(suite) { current in
                guard current == base else { return }
                current = values
                applied = true
            }
            reply.applied = applied
        case .storeValue:
            let key = try storeKey(call)
            let stored: WidgetSharedStore.StoredValue?
            do { stored = try services.sharedStore?.value(key) } catch { throw Refusal(message: "\(error)") }
            reply.value = stored?.value.jsonText
            reply.modified = stored?.modified
        case .storeSet:
            let key = try storeKey(call)
            var value: JSONValue?
            if let text = call.value {
                guard text.utf8.count <= Self.maximumValueBytes else { throw Refusal(message: "a value of \(text.utf8.count) bytes (at most \(Self.maximumValueBytes))") }
                do { value = try JSONValue.parse(text).sanitized() } catch { throw Refusal(message: "the value is not JSON: \(error)") }
            }
            guard let set = services.sharedStore?.set else { throw Refusal(message: "this dashboard takes no writes to the shared store") }
            do { try set(key, value) } catch { throw Refusal(message: "\(error)") }
        case .storeTimeline:
            guard let name = call.name, ExtensionLoader.isPlaceable(name) else { throw Refusal(message: "not a timeline name") }
            do { reply.timeline = try services.sharedStore?.timeline(name).map(WireSharedTimeline.init) } catch { throw Refusal(message: "\(error)") }
        case .reload:
            if let kind = call.kind {
                guard ExtensionLoader.isPlaceable(kind) else { throw Refusal(message: "not a widget kind") }
                // The catalog may know the kind qualified, when it collides with another.
                services.widgetCenter?.reload(kind)
                services.widgetCenter?.reload("\(name).\(kind)")
            } else {
                services.widgetCenter?.reload(nil)
            }
        case .imageFile:
            // A regular file only: opening a FIFO or a device could block the exchange's thread.
            guard let path = call.path, path.hasPrefix("/"), ExtensionAssets.isRegularFile(path) else {
                throw Refusal(reason: "unreadable", message: "not the absolute path of a file")
            }
            reply.image = try decode(call) { decoder, box throws(ImageDecodingError) in try decoder.thumbnail(path, box) }
        case .imageData:
            guard let data = call.data else { throw Refusal(reason: "notAnImage", message: "no bytes") }
            guard data.count <= ImageDecoding.maximumDataBytes else { throw Refusal(reason: "tooLarge", message: "\(data.count) bytes") }
            reply.image = try decode(call) { decoder, box throws(ImageDecodingError) in
                guard let ofData = decoder.thumbnailOfData else { throw ImageDecodingError(.noDecoder, "no decoder for pictures in memory") }
                return try ofData(data, box)
            }
        case .imageAsset:
            guard let name = call.name, let path = ExtensionAssets.find(name, executable: executable) else {
                throw Refusal(reason: "unreadable", message: "no such picture among the extension's resources")
            }
            reply.image = try decode(call) { decoder, box throws(ImageDecodingError) in try decoder.thumbnail(path, box) }
        }
        return reply
    }

    private func decode(_ call: ServiceCall, _ body: (ImageDecoding.Backing, PixelSize) throws(ImageDecodingError) -> DecodedImage) throws(Refusal) -> WireImage {
        let side = ImageDecoding.maximumThumbnailSide
        guard let box = call.box, box.count == 2, (1...side).contains(box[0]), (1...side).contains(box[1]) else {
            throw Refusal(reason: "unsupported", message: "a thumbnail box of 1 to \(side) pixels a side is needed")
        }
        guard let decoder = services.imageDecoding else { throw Refusal(reason: "noDecoder", message: "no image decoder in this program") }
        do {
            return WireImage(try body(decoder, PixelSize(width: box[0], height: box[1])))
        } catch {
            throw Refusal(reason: error.reason.wireName, message: error.message)
        }
    }

    private func suite(_ call: ServiceCall) throws(Refusal) -> String {
        guard let suite = call.suite, ExtensionLoader.isPlaceable(suite) else {
            throw Refusal(message: "a suite name is letters, digits and - _ . (at most 64)")
        }
        return suite
    }

    private func storeKey(_ call: ServiceCall) throws(Refusal) -> String {
        guard let key = call.key else { throw Refusal(message: "no key") }
        if let problem = StoreKey.problem(withKey: key) { throw Refusal(message: problem) }
        return key
    }

    /// The values as they may be stored: keys and strings sanitised, the whole within its cap.
    private static func checked(_ values: [String: WidgetStateValue]) throws(Refusal) -> [String: WidgetStateValue] {
        var clean: [String: WidgetStateValue] = [:]
        var bytes = 0
        for (key, value) in values {
            let cleanKey = TextSanitizer.sanitize(key, keepNewlines: false)
            guard !cleanKey.isEmpty else { throw Refusal(message: "an empty key") }
            let cleanValue: WidgetStateValue
            switch value {
            case .string(let s): cleanValue = .string(TextSanitizer.sanitize(s))
            case .strings(let list): cleanValue = .strings(list.map { TextSanitizer.sanitize($0) })
            case .double(let d) where !d.isFinite: throw Refusal(message: "\(cleanKey) is not a finite number")
            default: cleanValue = value
            }
            bytes += cleanKey.utf8.count + Self.size(of: cleanValue)
            guard bytes <= maximumSuiteBytes else { throw Refusal(message: "the suite would hold more than \(maximumSuiteBytes) bytes") }
            clean[cleanKey] = cleanValue
        }
        return clean
    }

    private static func size(of value: WidgetStateValue) -> Int {
        switch value {
        case .string(let s): s.utf8.count
        case .strings(let list): list.reduce(0) { $0 + $1.utf8.count + 3 }
        default: 8
        }
    }
}

/// Where `Image("name")` finds an extension's pictures, beside its executable:
///
/// - `NAME.assets/` (a directory named after the executable, with `.assets` added), then
/// - the SwiftPM resource bundle of the executable's target, `PACKAGE_TARGET.resources/`;
///
/// in each, `name.png` (or `.jpg`, `.jpeg`), else `*.xcassets/name.imageset/` (its first
/// picture by name), as an iOS asset catalog copied in as it is.
enum ExtensionAssets {
    static let fileExtensions = ["png", "jpg", "jpeg"]

    /// The picture file for `name`, or nil; a name that is not a plain file name finds nothing.
    static func find(_ name: String, executable: String) -> String? {
        guard isPlainName(name) else { return nil }
        let exe = URL(fileURLWithPath: executable)
        let folder = exe.deletingLastPathComponent()
        let target = exe.lastPathComponent
        let fm = FileManager.default
        var roots = [folder.appendingPathComponent(target + ".assets").path]
        let bundles = ((try? fm.contentsOfDirectory(atPath: folder.path)) ?? [])
            .filter { $0.hasSuffix("_\(target).resources") }
            .sorted()
        roots += bundles.map { folder.appendingPathComponent($0).path }
        for root in roots {
            for ext in fileExtensions {
                let path = root + "/" + name + "." + ext
                if isRegularFile(path) { return path }
            }
            let catalogs = ((try? fm.contentsOfDirectory(atPath: root)) ?? []).filter { $0.hasSuffix(".xcassets") }.sorted()
            for catalog in catalogs {
                let set = root + "/" + catalog + "/" + name + ".imageset"
                let files = ((try? fm.contentsOfDirectory(atPath: set)) ?? []).sorted()
                if let file = files.first(where: { fileExtensions.contains(URL(fileURLWithPath: $0).pathExtension.lowercased()) }),
                   isRegularFile(set + "/" + file) {
                    return set + "/" + file
                }
            }
        }
        return nil
    }

    /// A name that stays inside the folders searched: no slash, no leading dot, printable.
    static func isPlainName(_ name: String) -> Bool {
        !name.isEmpty && name.utf8.count <= 128 && !name.hasPrefix(".") && !name.contains("/")
            && TextSanitizer.sanitize(name, keepNewlines: false) == name
    }

    /// True for a regular file (after symbolic links), never a FIFO, a device or a directory.
    static func isRegularFile(_ path: String) -> Bool {
        var info = stat()
        return stat(path, &info) == 0 && info.st_mode & S_IFMT == S_IFREG
    }
}

/// The pipe the host's replies go down: its read end is the extension's standard input.
/// Used only by the thread that runs the exchange, which made it.
final class ReplyPipe {
    private var fds: [Int32] = [-1, -1]

    init() {
        guard pipe(&fds) == 0 else {
            fds = [-1, -1]
            return
        }
        // Neither end leaks into other children; the extension gets its end as descriptor 0.
        for fd in fds { _ = fcntl(fd, F_SETFD, FD_CLOEXEC) }
        // A reply never blocks the exchange past its deadline.
        _ = fcntl(fds[1], F_SETFL, fcntl(fds[1], F_GETFL) | O_NONBLOCK)
    }

    /// The read end, for the child; nil when the pipe could not be made.
    var childEnd: Int32? { fds[0] >= 0 ? fds[0] : nil }

    func closeChildEnd() {
        if fds[0] >= 0 { Glibc.close(fds[0]) }
        fds[0] = -1
    }

    func close() {
        closeChildEnd()
        if fds[1] >= 0 { Glibc.close(fds[1]) }
        fds[1] = -1
    }

    /// Writes one reply line; gives up at `deadline` or when the extension is gone (the
    /// SIGPIPE that raises is taken here, never delivered to the dashboard).
    func write(_ line: Data, until deadline: Date) {
        let fd = fds[1]
        guard fd >= 0 else { return }
        var pipeSignal = sigset_t()
        sigemptyset(&pipeSignal)
        sigaddset(&pipeSignal, SIGPIPE)
        var previous = sigset_t()
        pthread_sigmask(SIG_BLOCK, &pipeSignal, &previous)
        defer {
            var pending = sigset_t()
            sigpending(&pending)
            if sigismember(&pending, SIGPIPE) == 1 && sigismember(&previous, SIGPIPE) == 0 {
                var now = timespec()
                _ = sigtimedwait(&pipeSignal, nil, &now)
            }
            pthread_sigmask(SIG_SETMASK, &previous, nil)
        }
        var data = line
        data.append(0x0A)
        data.withUnsafeBytes { bytes in
            guard let base = bytes.baseAddress else { return }
            var offset = 0
            while offset < bytes.count {
                let n = Glibc.write(fd, base + offset, bytes.count - offset)
                if n > 0 {
                    offset += n
                } else if n < 0 && errno == EINTR {
                    continue
                } else if n < 0 && errno == EAGAIN {
                    let remaining = deadline.timeIntervalSinceNow
                    if remaining <= 0 { return }
                    var ready = pollfd(fd: fd, events: Int16(POLLOUT), revents: 0)
                    _ = poll(&ready, 1, Int32(min(remaining * 1000, 50).rounded(.up)))
                } else {
                    return
                }
            }
        }
    }
}
