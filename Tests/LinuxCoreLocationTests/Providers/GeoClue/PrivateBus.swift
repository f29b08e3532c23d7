import DBus
import Foundation
import SharedTestSupport
import Testing

/// A `dbus-daemon` of the test's own, listening on a socket in a temporary directory, with the system bus's message
/// size limit (32 MiB) and a policy that lets every connection own names and send to every other: the bus a hostile
/// local user shares with the provider, without root and without touching the machine's own buses.
final class PrivateBus: Sendable {
    /// Where the bus listens.
    let address: DBusAddress
    private let directory: URL
    private let daemon: UncheckedBox<Process>

    /// The daemon, the way Debian installs it.
    static let daemonPath = "/usr/bin/dbus-daemon"

    /// The system bus's `max_message_size` (dbus-daemon's default for every bus): 32 MiB.
    static let maximumMessageSize = 32 << 20

    /// Starts a bus and waits (at most 5 s) until it accepts connections.
    ///
    /// - Throws: The skip of `Integration.stop(missing:sourceLocation:)` when `dbus-daemon` is not installed, or
    ///   why the daemon did not start.
    static func start() throws -> PrivateBus {
        guard FileManager.default.isExecutableFile(atPath: daemonPath) else {
            try Integration.stop(missing: "\(daemonPath) (not installed: apt-get install dbus)")
        }
        return try PrivateBus()
    }

    private init() throws {
        directory = FileManager.default.temporaryDirectory.appendingPathComponent("lcl-bus-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let socket = directory.appendingPathComponent("bus").path
        address = DBusAddress(.path(socket))
        let configuration = directory.appendingPathComponent("bus.conf")
        try """
        <!DOCTYPE busconfig PUBLIC "-//freedesktop//DTD D-Bus Bus Configuration 1.0//EN"
         "http://www.freedesktop.org/standards/dbus/1.0/busconfig.dtd">
        <busconfig>
          <listen>unix:path=\(socket)</listen>
          <auth>EXTERNAL</auth>
          <policy context="default">
            <allow user="*"/>
            <allow own="*"/>
            <allow send_destination="*"/>
            <allow receive_sender="*"/>
          </policy>
          <limit name="max_message_size">\(Self.maximumMessageSize)</limit>
        </busconfig>
        """.write(to: configuration, atomically: true, encoding: .utf8)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: Self.daemonPath)
        process.arguments = ["--config-file=\(configuration.path)", "--nofork", "--nopidfile"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        daemon = UncheckedBox(process)
        for _ in 0..<500 {
            if let probe = try? DBusConnection(address: address, replyTimeout: 1) {
                probe.close()
                return
            }
            guard process.isRunning else { break }
            usleep(10_000)
        }
        stop()
        throw CocoaError(
            .executableLoad, userInfo: [NSLocalizedDescriptionKey: "dbus-daemon did not start listening on \(socket)"])
    }

    /// Ends the daemon and removes its directory; safe to call more than once.
    ///
    /// SIGKILL, not SIGTERM: the daemon inherits the signal mask of the test's thread, on which the test runner
    /// blocks SIGTERM, so `terminate()` would leave it running.
    func stop() {
        if daemon.value.isRunning {
            kill(daemon.value.processIdentifier, SIGKILL)
            daemon.value.waitUntilExit()
        }
        try? FileManager.default.removeItem(at: directory)
    }
}
