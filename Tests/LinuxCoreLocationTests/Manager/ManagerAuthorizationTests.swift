import Foundation
import LocationSupport
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// A delegate written before iOS 14: it implements only the older authorization callback.
final class OldStyleDelegate: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
    private let lock = NSLock()
    private var statuses: [CLAuthorizationStatus] = []
    var received: [CLAuthorizationStatus] { lock.withLock { statuses } }

    func locationManager(_ manager: CLLocationManager, didChangeAuthorization status: CLAuthorizationStatus) {
        lock.withLock { statuses.append(status) }
    }
}

/// The usual iOS pattern: start updates from the authorization callback once authorized; counts the starts.
final class StartsWhenAuthorized: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
    let recorder = RecordingDelegate()
    private let lock = NSLock()
    private var started = 0
    var starts: Int { lock.withLock { started } }

    func locationManagerDidChangeAuthorization(_ manager: CLLocationManager) {
        if manager.authorizationStatus == .authorizedWhenInUse {
            lock.withLock { started += 1 }
            manager.startUpdatingLocation()
        }
        recorder.locationManagerDidChangeAuthorization(manager)  // last: a test waiting for it sees the start
    }
}

@Suite struct ManagerAuthorizationTests {
    @Test func creationReportsTheStatusOnce() {
        let harness = ManagerHarness([], status: .authorizedAlways)
        let manager = harness.makeManager()
        harness.thread.sync {}
        #expect(harness.delegate.events == [.authorization(.authorizedAlways)])
        _ = manager
    }

    @Test func requestFromNotDeterminedIsGrantedAndFixesStartFlowing() {
        let user = GatedPolicy(.grant)
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)]))], status: .notDetermined, policy: user.policy)
        let manager = harness.makeManager {
            $0.startUpdatingLocation()
            $0.requestWhenInUseAuthorization()
        }
        harness.thread.sync {}
        #expect(!harness.provider.isRunning)
        #expect(harness.delegate.events == [.authorization(.notDetermined)])
        user.answer()
        #expect(harness.delegate.wait { $0.count == 2 })
        #expect(harness.delegate.events == [.authorization(.notDetermined), .authorization(.authorizedWhenInUse)])
        #expect(harness.provider.isRunning)
        harness.advance(by: 1)
        #expect(harness.delegate.serviceEvents == [.locations([1])])
        _ = manager
    }

    @Test func oneRequestIsAskedAtATimeAndLaterOnesShareItsAnswer() {
        // iOS shows one prompt: requests made while it is up are not asked again (issue 27's tester saw three).
        let asked = Locked<[AuthorizationRequest]>([])
        let user = GatedPolicy(
            AuthorizationPolicy { request, _ in
                asked.withLock { $0.append(request) }
                return request == .always ? .authorizedAlways : .authorizedWhenInUse
            })
        let authorization = LocationAuthorization(status: .notDetermined, policy: user.policy)
        let changed = DispatchSemaphore(value: 0)
        let key = authorization.app.watch { changed.signal() }
        defer { authorization.app.unwatch(key) }
        func waitUntil(_ status: CLAuthorizationStatus) -> Bool {
            while authorization.status != status || authorization.app.snapshot.requestInProgress {
                guard changed.wait(timeout: .now() + 5) == .success else { return false }
            }
            return true
        }
        authorization.app.request(.whenInUse)
        authorization.app.request(.whenInUse)
        authorization.app.request(.always)
        #expect(authorization.app.snapshot.requestInProgress)
        user.answer()
        #expect(waitUntil(.authorizedWhenInUse))
        #expect(asked.withLock { $0 } == [.whenInUse])
        authorization.app.request(.always)  // the upgrade, asked once the first prompt is answered
        user.answer()
        #expect(waitUntil(.authorizedAlways))
        #expect(asked.withLock { $0 } == [.whenInUse, .always])
    }

    /// The creation callback comes before the answer to a request made at once (issue 31).
    ///
    /// An app that asks for authorization before its run loop turns, with a policy that grants at once, heard
    /// `[4, 4]` (the creation callback read the granted status, then the change said it again) and started
    /// its updates twice. The request waits for the creation callback: `[0, 4]`, as on iOS, where the person's
    /// answer always comes later.
    @Test func theCreationCallbackComesBeforeTheAnswerToARequestMadeAtOnce() {
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)]))], status: .notDetermined, policy: .grant)
        let delegate = StartsWhenAuthorized()
        let manager = harness.thread.sync {
            let manager = CLLocationManager(configuration: harness.configuration())
            manager.delegate = delegate
            manager.requestWhenInUseAuthorization()
            #expect(manager.authorizationStatus == .notDetermined, "nobody has answered yet")
            return UncheckedBox(manager)
        }
        #expect(delegate.recorder.wait { $0.count == 2 })
        #expect(delegate.recorder.events == [.authorization(.notDetermined), .authorization(.authorizedWhenInUse)])
        #expect(delegate.starts == 1)
        _ = manager
    }

    /// Two changes delivered after both happened read the same status: it is reported once.
    @Test func aStatusIsNeverReportedTwiceInARow() {
        let harness = ManagerHarness([], status: .authorizedWhenInUse)
        let manager = harness.makeManager()
        harness.thread.sync {
            harness.authorization.setStatus(.denied)
            harness.authorization.setStatus(.authorizedAlways)
            harness.authorization.setStatus(.denied)
        }
        harness.thread.sync {}
        // The creation callback, then one report per distinct status the deliveries read: the three changes were
        // queued while the thread was busy, and each delivery reads the latest, denied.
        #expect(harness.delegate.events == [.authorization(.authorizedWhenInUse), .authorization(.denied)])
        _ = manager
    }

    /// Issue 31: with no provider configured or found, location services are off for the manager, so its status
    /// reads denied — not the preset `authorizedWhenInUse` that made apps show "authorized" and then get errors.
    @Test func withoutAProviderTheStatusReadsDenied() {
        var configuration = LocationManagerConfiguration(
            authorization: LocationAuthorization(status: .authorizedWhenInUse))
        configuration.withoutProvider = true
        let thread = CallbackThread()
        defer { thread.stop() }
        let delegate = RecordingDelegate()
        let manager = thread.sync {
            let manager = CLLocationManager(configuration: configuration)
            manager.delegate = delegate
            return UncheckedBox(manager)
        }
        thread.sync {}
        #expect(manager.value.authorizationStatus == .denied)
        #expect(!manager.value.locationServicesEnabled)
        #expect(delegate.events == [.authorization(.denied)])
    }

    @Test func denyingPolicyReportsDeniedToRunningUpdates() {
        let user = GatedPolicy(.deny)
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)]))], status: .notDetermined, policy: user.policy)
        let manager = harness.makeManager {
            $0.startUpdatingLocation()
            $0.requestAlwaysAuthorization()
        }
        harness.thread.sync {}
        user.answer()
        #expect(harness.delegate.wait { $0.contains(.error(.denied)) })
        harness.advance(by: 1)
        #expect(harness.delegate.events == [.authorization(.notDetermined), .authorization(.denied), .error(.denied)])
        #expect(harness.provider.startCount == 0)
        _ = manager
    }

    @Test func revokedWhileUpdatingStopsFixes() {
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)])), .init(at: 2, .locations([fix(2)]))])
        let manager = harness.makeManager { $0.startUpdatingLocation() }
        harness.advance(by: 1)
        harness.authorization.setStatus(.denied)
        harness.thread.sync {}
        harness.advance(by: 1)
        #expect(
            harness.delegate.events == [
                .authorization(.authorizedWhenInUse), .locations([1]), .authorization(.denied), .error(.denied),
            ])
        #expect(!harness.provider.isRunning && harness.provider.stopCount == 1)
        _ = manager
    }

    @Test func startingWhileDeniedReportsDenied() {
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)]))], status: .denied)
        let manager = harness.makeManager { $0.startUpdatingLocation() }
        harness.advance(by: 1)
        #expect(harness.delegate.events == [.authorization(.denied), .error(.denied)])
        _ = manager
    }

    @Test func aDenialSeenByTheStartIsReportedOnceNotAgainByItsChange() {
        // The user's answer lands between the request and the start, as when the pod's block-based start asks
        // first: the start reports the denial, and the change delivered after it must not report it again.
        let harness = ManagerHarness([.init(at: 1, .locations([fix(1)]))], status: .notDetermined)
        let manager = harness.makeManager { manager in
            harness.authorization.setStatus(.denied)
            manager.startUpdatingLocation()
        }
        harness.thread.sync {}
        harness.advance(by: 1)
        // The report at creation reads the status when it runs, after the change, which then is not reported again
        // (issue 31: a status is never reported twice in a row).
        #expect(harness.delegate.events == [.authorization(.denied), .error(.denied)])
        _ = manager
    }

    @Test func olderCallbackAloneIsCalledOncePerChange() {
        let user = GatedPolicy(.grant)
        let harness = ManagerHarness([], status: .notDetermined, policy: user.policy)
        let oldStyle = OldStyleDelegate()
        let manager = harness.makeManager {
            $0.delegate = oldStyle
            $0.requestWhenInUseAuthorization()
        }
        harness.thread.sync {}
        user.answer()
        let deadline = Date(timeIntervalSinceNow: 5)
        while oldStyle.received.count < 2 && Date() < deadline { harness.thread.sync {} }
        harness.authorization.setStatus(.denied)
        harness.thread.sync {}
        #expect(oldStyle.received == [.notDetermined, .authorizedWhenInUse, .denied])
        _ = manager
    }

    @Test func alwaysUpgradesWhenInUseButNothingElseChanges() {
        let user = GatedPolicy(.grant)
        let harness = ManagerHarness([], status: .authorizedWhenInUse, policy: user.policy)
        let manager = harness.makeManager {
            $0.requestWhenInUseAuthorization()  // already granted: no change, no callback
            $0.requestAlwaysAuthorization()
        }
        harness.thread.sync {}
        user.answer()
        #expect(harness.delegate.wait { $0.count == 2 })
        #expect(harness.delegate.events == [.authorization(.authorizedWhenInUse), .authorization(.authorizedAlways)])
        _ = manager
    }

    /// A request for always is asked once, as Apple's `requestAlwaysAuthorization()` page documents.
    ///
    /// Core Location limits calls to it: after the app has called it, further calls have no effect. A person who
    /// kept "While Using" (the policy leaves the status), or who answered the first prompt with when-in-use only, is
    /// not asked again; the policy was asked at every call. A prompt closed without an answer (the status still not
    /// determined) may be shown again, as PodClientTests expect.
    @Test(arguments: [
        (CLAuthorizationStatus.authorizedWhenInUse, CLAuthorizationStatus?.none),
        (.notDetermined, .authorizedWhenInUse),
    ])
    func alwaysIsAskedForOnceOnly(from initial: CLAuthorizationStatus, answer: CLAuthorizationStatus?) {
        let asked = Locked<[AuthorizationRequest]>([])
        let policy = AuthorizationPolicy { request, _ in
            asked.withLock { $0.append(request) }
            return answer
        }
        let harness = ManagerHarness([], status: initial, policy: policy)
        let app = harness.authorization.app
        let answered = DispatchSemaphore(value: 0)
        let key = app.watch { if !app.snapshot.requestInProgress { answered.signal() } }
        defer { app.unwatch(key) }
        let manager = harness.makeManager()
        harness.thread.sync {}  // the creation callback has run: requests go to the app at once
        harness.on(manager) { $0.requestAlwaysAuthorization() }
        #expect(answered.wait(timeout: .now() + 5) == .success)
        #expect(app.status == answer ?? initial)
        harness.on(manager) { $0.requestAlwaysAuthorization() }
        #expect(!app.snapshot.requestInProgress, "a second prompt is up")
        #expect(asked.withLock { $0 } == [.always])
        // Set back to not determined, as a reset of the privacy settings does, the app may ask again.
        harness.authorization.setStatus(.notDetermined)
        while answered.wait(timeout: .now()) == .success {}  // the watcher heard the change of status too
        harness.on(manager) { $0.requestAlwaysAuthorization() }
        #expect(answered.wait(timeout: .now() + 5) == .success)
        #expect(asked.withLock { $0 } == [.always, .always])
        _ = manager
    }

    @Test(arguments: [
        ("authorizedWhenInUse", CLAuthorizationStatus.authorizedWhenInUse), ("DENIED", .denied),
        ("authorized", .authorizedAlways), ("restricted", .restricted), ("", .notDetermined),
        ("bogus", .denied), ("denyed", .denied),  // issue 15's tester, item 5: a typo fails closed
    ])
    func environmentValues(text: String, status: CLAuthorizationStatus) {
        #expect(LocationAuthorization.statusFromEnvironment(text) == status)
    }
}
