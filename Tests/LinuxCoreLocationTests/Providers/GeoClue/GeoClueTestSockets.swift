import Foundation
import SharedTestSupport
import Synchronization

// The one platform-specific file of the GeoClue tests: Unix domain sockets.
#if canImport(Glibc)
    import Glibc
#elseif canImport(Musl)
    import Musl
#endif

/// Low-level socket calls for the GeoClue tests.
enum GeoClueTestSockets {
    /// A connected pair of stream sockets.
    static func pair() -> (Int32, Int32) {
        var descriptors: [Int32] = [0, 0]
        precondition(socketpair(AF_UNIX, Int32(SOCK_STREAM.rawValue), 0, &descriptors) == 0)
        return (descriptors[0], descriptors[1])
    }

    /// The effective user id of the test process.
    static var userID: UInt32 { geteuid() }

    /// Runs a program to its end with standard input from `/dev/null` and standard error into `errorPath`, and returns
    /// its exit status (or 128 + the signal that ended it).
    ///
    /// Foundation's `Process` is not used: its `waitUntilExit()` did not return for a shell whose background daemons
    /// outlive it.
    static func run(_ arguments: [String], errorPath: String) -> Int32 {
        var actions = posix_spawn_file_actions_t()
        posix_spawn_file_actions_init(&actions)
        defer { posix_spawn_file_actions_destroy(&actions) }
        posix_spawn_file_actions_addopen(&actions, 0, "/dev/null", O_RDONLY, 0)
        posix_spawn_file_actions_addopen(&actions, 2, errorPath, O_WRONLY | O_CREAT | O_TRUNC, 0o644)
        var argv: [UnsafeMutablePointer<CChar>?] = arguments.map { strdup($0) } + [nil]
        defer { for pointer in argv { free(pointer) } }
        var pid: pid_t = 0
        guard posix_spawn(&pid, arguments[0], &actions, nil, &argv, environ) == 0 else { return 127 }
        var status: Int32 = 0
        while waitpid(pid, &status, 0) < 0 && errno == EINTR {}
        let signal = status & 0x7F
        return signal == 0 ? (status >> 8) & 0xFF : 128 + signal
    }
}

/// Serves NMEA sentences on a Unix socket, as a receiver daemon would, to every client in turn (GeoClue's network-NMEA
/// source connects when it starts): `sentences()` is called for each burst, one burst every `interval` seconds, until
/// the client hangs up or ``stop()`` is called.
final class NMEASocketServer: Sendable {
    let path: String
    private let listener: Int32
    private let stopped = Atomic<Bool>(false)
    private let finished = DispatchSemaphore(value: 0)
    private let connections = Atomic<Int>(0)
    private let active = Atomic<Int>(0)

    /// Binds `path` and starts serving on a thread.
    init(path: String, interval: Double, sentences: @escaping @Sendable () -> [String]) throws {
        self.path = path
        let listener = try UnixSocketListener(path: path, backlog: 4).descriptor
        self.listener = listener
        Thread { [self] in
            while !stopped.load(ordering: .relaxed) {
                let client = accept(listener, nil, nil)
                guard client >= 0 else { break }
                connections.add(1, ordering: .relaxed)
                active.add(1, ordering: .relaxed)
                while !stopped.load(ordering: .relaxed) {
                    let bytes = Array(sentences().joined().utf8)
                    guard send(client, bytes, bytes.count, Int32(MSG_NOSIGNAL)) == bytes.count else { break }
                    usleep(useconds_t(interval * 1_000_000))
                }
                close(client)
                active.subtract(1, ordering: .relaxed)
            }
            finished.signal()
        }.start()
    }

    /// How many times a client connected.
    var connectionCount: Int { connections.load(ordering: .relaxed) }

    /// Whether a client is connected now; it counts as gone once a write to it has failed.
    var hasClient: Bool { active.load(ordering: .relaxed) > 0 }

    /// Waits until `condition` holds, checking every 50 ms for at most `timeout` seconds of real time: for what another
    /// process does, never as a substitute for a clock.
    func wait(timeout: Double, until condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !condition() {
            guard Date() < deadline else { return false }
            usleep(50_000)
        }
        return true
    }

    /// Stops serving, closes the socket and removes its file.
    func stop() {
        guard !stopped.exchange(true, ordering: .relaxed) else { return }
        shutdown(listener, Int32(SHUT_RDWR))
        finished.wait()
        close(listener)
        unlink(path)
    }
}
