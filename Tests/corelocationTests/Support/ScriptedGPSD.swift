import Foundation
import SharedTestSupport

#if canImport(Glibc)
    import Glibc
#endif

/// A stand-in for gpsd on 127.0.0.1 (a port the kernel picks) for runs of the built tool: each connection gets
/// gpsd's VERSION greeting, and once it has sent its `?WATCH` command, the DEVICES and WATCH answers followed by
/// the scripted report lines; the connection then stays open until the client closes it.
///
/// Serves connections on a thread of its own until released. Every wait is bounded by poll timeouts.
final class ScriptedGPSD: @unchecked Sendable {  // the listening descriptor is only read after init
    /// The port gpsd listens on.
    let port: UInt16
    private let listener: Int32
    private let lines: [String]
    private let protocolMajor: Int
    private let devices: [String]

    /// Starts listening; `lines` are JSON reports such as `{"class":"TPV",...}`, without line ends;
    /// `protocolMajor` is the protocol version the greeting announces (gpsd 3's by default); `devices` are the paths
    /// the DEVICES answer lists.
    init(lines: [String], protocolMajor: Int = 3, devices: [String] = ["/dev/fake"]) throws {
        let listening = try LoopbackListener()
        listener = listening.descriptor
        port = listening.port
        self.lines = lines
        self.protocolMajor = protocolMajor
        self.devices = devices
        Thread.detachNewThread { [self] in serve() }
    }

    deinit {
        shutdown(listener, Int32(SHUT_RDWR))
        close(listener)
    }

    /// The provider URI that reaches this gpsd.
    var uri: String { "gpsd://127.0.0.1:\(port)" }

    private func serve() {
        while true {
            var poller = pollfd(fd: listener, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 30_000) > 0 else { return }
            let connection = accept(listener, nil, nil)
            guard connection >= 0 else { return }
            let (script, major, paths) = (lines, protocolMajor, devices)
            Thread.detachNewThread {
                Self.talk(on: connection, script: script, protocolMajor: major, devices: paths)
            }
        }
    }

    private static func talk(on connection: Int32, script: [String], protocolMajor: Int, devices: [String]) {
        defer { close(connection) }
        send(
            #"{"class":"VERSION","release":"3.25","rev":"3.25","proto_major":"# + "\(protocolMajor)"
                + #","proto_minor":0}"#, on: connection)
        guard waitForLine(on: connection) else { return }
        let listed = devices.map {
            #"{"class":"DEVICE","path":"\#($0)","driver":"NMEA0183","activated":"2024-01-01T00:00:00.000Z"}"#
        }
        send(#"{"class":"DEVICES","devices":[\#(listed.joined(separator: ","))]}"#, on: connection)
        send(#"{"class":"WATCH","enable":true,"json":true,"nmea":false,"raw":0,"scaled":false}"#, on: connection)
        for line in script { send(line, on: connection) }
        while waitForLine(on: connection) {}  // until the client closes, or 30 s of silence
    }

    private static func send(_ line: String, on connection: Int32) {
        let bytes = Array((line + "\r\n").utf8)
        _ = bytes.withUnsafeBytes { Glibc.send(connection, $0.baseAddress, $0.count, Int32(MSG_NOSIGNAL)) }
    }

    /// Reads until a line end arrives; `false` when the peer closed or stayed silent for 30 s.
    private static func waitForLine(on connection: Int32) -> Bool {
        var byte: UInt8 = 0
        while true {
            var poller = pollfd(fd: connection, events: Int16(POLLIN), revents: 0)
            guard poll(&poller, 1, 30_000) > 0, recv(connection, &byte, 1, 0) == 1 else { return false }
            if byte == UInt8(ascii: "\n") { return true }
        }
    }
}
