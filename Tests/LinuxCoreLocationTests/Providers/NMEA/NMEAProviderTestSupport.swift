import Foundation
import Glibc
import MirrorTestSupport
import Testing

@testable import LinuxCoreLocation

/// Wraps a sentence body (`GPGGA,...`) as `$body*hh\r\n`, the checksum computed here independently.
func nmeaSentence(_ body: String) -> String {
    let hex = String(body.utf8.reduce(UInt8(0), ^), radix: 16, uppercase: true)
    return "$\(body)*\(hex.count == 1 ? "0" + hex : hex)\r\n"
}

/// Writes `text` to a new temporary file and returns its path; the file is removed when the process ends
/// (tests remove it themselves with ``removeTemporaryLog(_:)``).
func temporaryLog(_ text: String, name: String = "log") -> String {
    let path = FileManager.default.temporaryDirectory
        .appendingPathComponent("nmeaprov-\(UUID().uuidString)-\(name).nmea").path
    _ = FileManager.default.createFile(atPath: path, contents: Data(text.utf8))
    return path
}

/// An epoch's GGA + RMC at 2024-03-23 12:35:`second` at 48° + `second`′ N.
func nmeaEpoch(_ second: Int) -> String {
    let time = String(format: "1235%02d", second)
    let latitude = String(format: "48%07.4f", Double(second))
    return nmeaSentence("GPGGA,\(time),\(latitude),N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
        + nmeaSentence("GPRMC,\(time),A,\(latitude),N,01131.000,E,0.0,0.0,230324,,")
}

/// What ``EventLog`` records for a fix of ``nmeaEpoch(_:)``.
func loggedEpoch(_ second: Int) -> String {
    "\(48 + Double(second) / 60)@\(1_711_197_300.0 + Double(second))"
}

/// A delegate that keeps every location, heading and error, for comparing whole `CLLocation`s.
final class LocationCollector: NSObject, LinuxLocationManagerDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var storedLocations: [CLLocation] = []
    private var storedHeadings: [CLHeading] = []
    private var storedErrors: [CLError.Code] = []
    private let finished = DispatchSemaphore(value: 0)

    var locations: [CLLocation] { lock.withLock { storedLocations } }
    var headings: [CLHeading] { lock.withLock { storedHeadings } }
    var errors: [CLError.Code] { lock.withLock { storedErrors } }

    /// Waits in real time for the provider's end; false after `timeout` seconds.
    func waitUntilFinished(timeout: TimeInterval = 30) -> Bool {
        finished.wait(timeout: .now() + timeout) == .success
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        lock.withLock { storedLocations += locations }
    }
    func locationManager(_ manager: CLLocationManager, didUpdateHeading newHeading: CLHeading) {
        lock.withLock { storedHeadings.append(newHeading) }
    }
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        lock.withLock { storedErrors.append((error as? CLError)?.code ?? .locationUnknown) }
    }
    func locationManagerProviderDidFinish(_ manager: CLLocationManager) {
        finished.signal()
    }
}

/// Plays `provider` through a real `CLLocationManager` (callbacks on a queue of its own) until it finishes.
///
/// With `headings`, it also updates headings, every one (no heading filter).
func playThroughManager(_ provider: any LocationProvider, headings: Bool = false) -> (LocationCollector, finished: Bool)
{
    let queue = DispatchQueue(label: "nmeaprov.callbacks")
    let collector = LocationCollector()
    let manager = manager(of: provider, on: queue) { manager in
        manager.delegate = collector
        manager.pausesLocationUpdatesAutomatically = false  // every fix is compared, standing still or not
        manager.startUpdatingLocation()
        if headings {
            manager.headingFilter = kCLHeadingFilterNone
            manager.startUpdatingHeading()
        }
    }
    let finished = collector.waitUntilFinished()
    queue.sync {
        manager.stopUpdatingLocation()
        manager.stopUpdatingHeading()
    }
    return (collector, finished)
}

/// A pseudo-terminal pair made by the test: the master end, and the slave's path (`/dev/pts/N`).
final class PseudoTerminal {
    private(set) var master: Int32
    let slavePath: String

    // Glibc's Swift module hides the XSI pseudo-terminal functions, so they are looked up by name.
    private typealias OpenFunction = @convention(c) (Int32) -> Int32
    private typealias NameFunction = @convention(c) (Int32) -> UnsafeMutablePointer<CChar>?

    private static func function<F>(_ name: String, as type: F.Type) throws -> F {
        guard let symbol = dlsym(dlopen(nil, RTLD_NOW), name) else { throw POSIXError(.ENOSYS) }
        return unsafeBitCast(symbol, to: type)
    }

    init() throws {
        let openpt = try Self.function("posix_openpt", as: OpenFunction.self)
        let grantpt = try Self.function("grantpt", as: OpenFunction.self)
        let unlockpt = try Self.function("unlockpt", as: OpenFunction.self)
        let ptsname = try Self.function("ptsname", as: NameFunction.self)
        master = openpt(O_RDWR | O_NOCTTY)
        guard master >= 0, grantpt(master) == 0, unlockpt(master) == 0, let name = ptsname(master) else {
            throw POSIXError(.EIO)
        }
        slavePath = String(cString: name)
    }

    func write(_ text: String) {
        write(bytes: Array(text.utf8))
    }

    func write(bytes: [UInt8]) {
        _ = bytes.withUnsafeBytes { Glibc.write(master, $0.baseAddress, $0.count) }
    }

    /// Whether the slave was set raw, as the provider does when it opens it: a new pseudo-terminal is canonical.
    ///
    /// A reliable sign of an open, where ``slaveClosed`` is not: a master reports a hang-up only once a slave
    /// descriptor was opened and closed again.
    var wasOpenedRaw: Bool {
        var settings = termios()
        return tcgetattr(master, &settings) == 0 && settings.c_lflag & tcflag_t(ICANON) == 0
    }

    /// Whether every slave descriptor has been closed (the master reports a hang-up).
    var slaveClosed: Bool {
        var descriptor = pollfd(fd: master, events: Int16(POLLIN), revents: 0)
        _ = poll(&descriptor, 1, 0)
        return descriptor.revents & Int16(POLLHUP) != 0
    }

    /// Closes the master: the device is gone for whoever reads the slave.
    func closeMaster() {
        guard master >= 0 else { return }
        Glibc.close(master)
        master = -1
    }

    deinit { closeMaster() }
}

/// A directory of its own under the temporary directory, for the symbolic links a test names as devices (what
/// socat's `link=` or udev's `/dev/serial/by-id/…` make); ``remove()`` removes it with everything in it.
struct LinkDirectory {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("nmea-links-\(UUID())")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// The path of `name` in the directory.
    func path(_ name: String) -> String { url.appendingPathComponent(name).path }

    /// Makes `link` a symbolic link to `target`, replacing the link it was (as socat does for each new terminal).
    func point(_ link: String, to target: String) throws {
        unlink(link)
        try FileManager.default.createSymbolicLink(atPath: link, withDestinationPath: target)
    }

    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// A TCP server on 127.0.0.1 with a kernel-chosen port, accepting one client at a time.
final class LoopbackServer {
    private let listener: Int32
    private var client: Int32 = -1
    let port: UInt16

    init() throws {
        let listener = socket(AF_INET, Int32(SOCK_STREAM.rawValue), 0)
        self.listener = listener
        var address = sockaddr_in()
        address.sin_family = sa_family_t(AF_INET)
        address.sin_addr.s_addr = inet_addr("127.0.0.1")
        var length = socklen_t(MemoryLayout<sockaddr_in>.size)
        let bound = withUnsafeMutablePointer(to: &address) { pointer in
            pointer.withMemoryRebound(to: sockaddr.self, capacity: 1) { generic in
                bind(listener, generic, length) == 0 && listen(listener, 4) == 0
                    && getsockname(listener, generic, &length) == 0
            }
        }
        guard bound else { throw POSIXError(.EADDRNOTAVAIL) }
        port = UInt16(bigEndian: address.sin_port)
    }

    /// Waits up to `timeout` seconds for the provider to connect.
    func accept(timeout: TimeInterval = 5) -> Bool {
        var descriptor = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(timeout * 1000)) == 1 else { return false }
        client = Glibc.accept(listener, nil, nil)
        return client >= 0
    }

    func send(_ text: String) {
        let bytes = Array(text.utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(client, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Whether the client closed its end: a read returns 0 within `timeout` seconds.
    func clientClosed(timeout: TimeInterval = 5) -> Bool {
        var descriptor = pollfd(fd: client, events: Int16(POLLIN), revents: 0)
        guard poll(&descriptor, 1, Int32(timeout * 1000)) == 1 else { return false }
        var byte: UInt8 = 0
        return recv(client, &byte, 1, 0) == 0
    }

    /// Drops the current client connection.
    func disconnect() {
        guard client >= 0 else { return }
        Glibc.close(client)
        client = -1
    }

    deinit {
        disconnect()
        Glibc.close(listener)
    }
}

/// Runs `body` with standard input replaced by a pipe holding `text`, then restores it.
///
/// No other test reads
/// standard input.
func withStandardInput<T>(_ text: String, _ body: () throws -> T) throws -> T {
    var ends: [Int32] = [-1, -1]
    guard pipe(&ends) == 0 else { throw POSIXError(.EMFILE) }
    let bytes = Array(text.utf8)
    _ = bytes.withUnsafeBytes { Glibc.write(ends[1], $0.baseAddress, $0.count) }
    Glibc.close(ends[1])
    let saved = dup(STDIN_FILENO)
    dup2(ends[0], STDIN_FILENO)
    Glibc.close(ends[0])
    defer {
        dup2(saved, STDIN_FILENO)
        Glibc.close(saved)
    }
    return try body()
}
