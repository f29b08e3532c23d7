import Dispatch
import Foundation
import GPSD
import LocationSupport
import SharedTestSupport
import Testing

/// `GPSDProbe`: a bounded connect-and-read-the-banner check that sends nothing.
@Suite struct ProbeTests {
    /// Runs the probe on another thread while the test plays the server.
    private func probe(_ endpoint: GPSDEndpoint, timeout: Double = 1, server: () throws -> Void) rethrows
        -> Result<GPSDVersion, GPSDDisconnectReason>?
    {
        let done = DispatchSemaphore(value: 0)
        let box = ResultBox()
        DispatchQueue.global().async {
            box.result = GPSDProbe.version(at: endpoint, timeout: timeout)
            done.signal()
        }
        try server()
        return done.wait(timeout: .now() + 10) == .success ? box.result : nil
    }

    private final class ResultBox: @unchecked Sendable {
        // Written before the semaphore is signalled, read after a successful wait.
        var result: Result<GPSDVersion, GPSDDisconnectReason>?
    }

    @Test func readsTheBannerAndSendsNothing() throws {
        let server = try FakeGPSD()
        var peer: FakeGPSD.Peer?
        let result = try probe(server.endpoint) {
            peer = try server.accept()
            try peer?.send(Greeting.version + Greeting.devices)
        }
        #expect(result == .success(GPSDVersion(release: "3.22", revision: "3.22", protocolMajor: 3, protocolMinor: 14)))
        #expect(try peer?.readUntilClosed() == [])
    }

    /// Trap audit (issue 16): an unbounded budget makes the deadline `.distantFuture` (`UInt64.max` nanoseconds),
    /// the extreme of the wait's arithmetic.
    @Test func anInfiniteBudgetWaitsForTheBannerWithoutTrapping() throws {
        let server = try FakeGPSD()
        let result = try probe(server.endpoint, timeout: .infinity) { try server.accept().send(Greeting.version) }
        #expect((try? result?.get())?.protocolMajor == 3)
    }

    @Test func worksOverAUnixSocket() throws {
        let path = "/tmp/gpsd-probe-\(getpid())-\(UInt32.random(in: 0...UInt32.max)).sock"
        let server = try FakeGPSD(unixPath: path)
        let result = try probe(server.endpoint) { try server.accept().send(Greeting.version) }
        #expect((try? result?.get())?.protocolMajor == 3)
    }

    @Test func refusesOtherProtocolsAndOtherFirstLines() throws {
        let server = try FakeGPSD()
        let other = try probe(server.endpoint) {
            try server.accept().send(#"{"class":"VERSION","release":"9","proto_major":4,"proto_minor":1}"# + "\r\n")
        }
        #expect(other == .failure(.unsupportedProtocolVersion(major: 4, minor: 1)))
        let notGpsd = try probe(server.endpoint) { try server.accept().send("SSH-2.0-OpenSSH_9.2\r\n") }
        #expect(notGpsd == .failure(.greetingTimedOut(seconds: 1)))
        let hungUp = try probe(server.endpoint) { try server.accept().close() }
        #expect(hungUp == .failure(.closedByPeer))
    }

    @Test func aMuteOrAbsentServerFailsWithinTheBudget() throws {
        let server = try FakeGPSD()  // the kernel completes the connect; nobody ever writes
        let started = DispatchTime.now()
        #expect(GPSDProbe.version(at: server.endpoint, timeout: 0.3) == .failure(.greetingTimedOut(seconds: 0.3)))
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        #expect(elapsed >= 0.3 && elapsed < 1.3, "took \(elapsed) s")

        guard case .tcp(_, let port) = try FakeGPSD().endpoint else { return }  // closed again at once
        #expect(
            GPSDProbe.version(at: .tcp(host: "127.0.0.1", port: port))
                == .failure(.connectionFailed(errno: ECONNREFUSED)))
        let longPath = "/tmp/" + String(repeating: "x", count: 120)
        guard case .failure(.invalidEndpoint)? = Optional(GPSDProbe.version(at: .unixSocket(path: longPath))) else {
            Issue.record("a 125-byte socket path must be rejected")
            return
        }
    }

    /// Issue 32: `providers` names the receivers gpsd serves, asked with `?DEVICES;`, which watches nothing.
    @Test func devicesAsksForTheListAndReadsItWhateverComesFirst() throws {
        let server = try FakeGPSD()
        let (box, done, peer) = try Self.probeDevices(server, timeout: 2)
        let request = Locked<String?>(nil)
        request.withLock { $0 = try? peer.readLine() }
        try peer.send(
            Greeting.watch
                + #"{"class":"DEVICES","devices":[{"class":"DEVICE","path":"/dev/ttyUSB0","activated":"2026-11-30T06:36:05Z"},"#
                + #"{"class":"DEVICE","path":"/dev/ttyACM0","activated":"2026-11-30T06:36:06Z"}]}"# + "\r\n")
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(request.withLock { $0 } == "?DEVICES;")
        #expect((try? box.result?.get())?.map(\.path) == ["/dev/ttyUSB0", "/dev/ttyACM0"])
        #expect(try peer.readUntilClosed() == [], "nothing else was asked, no ?WATCH")
    }

    @Test func devicesWithoutAReplyTimesOut() throws {
        let server = try FakeGPSD()
        let (box, done, peer) = try Self.probeDevices(server, timeout: 0.5)
        #expect(done.wait(timeout: .now() + 10) == .success)
        #expect(box.result == .failure(.replyTimedOut(request: "?DEVICES;", seconds: 0.5)))
        peer.close()
    }

    /// Starts `GPSDProbe.devices` against `server` on another thread, accepts its connection and greets it.
    private static func probeDevices(_ server: FakeGPSD, timeout: Double) throws -> (
        DevicesBox, DispatchSemaphore, FakeGPSD.Peer
    ) {
        let done = DispatchSemaphore(value: 0)
        let box = DevicesBox()
        let endpoint = server.endpoint
        DispatchQueue.global().async {
            box.result = GPSDProbe.devices(at: endpoint, timeout: timeout)
            done.signal()
        }
        let peer = try server.accept()
        try peer.send(Greeting.version)
        return (box, done, peer)
    }

    private final class DevicesBox: @unchecked Sendable {
        // Written before the semaphore is signalled, read after a successful wait.
        var result: Result<[GPSDDevice], GPSDDisconnectReason>?
    }
}
