import Foundation
import LocationSupport
import NMEA0183
import Testing

@testable import LinuxCoreLocation

/// An epoch's GGA + RMC at 2024-03-23 12:35:ss with latitude 48° + `minutes`′ N.
private func epoch(second: Int, minutes: Double) -> String {
    let time = String(format: "1235%02d", second)
    let latitude = String(format: "48%07.4f", minutes)
    return nmeaSentence("GPGGA,\(time),\(latitude),N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
        + nmeaSentence("GPRMC,\(time),A,\(latitude),N,01131.000,E,0.0,0.0,230324,,")
}

/// What ``EventLog`` records for a fix of ``epoch(second:minutes:)``.
private func logged(second: Int, minutes: Double) -> String {
    "\(48 + Double(String(format: "%.4f", minutes))! / 60)@\(1_711_197_300.0 + Double(second))"
}

/// Live providers on a real pseudo-terminal and a real loopback TCP socket.
///
/// Reconnect delays run on a
/// `ManualClock`; the tests wait (with timeouts) only for bytes to cross the kernel.
@Suite struct NMEAProviderLiveTests {
    /// A serial device behind a symbolic link that is pointed to a new pseudo-terminal when the old one closes, as
    /// socat's `link=` is: the loss is reported and the link is reopened after the backoff.
    ///
    /// The link is what a user names: a pseudo-terminal named by its number is not reopened
    /// (`NMEAProviderPseudoTerminalTests`).
    @Test func serialPathReadsAPseudoTerminalAndReportsTheLossWhenItGoes() throws {
        let links = try LinkDirectory()
        defer { links.remove() }
        let link = links.path("gps0")
        let terminal = try PseudoTerminal()
        try links.point(link, to: terminal.slavePath)
        let made = try NMEAProviderFactory.make(LocationProviderURI("nmea:\(link)?baud=9600"))
        #expect((made as? NMEAStreamProvider)?.endpoint == .serialDevice(path: link, baudRate: 9600))
        let clock = ManualClock()
        let provider = NMEAStreamProvider(
            identifier: "pty", endpoint: .serialDevice(path: link, baudRate: 9600),
            capabilities: NMEAProviderFactory.baseCapabilities, clock: clock)
        defer { provider.stop() }
        #expect(provider.isAvailable)
        let log = EventLog()
        provider.start(log.handler)
        terminal.write(epoch(second: 19, minutes: 7.5) + epoch(second: 20, minutes: 3.75))
        // The first epoch is complete once the second begins; the second needs the end of the stream.
        #expect(log.wait(for: 1) == [logged(second: 19, minutes: 7.5)])
        #expect(!terminal.slaveClosed)
        let next = try PseudoTerminal()
        try links.point(link, to: next.slavePath)  // re-pointed, then the old one closes
        terminal.closeMaster()
        let beforeReopen = [logged(second: 19, minutes: 7.5), logged(second: 20, minutes: 3.75), "lost"]
        #expect(log.wait(for: 3) == beforeReopen)
        #expect(Self.wait { clock.pendingCount == 1 })  // the reopen, 0.5 s later on the provider's clock
        clock.advance(by: 0.5)
        #expect(Self.wait { next.wasOpenedRaw }, "the link is reopened")
        next.write(epoch(second: 30, minutes: 1.875) + epoch(second: 31, minutes: 30))
        #expect(log.wait(for: 4) == beforeReopen + [logged(second: 30, minutes: 1.875)])
        provider.stop()
        #expect(clock.pendingCount == 0)
    }

    /// A pseudo-terminal behind a link whose program closed it is said to be gone as what it is: it was "the device is
    /// gone (unplugged?)", and a pseudo-terminal cannot be unplugged (a trial of the tool with socat, whose `link=`
    /// then dangles or is removed).
    @Test func aPseudoTerminalBehindALinkIsSaidToBeClosedNotUnplugged() throws {
        let links = try LinkDirectory()
        defer { links.remove() }
        let link = links.path("gps0")
        let terminal = try PseudoTerminal()
        try links.point(link, to: terminal.slavePath)
        let announced = Locked<[String]>([])
        let provider = NMEAStreamProvider(
            identifier: "nmea:\(link)", endpoint: .serialDevice(path: link, baudRate: 9600),
            capabilities: NMEAProviderFactory.baseCapabilities, clock: ManualClock(), backoff: NMEAReconnectBackoff(),
            options: NMEADecoderOptions(), announce: { line in announced.withLock { $0.append(line) } })
        defer { provider.stop() }
        let log = EventLog()
        provider.start(log.handler)
        #expect(Self.wait { terminal.wasOpenedRaw }, "the device is open")
        terminal.write(epoch(second: 19, minutes: 7.5) + epoch(second: 20, minutes: 3.75))
        #expect(log.wait(for: 1) == [logged(second: 19, minutes: 7.5)])
        terminal.closeMaster()
        #expect(log.wait(for: 3) == [logged(second: 19, minutes: 7.5), logged(second: 20, minutes: 3.75), "lost"])
        #expect(
            announced.withLock { $0 } == [
                "nmea:\(link): the pseudo-terminal is gone (its program closed it); retrying in 0.5 s, then backing off"
            ])
    }

    /// A device whose path went with its stream was unplugged, unless it is a pseudo-terminal.
    @Test func theLossOfAGoneDeviceSaysWhatItWas() {
        #expect(NMEAStreamConnection.goneReason(pseudoTerminal: false) == "the device is gone (unplugged?)")
        #expect(
            NMEAStreamConnection.goneReason(pseudoTerminal: true)
                == "the pseudo-terminal is gone (its program closed it)")
    }

    /// An epoch is delivered when the stream pauses after it.
    ///
    /// Issue 31: a receiver that sends one epoch and goes quiet delivered nothing (the epoch waited for the next
    /// one); now the epoch counts as complete once the stream has paused for the quiet gap after its last byte.
    @Test func anEpochIsDeliveredWhenTheStreamPausesAfterIt() throws {
        let terminal = try PseudoTerminal()
        let clock = ManualClock()
        let provider = NMEAStreamProvider(
            identifier: "pty", endpoint: .serialDevice(path: terminal.slavePath, baudRate: 9600),
            capabilities: NMEAProviderFactory.baseCapabilities, clock: clock)
        let log = EventLog()
        provider.start(log.handler)
        terminal.write(epoch(second: 19, minutes: 7.5))
        // The silence check is pending from the connection; the read adds the pause check.
        #expect(Self.wait { clock.pendingCount == 2 })
        clock.advance(by: NMEAStreamProvider.quietGap - 0.001)
        #expect(log.wait(for: 1, timeout: 0.2) == [])
        clock.advance(by: 0.001)
        #expect(log.wait(for: 1) == [logged(second: 19, minutes: 7.5)])
        // The rest of that epoch after the pause is not reported again; the next epoch is, at the next pause.
        terminal.write(nmeaSentence("GPGST,123519,1.0,2.0,1.5,30.0,1.2,0.9,2.2") + epoch(second: 20, minutes: 3.75))
        #expect(Self.wait { clock.pendingCount == 2 })
        clock.advance(by: NMEAStreamProvider.quietGap)
        #expect(log.wait(for: 2) == [logged(second: 19, minutes: 7.5), logged(second: 20, minutes: 3.75)])
        provider.stop()
        #expect(clock.pendingCount == 0)
    }

    /// Each fix arrives with its cycle's last sentence.
    ///
    /// Issue 31: each fix came one epoch late. Once the receiver's cycle end is learned (its RMC, after three
    /// cycles), an epoch is delivered when its last sentence arrives, with no pause and no next epoch.
    @Test func eachFixArrivesWithItsCyclesLastSentence() throws {
        let terminal = try PseudoTerminal()
        let provider = NMEAStreamProvider(
            identifier: "pty", endpoint: .serialDevice(path: terminal.slavePath, baudRate: 9600),
            capabilities: NMEAProviderFactory.baseCapabilities, clock: ManualClock())
        let log = EventLog()
        provider.start(log.handler)
        terminal.write((0..<4).map { epoch(second: 10 + $0, minutes: Double($0)) }.joined())
        #expect(log.wait(for: 4) == (0..<4).map { logged(second: 10 + $0, minutes: Double($0)) })
        terminal.write(epoch(second: 14, minutes: 4))
        #expect(log.wait(for: 5).last == logged(second: 14, minutes: 4))
        provider.stop()
    }

    /// Polls `condition` for at most 5 s of real time: for what the reader thread does.
    static func wait(until condition: () -> Bool) -> Bool {
        let deadline = Date(timeIntervalSinceNow: 5)
        while !condition() {
            if Date() > deadline { return false }
            usleep(1_000)
        }
        return true
    }

    @Test func stopClosesTheDeviceAndNothingFollows() throws {
        let terminal = try PseudoTerminal()
        let provider = NMEAStreamProvider(
            identifier: "pty", endpoint: .serialDevice(path: terminal.slavePath, baudRate: 4800),
            capabilities: NMEAProviderFactory.baseCapabilities, clock: ManualClock())
        let log = EventLog()
        provider.start(log.handler)
        terminal.write(epoch(second: 19, minutes: 7.5) + epoch(second: 20, minutes: 3.75))
        #expect(log.wait(for: 1).count == 1)
        provider.stop()
        // Waited for, not asked once: a process that another test spawns at that moment holds a copy of every
        // descriptor until its `exec` closes them (they are close-on-exec), and the master reports the hang-up only
        // when the last copy closes. Asked once, this failed in a CI run full of spawned tools; a descriptor the
        // provider left open would still fail it.
        #expect(Self.wait { terminal.slaveClosed })
        terminal.write(epoch(second: 21, minutes: 15))
        #expect(log.all.count == 1)
    }

    @Test func tcpStreamReconnectsAfterTheServerDrops() throws {
        let server = try LoopbackServer()
        let clock = ManualClock()
        let made = try NMEAProviderFactory.makeTCP(LocationProviderURI("nmea+tcp://127.0.0.1:\(server.port)"))
        #expect((made as? NMEAStreamProvider)?.endpoint == .tcp(host: "127.0.0.1", port: server.port))
        let provider = NMEAStreamProvider(
            identifier: "tcp", endpoint: .tcp(host: "127.0.0.1", port: server.port),
            capabilities: NMEAProviderFactory.baseCapabilities, clock: clock)
        let log = EventLog()
        provider.start(log.handler)
        #expect(server.accept())
        server.send(epoch(second: 19, minutes: 7.5) + epoch(second: 20, minutes: 3.75))
        #expect(log.wait(for: 1) == [logged(second: 19, minutes: 7.5)])
        server.disconnect()
        let beforeReconnect = [logged(second: 19, minutes: 7.5), logged(second: 20, minutes: 3.75), "lost"]
        #expect(log.wait(for: 3) == beforeReconnect)
        clock.advance(by: 0.499)
        #expect(!server.accept(timeout: 0.2))  // not yet: the first retry is due after 0.5 s
        clock.advance(by: 0.001)
        #expect(server.accept())
        server.send(epoch(second: 30, minutes: 1.875) + epoch(second: 31, minutes: 30))
        #expect(log.wait(for: 4) == beforeReconnect + [logged(second: 30, minutes: 1.875)])
        provider.stop()
        #expect(server.clientClosed())
        #expect(log.all.count == 4)
    }

    @Test func aRefusedConnectionIsALossRetriedWithBackoff() throws {
        let port = try LoopbackServer().port  // closed again at once: nothing listens there
        let clock = ManualClock()
        let provider = NMEAStreamProvider(
            identifier: "refused", endpoint: .tcp(host: "127.0.0.1", port: port),
            capabilities: NMEAProviderFactory.baseCapabilities, clock: clock,
            backoff: NMEAReconnectBackoff(initialDelay: 1, maximumDelay: 4))
        #expect(!provider.isAvailable)
        let log = EventLog()
        provider.start(log.handler)
        #expect(log.wait(for: 1) == ["lost"])
        provider.stop()
        #expect(clock.pendingCount == 0)
        #expect(log.all == ["lost"])
    }
}
