import Foundation
import LocationSupport
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// A provider whose `start` signals that it was entered, then blocks until the test opens its gate.
private final class GatedStartProvider: LocationProvider, @unchecked Sendable {
    let identifier = "gated:start"
    let capabilities: LocationProviderCapabilities = [.location, .accuracy]
    let isAvailable = true
    let clock: any LocationClock = ManualClock()
    let entered = DispatchSemaphore(value: 0)
    let gate = DispatchSemaphore(value: 0)
    private let running = Locked(false)

    var isRunning: Bool { running.withLock { $0 } }

    func start(_ handler: @escaping @Sendable (LocationProviderEvent) -> Void) {
        entered.signal()
        gate.wait()
        running.withLock { $0 = true }
    }

    func stop() { running.withLock { $0 = false } }
}

/// Regression: a second thread's start returned while the first thread's provider start was still under way,
/// so a test advancing a manual clock right after `makeAsyncIterator()` could play the script before the
/// provider had scheduled it, and the live-update and monitor streams waited for ever (CI, 2026-11).
@Suite struct ProviderNeedRaceTests {
    @Test func aStartReturnsOnlyOnceTheProviderRunsEvenWhileAnotherThreadIsStartingIt() {
        let provider = GatedStartProvider()
        let manager = UncheckedBox(
            CLLocationManager(
                configuration: LocationManagerConfiguration(
                    provider: provider, authorization: LocationAuthorization(status: .authorizedWhenInUse),
                    callbackQueue: DispatchQueue(label: "ProviderNeedRaceTests"))))
        let first = DispatchSemaphore(value: 0)
        Thread.detachNewThread {
            manager.value.startUpdatingLocation()
            first.signal()
        }
        provider.entered.wait()  // the first start has claimed the provider and is inside `start`

        let second = DispatchSemaphore(value: 0)
        let runningWhenSecondReturned = Locked<Bool?>(nil)
        Thread.detachNewThread {
            manager.value.startUpdatingLocation()
            runningWhenSecondReturned.withLock { $0 = provider.isRunning }
            second.signal()
        }
        // Before the fix the second start returned at once; give it the chance to, then let the first finish.
        let secondReturnedEarly = second.wait(timeout: .now() + 0.2) == .success
        provider.gate.signal()
        first.wait()
        if !secondReturnedEarly { second.wait() }
        #expect(runningWhenSecondReturned.withLock { $0 } == true)
        manager.value.stopUpdatingLocation()
        #expect(!provider.isRunning)
    }
}
