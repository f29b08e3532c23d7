import Dispatch
import Foundation
import Testing

@testable import LinuxCoreLocation

/// The receivers a hop holds over a run of deliveries to one manager (`LocationManagerEngine.HeldReceivers`): a
/// delegate set or an observer added in a callback hears the very next fix, though the rest of the burst waits in
/// the same hop, and a replaced delegate hears nothing more — as Apple's `delegate` property says.
@Suite struct HeldReceiversTests {
    /// 2,000 fixes of a replay as fast as possible, numbered as their latitudes.
    private let expected = (0..<2_000).map { Double($0) / 100 }

    @Test func aDelegateSetMidHopHearsTheNextFixAndTheOldOneNothingMore() {
        let provider = replay(BurstSource(numberedItems(expected.count)))
        let queue = DispatchQueue(label: "held-receivers.delegate")
        let first = PathDelegate()
        let second = PathDelegate()
        first.onLocations = { manager, callbacks in
            if callbacks == 50 { manager.delegate = second }
        }
        let manager = updatingManager(provider, on: queue, delegate: first)
        #expect(second.finished.wait(timeout: .now() + 20) == .success)
        queue.sync {}
        #expect(first.latitudes == Array(expected.prefix(50)))
        #expect(second.latitudes == Array(expected.dropFirst(50)))
        queue.sync { manager.value = nil }
    }

    @Test func anObserverAddedMidHopHearsTheNextFix() {
        let provider = replay(BurstSource(numberedItems(expected.count)))
        let queue = DispatchQueue(label: "held-receivers.observer")
        let delegate = PathDelegate()
        let observer = PathDelegate()
        delegate.onLocations = { manager, callbacks in
            if callbacks == 50 { manager.addObserver(observer) }
        }
        let manager = updatingManager(provider, on: queue, delegate: delegate)
        #expect(observer.finished.wait(timeout: .now() + 20) == .success)
        queue.sync {}
        #expect(delegate.latitudes == expected)
        #expect(observer.latitudes == Array(expected.dropFirst(50)))
        queue.sync { manager.value = nil }
    }
}
