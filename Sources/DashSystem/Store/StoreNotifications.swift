import DashCore
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#elseif canImport(Darwin)
import Darwin
#endif

/// A dashboard's ear: a Unix datagram socket `PID.sock` in the location's socket directory,
/// read by one background thread blocked in `recv()`.
///
/// No polling: the thread sleeps in the kernel until a script sends, then hands the changes to
/// `onChange` (which queues them and wakes the run loop). `stop()` (or the end of the process)
/// removes the socket file; a file left by a crash is removed by the next writer that finds
/// nobody listening.
public final class StoreListener: Sendable {
    public let path: String
    private let fd: Int32
    private let stopped = StopFlag()

    /// Binds the socket and starts the thread.
    public init(location: StoreLocation, onChange: @escaping @Sendable ([StoreChange]) -> Void) throws(SharedStoreError) {
        let directory = location.socketDirectory
        do { try makePrivateDirectory(directory) } catch {
            throw .unusable(directory.path, "cannot create the socket directory: \(error.localizedDescription)")
        }
        path = directory.appendingPathComponent("\(getpid()).sock").path
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { throw .unusable(path, "socket: \(String(cString: strerror(errno)))") }
        unlink(path)
        guard let bound = withSocketAddress(path, { bind(fd, $0, $1) }), bound == 0 else {
            let why = String(cString: strerror(errno))
            close(fd)
            throw .unusable(path, "bind: \(why) (a socket path has at most 107 bytes)")
        }
        self.fd = fd
        let thread = Thread { [fd, stopped] in
            Thread.current.name = "store listener"
            var buffer = [UInt8](repeating: 0, count: 65_536)
            while !stopped.isSet {
                let n = buffer.withUnsafeMutableBytes { recv(fd, $0.baseAddress, $0.count, 0) }
                if n < 0 {
                    if errno == EINTR { continue }
                    return
                }
                if stopped.isSet { return }
                onChange(StoreChange.parse(String(decoding: buffer[0..<n], as: UTF8.self)))
            }
        }
        thread.start()
    }

    /// Stops the thread and removes the socket file.
    public func stop() {
        guard stopped.set() else { return }
        unlink(path)
        // Wake the blocked recv(); the thread sees the flag and ends.
        shutdown(fd, Int32(SHUT_RDWR))
    }

    deinit {
        stop()
        close(fd)
    }
}

/// A flag the listener thread and `stop()` share (a class, so the thread can hold it).
private final class StopFlag: Sendable {
    private let value = Atomic<Bool>(false)
    var isSet: Bool { value.load(ordering: .acquiring) }
    /// Sets the flag; true when this call set it.
    func set() -> Bool { !value.exchange(true, ordering: .acquiringAndReleasing) }
}

/// A script's voice: sends changes to every dashboard listening on a store.
public enum StoreNotifier {
    /// Sends `changes` to every `*.sock` in the location's socket directory; removes sockets
    /// nobody listens on. Returns how many dashboards were told.
    @discardableResult
    public static func post(_ changes: [StoreChange], location: StoreLocation) -> Int {
        let directory = location.socketDirectory.path
        guard !changes.isEmpty, let names = try? FileManager.default.contentsOfDirectory(atPath: directory) else { return 0 }
        let message = Array(changes.map(\.line).joined(separator: "\n").utf8)
        let fd = socket(AF_UNIX, Int32(SOCK_DGRAM.rawValue) | Int32(SOCK_CLOEXEC.rawValue), 0)
        guard fd >= 0 else { return 0 }
        defer { close(fd) }
        // A dashboard whose queue is full gets a second to drain it; then the message is
        // dropped rather than hanging the script.
        var timeout = timeval(tv_sec: 1, tv_usec: 0)
        setsockopt(fd, SOL_SOCKET, SO_SNDTIMEO, &timeout, socklen_t(MemoryLayout<timeval>.size))
        var told = 0
        for name in names where name.hasSuffix(".sock") {
            let path = directory + "/" + name
            let sent = withSocketAddress(path) { address, length in
                message.withUnsafeBytes { sendto(fd, $0.baseAddress, $0.count, 0, address, length) }
            }
            if let sent, sent >= 0 {
                told += 1
            } else if errno == ECONNREFUSED {
                unlink(path)  // left by a dashboard that died without cleaning up
            }
        }
        return told
    }
}

/// Calls `body` with a `sockaddr_un` for `path`; nil when the path is too long for one.
private func withSocketAddress<R>(_ path: String, _ body: (UnsafePointer<sockaddr>, socklen_t) -> R) -> R? {
    var address = sockaddr_un()
    address.sun_family = sa_family_t(AF_UNIX)
    let bytes = Array(path.utf8)
    let capacity = MemoryLayout.size(ofValue: address.sun_path)
    guard bytes.count < capacity else { return nil }
    withUnsafeMutableBytes(of: &address.sun_path) { raw in
        raw.copyBytes(from: bytes)
        raw[bytes.count] = 0
    }
    return withUnsafePointer(to: &address) {
        $0.withMemoryRebound(to: sockaddr.self, capacity: 1) { body($0, socklen_t(MemoryLayout<sockaddr_un>.size)) }
    }
}
