import Foundation
import LocationSupport
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// A replay as fast as possible to two managers on a run-loop thread, whose first delegate turns the run loop in some
/// of its callbacks, up to three turns deep (``CallbackMailbox/HopWork``).
@Suite struct NestedTurnReplayTests {
    static let count = 3_000

    /// Each manager hears every fix once, in order, and the end.
    @Test func everyFixIsHeardOnceInOrderThroughNestedTurns() async {
        let (thread, managers, delegates, source, depth) = Self.replayToTwoManagers()
        defer { thread.stop() }
        source.release()
        let finished = await offThePool {
            delegates.allSatisfy { $0.finished.wait(timeout: .now() + 30) == .success }
        }
        #expect(finished)
        thread.sync {}
        let expected = (0..<Self.count).map { Double($0) / 100 }
        for (index, delegate) in delegates.enumerated() {
            #expect(delegate.latitudes == expected, "manager \(index)")
            #expect(delegate.events.last == .providerFinished, "manager \(index)")
        }
        #expect(thread.sync { depth.value.deepest } == 3)
        thread.sync { managers.value = [] }
    }

    /// The second manager stops in its first callback inside a nested turn of the first: it hears nothing after, and
    /// the first still hears every fix once, in order.
    @Test func aStopInsideANestedTurnEndsTheCallbacks() async {
        let (thread, managers, delegates, source, depth) = Self.replayToTwoManagers()
        defer { thread.stop() }
        let stoppedAfter = UncheckedBox<Int?>(nil)
        delegates[1].onLocations = { manager, callbacks in
            guard stoppedAfter.value == nil, depth.value.now > 0 else { return }
            manager.stopUpdatingLocation()
            stoppedAfter.value = callbacks
        }
        source.release()
        let finished = await offThePool { delegates[0].finished.wait(timeout: .now() + 30) == .success }
        #expect(finished)
        thread.sync {}
        let expected = (0..<Self.count).map { Double($0) / 100 }
        #expect(delegates[0].latitudes == expected)
        let stopped = thread.sync { stoppedAfter.value }
        #expect(stopped != nil)
        #expect(delegates[1].latitudes == Array(expected.prefix(stopped ?? 0)))
        thread.sync { managers.value = [] }
    }

    /// A replay of ``count`` fixes to two managers on a new run-loop thread, held at its first read.
    ///
    /// The first delegate's callbacks 97 *k*, 97 *k* + 1 and 97 *k* + 2 each turn the run loop (one inside the other)
    /// until five more of its fixes are heard, for 5 s at most. The last box tells how deep its turns are, and were
    /// at most (on the thread only).
    static func replayToTwoManagers() -> (
        CallbackThread, UncheckedBox<[CLLocationManager]>, [PathDelegate], BurstSource,
        UncheckedBox<(now: Int, deepest: Int)>
    ) {
        let depth = UncheckedBox((now: 0, deepest: 0))
        let source = BurstSource(numberedItems(count), holdAt: 0)
        let provider = replay(source)
        let delegates = [PathDelegate(), PathDelegate()]
        delegates[0].onLocations = { _, callbacks in
            let phase = callbacks % 97
            guard phase < 3, depth.value.now == phase else { return }
            depth.value.now += 1
            depth.value.deepest = max(depth.value.deepest, depth.value.now)
            defer { depth.value.now -= 1 }
            turnRunLoop(for: 5, until: { delegates[0].latitudes.count >= callbacks + 5 })
        }
        let thread = CallbackThread()
        let managers = thread.sync {
            UncheckedBox(delegates.map { startedManager(provider, on: nil, delegate: $0) })
        }
        source.waitUntilHeld()
        return (thread, managers, delegates, source, depth)
    }
}
