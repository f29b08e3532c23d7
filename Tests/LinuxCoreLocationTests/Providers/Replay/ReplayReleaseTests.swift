import Foundation
import Testing

@testable import LinuxCoreLocation

/// A recording in memory that records when it is closed and whether it was read after that.
final class ClosingSource: ReplaySource, @unchecked Sendable {
    private let lock = NSLock()
    private let items: [ReplayItem]
    private var index = 0
    private var closes = 0
    private var readsAfterClose = 0

    private let endless: Bool

    /// Creates a source of `items`, read in a loop when `endless`.
    init(_ items: [ReplayItem], endless: Bool = false) {
        self.items = items
        self.endless = endless
    }

    var closeCount: Int { lock.withLock { closes } }
    var readCountAfterClose: Int { lock.withLock { readsAfterClose } }

    func next() throws -> ReplayItem? {
        lock.withLock {
            if closes > 0 { readsAfterClose += 1 }
            defer { index += 1 }
            if endless { return items[index % items.count] }
            return index < items.count ? items[index] : nil
        }
    }

    func rewind() throws { lock.withLock { index = 0 } }

    func close() { lock.withLock { closes += 1 } }
}

private let start = Date(timeIntervalSince1970: 2_000)

private func items(_ count: Int) -> [ReplayItem] {
    (0..<count).map { index in
        let time = start.addingTimeInterval(Double(index))
        return ReplayItem(time: time, event: .locations([fix(Double(index + 1), time: time)]))
    }
}

private func replay(_ source: ClosingSource, speed: ReplayOptions.Speed, clock: any LocationClock = ManualClock())
    -> ReplayLocationProvider
{
    ReplayLocationProvider(
        identifier: "release-test", capabilities: [.location], options: ReplayOptions(speed: speed), clock: clock,
        isAvailable: { true }, open: { source })
}

/// Whether a descriptor of this process is open on `path` (`/proc/self/fd`).
private func hasOpenDescriptor(on path: String) -> Bool {
    let directory = "/proc/self/fd"
    let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory)) ?? []
    return entries.contains {
        (try? FileManager.default.destinationOfSymbolicLink(atPath: "\(directory)/\($0)")) == path
    }
}

@Suite struct ReplayReleaseTests {
    @Test func stoppingAPacedReplayClosesTheSourceBeforeReturning() {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 10))
        let source = ClosingSource(items(5))
        let provider = replay(source, speed: .factor(1), clock: clock)
        let log = EventLog()
        provider.start(log.handler)
        clock.advance(by: 1)
        #expect(log.all == ["1.0@10.0", "2.0@11.0"])
        #expect(source.closeCount == 0)
        provider.stop()
        #expect(source.closeCount == 1)
        clock.advance(by: 10)
        #expect(log.all == ["1.0@10.0", "2.0@11.0"])
        #expect(source.readCountAfterClose == 0)
        provider.stop()
        #expect(source.closeCount == 1)
    }

    @Test func stoppingAReplayAsFastAsPossibleClosesTheSourceAndReadsNoMore() {
        let source = ClosingSource(items(3), endless: true)
        let provider = replay(source, speed: .asFastAsPossible)
        let log = EventLog()
        provider.start(log.handler)
        #expect(log.wait(for: 100).count >= 100)
        provider.stop()
        #expect(source.closeCount == 1)
        let delivered = log.all.count
        #expect(source.readCountAfterClose == 0)
        #expect(log.all.count == delivered)
    }

    @Test func aSourceThatEndedIsClosedOnStopNotBefore() {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 10))
        let source = ClosingSource(items(2))
        let provider = replay(source, speed: .factor(1), clock: clock)
        let log = EventLog()
        provider.start(log.handler)
        clock.advance(by: 5)
        #expect(log.all == ["1.0@10.0", "2.0@11.0", "finished"])
        #expect(source.closeCount == 0)
        provider.stop()
        #expect(source.closeCount == 1)
    }

    @Test func stoppingAnNMEAFileReplayClosesTheFileBeforeReturning() throws {
        let path = temporaryLog(
            nmeaSentence("GPRMC,120000.00,A,4807.038,N,01131.000,E,0.0,0.0,010125,,,A")
                + nmeaSentence("GPRMC,120001.00,A,4807.038,N,01131.000,E,0.0,0.0,010125,,,A")
                + nmeaSentence("GPRMC,120002.00,A,4807.038,N,01131.000,E,0.0,0.0,010125,,,A"))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let clock = ManualClock(start: Date(timeIntervalSince1970: 10))
        let provider = ReplayLocationProvider(
            identifier: "nmea:\(path)", capabilities: [.location], options: ReplayOptions(speed: .factor(1)),
            clock: clock, isAvailable: { true }, open: { try NMEAReplaySource(path: path) })
        let log = EventLog()
        provider.start(log.handler)
        clock.advance(by: 0)
        #expect(log.all.count == 1)
        #expect(hasOpenDescriptor(on: path))
        provider.stop()
        #expect(!hasOpenDescriptor(on: path))
    }

    @Test func aClosedNMEASourceReadsAsEndedAndCannotRewind() throws {
        let path = temporaryLog(nmeaSentence("GPRMC,120000.00,A,4807.038,N,01131.000,E,0.0,0.0,010125,,,A"))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let source = try NMEAReplaySource(path: path)
        #expect(hasOpenDescriptor(on: path))
        source.close()
        #expect(!hasOpenDescriptor(on: path))
        #expect(try source.next() == nil)
        #expect(throws: NMEAStreamError.self) { try source.rewind() }
    }
}
