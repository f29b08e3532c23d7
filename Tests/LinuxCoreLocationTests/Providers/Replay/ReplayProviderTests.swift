import Foundation
import Testing

@testable import LinuxCoreLocation

/// A recording held in memory.
final class ArraySource: ReplaySource {
    let items: [ReplayItem]
    private var index = 0
    init(_ items: [ReplayItem]) { self.items = items }
    func next() throws -> ReplayItem? {
        defer { index += 1 }
        return index < items.count ? items[index] : nil
    }
    func rewind() throws { index = 0 }
}

/// Collects what a provider hands the hub.
final class EventLog: @unchecked Sendable {
    private let lock = NSLock()
    private var events: [String] = []
    private let arrived = DispatchSemaphore(value: 0)

    func handler(_ event: LocationProviderEvent) {
        let text: String
        switch event {
        case .locations(let fixes):
            text = fixes.map { "\($0.coordinate.latitude)@\($0.timestamp.timeIntervalSince1970)" }.joined(
                separator: ",")
        case .heading(let heading): text = "heading\(heading.trueHeading)@\(heading.timestamp.timeIntervalSince1970)"
        case .fixLost: text = "lost"
        case .failed(let error): text = "failed(\(error.code))"
        case .finished: text = "finished"
        }
        lock.withLock { events.append(text) }
        arrived.signal()
    }

    var all: [String] { lock.withLock { events } }

    /// Waits, in real time, for events produced on another thread.
    func wait(for count: Int, timeout: TimeInterval = 5) -> [String] {
        let deadline = Date(timeIntervalSinceNow: timeout)
        while all.count < count, arrived.wait(timeout: .now() + max(0, deadline.timeIntervalSinceNow)) == .success {}
        return all
    }
}

private let recorded = Date(timeIntervalSince1970: 1_000)

private func recording(_ offsets: [TimeInterval]) -> [ReplayItem] {
    offsets.enumerated().map { index, offset in
        let time = recorded.addingTimeInterval(offset)
        return ReplayItem(time: time, event: .locations([fix(Double(index + 1), time: time)]))
    }
}

private func provider(
    _ items: [ReplayItem], options: ReplayOptions, clock: any LocationClock = ManualClock()
) -> ReplayLocationProvider {
    ReplayLocationProvider(
        identifier: "test", capabilities: [.location], options: options, clock: clock, isAvailable: { true },
        open: { ArraySource(items) })
}

@Suite struct ReplayProviderTests {
    @Test func pacedReplayFollowsRecordedGapsDividedByTheFactorAndRestamps() {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 50))
        let replay = provider(recording([0, 2, 3, 7]), options: ReplayOptions(speed: .factor(2)), clock: clock)
        let log = EventLog()
        replay.start(log.handler)
        clock.advance(by: 0)
        #expect(log.all == ["1.0@50.0"])
        clock.advance(by: 0.999)
        #expect(log.all == ["1.0@50.0"])
        clock.advance(by: 0.001)
        #expect(log.all == ["1.0@50.0", "2.0@51.0"])
        clock.advance(by: 10)
        #expect(log.all == ["1.0@50.0", "2.0@51.0", "3.0@51.5", "4.0@53.5", "finished"])
        replay.stop()
    }

    @Test func loopingStartsTheNextPassOneSecondAfterTheLastItem() {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 0))
        let replay = provider(recording([0, 4]), options: ReplayOptions(speed: .factor(1), loops: true), clock: clock)
        let log = EventLog()
        replay.start(log.handler)
        clock.advance(by: 10)
        #expect(log.all == ["1.0@0.0", "2.0@4.0", "1.0@5.0", "2.0@9.0", "1.0@10.0"])
        replay.stop()
    }

    @Test func stopEndsTheReplayAtOnce() {
        let clock = ManualClock()
        let replay = provider(recording([0, 1, 2]), options: ReplayOptions(), clock: clock)
        let log = EventLog()
        replay.start(log.handler)
        clock.advance(by: 1)
        replay.stop()
        clock.advance(by: 5)
        #expect(log.all.count == 2)
        #expect(clock.pendingCount == 0)
    }

    @Test func asFastAsPossibleKeepsRecordedTimesAndMovesTheVirtualClock() throws {
        let replay = provider(recording([0, 1, 2.5]), options: ReplayOptions(speed: .asFastAsPossible))
        let log = EventLog()
        replay.start(log.handler)
        #expect(log.wait(for: 4) == ["1.0@1000.0", "2.0@1001.0", "3.0@1002.5", "finished"])
        #expect(replay.clock.now == recorded.addingTimeInterval(2.5))
        replay.stop()
    }

    @Test func asFastAsPossibleLoopsWithIncreasingTimes() {
        let replay = provider(recording([0, 2]), options: ReplayOptions(speed: .asFastAsPossible, loops: true))
        let log = EventLog()
        replay.start(log.handler)
        let events = log.wait(for: 5)
        replay.stop()
        #expect(Array(events.prefix(5)) == ["1.0@1000.0", "2.0@1002.0", "1.0@1003.0", "2.0@1005.0", "1.0@1006.0"])
    }

    @Test func anUnreadableRecordingFailsWithoutFinishing() {
        let clock = ManualClock()
        struct Missing: Error {}
        let replay = ReplayLocationProvider(
            identifier: "missing", capabilities: [.location], options: ReplayOptions(), clock: clock,
            isAvailable: { false }, open: { throw Missing() })
        let log = EventLog()
        replay.start(log.handler)
        clock.advance(by: 1)
        #expect(log.all == ["failed(network)"])
        #expect(!replay.isAvailable)
    }

    @Test(arguments: [
        ("x:f?speed=max", ReplayOptions(speed: .asFastAsPossible)),
        ("x:f?speed=10&loop", ReplayOptions(speed: .factor(10), loops: true)),
        ("x:f", ReplayOptions()),
    ])
    func optionsFromURIs(_ text: String, expected: ReplayOptions) throws {
        #expect(try ReplayOptions(uri: LocationProviderURI(text)) == expected)
    }

    @Test(arguments: ["x:f?speed=0", "x:f?speed=-1", "x:f?speed=fast", "x:f?speed=20000"])
    func badSpeedsAreRejected(_ text: String) {
        #expect(throws: LocationProviderError.self) { try ReplayOptions(uri: LocationProviderURI(text)) }
    }
}
