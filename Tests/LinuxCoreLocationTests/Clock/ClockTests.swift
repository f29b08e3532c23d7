import Foundation
import Testing

@testable import LinuxCoreLocation

final class Log: @unchecked Sendable {
    private let lock = NSLock()
    private var entries: [String] = []
    func append(_ entry: String) { lock.withLock { entries.append(entry) } }
    var all: [String] { lock.withLock { entries } }
}

@Suite struct ClockTests {
    @Test func manualClockRunsDueActionsInOrderWithTheirOwnTime() {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 100))
        let log = Log()
        clock.schedule(after: 2) { log.append("b@\(clock.now.timeIntervalSince1970)") }
        clock.schedule(after: 1) {
            log.append("a@\(clock.now.timeIntervalSince1970)")
            clock.schedule(after: 0.5) { log.append("c@\(clock.now.timeIntervalSince1970)") }
        }
        let cancelled = clock.schedule(after: 1.2) { log.append("never") }
        cancelled.cancel()
        clock.schedule(after: 5) { log.append("late") }
        clock.advance(by: 2)
        #expect(log.all == ["a@101.0", "c@101.5", "b@102.0"])
        #expect(clock.now.timeIntervalSince1970 == 102)
        #expect(clock.pendingCount == 1)
    }

    @Test func tiesRunInSchedulingOrder() {
        let clock = ManualClock()
        let log = Log()
        for name in ["1", "2", "3"] { clock.schedule(after: 1) { log.append(name) } }
        clock.advance(by: 1)
        #expect(log.all == ["1", "2", "3"])
    }

    @Test func zeroDelayRunsOnTheNextAdvanceNotReentrantly() {
        let clock = ManualClock()
        let log = Log()
        clock.schedule(after: 0) { log.append("ran") }
        #expect(log.all == [])
        clock.advance(by: 0)
        #expect(log.all == ["ran"])
    }
}
