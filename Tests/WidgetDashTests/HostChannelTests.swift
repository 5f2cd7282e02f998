@testable import WidgetDash
import Foundation
import Synchronization
import Testing
#if canImport(Glibc)
import Glibc
#endif

/// The extension's end of the host services, against a stand-in host that answers each call
/// on a pipe: compare-and-set made again after a conflict, refusals, pictures.
@Suite struct HostChannelTests {
    /// A channel whose host is `answer`: each call line is decoded, answered, and the reply
    /// written where the channel reads (a pipe's buffer holds it; the call waits for it).
    final class CallLog: Sendable {
        private let calls = Mutex<[ServiceCall]>([])
        /// Adds `call`; its index among the calls.
        func add(_ call: ServiceCall) -> Int { calls.withLock { $0.append(call); return $0.count - 1 } }
        var all: [ServiceCall] { calls.withLock { $0 } }
    }

    final class StandIn: Sendable {
        let calls: CallLog
        let channel: HostChannel
        private let fds: [Int32]

        init(_ answer: @escaping @Sendable (ServiceCall, Int) -> ServiceReply) {
            var fds: [Int32] = [-1, -1]
            _ = pipe(&fds)
            self.fds = fds
            let writeEnd = fds[1]
            let calls = CallLog()
            self.calls = calls
            channel = HostChannel(input: fds[0]) { line in
                guard let call = try? ExtensionProtocol.decode(ServiceCall.self, from: line) else { return }
                let index = calls.add(call)
                guard var reply = try? ExtensionProtocol.encode(answer(call, index)) else { return }
                reply.append(0x0A)
                _ = reply.withUnsafeBytes { write(writeEnd, $0.baseAddress, $0.count) }
            }
        }

        deinit { for fd in fds { close(fd) } }
    }

    @Test func aChangeThatMeetsAConflictIsMadeAgainFromTheValuesNow() {
        // The host: the suite holds 4; another process writes 10 before the first change lands.
        let host = StandIn { call, index in
            var reply = ServiceReply()
            switch (call.service, index) {
            case (.defaultsValues, _): reply.values = ["count": .int(4)]
            case (.defaultsModify, 1):
                reply.applied = false
                reply.values = ["count": .int(10)]
            case (.defaultsModify, _):
                reply.applied = call.base == ["count": .int(10)]
                reply.values = reply.applied == true ? call.values : ["count": .int(10)]
            default: break
            }
            return reply
        }
        let runs = Mutex(0)
        let now = host.channel.services.bind {
            WidgetSharedDefaults(suiteName: "tally").modify { values in
                runs.withLock { $0 += 1 }
                values["count"] = .int((values["count"]?.intValue ?? 0) + 1)
            }
        }
        #expect(now == ["count": .int(11)])
        #expect(runs.withLock { $0 } == 2)
        let sent = host.calls.all
        #expect(sent.map(\.service) == [.defaultsValues, .defaultsModify, .defaultsModify])
        #expect(sent[1].base == ["count": .int(4)] && sent[1].values == ["count": .int(5)])
        #expect(sent[2].base == ["count": .int(10)] && sent[2].values == ["count": .int(11)])
        // What the change made is what the next read sees, without asking again.
        let read = host.channel.services.bind { WidgetSharedDefaults(suiteName: "tally").integer(forKey: "count") }
        #expect(read == 11)
    }

    @Test func aRefusedWriteLeavesTheValuesAsTheyWereAndAStoreRefusalThrows() {
        let host = StandIn { call, _ in
            var reply = ServiceReply()
            if call.service == .defaultsValues {
                reply.values = ["seconds": .int(60)]
            } else {
                reply.error = "refused"
                reply.message = "suite screentime is the dashboard's own"
            }
            return reply
        }
        let after = host.channel.services.bind {
            WidgetSharedDefaults(suiteName: "screentime").modify { $0["seconds"] = .int(0) }
        }
        #expect(after == ["seconds": .int(60)])
        #expect(throws: WidgetSharedStore.ReadError.self) {
            try host.channel.services.bind { try WidgetSharedStore.shared.set(.number(1), forKey: "tally.count") }
        }
    }

    @Test func picturesComeBackDecodedAndAnAssetIsAskedForOnce() throws {
        let red = Bitmap(width: 2, height: 1, fill: .init(red: 255, green: 0, blue: 0))
        let host = StandIn { call, _ in
            var reply = ServiceReply()
            if call.service == .imageData, call.data == Data("garbage".utf8) {
                reply.error = "notAnImage"
                reply.message = "not a PNG or JPEG"
            } else {
                reply.image = WireImage(DecodedImage(bitmap: red, originalSize: PixelSize(width: 20, height: 10), format: "PNG"))
            }
            return reply
        }
        host.channel.services.bind {
            let image = UIImage(data: Data([0x89, 0x50]))
            #expect(image?.bitmap == red)
            #expect(image?.size == CGSize(width: 20, height: 10))
            #expect(UIImage(data: Data("garbage".utf8)) == nil)
            _ = Image("sun")
            _ = Image("sun")
        }
        let assets = host.calls.all.filter { $0.service == .imageAsset }
        #expect(assets.map(\.name) == ["sun"])
    }

    @Test func aHostThatIsGoneLeavesTheFallbacks() {
        var fds: [Int32] = [-1, -1]
        _ = pipe(&fds)
        close(fds[1])
        defer { close(fds[0]) }
        let channel = HostChannel(input: fds[0]) { _ in }
        let values = channel.services.bind { WidgetSharedDefaults(suiteName: "x").values }
        #expect(values.isEmpty)
        #expect(channel.services.bind { UIImage(data: Data([1, 2, 3])) } == nil)
    }
}
