import Glibc

/// A pipe that wakes a thread blocked in ``waitReadable(_:)``.
final class NMEAWakePipe: @unchecked Sendable {
    private let readEnd: Int32
    private let writeEnd: Int32

    init() throws {
        var ends: [Int32] = [-1, -1]
        guard pipe(&ends) == 0 else { throw NMEAStreamError.system("pipe", "cannot create", errno) }
        for end in ends {
            _ = fcntl(end, F_SETFD, FD_CLOEXEC)
            _ = fcntl(end, F_SETFL, O_NONBLOCK)
        }
        readEnd = ends[0]
        writeEnd = ends[1]
    }

    deinit {
        _ = Glibc.close(readEnd)
        _ = Glibc.close(writeEnd)
    }

    /// Wakes the waiting thread; safe from any thread.
    func wake() {
        var byte: UInt8 = 1
        _ = write(writeEnd, &byte, 1)
    }

    /// Empties the pipe after a wake-up that does not end the wait for good (the pipe is non-blocking).
    func drain() {
        var bytes = [UInt8](repeating: 0, count: 16)
        while read(readEnd, &bytes, bytes.count) > 0 {}
    }

    /// Blocks until `stream` has bytes (or reached its end or an error): `true`; or until woken: `false`.
    func waitReadable(_ stream: NMEAFileDescriptor) -> Bool {
        var descriptors = [
            pollfd(fd: stream.descriptor, events: Int16(POLLIN), revents: 0),
            pollfd(fd: readEnd, events: Int16(POLLIN), revents: 0),
        ]
        while true {
            let ready = poll(&descriptors, 2, -1)
            if ready < 0, errno == EINTR { continue }
            if descriptors[1].revents != 0 || ready < 0 { return false }
            return true
        }
    }
}
