import Foundation
import LocationSupport
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// What `requestTemporaryFullAccuracyAuthorization(withPurposeKey:…)` answers, after Apple's page for it: an app that
/// already has full accuracy is shown no prompt, and the request fails with `kCLErrorPromptDeclined`; the completion
/// runs on the thread of the delegate's callbacks.
@Suite struct ManagerAccuracyAuthorizationTests {
    /// What each completion received, `nil` for no error, and on which thread.
    private final class Answers: @unchecked Sendable {
        let received = Locked<[(code: CLError.Code?, isError: Bool, thread: Thread)]>([])

        func completion(_ error: (any Error)?) {
            received.withLock { $0.append(((error as? CLError)?.code, error != nil, Thread.current)) }
        }
    }

    /// It ran with `nil`, which tells an iOS app that a prompt was shown and answered.
    @Test func withFullAccuracyTheCompletionGetsPromptDeclined() throws {
        let harness = ManagerHarness([], status: .authorizedWhenInUse)
        let manager = harness.makeManager()
        let answers = Answers()
        harness.on(manager) { manager in
            manager.requestTemporaryFullAccuracyAuthorization(
                withPurposeKey: "Navigation", completion: answers.completion)
        }
        harness.thread.sync {}
        let received = answers.received.withLock { $0 }
        try #require(received.count == 1)
        #expect(received[0].isError && received[0].code == .promptDeclined)
        #expect(received[0].thread === harness.thread.thread)
        #expect(manager.value.accuracyAuthorization == .fullAccuracy)
    }

    /// The async form, as Swift imports Apple's method, throws the error the completion would get; it returned.
    @Test func withFullAccuracyTheAsyncRequestThrowsPromptDeclined() async {
        let harness = ManagerHarness([], status: .authorizedWhenInUse)
        let manager = harness.makeManager()
        await #expect {
            try await manager.value.requestTemporaryFullAccuracyAuthorization(withPurposeKey: "Navigation")
        } throws: { error in
            (error as? CLError)?.code == .promptDeclined
        }
    }

    /// With reduced accuracy Linux has nobody to ask: the request is answered as a prompt the person declined —
    /// no error, the accuracy unchanged, no authorization callback.
    @Test func withReducedAccuracyTheRequestIsAnsweredAsDeclined() throws {
        let harness = ManagerHarness([])
        let authorization = LocationAuthorization(status: .authorizedWhenInUse, accuracy: .reducedAccuracy)
        let delegate = RecordingDelegate()
        let answers = Answers()
        let manager = harness.thread.sync {
            let manager = CLLocationManager(
                configuration: LocationManagerConfiguration(provider: harness.provider, authorization: authorization))
            manager.delegate = delegate
            manager.requestTemporaryFullAccuracyAuthorization(
                withPurposeKey: "Navigation", completion: answers.completion)
            return UncheckedBox(manager)
        }
        harness.thread.sync {}
        let received = answers.received.withLock { $0 }
        try #require(received.count == 1)
        #expect(!received[0].isError)
        #expect(manager.value.accuracyAuthorization == .reducedAccuracy)
        #expect(delegate.events == [.authorization(.authorizedWhenInUse)])
    }
}
