import Foundation
import LocationSupport
import Testing

@testable import LinuxCoreLocation

/// A clock that, once armed, makes its next reader of `now` say so and wait until released: the hub reads a
/// provider's clock after routing an event and before posting it, so a test can hold a provider's thread there.
private final class PausingClock: LocationClock, @unchecked Sendable {
    private let base = ManualClock()
    private let armed = Locked(false)
    let reached = DispatchSemaphore(value: 0)
    private let released = DispatchSemaphore(value: 0)

    var now: Date {
        let wasArmed = armed.withLock { armed in
            defer { armed = false }
            return armed
        }
        if wasArmed {
            reached.signal()
            released.wait()
        }
        return base.now
    }

    func schedule(after delay: TimeInterval, _ action: @escaping @Sendable () -> Void) -> LocationClockTimer {
        base.schedule(after: delay, action)
    }

    func arm() { armed.withLock { $0 = true } }
    func release() { released.signal() }
}

/// A replay that announces bursts, driven by the test: ``send(_:moreFollow:)`` hands an event over on the calling
/// thread, and ``stop()`` returns only once an event being handed over has been posted, as the pacer's does (its
/// lock is held through the hand-off).
private final class DrivenBurstProvider: LocationProvider, @unchecked Sendable {
    let identifier = "test:driven-burst"
    let capabilities: LocationProviderCapabilities = [.location, .accuracy]
    let isAvailable = true
    let pausing = PausingClock()
    var clock: any LocationClock { pausing }
    private let handOff = NSLock()
    private let handler = Locked<ReplayPacer.Handler?>(nil)
    private let sending = Locked(false)

    var pacing: LocationProviderPacing {
        .replay(announcingBursts: { [self] handler in self.handler.withLock { $0 = handler } })
    }

    func start(_ handler: @escaping @Sendable (LocationProviderEvent) -> Void) {}

    func stop() {
        if sending.withLock({ $0 }) { pausing.release() }  // the held hand-off goes on; stop waits for it below
        handOff.withLock { handler.withLock { $0 = nil } }
    }

    func send(_ event: LocationProviderEvent, moreFollow: Bool) {
        handOff.withLock {
            sending.withLock { $0 = true }
            handler.withLock { $0 }?(.event(event, moreFollow: moreFollow))
            sending.withLock { $0 = false }
        }
    }
}

/// The last manager of a bursting replay stops while the replay's thread is between routing an event to it and
/// posting it, with nothing else waiting for the manager's thread.
@Suite struct StopDuringHandOffTests {
    /// An event routed before the stop and posted during it is dropped, and lets go of the engine.
    ///
    /// Announced as followed by more, with nothing else waiting for the manager's thread, it waited in the mailbox
    /// for a hand-over that never came, holding the manager's engine until the thread's mailbox was next used (8
    /// runs in 10 before the fix).
    @Test func anEventPostedAsTheLastManagerStopsIsDroppedAndReleasesTheEngine() {
        let provider = DrivenBurstProvider()
        let queue = DispatchQueue(label: "stop-during-hand-off")
        let delegate = PathDelegate()
        let manager = updatingManager(provider, on: queue, delegate: delegate)
        weak let weakEngine = manager.value?.engine
        provider.send(.locations([fix(0.5, time: recordingStart)]), moreFollow: false)
        queue.sync {}
        #expect(delegate.latitudes == [0.5])

        provider.pausing.arm()
        let sent = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            provider.send(.locations([fix(0.25, time: recordingStart.addingTimeInterval(1))]), moreFollow: true)
            sent.signal()
        }
        provider.pausing.reached.wait()  // routed to the manager's thread, not yet posted
        queue.sync { manager.value?.stopUpdatingLocation() }
        sent.wait()
        queue.sync {}
        queue.sync { manager.value = nil }
        #expect(weakEngine == nil)
        #expect(delegate.latitudes == [0.5])
    }
}
