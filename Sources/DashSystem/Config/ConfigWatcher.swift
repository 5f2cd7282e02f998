import DashCore
import Foundation
import Synchronization

#if canImport(Glibc)
import Glibc
#endif

/// Tells the run loop when the config file changes on disk, without polling.
///
/// Watches the file's *directory* with inotify, because editors save by writing a new file and
/// renaming it over the old one (the old inode, and a watch on it, is gone) and because the
/// file may not exist yet. A background thread blocks in `poll()` on the inotify descriptor
/// and a stop pipe, with no time-out; on an event naming the file it sets ``changed`` and
/// calls the waker, and the run loop's `advance()` does the reading. Nothing runs while
/// nothing changes.
///
/// Sendable: the descriptors are fixed at creation and closed only after the thread has been
/// told to stop and has exited (``stop()`` joins it); the flag and waker are behind mutexes.
public final class ConfigWatcher: ConfigWatching {
    private let inotifyFD: Int32
    private let stopRead: Int32
    private let stopWrite: Int32
    private let fileName: String
    private let flag = Mutex(false)
    private let waker = Mutex<(@Sendable () -> Void)?>(nil)
    private let done = Mutex(false)
    private let finished = Atomic<Bool>(false)

    /// Starts watching `file`'s directory; nil when inotify or the directory is unavailable
    /// (the dashboard then simply does not reload by itself).
    public init?(file: URL) {
        #if canImport(Glibc)
        let directory = file.deletingLastPathComponent().path
        fileName = file.lastPathComponent
        let fd = inotify_init1(Int32(IN_CLOEXEC) | Int32(IN_NONBLOCK))
        guard fd >= 0 else { return nil }
        let mask = UInt32(IN_CLOSE_WRITE) | UInt32(IN_MOVED_TO) | UInt32(IN_CREATE) | UInt32(IN_DELETE) | UInt32(IN_MOVED_FROM)
        guard inotify_add_watch(fd, directory, mask) >= 0 else { close(fd); return nil }
        var pipeFDs: [Int32] = [0, 0]
        guard pipe(&pipeFDs) == 0 else { close(fd); return nil }
        // Like the inotify descriptor, the stop pipe stays out of the programs the dashboard starts.
        for end in pipeFDs { _ = fcntl(end, F_SETFD, FD_CLOEXEC) }
        inotifyFD = fd
        stopRead = pipeFDs[0]
        stopWrite = pipeFDs[1]
        let thread = Thread { [self] in
            Thread.current.name = "config watcher"
            self.loop()
        }
        thread.start()
        #else
        return nil
        #endif
    }

    /// Sets the function that wakes the run loop.
    public func setWaker(_ wake: @escaping @Sendable () -> Void) { waker.withLock { $0 = wake } }

    /// True once if the file changed since the last call.
    public func takeChange() -> Bool { flag.withLock { let v = $0; $0 = false; return v } }

    /// Stops the thread and waits for it (tests; the dashboard lives as long as the process).
    public func stop() {
        let already = done.withLock { let v = $0; $0 = true; return v }
        guard !already else { return }
        var byte: UInt8 = 1
        _ = write(stopWrite, &byte, 1)
        while !finished.load(ordering: .acquiring) { usleep(1000) }
        close(inotifyFD)
        close(stopRead)
        close(stopWrite)
    }

    deinit { stop() }

    private func loop() {
        #if canImport(Glibc)
        defer { finished.store(true, ordering: .releasing) }
        var fds = [pollfd(fd: inotifyFD, events: Int16(POLLIN), revents: 0), pollfd(fd: stopRead, events: Int16(POLLIN), revents: 0)]
        let size = 4096
        let buffer = UnsafeMutableRawPointer.allocate(byteCount: size, alignment: 8)
        defer { buffer.deallocate() }
        while true {
            fds[0].revents = 0
            fds[1].revents = 0
            // Blocks until an event or stop(): no time-out, no polling loop.
            if poll(&fds, 2, -1) < 0 { if errno == EINTR { continue } else { return } }
            if fds[1].revents != 0 { return }
            guard fds[0].revents & Int16(POLLIN) != 0 else { continue }
            var relevant = false
            while true {
                let n = read(inotifyFD, buffer, size)
                guard n > 0 else { break }
                var offset = 0
                // Events are variable length: a header, then a NUL-padded name of `len` bytes.
                while offset + MemoryLayout<inotify_event>.size <= n {
                    let event = buffer.load(fromByteOffset: offset, as: inotify_event.self)
                    let nameStart = buffer.advanced(by: offset + MemoryLayout<inotify_event>.size)
                    let length = Int(event.len)
                    if length > 0 {
                        let name = String(cString: nameStart.assumingMemoryBound(to: CChar.self))
                        if name == fileName { relevant = true }
                    }
                    offset += MemoryLayout<inotify_event>.size + length
                }
            }
            if relevant {
                flag.withLock { $0 = true }
                waker.withLock { $0 }?()
            }
        }
        #endif
    }
}
