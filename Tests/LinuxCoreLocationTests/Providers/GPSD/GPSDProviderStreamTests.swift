import Foundation
import GPSD
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// gpsd's JSON lines for the stream tests (the greeting comes from the GPSD tests' `Greeting`).
enum GPSDLines {
    static let watch = #"?WATCH={"enable":true,"json":true}"#
    static let unwatch = #"?WATCH={"enable":false}"#
    static let noFix = #"{"class":"TPV","device":"/dev/pts/1","mode":1,"time":"2026-11-30T06:36:07.000Z"}"# + "\r\n"

    /// A 3D fix at `latitude`, 2026-11-30T06:36:`second`Z.
    static func fix(_ latitude: Double, second: Int) -> String {
        #"{"class":"TPV","mode":3,"time":"2026-11-30T06:36:\#(String(format: "%02d", second)).000Z","lat":\#(latitude),"lon":2.5,"#
            + #""altMSL":35.2,"eph":8.9,"epv":6.2}"# + "\r\n"
    }

    /// What ``EventLog`` records for ``fix(_:second:)``.
    static func logged(_ latitude: Double, second: Int) -> String {
        "\(latitude)@\(1_796_020_560.0 + Double(second))"
    }
}

/// The provider against the loopback fake gpsd of the GPSD tests (`FakeGPSD`, shared by symbolic link).
///
/// Reconnect delays run on the provider's `ManualClock`; tests wait, with timeouts, only for bytes to cross the kernel
/// and for a timer to be set.
@Suite struct GPSDProviderStreamTests {
    /// The provider clock's start: 2026-11-30T06:36:00Z, the day of the fake gpsd's reports.
    static let reportDay = Date(timeIntervalSince1970: 1_796_020_560)

    private func makeProvider(_ server: FakeGPSD, clock: any LocationClock = ManualClock(start: reportDay))
        -> GPSDLocationProvider
    {
        GPSDLocationProvider(
            identifier: "gpsd-test", configuration: GPSDClientConfiguration(endpoint: server.endpoint), clock: clock)
    }

    /// Accepts the provider's connection and checks that it asked to watch.
    private func acceptWatch(_ server: FakeGPSD) throws -> FakeGPSD.Peer {
        let peer = try server.accept()
        #expect(try peer.readLine() == GPSDLines.watch)
        return peer
    }

    /// Waits until the provider holds a fix for its epoch's pause check, then lets the pause pass on `clock`: a lone
    /// report is delivered once no other report of its time has come for the quiet gap (issue 31).
    static func passThePause(_ clock: ManualClock) {
        #expect(waitForPending(clock) { $0.contains(GPSDEpochMerger.quietGap) })
        clock.advance(by: GPSDEpochMerger.quietGap)
    }

    /// Waits (bounded, polling) until the delays of `clock`'s pending timers satisfy `condition`; `false` on timeout.
    static func waitForPending(_ clock: ManualClock, timeout: TimeInterval = 10, _ condition: ([TimeInterval]) -> Bool)
        -> Bool
    {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while !condition(clock.pendingDelays) {
            if Date() > deadline { return false }
            usleep(1_000)
        }
        return true
    }

    @Test func deliversFixesAndStopUnwatchesAndCloses() throws {
        let server = try FakeGPSD()
        let clock = ManualClock(start: Self.reportDay)
        let provider = makeProvider(server, clock: clock)
        let log = EventLog()
        provider.start(log.handler)
        let peer = try acceptWatch(server)
        try peer.send(Greeting.version + Greeting.devices + Greeting.watch + Greeting.tpv)
        Self.passThePause(clock)
        #expect(log.wait(for: 1) == ["48.858370123@1796020566.0"])
        provider.stop()
        #expect(try peer.readUntilClosed() == [GPSDLines.unwatch])
        #expect(log.all.count == 1)
    }

    @Test func lossOfFixIsReportedOncePerOutageAndFixesContinue() throws {
        let server = try FakeGPSD()
        let provider = makeProvider(server)
        defer { provider.stop() }
        let log = EventLog()
        provider.start(log.handler)
        let peer = try acceptWatch(server)
        try peer.send(Greeting.version + GPSDLines.fix(10, second: 1) + GPSDLines.noFix + GPSDLines.noFix)
        try peer.send(#"{"class":"TPV","mode":0}"# + "\r\n" + GPSDLines.fix(11, second: 4) + GPSDLines.noFix)
        try peer.send(GPSDLines.fix(12, second: 6))
        let expected = [
            GPSDLines.logged(10, second: 1), "lost", GPSDLines.logged(11, second: 4), "lost",
            GPSDLines.logged(12, second: 6),
        ]
        #expect(log.wait(for: 5) == expected)
    }

    @Test func disconnectIsALossThenTheClientReconnectsAfterItsBackoff() throws {
        let server = try FakeGPSD()
        let clock = ManualClock(start: Self.reportDay)
        let provider = makeProvider(server, clock: clock)
        defer { provider.stop() }
        let log = EventLog()
        provider.start(log.handler)
        let peer = try acceptWatch(server)
        try peer.send(Greeting.version + GPSDLines.fix(10, second: 1))
        Self.passThePause(clock)
        #expect(log.wait(for: 1) == [GPSDLines.logged(10, second: 1)])
        peer.close()  // gpsd gone
        #expect(log.wait(for: 2) == [GPSDLines.logged(10, second: 1), "lost"])
        #expect(Self.waitForPending(clock) { $0 == [0.25] })  // the client's first backoff delay
        #expect(throws: FakeGPSD.Failure.self) { try server.accept(timeout: 0.2) }  // not before the backoff
        clock.advance(by: 0.25)
        let again = try acceptWatch(server)
        try again.send(Greeting.version + GPSDLines.noFix + GPSDLines.fix(20, second: 9))
        Self.passThePause(clock)
        #expect(log.wait(for: 3) == [GPSDLines.logged(10, second: 1), "lost", GPSDLines.logged(20, second: 9)])
    }

    @Test func attitudeArrivesAsAHeading() throws {
        let server = try FakeGPSD()
        let provider = makeProvider(server)
        defer { provider.stop() }
        let log = EventLog()
        provider.start(log.handler)
        let peer = try acceptWatch(server)
        try peer.send(
            Greeting.version + #"{"class":"ATT","time":"2022-03-29T00:38:32.000Z","heading":244.28}"# + "\r\n")
        #expect(log.wait(for: 1) == ["heading244.28@1648514312.0"])
    }

    @Test func anUnsupportedProtocolFailsTheProviderWithANetworkError() throws {
        let server = try FakeGPSD()
        let clock = ManualClock(start: Self.reportDay)
        let provider = makeProvider(server, clock: clock)
        defer { provider.stop() }
        let log = EventLog()
        provider.start(log.handler)
        let peer = try acceptWatch(server)
        try peer.send(#"{"class":"VERSION","release":"9.0","proto_major":4,"proto_minor":0}"# + "\r\n")
        #expect(log.wait(for: 1) == ["failed(network)"])
        #expect(try peer.readUntilClosed() == [GPSDLines.unwatch])
        #expect(clock.pendingDelays.isEmpty)  // terminal: no reconnect
    }

    @Test func availabilityIsABoundedVersionProbeThatWatchesNothing() throws {
        let server = try FakeGPSD()
        let provider = makeProvider(server)
        let answer = DispatchSemaphore(value: 0)
        let result = UncheckedBox(false)
        DispatchQueue.global().async {
            result.value = provider.isAvailable
            answer.signal()
        }
        let peer = try server.accept()
        try peer.send(Greeting.version)
        #expect(answer.wait(timeout: .now() + 5) == .success)
        #expect(result.value)
        #expect(try peer.readUntilClosed() == [])  // no ?WATCH: gpsd opened no device for the probe

        let started = DispatchTime.now()
        #expect(!provider.isAvailable)  // accepted by the kernel, but no banner
        let elapsed = Double(DispatchTime.now().uptimeNanoseconds - started.uptimeNanoseconds) / 1e9
        #expect(elapsed < 1.9, "the probe took \(elapsed) s")
        let closedPort = GPSDEndpoint.tcp(host: "127.0.0.1", port: try Self.unusedPort())
        #expect(
            !GPSDLocationProvider(identifier: "closed", configuration: GPSDClientConfiguration(endpoint: closedPort))
                .isAvailable)
    }

    /// A port nothing listens on: bound by a fake server that is closed at once.
    static func unusedPort() throws -> UInt16 {
        guard case .tcp(_, let port) = try FakeGPSD().endpoint else { throw FakeGPSD.Failure(description: "not TCP") }
        return port
    }
}

/// The provider behind real managers: values through the delegate, loss and recovery, and the connection's
/// life following the managers' need.
@Suite struct GPSDProviderManagerTests {
    let clock = ManualClock(start: GPSDProviderStreamTests.reportDay)
    let thread = CallbackThread()
    let delegate = RecordingDelegate()

    /// The waits are long (30 s) only to bound a failing run: on a loaded machine the whole suite's threads share two
    /// cores, and 5 s was once too short for the disconnect to be seen.
    @Test func managersSeeFixesLossAndRecoveryAndTheLastStopClosesTheConnection() throws {
        let server = try FakeGPSD()
        let provider = GPSDLocationProvider(
            identifier: "gpsd-managers", configuration: GPSDClientConfiguration(endpoint: server.endpoint),
            clock: clock)
        let authorization = LocationAuthorization(status: .authorizedWhenInUse)
        let delegate = delegate
        let managers = thread.sync {
            (0..<2).map { _ in
                let manager = CLLocationManager(
                    configuration: LocationManagerConfiguration(provider: provider, authorization: authorization))
                manager.delegate = delegate
                manager.startUpdatingLocation()
                return UncheckedBox(manager)
            }
        }
        defer { thread.stop() }
        let peer = try server.accept()
        #expect(try peer.readLine() == GPSDLines.watch)  // one connection for both managers
        try peer.send(Greeting.version + GPSDLines.fix(10, second: 1))
        GPSDProviderStreamTests.passThePause(clock)
        #expect(delegate.wait(timeout: 30) { $0.filter { $0 == .locations([10]) }.count == 2 })
        let location = try #require(thread.sync { managers[0].value.location })
        #expect(location.coordinate.longitude == 2.5 && location.altitude == 35.2)
        #expect(abs(location.horizontalAccuracy - 5.142076) < 1e-6 && abs(location.verticalAccuracy - 3.163265) < 1e-6)
        #expect(location.timestamp == Date(timeIntervalSince1970: 1_796_020_561))

        peer.close()  // gpsd gone: locationUnknown, then the reconnect after the backoff
        #expect(delegate.wait(timeout: 30) { $0.filter { $0 == .error(.locationUnknown) }.count == 2 })
        #expect(GPSDProviderStreamTests.waitForPending(clock) { $0.contains(0.25) })  // the client's backoff
        clock.advance(by: 0.25)
        let again = try server.accept()
        #expect(try again.readLine() == GPSDLines.watch)
        try again.send(Greeting.version + GPSDLines.fix(11, second: 2))
        GPSDProviderStreamTests.passThePause(clock)
        #expect(delegate.wait(timeout: 30) { $0.filter { $0 == .locations([11]) }.count == 2 })
        #expect(delegate.serviceEvents.filter { $0 == .error(.locationUnknown) }.count == 2)

        thread.sync { managers[0].value.stopUpdatingLocation() }
        // Still needed by the second manager: the connection stays open and silent (a timeout, not an EOF).
        #expect {
            try again.readLine(timeout: 0.2)
        } throws: { ($0 as? FakeGPSD.Failure)?.description.hasPrefix("timed out") == true }
        thread.sync { managers[1].value.stopUpdatingLocation() }
        #expect(try again.readUntilClosed() == [GPSDLines.unwatch])  // the last stop unwatches and closes
    }
}
