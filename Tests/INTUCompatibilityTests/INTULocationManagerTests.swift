import Foundation
import LinuxCoreLocation
import SharedTestSupport
import Testing

@testable import INTULocationManager

/// INTULocationManager's own test suite (`LocationManagerTests/INTULocationManagerTests.m`, its latest revision:
/// 14 `describe` blocks, 25 `it` blocks), translated to Swift Testing against this module: one suite per `describe`,
/// one test per `it`, named as the original.
///
/// The original replaces the `CLLocationManager` with an OCMock and calls the delegate methods itself; here the
/// locations, headings and errors come from a scripted provider on a manual clock, and what it stubbed on
/// `CLLocationManager`'s class methods (services enabled, authorization status, heading available) is the
/// process's or the manager's own authorization and provider. Its `expect(…).will` waits for the main queue;
/// here `settle()` does. Its locations have `kCLLocationAccuracyBest` (−1) as horizontal accuracy, which the
/// mirror drops as invalid: they are 5 m here.
@Suite("INTULocationManagerTests") struct INTULocationManagerTests {
    typealias Step = INTUWorld.Step

    /// The original's `location`: a fresh, accurate fix.
    static func location(at offset: TimeInterval) -> CLLocation { INTUWorld.fix(1, accuracy: 5, at: offset) }

    /// The original's mock heading: 180°, accuracy 1.
    static func mockHeading(at offset: TimeInterval, degrees: Double = 180) -> CLHeading {
        CLHeading(
            magneticHeading: degrees, trueHeading: degrees, headingAccuracy: 1,
            timestamp: INTUWorld.start.addingTimeInterval(offset))
    }

    /// Runs `body` with the process defaults it sets — a default provider with `capabilities`, and the shared
    /// authorization's status and switch — and restores them after; returns what `body` read.
    ///
    static func withProcessDefaults<T>(
        capabilities: LocationProviderCapabilities = [.location], status: CLAuthorizationStatus = .notDetermined,
        servicesEnabled: Bool = true, _ body: () -> T
    ) async -> T {
        await ProcessDefaults.withExclusiveAccess {
            let authorization = LocationAuthorization.shared
            let status0 = authorization.status
            LocationProviders.defaultProvider = ScriptedLocationProvider(
                steps: [], clock: ManualClock(), capabilities: capabilities)
            authorization.setStatus(status)
            authorization.locationServicesEnabled = servicesEnabled
            defer {
                LocationProviders.defaultProvider = nil
                authorization.locationServicesEnabled = true
                authorization.setStatus(status0)
            }
            return body()
        }
    }

    @Suite("location services state") struct LocationServicesState {
        @Test("should indicate if location services are disabled")
        func shouldIndicateIfLocationServicesAreDisabled() async {
            let state = await withProcessDefaults(servicesEnabled: false) {
                INTULocationManager.locationServicesState()
            }
            #expect(state == .disabled)
        }

        @Test("should use the appropriate state based on authorization status")
        func shouldUseTheAppropriateStateBasedOnAuthorizationStatus() async {
            let state = await withProcessDefaults(status: .notDetermined) {
                INTULocationManager.locationServicesState()
            }
            #expect(state == .notDetermined)
        }
    }

    @Suite("heading services state") struct HeadingServicesState {
        @Test("should indicate if heading services are available")
        func shouldIndicateIfHeadingServicesAreAvailable() async {
            let state = await withProcessDefaults(capabilities: [.location, .heading]) {
                INTULocationManager.headingServicesState()
            }
            #expect(state == .available)
        }

        @Test("should indicate if heading services are unavailable")
        func shouldIndicateIfHeadingServicesAreUnavailable() async {
            let state = await withProcessDefaults(capabilities: [.location]) {
                INTULocationManager.headingServicesState()
            }
            #expect(state == .unavailable)
        }
    }

    @Suite("forcing a request to complete") struct ForcingARequestToComplete {
        @Test("should immediately call the request's completion block")
        func shouldImmediatelyCallTheRequestsCompletionBlock() {
            let subject = INTUWorld([])
            let called = Box(false)
            subject.onMain {
                let requestID = subject.manager.requestLocation(withDesiredAccuracy: .city, timeout: 10) { _, _, _ in
                    called.value = true
                }
                subject.manager.forceCompleteLocationRequest(requestID)
            }
            subject.settle()
            #expect(subject.onMain { called.value })
        }
    }

    @Suite("After requesting a location") struct AfterRequestingALocation {
        @Test("can be canceled")
        func canBeCanceled() {
            let subject = INTUWorld([Step(at: 1, .locations([location(at: 1)]))])
            let calls = Box(0)
            subject.onMain {
                let requestID = subject.manager.requestLocation(withDesiredAccuracy: .room, timeout: 10) { _, _, _ in
                    calls.value += 1  // "was not canceled"
                }
                subject.manager.cancelLocationRequest(requestID)
            }
            subject.advance(by: 20)
            #expect(subject.onMain { calls.value } == 0)
        }
    }

    @Suite("After subscribing for significant location changes") struct AfterSubscribingForSignificantLocationChanges {
        @Test("can be canceled")
        func canBeCanceled() {
            let subject = INTUWorld([Step(at: 1, .locations([location(at: 1)]))])
            let calls = Box(0)
            subject.onMain {
                let requestID = subject.manager.subscribeToSignificantLocationChanges { _, _, _ in calls.value += 1 }
                subject.manager.cancelLocationRequest(requestID)
            }
            subject.advance(by: 2)
            #expect(subject.onMain { calls.value } == 0)
        }
    }

    @Suite("After subscribing to heading changes") struct AfterSubscribingToHeadingChanges {
        @Test("can be canceled")
        func canBeCanceled() {
            let subject = INTUWorld(
                [Step(at: 1, .heading(mockHeading(at: 1)))], capabilities: [.location, .heading])
            let calls = Box(0)
            subject.onMain {
                let requestID = subject.manager.subscribeToHeadingUpdates { _, _ in calls.value += 1 }
                subject.manager.cancelHeadingRequest(requestID)
            }
            subject.advance(by: 2)
            #expect(subject.onMain { calls.value } == 0)
        }

        @Test("should stop heading services when all requests are canceled")
        func shouldStopHeadingServicesWhenAllRequestsAreCanceled() {
            let subject = INTUWorld(
                [Step(at: 1, .heading(mockHeading(at: 1)))], capabilities: [.location, .heading])
            let requestID = subject.onMain { subject.manager.subscribeToHeadingUpdates { _, _ in } }
            subject.advance(by: 1)
            // The original reads the manager's private `isUpdatingHeading`; here: the request, and the provider.
            #expect(subject.manager.center.pendingRequests.count == 1 && subject.provider.isRunning)
            subject.onMain { subject.manager.cancelHeadingRequest(requestID) }
            #expect(subject.manager.center.pendingRequests.isEmpty && !subject.provider.isRunning)
        }
    }

    @Suite("Timeouts") struct Timeouts {
        @Test("calls the request callback on location update after a timeout")
        func callsTheRequestCallbackOnLocationUpdateAfterATimeout() {
            let subject = INTUWorld([Step(at: 1, .locations([location(at: 1)]))])
            let callbackCount = Box(0)
            subject.onMain {
                subject.manager.requestLocation(withDesiredAccuracy: .room, timeout: 0.1) { _, _, _ in
                    callbackCount.value += 1
                }
            }
            subject.advance(by: 1)
            #expect(subject.onMain { callbackCount.value } == 1)
        }

        @Test("does not call the request callback on subsequent updates after timeout")
        func doesNotCallTheRequestCallbackOnSubsequentUpdatesAfterTimeout() {
            let subject = INTUWorld([
                Step(at: 1, .locations([location(at: 1)])), Step(at: 2, .locations([location(at: 2)])),
            ])
            let callbackCount = Box(0)
            subject.onMain {
                subject.manager.requestLocation(withDesiredAccuracy: .room, timeout: 0.1) { _, _, _ in
                    callbackCount.value += 1
                }
            }
            subject.advance(by: 2)
            #expect(subject.onMain { callbackCount.value } == 1)
        }
    }

    @Suite("subscribing for location updates with a block") struct SubscribingForLocationUpdatesWithABlock {
        @Test("calls the block on location update")
        func callsTheBlockOnLocationUpdate() {
            let subject = INTUWorld([Step(at: 1, .locations([location(at: 1)]))])
            let called = Box(false)
            subject.onMain { subject.manager.subscribeToLocationUpdates { _, _, _ in called.value = true } }
            subject.advance(by: 1)
            #expect(subject.onMain { called.value })
        }

        @Test("passes the location")
        func passesTheLocation() {
            let location = location(at: 1)
            let subject = INTUWorld([Step(at: 1, .locations([location]))])
            let received = Box<CLLocation?>(nil)
            subject.onMain { subject.manager.subscribeToLocationUpdates { current, _, _ in received.value = current } }
            subject.advance(by: 1)
            #expect(subject.onMain { received.value } === location)
        }
    }

    @Suite("subscribing for significant location changes with a block")
    struct SubscribingForSignificantLocationChangesWithABlock {
        @Test("calls the block on location change")
        func callsTheBlockOnLocationChange() {
            let subject = INTUWorld([Step(at: 1, .locations([location(at: 1)]))])
            let called = Box(false)
            subject.onMain { subject.manager.subscribeToSignificantLocationChanges { _, _, _ in called.value = true } }
            subject.advance(by: 1)
            #expect(subject.onMain { called.value })
        }

        @Test("passes the location")
        func passesTheLocation() {
            let location = location(at: 1)
            let subject = INTUWorld([Step(at: 1, .locations([location]))])
            let received = Box<CLLocation?>(nil)
            subject.onMain {
                subject.manager.subscribeToSignificantLocationChanges { current, _, _ in received.value = current }
            }
            subject.advance(by: 1)
            #expect(subject.onMain { received.value } === location)
        }
    }

    @Suite("subscribing to heading changes with a block") struct SubscribingToHeadingChangesWithABlock {
        @Test("calls the block on heading change")
        func callsTheBlockOnHeadingChange() {
            let subject = INTUWorld(
                [Step(at: 1, .heading(mockHeading(at: 1)))], capabilities: [.location, .heading])
            let called = Box(false)
            subject.onMain { subject.manager.subscribeToHeadingUpdates { _, _ in called.value = true } }
            subject.advance(by: 1)
            #expect(subject.onMain { called.value })
        }

        @Test("passes the heading")
        func passesTheHeading() {
            let heading = mockHeading(at: 1)
            let subject = INTUWorld([Step(at: 1, .heading(heading))], capabilities: [.location, .heading])
            let received = Box<(CLHeading?, INTUHeadingStatus)?>(nil)
            subject.onMain { subject.manager.subscribeToHeadingUpdates { received.value = ($0, $1) } }
            subject.advance(by: 1)
            #expect(subject.onMain { received.value?.0 } === heading)
            #expect(subject.onMain { received.value?.1 } == .success)
        }
    }

    @Suite("when you want to wait for user auth") struct WhenYouWantToWaitForUserAuth {
        @Test("doesnt send a callback until it is agreed")
        func doesntSendACallbackUntilItIsAgreed() {
            let subject = INTUWorld([Step(at: 1, .locations([location(at: 1)]))], status: .notDetermined, answers: [:])
            let callbackCount = Box(0)
            subject.onMain {
                subject.manager.requestLocation(withDesiredAccuracy: .room, timeout: 0.1, delayUntilAuthorized: true) {
                    _, _, _ in callbackCount.value += 1
                }
            }
            subject.advance(by: 1)
            #expect(subject.onMain { callbackCount.value } == 0)
            subject.authorization.setStatus(.authorizedAlways)
            subject.settle()
            subject.advance(by: 1)
            #expect(subject.onMain { callbackCount.value } == 1)
        }
    }

    @Suite("authorization status changes") struct AuthorizationStatusChanges {
        @Test("clears out pending requests when it is denied", arguments: [CLAuthorizationStatus.denied])
        func clearsOutPendingRequestsWhenItIsDenied(_ status: CLAuthorizationStatus) {
            Self.clearsOutPendingRequests(when: status, reporting: .servicesDenied)
        }

        @Test("clears out pending requests when restricted")
        func clearsOutPendingRequestsWhenRestricted() {
            Self.clearsOutPendingRequests(when: .restricted, reporting: .servicesRestricted)
        }

        static func clearsOutPendingRequests(when status: CLAuthorizationStatus, reporting: INTULocationStatus) {
            let subject = INTUWorld([Step(at: 1, .locations([location(at: 1)]))], status: .notDetermined, answers: [:])
            let statuses = Box<[INTULocationStatus]>([])
            subject.onMain {
                subject.manager.requestLocation(withDesiredAccuracy: .room, timeout: 0.1, delayUntilAuthorized: true) {
                    statuses.value.append($2)
                }
            }
            subject.advance(by: 1)
            #expect(subject.onMain { statuses.value } == [])
            subject.authorization.setStatus(status)
            subject.settle()
            #expect(subject.onMain { statuses.value } == [reporting])
        }
    }

    @Suite("when the location manager fails") struct WhenTheLocationManagerFails {
        @Test("should complete all non-recurring requests")
        func shouldCompleteAllNonRecurringRequests() {
            let error = CLError(.network)
            let subject = INTUWorld([Step(at: 0.05, .failed(error)), Step(at: 0.06, .failed(error))])
            let singleCallbackCount = Box(0)
            subject.onMain {
                subject.manager.requestLocation(withDesiredAccuracy: .room, timeout: 0.1, delayUntilAuthorized: true) {
                    _, _, _ in singleCallbackCount.value += 1
                }
            }
            subject.advance(by: 0.05)
            #expect(subject.onMain { singleCallbackCount.value } == 1)
            // Fail it a second time and ensure it doesn't get called a second time
            subject.advance(by: 0.01)
            #expect(subject.onMain { singleCallbackCount.value } == 1)
        }

        @Test("should keep alive all recurring requests")
        func shouldKeepAliveAllRecurringRequests() {
            let error = CLError(.network)
            let subject = INTUWorld([Step(at: 1, .failed(error)), Step(at: 2, .failed(error))])
            let recurringCallbackCount = Box(0)
            subject.onMain {
                subject.manager.subscribeToLocationUpdates(withDesiredAccuracy: .block) { _, _, _ in
                    recurringCallbackCount.value += 1
                }
            }
            subject.advance(by: 1)
            #expect(subject.onMain { recurringCallbackCount.value } == 1)
            // Fail it a second time and see if it's still called
            subject.advance(by: 1)
            #expect(subject.onMain { recurringCallbackCount.value } == 2)
        }
    }

    @Suite("when the device doesn't support heading") struct WhenTheDeviceDoesntSupportHeading {
        /// Heading support going away is, on Linux, the provider reporting a heading failure.
        @Test("should cancel it when support becomes unavailable")
        func shouldCancelItWhenSupportBecomesUnavailable() {
            let subject = INTUWorld(
                [
                    Step(at: 1, .heading(mockHeading(at: 1))), Step(at: 2, .failed(CLError(.headingFailure))),
                    Step(at: 3, .heading(mockHeading(at: 3, degrees: 90))),
                ], capabilities: [.location, .heading])
            let calls = Box<[INTUHeadingStatus]>([])
            subject.onMain { subject.manager.subscribeToHeadingUpdates { calls.value.append($1) } }
            subject.advance(by: 1)
            #expect(subject.manager.center.pendingRequests.count == 1 && subject.provider.isRunning)
            #expect(subject.onMain { calls.value } == [.success])
            subject.advance(by: 1)
            #expect(subject.onMain { calls.value } == [.success, .unavailable])
            subject.advance(by: 1)
            #expect(subject.onMain { calls.value } == [.success, .unavailable], "canceled")
            #expect(subject.manager.center.pendingRequests.isEmpty && !subject.provider.isRunning, "heading stopped")
        }

        @Test("should cancel a new heading subscription before it can even start")
        func shouldCancelANewHeadingSubscriptionBeforeItCanEvenStart() {
            let subject = INTUWorld([Step(at: 1, .heading(mockHeading(at: 1)))], capabilities: [.location])
            let calls = Box<[INTUHeadingStatus]>([])
            subject.onMain { subject.manager.subscribeToHeadingUpdates { calls.value.append($1) } }
            subject.advance(by: 1)
            #expect(subject.onMain { calls.value } == [.unavailable])
        }
    }

    @Suite("multiple simultaneous location requests") struct MultipleSimultaneousLocationRequests {
        /// Issue 27 asked whether a subscription beside pending one-time requests gets every update (a first try
        /// counted 0 calls): it does, 1, 2, 3, 4, and so does the significant-change subscription, through the
        /// pod's single manager.
        @Test("calls each request block correctly")
        func callsEachRequestBlockCorrectly() {
            let subject = INTUWorld([
                Step(at: 1, .locations([INTUWorld.fix(1, accuracy: 2000, at: 1, age: 3600)])),  // inaccurate, old
                Step(at: 2, .locations([INTUWorld.fix(1, accuracy: 50, at: 2)])),  // somewhat accurate
                Step(at: 3, .locations([INTUWorld.fix(1, accuracy: 5, at: 3)])),  // very accurate
                Step(at: 4, .locations([INTUWorld.fix(1, accuracy: 5, at: 4)])),  // another very accurate
            ])
            let counts = Box(
                (singleA: 0, singleASuccess: 0, singleB: 0, singleBSuccess: 0, subscription: 0, significant: 0))
            subject.onMain {
                subject.manager.requestLocation(withDesiredAccuracy: .room, timeout: 0) { _, _, status in
                    counts.value.singleA += 1
                    if status == .success { counts.value.singleASuccess += 1 }
                }
                subject.manager.requestLocation(withDesiredAccuracy: .block, timeout: 0) { _, _, status in
                    counts.value.singleB += 1
                    if status == .success { counts.value.singleBSuccess += 1 }
                }
                subject.manager.subscribeToLocationUpdates { _, _, _ in counts.value.subscription += 1 }
                subject.manager.subscribeToSignificantLocationChanges { _, _, _ in counts.value.significant += 1 }
            }
            // singleA, singleASuccess, singleB, singleBSuccess, subscription, significant changes; after each update.
            let expected: [[Int]] = [
                [0, 0, 0, 0, 1, 1], [0, 0, 1, 1, 2, 2], [1, 1, 1, 1, 3, 3], [1, 1, 1, 1, 4, 4],
            ]
            for (update, want) in expected.enumerated() {
                subject.advance(by: 1)
                let got = subject.onMain { counts.value }
                let counted = [
                    got.singleA, got.singleASuccess, got.singleB, got.singleBSuccess, got.subscription, got.significant,
                ]
                #expect(counted == want, "after update \(update + 1)")
            }
        }
    }
}
