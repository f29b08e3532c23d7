import Foundation
import LocationSupport
import MirrorTestSupport
import SharedTestSupport
import Synchronization
import Testing

@testable import LinuxCoreLocation

/// The route of a replay's fixes to the app, after the hub, pacer and engine changes that made it cheaper (the entry
/// a class updated in place, the handler holding the hub strongly, one lock turn per item, the decision returned):
/// the rules it must still keep.
@Suite struct ReplayDeliveryPathTests {
    /// A replay as fast as possible stopped in a callback while its mailbox is full: no fix after the stop, the
    /// source closed, the provider no longer running, and the provider, the engine and the manager released.
    @Test func aReplayStoppedMidBurstStopsAndIsReleased() {
        let source = BurstSource(numberedItems(20_000))
        var provider: ReplayLocationProvider? = replay(source)
        weak let weakProvider = provider
        let queue = DispatchQueue(label: "delivery-path.stop-mid-burst")
        let delegate = PathDelegate()
        let stopped = DispatchSemaphore(value: 0)
        delegate.onLocations = { manager, count in
            guard count == 300 else { return }
            manager.stopUpdatingLocation()
            stopped.signal()
        }
        let manager = updatingManager(provider!, on: queue, delegate: delegate)
        weak let weakEngine = manager.value?.engine
        #expect(stopped.wait(timeout: .now() + 20) == .success)
        queue.sync {}
        queue.sync {}
        #expect(queue.sync { delegate.latitudes } == (0..<300).map { Double($0) / 100 })
        #expect(source.closeCount == 1)
        #expect(source.readCountAfterClose == 0)
        #expect(provider.map { LocationHub.shared.isRunning($0) } == false)
        queue.sync { manager.value = nil }
        provider = nil
        #expect(weakEngine == nil)
        #expect(weakProvider == nil)
    }

    /// A manager released inside its own callback during a replay as fast as possible: the replay stops (its source
    /// closed), and the manager, its engine and the provider are released.
    @Test func aManagerReleasedInItsCallbackStopsAndReleasesTheReplay() {
        let source = BurstSource(numberedItems(20_000))
        var provider: ReplayLocationProvider? = replay(source)
        weak let weakProvider = provider
        let queue = DispatchQueue(label: "delivery-path.release-in-callback")
        let delegate = PathDelegate()
        let released = DispatchSemaphore(value: 0)
        let watched = Watched()
        _ = updatingManager(provider!, on: queue, delegate: delegate) { manager in
            // On the queue, before the callback that releases it can run.
            (watched.manager, watched.engine) = (manager.value, manager.value?.engine)
            delegate.onLocations = { _, count in
                guard count == 100 else { return }
                manager.value = nil
                released.signal()
            }
        }
        #expect(released.wait(timeout: .now() + 20) == .success)
        queue.sync {}
        queue.sync {}
        #expect(watched.manager == nil)
        #expect(watched.engine == nil)
        #expect(queue.sync { delegate.latitudes } == (0..<100).map { Double($0) / 100 })
        #expect(source.closeCount == 1)
        provider = nil
        #expect(weakProvider == nil)
    }

    /// A delegate released inside its own callback (the app's last reference dropped) hears nothing more, though
    /// the rest of the burst waits in the same hop.
    ///
    /// The test thread must hold no reference of its own: the delegate is read from the box on the queue, in the
    /// block that starts the manager, and the test is not `async` (at -Onone the temporaries of an async function
    /// live until its next `await` returns). A `held.value!` passed from the test thread was still alive there
    /// while the replay ran on the queue, and the delegate heard up to a hop more (about 1 run in 40 under load).
    @Test func aDelegateReleasedMidHopHearsNothingMore() {
        let source = BurstSource(numberedItems(5_000))
        let provider = replay(source)
        let queue = DispatchQueue(label: "delivery-path.delegate-released")
        let held = UncheckedBox<PathDelegate?>(PathDelegate())
        weak let weakDelegate = held.value
        let heard = Locked<[Double]>([])
        let released = DispatchSemaphore(value: 0)
        held.value?.onLocations = { manager, count in
            heard.withLock { $0.append(manager.location?.coordinate.latitude ?? -1) }
            guard count == 50 else { return }
            held.value = nil
            released.signal()
        }
        let manager = UncheckedBox<CLLocationManager?>(
            manager(of: provider, on: queue) { manager in
                manager.delegate = held.value
                manager.pausesLocationUpdatesAutomatically = false
                manager.startUpdatingLocation()
            })
        #expect(released.wait(timeout: .now() + 20) == .success)
        queue.sync {}
        queue.sync {}
        #expect(weakDelegate == nil)
        #expect(heard.withLock { $0 }.count == 50, "last heard: \(heard.withLock { $0 }.suffix(3))")
        queue.sync { manager.value?.stopUpdatingLocation() }
        let count = heard.withLock { $0 }.count
        #expect(count == 50)
        queue.sync { manager.value = nil }
    }

    /// Four managers of one replay as fast as possible, on three queues and a run-loop thread: each gets every fix,
    /// in order, then the end, on its own thread.
    @Test func severalManagersOnDifferentThreadsGetEveryFixInOrder() async {
        let count = 3_000
        // The first read waits until every manager has started: none joins late (a late joiner gets only the latest
        // fix, and no end if the replay ended before it joined).
        let source = BurstSource(numberedItems(count), holdAt: 0)
        let provider = replay(source)
        let authorization = LocationAuthorization(status: .authorizedAlways)
        let queues = (0..<3).map { DispatchQueue(label: "delivery-path.fan-out.\($0)") }
        let delegates = (0..<4).map { _ in PathDelegate() }
        let wrongThread = Atomic<Int>(0)
        let queueKey = DispatchSpecificKey<Int>()
        for (index, queue) in queues.enumerated() {
            queue.setSpecific(key: queueKey, value: index)
            delegates[index].onLocations = { _, _ in
                if DispatchQueue.getSpecific(key: queueKey) != index { wrongThread.add(1, ordering: .relaxed) }
            }
        }
        let thread = CallbackThread()
        defer { thread.stop() }
        let runLoopThread = thread.thread
        delegates[3].onLocations = { _, _ in
            if Thread.current != runLoopThread { wrongThread.add(1, ordering: .relaxed) }
        }
        // Made before the replay starts, so that each hears it from its first fix.
        var managers = queues.enumerated().map { index, queue in
            queue.sync {
                let manager = CLLocationManager(
                    configuration: LocationManagerConfiguration(
                        provider: provider, authorization: authorization, callbackQueue: queue))
                manager.delegate = delegates[index]
                manager.pausesLocationUpdatesAutomatically = false
                return UncheckedBox<CLLocationManager?>(manager)
            }
        }
        managers.append(
            thread.sync {
                let manager = CLLocationManager(
                    configuration: LocationManagerConfiguration(provider: provider, authorization: authorization))
                manager.delegate = delegates[3]
                manager.pausesLocationUpdatesAutomatically = false
                return UncheckedBox<CLLocationManager?>(manager)
            })
        for (index, queue) in queues.enumerated() { queue.sync { managers[index].value?.startUpdatingLocation() } }
        thread.sync { managers[3].value?.startUpdatingLocation() }
        await offThePool { source.waitUntilHeld() }
        source.release()
        let finished = await offThePool {
            delegates.allSatisfy { $0.finished.wait(timeout: .now() + 30) == .success }
        }
        #expect(finished)
        for queue in queues { queue.sync {} }
        thread.sync {}
        let expected = (0..<count).map { Double($0) / 100 }
        for (index, delegate) in delegates.enumerated() {
            #expect(delegate.latitudes == expected, "manager \(index)")
            #expect(delegate.events.last == .providerFinished, "manager \(index)")
        }
        #expect(wrongThread.load(ordering: .relaxed) == 0)
        for (index, queue) in queues.enumerated() { queue.sync { managers[index].value = nil } }
        thread.sync { managers[3].value = nil }
        #expect(!LocationHub.shared.isRunning(provider))
    }

    /// Region monitoring started in the middle of a replay as fast as possible, after fixes outside the region
    /// flowed, with more outside fixes and then fixes inside it to come: the app hears it enter. (Started right
    /// before the first inside fix, the first decision is `inside`, told as a state, not an entry:
    /// `FanOutRegionTests.regionMonitoringStartedAfterFixesFlowed`.)
    @Test func monitoringARegionMidReplayAsFastAsPossibleEntersIt() async {
        let outside = 200
        let items = (0..<400).map { index in
            let time = recordingStart.addingTimeInterval(Double(index))
            let location =
                index < outside ? fixFarFromStop(Double(index), seconds: 0) : fixNearStop(Double(index - outside) / 10)
            return ReplayItem(time: time, event: .locations([location.restamped(time)]))
        }
        let source = BurstSource(items, holdAt: outside - 10)
        let provider = ReplayLocationProvider(
            identifier: "test:regions-mid-replay", capabilities: [.location, .accuracy],
            options: ReplayOptions(speed: .asFastAsPossible), isAvailable: { true }, open: { source })
        let queue = DispatchQueue(label: "delivery-path.regions-mid-replay")
        let delegate = PathDelegate()
        let manager = updatingManager(provider, on: queue, delegate: delegate)
        await offThePool { source.waitUntilHeld() }
        // The replay waits to read the tenth fix before the first inside one.
        queue.sync {}
        queue.sync { manager.value?.startMonitoring(for: fanOutStopRegion) }
        source.release()
        #expect(await offThePool { delegate.finished.wait(timeout: .now() + 20) } == .success)
        queue.sync {}
        let regions = regionEvents(delegate.events)
        #expect(regions == [.state(.outside, "stop"), .state(.inside, "stop"), .entered("stop")], "\(regions)")
        queue.sync { manager.value = nil }
    }

    /// The same with a paced replay on a manual clock: monitoring starts between two fixes, the next fix inside.
    @Test func monitoringARegionMidPacedReplayEntersIt() {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 100))
        let items = (0..<6).map { index in
            let time = recordingStart.addingTimeInterval(Double(index))
            let location = index < 3 ? fixFarFromStop(Double(index)) : fixNearStop(Double(index))
            return ReplayItem(time: time, event: .locations([location.restamped(time)]))
        }
        let source = BurstSource(items)
        let provider = replay(source, speed: .factor(1), clock: clock)
        let queue = DispatchQueue(label: "delivery-path.regions-paced")
        let delegate = PathDelegate()
        let manager = updatingManager(provider, on: queue, delegate: delegate)
        clock.advance(by: 1)  // fixes 0 and 1, outside
        queue.sync {}
        #expect(queue.sync { delegate.latitudes.count } == 2)
        queue.sync { manager.value?.startMonitoring(for: fanOutStopRegion) }
        clock.advance(by: 1)  // fix 2, outside
        queue.sync {}
        clock.advance(by: 1)  // fix 3, inside
        queue.sync {}
        queue.sync {}
        #expect(
            regionEvents(delegate.events) == [.state(.outside, "stop"), .state(.inside, "stop"), .entered("stop")])
        queue.sync { manager.value?.stopUpdatingLocation() }
        clock.advance(by: 10)
        queue.sync {}
        #expect(queue.sync { delegate.latitudes.count } == 4)
        queue.sync { manager.value = nil }
    }

    /// A paced replay stopped in a callback on its manual clock: nothing after, the source closed, and the provider
    /// released even though its cancelled timer waits in the clock.
    @Test func aPacedReplayStoppedInACallbackStopsAndIsReleased() {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 100))
        let source = BurstSource(numberedItems(10))
        var provider: ReplayLocationProvider? = replay(source, speed: .factor(2), clock: clock)
        weak let weakProvider = provider
        let queue = DispatchQueue(label: "delivery-path.paced-stop")
        let delegate = PathDelegate()
        delegate.onLocations = { manager, count in if count == 3 { manager.stopUpdatingLocation() } }
        let manager = updatingManager(provider!, on: queue, delegate: delegate)
        for _ in 0..<4 {
            clock.advance(by: 0.5)
            queue.sync {}
        }
        #expect(queue.sync { delegate.latitudes } == [0, 0.01, 0.02])
        clock.advance(by: 10)
        queue.sync {}
        #expect(queue.sync { delegate.latitudes } == [0, 0.01, 0.02])
        #expect(source.closeCount == 1)
        queue.sync { manager.value = nil }
        provider = nil
        #expect(weakProvider == nil)
    }

    /// Two managers of one replay as fast as possible on one queue (one lane, served manager by manager in each hop):
    /// the first stops in its 100th callback and hears nothing more; the second hears every fix, in order.
    @Test func oneOfTwoManagersOnAQueueStopsMidBurst() {
        let count = 2_000
        let source = BurstSource(numberedItems(count), holdAt: 0)
        let provider = replay(source)
        let queue = DispatchQueue(label: "delivery-path.one-lane-stop")
        let stopping = PathDelegate()
        let staying = PathDelegate()
        stopping.onLocations = { manager, count in if count == 100 { manager.stopUpdatingLocation() } }
        let first = updatingManager(provider, on: queue, delegate: stopping)
        let second = updatingManager(provider, on: queue, delegate: staying)
        source.waitUntilHeld()
        source.release()
        #expect(staying.finished.wait(timeout: .now() + 20) == .success)
        queue.sync {}
        #expect(queue.sync { stopping.latitudes } == (0..<100).map { Double($0) / 100 })
        #expect(queue.sync { staying.latitudes } == (0..<count).map { Double($0) / 100 })
        queue.sync {
            first.value = nil
            second.value = nil
        }
        #expect(!LocationHub.shared.isRunning(provider))
    }

    /// Two managers of one replay as fast as possible on one queue: the first releases itself in its 100th callback,
    /// mid-hop (the lane still lists its engine); it and its engine go, the second hears every fix.
    @Test func oneOfTwoManagersOnAQueueReleasesItselfMidBurst() {
        let count = 2_000
        let source = BurstSource(numberedItems(count), holdAt: 0)
        let provider = replay(source)
        let queue = DispatchQueue(label: "delivery-path.one-lane-release")
        let releasing = PathDelegate()
        let staying = PathDelegate()
        let watched = Watched()
        let first = updatingManager(provider, on: queue, delegate: releasing) { manager in
            watched.engine = manager.value?.engine
            releasing.onLocations = { _, count in if count == 100 { manager.value = nil } }
        }
        _ = first
        let second = updatingManager(provider, on: queue, delegate: staying)
        source.waitUntilHeld()
        source.release()
        #expect(staying.finished.wait(timeout: .now() + 20) == .success)
        queue.sync {}
        #expect(watched.engine == nil)
        #expect(queue.sync { releasing.latitudes } == (0..<100).map { Double($0) / 100 })
        #expect(queue.sync { staying.latitudes } == (0..<count).map { Double($0) / 100 })
        queue.sync { second.value = nil }
        #expect(!LocationHub.shared.isRunning(provider))
    }
}
