import Foundation
import LocationSupport
import SharedTestSupport
import Synchronization
import Testing

@testable import LinuxCoreLocation

/// What waits for a manager's callback thread is bounded (issue 16).
///
/// A replay waits for its consumer; a live source that outruns it loses its oldest fixes, counted; a manager
/// whose run loop never runs does not grow.
@Suite struct DeliveryBoundsTests {
    /// A recording of `count` fixes, latitude = index / 10, that records how far the replay has read and can
    /// act when it reaches an index.
    final class CountingSource: ReplaySource, @unchecked Sendable {
        let count: Int
        private let reads = Atomic<Int>(0)
        private let onRead: @Sendable (Int) -> Void

        init(count: Int, onRead: @escaping @Sendable (Int) -> Void) {
            self.count = count
            self.onRead = onRead
        }

        var itemsRead: Int { reads.load(ordering: .sequentiallyConsistent) }

        func next() throws -> ReplayItem? {
            let index = reads.load(ordering: .sequentiallyConsistent)
            guard index < count else { return nil }
            onRead(index)
            reads.store(index + 1, ordering: .sequentiallyConsistent)
            let time = Date(timeIntervalSince1970: 1_700_000_000 + Double(index))
            return ReplayItem(time: time, event: .locations([fix(Double(index) / 10, time: time)]))
        }

        func rewind() throws {}
    }

    /// A live source driven by hand: ``push(_:)`` hands an event to the hub at once, on the caller's thread.
    final class PushedProvider: LocationProvider, @unchecked Sendable {
        let identifier = "test:pushed"
        let capabilities: LocationProviderCapabilities = [.location, .accuracy]
        let isAvailable = true
        let clock: any LocationClock = ManualClock()
        private let handler = Locked<(@Sendable (LocationProviderEvent) -> Void)?>(nil)

        func start(_ handler: @escaping @Sendable (LocationProviderEvent) -> Void) {
            self.handler.withLock { $0 = handler }
        }
        func stop() { handler.withLock { $0 = nil } }

        /// Delivers fixes with latitudes `latitudes`, one event each.
        func push(_ latitudes: [Double]) {
            guard let deliver = handler.withLock({ $0 }) else { return }
            for latitude in latitudes { deliver(.locations([fix(latitude)])) }
        }
    }

    /// A delegate that keeps the latitudes of its fixes, on its callback queue, and signals the end.
    final class LatitudeDelegate: NSObject, LinuxLocationManagerDelegate, @unchecked Sendable {
        var latitudes: [Double] = []
        let finished = DispatchSemaphore(value: 0)
        func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
            latitudes += locations.map(\.coordinate.latitude)
        }
        func locationManagerProviderDidFinish(_ manager: CLLocationManager) { finished.signal() }
    }

    static func configuration(_ provider: any LocationProvider, _ queue: DispatchQueue) -> LocationManagerConfiguration
    {
        LocationManagerConfiguration(
            provider: provider, authorization: LocationAuthorization(status: .authorizedAlways), callbackQueue: queue)
    }

    /// The replay reads no further than a full mailbox until its consumer takes the events.
    ///
    /// The callback queue is blocked until the replay has read a mailbox's worth; the item after them must not be
    /// read before the queue was released. Every fix arrives, in order.
    @Test func aReplayWaitsForItsConsumer() async throws {
        let capacity = CallbackMailbox.capacity
        let readFullMailbox = DispatchSemaphore(value: 0)
        let queueReleased = Atomic<Bool>(false)
        let releasedWhenReadOn = Atomic<Int>(-1)  // 1: the queue had been released when the next item was read
        let source = CountingSource(count: capacity + 100) { index in
            if index == capacity - 1 { readFullMailbox.signal() }
            if index == capacity {
                releasedWhenReadOn.store(
                    queueReleased.load(ordering: .sequentiallyConsistent) ? 1 : 0, ordering: .sequentiallyConsistent)
            }
        }
        let provider = ReplayLocationProvider(
            identifier: "test:backpressure", capabilities: [.location],
            options: ReplayOptions(speed: .asFastAsPossible),
            isAvailable: { true }, open: { source })
        let queue = DispatchQueue(label: "DeliveryBoundsTests.replay")
        let delegate = LatitudeDelegate()
        let manager = UncheckedBox(queue.sync { CLLocationManager(configuration: Self.configuration(provider, queue)) })
        queue.async {
            manager.value.delegate = delegate
            manager.value.pausesLocationUpdatesAutomatically = false
            manager.value.startUpdatingLocation()
            // The callback queue is busy until the replay has read as many fixes as a mailbox holds.
            readFullMailbox.wait()
            queueReleased.store(true, ordering: .sequentiallyConsistent)
        }
        await offThePool { delegate.finished.wait() }
        queue.sync { manager.value.stopUpdatingLocation() }
        #expect(releasedWhenReadOn.load(ordering: .sequentiallyConsistent) == 1)
        #expect(queue.sync { delegate.latitudes } == (0..<(capacity + 100)).map { Double($0) / 10 })
        #expect(manager.value.droppedLocationCount == 0)
    }

    /// A live source delivering 1,000 fixes while the callback queue is busy: the newest fixes a mailbox holds
    /// arrive, in order, and the others are counted as dropped.
    @Test func aLiveSourceThatOutrunsItsConsumerDropsTheOldestFixes() {
        let provider = PushedProvider()
        let queue = DispatchQueue(label: "DeliveryBoundsTests.live")
        let delegate = LatitudeDelegate()
        let manager = UncheckedBox(queue.sync { CLLocationManager(configuration: Self.configuration(provider, queue)) })
        queue.sync {
            manager.value.delegate = delegate
            manager.value.pausesLocationUpdatesAutomatically = false
            manager.value.startUpdatingLocation()
        }
        let release = DispatchSemaphore(value: 0)
        queue.async { release.wait() }
        provider.push((0..<1_000).map { Double($0) / 100 })
        release.signal()
        queue.sync {}
        let kept = CallbackMailbox.capacity
        #expect(queue.sync { delegate.latitudes } == ((1_000 - kept)..<1_000).map { Double($0) / 100 })
        #expect(manager.value.droppedLocationCount == 1_000 - kept)
        queue.sync { manager.value.stopUpdatingLocation() }
    }

    /// Issue 32: at a flood's rate the tool's callbacks waited for a slow standard output, and the notice asked
    /// whether "the run loop of the thread that created it" was running.
    @Test func theDropNoticeNamesTheCausesWithoutGuessing() {
        #expect(
            CallbackMailbox.overflowNotice
                == "a CLLocationManager's callbacks fall behind its provider: the thread they run on is busy or "
                + "blocked — by the callbacks themselves (work that takes long, output that is not taken as fast as the "
                + "fixes come, such as a pipe whose reader is slow) or because its run loop is not running; keeping "
                + "the newest 256 events, dropping older ones (CLLocationManager.droppedLocationCount counts them)")
    }

    /// A manager made on a thread whose run loop never runs holds at most a mailbox's worth of a live source's
    /// fixes, however many come.
    @Test func aManagerWhoseRunLoopNeverRunsHasABoundedMailbox() async {
        let count = 20_000
        let provider = PushedProvider()
        let made = DispatchSemaphore(value: 0)
        let box = Locked<CLLocationManager?>(nil)
        let thread = Thread {
            let manager = CLLocationManager(
                configuration: LocationManagerConfiguration(
                    provider: provider, authorization: LocationAuthorization(status: .authorizedAlways)))
            manager.pausesLocationUpdatesAutomatically = false
            manager.startUpdatingLocation()
            box.withLock { $0 = manager }
            made.signal()
            // The run loop of this thread never runs.
        }
        thread.start()
        await offThePool { made.wait() }
        provider.push((0..<count).map { Double($0) / 10_000 })
        let manager = box.withLock { $0 }
        #expect(manager?.droppedLocationCount == count - CallbackMailbox.capacity)
        #expect(manager?.engine.mailbox.hasRoom == false)
    }
}
