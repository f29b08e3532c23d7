import Foundation
import LocationSupport
import Testing

@testable import LinuxCoreLocation

/// Location pushes (iOS 15) need Apple's push service, which Linux lacks: the honest answer is Apple's own
/// `unsupportedPlatform` error, on the callback thread (issue 20, finding 7).
@Suite(.timeLimit(.minutes(3))) struct LocationPushTests {
    @Test func completionGetsNoTokenAndUnsupportedPlatformOnTheCallbackThread() throws {
        let harness = ManagerHarness([])
        let manager = harness.makeManager()
        let answer = Locked<(token: Data?, error: (any Error)?, onThread: Bool)?>(nil)
        let thread = ObjectIdentifier(try #require(harness.thread.thread))
        harness.on(manager) { manager in
            manager.startMonitoringLocationPushes { token, error in
                answer.withLock { $0 = (token, error, ObjectIdentifier(Thread.current) == thread) }
            }
            #expect(answer.withLock { $0 } == nil)  // not before the call returns
        }
        harness.thread.sync {}
        let (token, error, onThread) = try #require(answer.withLock { $0 })
        #expect(token == nil && onThread)
        let pushError = try #require(error as? CLLocationPushServiceError)
        #expect(pushError.code == .unsupportedPlatform && pushError.code.rawValue == 4)
        #expect(error.map { $0 as NSError }?.domain == CLLocationPushServiceErrorDomain)
        harness.on(manager) { $0.stopMonitoringLocationPushes() }
    }

    @Test func asyncFormThrowsUnsupportedPlatform() async {
        let manager = CLLocationManager(configuration: LocationManagerConfiguration(provider: nil))
        await #expect(throws: CLLocationPushServiceError(.unsupportedPlatform)) {
            try await manager.startMonitoringLocationPushes()
        }
    }
}
