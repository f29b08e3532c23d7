import Foundation
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// What a manager's errors say when printed: the code, and which provider or authorization it is about.
@Suite struct ManagerErrorTextTests {
    /// Records the text of every error, on the callback thread.
    private final class ErrorTexts: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
        private let lock = NSLock()
        private var texts: [String] = []
        func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
            lock.withLock { texts.append("\(error)") }
        }
        var all: [String] { lock.withLock { texts } }
    }

    private func errors(
        _ harness: ManagerHarness, _ start: @escaping (CLLocationManager) -> Void
    ) -> [String] {
        let texts = ErrorTexts()
        let manager = harness.thread.sync {
            let manager = CLLocationManager(configuration: harness.configuration())
            manager.delegate = texts
            start(manager)
            return UncheckedBox(manager)
        }
        harness.advance(by: 2)
        _ = manager
        return texts.all
    }

    @Test func aLostFixNamesTheProvider() {
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)])), .init(at: 2, .fixLost)])
        #expect(
            errors(harness) { $0.startUpdatingLocation() } == [
                "locationUnknown: no fix right now from \(harness.provider.identifier); updates go on"
            ])
    }

    @Test func aDenialSaysWhich() {
        let harness = ManagerHarness([], status: .restricted)
        #expect(
            errors(harness) { $0.startUpdatingLocation() } == [
                "denied: location access is restricted (CORELOCATION_AUTHORIZATION)"
            ])
    }

    @Test func headingFailureNamesTheProvider() {
        let harness = ManagerHarness([])
        #expect(
            errors(harness) { $0.startUpdatingHeading() } == [
                "headingFailure: \(harness.provider.identifier) does not measure heading"
            ])
    }
}
