import Foundation
import LinuxCoreLocation
import LocationSupport
import SharedTestSupport
import Testing

@testable import INTULocationManager

/// Runs the INTULocationManager clients of this target, compiled unchanged, on a manual clock, and checks the pod's
/// rules (its header, README and implementation, 4.4).
@Suite struct INTUClientTests {
    typealias Step = INTUWorld.Step

    // MARK: One-time requests

    /// Success at the first location within both thresholds of the level, both inclusive; once, after the ID is
    /// stored; location services stop with the last request.
    @Test func weatherSucceedsOnceAtTheFirstCityLevelLocation() {
        let world = INTUWorld([
            Step(at: 1, .locations([INTUWorld.fix(1, accuracy: 5000.5, at: 1)])),  // over 5000 m
            Step(at: 2, .locations([INTUWorld.fix(2, accuracy: 5000, at: 2, age: 600)])),  // both at the limit
            Step(at: 3, .locations([INTUWorld.fix(3, at: 3)])),
        ])
        let model = world.onMain { Box(LocalWeatherViewModel(locationManager: world.manager)) }
        world.onMain { model.value.refresh() }
        #expect(world.onMain { model.value.locationRequestID } == 1)
        #expect(world.provider.isRunning, "services start with the first request")
        world.advance(by: 1)
        #expect(world.onMain { model.value.log } == [])
        world.advance(by: 1)
        #expect(world.onMain { model.value.log } == ["id 1", "0 1 2.0"])
        #expect(world.onMain { model.value.message } == "Forecast for 2.0")
        #expect(!world.provider.isRunning, "and stop when the last one ends")
        world.advance(by: 30)
        #expect(world.onMain { model.value.log }.count == 2, "exactly once")
    }

    /// At the timeout: the most recent location of any accuracy (not the most accurate one), with its level.
    @Test func weatherTimesOutWithTheMostRecentLocationAndItsLevel() {
        let world = INTUWorld([
            Step(at: 1, .locations([INTUWorld.fix(1, accuracy: 900, at: 1, age: 700)])),  // too old for city
            Step(at: 2, .locations([INTUWorld.fix(2, accuracy: 8000, at: 2)])),  // newest, least accurate
        ])
        let model = world.onMain { Box(LocalWeatherViewModel(locationManager: world.manager)) }
        world.onMain { model.value.refresh() }
        world.advance(by: 9.999)
        #expect(world.onMain { model.value.log } == [])
        world.advance(by: 0.001)
        #expect(world.onMain { model.value.log } == ["id 1", "1 0 2.0"])
        #expect(world.onMain { model.value.message } == "Approximate (0)")
    }

    /// A location already received completes a new request at once — but never inside the call.
    @Test func aRecentLocationCompletesANewRequestAfterTheCallReturns() {
        let world = INTUWorld([Step(at: 1, .locations([INTUWorld.fix(1, accuracy: 50, at: 1)]))])
        let subscription = world.onMain { world.manager.subscribeToLocationUpdates { _, _, _ in } }
        world.advance(by: 2)
        let model = world.onMain { Box(LocalWeatherViewModel(locationManager: world.manager)) }
        let inside = world.onMain {
            model.value.refresh()
            return model.value.log
        }
        #expect(inside == [])
        world.settle()
        #expect(world.onMain { model.value.log } == ["id 2", "0 3 1.0"])
        world.onMain { world.manager.cancelLocationRequest(subscription) }
    }

    /// `delayUntilAuthorized` starts the countdown at the user's answer.
    ///
    /// No countdown while the user has not answered; `.auto` asks for when-in-use authorization.
    @Test func weatherWaitsForTheAnswerBeforeTheCountdown() {
        let world = INTUWorld([], status: .notDetermined, answers: [:])
        let model = world.onMain { Box(LocalWeatherViewModel(locationManager: world.manager)) }
        world.onMain { model.value.refresh() }
        #expect(world.wait { world.requests == ["whenInUse"] })
        world.advance(by: 60)
        #expect(world.onMain { model.value.log } == [])
        world.authorization.setStatus(.authorizedWhenInUse)
        world.settle()
        world.advance(by: 9.999)
        #expect(world.onMain { model.value.log } == [])
        world.advance(by: 0.001)
        #expect(world.onMain { model.value.log } == ["id 1", "1 0 -1.0"])
    }

    /// Without the delay, a request whose timeout passes before the user answers reports `servicesNotDetermined`.
    @Test func anUnansweredRequestEndsNotDeterminedAtItsTimeout() {
        let world = INTUWorld([], status: .notDetermined, answers: [:])
        let statuses = Box<[INTULocationStatus]>([])
        world.onMain {
            world.manager.requestLocation(withDesiredAccuracy: .block, timeout: 5) { _, _, status in
                statuses.value.append(status)
            }
        }
        world.advance(by: 5)
        #expect(world.onMain { statuses.value } == [.servicesNotDetermined])
    }

    /// A refresh cancels the request in flight, whose block never runs; the last one completes.
    @Test func aRefreshCancelsTheRequestInFlight() {
        let world = INTUWorld([Step(at: 1, .locations([INTUWorld.fix(1, at: 1)]))])
        let model = world.onMain { Box(LocalWeatherViewModel(locationManager: world.manager)) }
        world.onMain {
            model.value.refresh()
            model.value.refresh()
        }
        world.advance(by: 1)
        #expect(world.onMain { model.value.log } == ["id 2", "0 5 1.0"])
    }

    /// Force-completion is a manual timeout: the block runs once, with `timedOut` and the most recent location,
    /// after the call returns.
    @Test func finishingNowIsAManualTimeout() {
        let world = INTUWorld([Step(at: 1, .locations([INTUWorld.fix(1, accuracy: 6000, at: 1)]))])
        let model = world.onMain { Box(LocalWeatherViewModel(locationManager: world.manager)) }
        world.onMain { model.value.refresh() }
        world.advance(by: 1)
        let inside = world.onMain {
            model.value.finishNow()
            return model.value.log
        }
        #expect(inside == [])
        world.settle()
        #expect(world.onMain { model.value.log } == ["id 1", "1 0 1.0"])
        world.advance(by: 20)
        #expect(world.onMain { model.value.log }.count == 2)
    }

    /// Denied, restricted and disabled complete at once (asynchronously), disabled first.
    @Test(arguments: [
        (CLAuthorizationStatus.denied, true, "3 0 -1.0"), (.restricted, true, "4 0 -1.0"),
        (.authorizedAlways, false, "5 0 -1.0"), (.denied, false, "5 0 -1.0"),
    ])
    func unusableServicesEndTheRequestAtOnce(status: CLAuthorizationStatus, servicesOn: Bool, expected: String) {
        let world = INTUWorld([Step(at: 1, .locations([INTUWorld.fix(1, at: 1)]))], status: status)
        world.authorization.locationServicesEnabled = servicesOn
        let model = world.onMain { Box(LocalWeatherViewModel(locationManager: world.manager)) }
        world.onMain { model.value.refresh() }
        world.settle()
        #expect(world.onMain { model.value.log } == ["id 1", expected])
        #expect(world.provider.startCount == 0)
    }

    /// An error completes one-time requests with `error`, and sticks until the next location.
    ///
    /// A transient `locationUnknown` does not end them. A request whose timeout passes after an error, before the
    /// next location, also ends with `error`; a location clears it.
    @Test func errorsCompleteOneTimeRequestsAndStickUntilTheNextLocation() {
        let world = INTUWorld([
            Step(at: 0.5, .fixLost),
            Step(at: 1, .failed(CLError(.network))),
            Step(at: 10, .locations([INTUWorld.fix(1, accuracy: 3000, at: 10)])),
        ])
        let outcomes = Box<[String]>([])
        // Keeps the provider running, so its script plays once from the start.
        let keepAlive = world.onMain { world.manager.subscribeToLocationUpdates { _, _, _ in } }
        let request = { (name: String) in
            world.onMain {
                world.manager.requestLocation(withDesiredAccuracy: .block, timeout: 5) { location, accuracy, status in
                    outcomes.value.append(
                        "\(name) \(status.rawValue) \(accuracy.rawValue) \(location?.coordinate.latitude ?? -1)")
                }
            }
        }
        let first = request("A")
        world.advance(by: 1)
        #expect(world.onMain { outcomes.value } == ["A 6 0 -1.0"])
        world.advance(by: 1)
        let second = request("B")
        world.advance(by: 5)
        #expect(world.onMain { outcomes.value } == ["A 6 0 -1.0", "B 6 0 -1.0"])
        world.advance(by: 1)
        let third = request("C")
        world.advance(by: 5)
        #expect(world.onMain { outcomes.value } == ["A 6 0 -1.0", "B 6 0 -1.0", "C 1 1 1.0"])
        #expect([keepAlive, first, second, third] == Array(1...4))
    }

    // MARK: Subscriptions

    /// A subscription hears every update, survives errors, never times out, and ends on denial.
    ///
    /// Every update whatever its accuracy (the newest of a delivery); errors reported and survived; denial reported
    /// once and the end of it. The settings reach the manager.
    @Test func runRecorderHearsEveryUpdateSurvivesErrorsAndEndsOnDenial() {
        let world = INTUWorld([
            Step(at: 1, .locations([INTUWorld.fix(1, accuracy: 3, at: 1)])),
            Step(at: 2, .locations([INTUWorld.fix(2, accuracy: 2000, at: 2)])),
            Step(at: 3, .locations([INTUWorld.fix(3, accuracy: 50, at: 3), INTUWorld.fix(4, accuracy: 40, at: 3)])),
            Step(at: 4, .failed(CLError(.network))),
            Step(at: 5, .locations([INTUWorld.fix(5, accuracy: 10, at: 5)])),
        ])
        let recorder = world.onMain { Box(RunRecorder(locationManager: world.manager)) }
        world.onMain { recorder.value.start() }
        world.advance(by: 5)
        #expect(world.onMain { recorder.value.track.map(\.coordinate.latitude) } == [1, 2, 4, 5])
        #expect(world.onMain { recorder.value.accuracies } == [.room, .city, .block, .house])
        #expect(world.onMain { recorder.value.problems } == [.error])
        world.advance(by: 1000)
        #expect(world.manager.center.pendingRequests.count == 1, "subscriptions never time out")
        #expect(world.manager.center.activityType == .fitness)
        #expect(!world.manager.center.pausesLocationUpdatesAutomatically)
        #expect(world.manager.center.allowsBackgroundLocationUpdates)
        #expect(world.manager.center.showsBackgroundLocationIndicator)
        world.authorization.setStatus(.denied)
        world.settle()
        #expect(world.onMain { recorder.value.problems } == [.error, .servicesDenied])
        #expect(world.manager.center.pendingRequests.isEmpty)
        #expect(!world.provider.isRunning)
    }

    /// A cancelled subscription hears nothing more, and services stop.
    @Test func aStoppedRecorderHearsNothingMore() {
        let world = INTUWorld([
            Step(at: 1, .locations([INTUWorld.fix(1, at: 1)])), Step(at: 2, .locations([INTUWorld.fix(2, at: 2)])),
        ])
        let recorder = world.onMain { Box(RunRecorder(locationManager: world.manager)) }
        world.onMain { recorder.value.start() }
        world.advance(by: 1)
        world.onMain { recorder.value.stop() }
        world.advance(by: 1)
        #expect(world.onMain { recorder.value.track.map(\.coordinate.latitude) } == [1])
        #expect(!world.provider.isRunning && world.provider.stopCount == 1)
    }

    /// A significant-change subscription hears standard updates too while they run.
    ///
    /// Alone it hears significant changes; while standard updates run for another request it hears every update,
    /// as the pod's single manager delivers them. A new subscription hears the current location at once.
    /// Force-completing a subscription only cancels it.
    @Test func travelLogHearsStandardUpdatesWhileTheyRun() {
        let world = INTUWorld([
            Step(at: 1, .locations([INTUWorld.fix(1, at: 1)])),
            Step(at: 2, .locations([INTUWorld.fix(1.0001, at: 2)])),  // 11 m on: not significant
            Step(at: 3, .locations([INTUWorld.fix(1.0002, at: 3)])),
            Step(at: 4, .locations([INTUWorld.fix(1.0003, at: 4)])),
        ])
        let log = world.onMain { Box(TravelLog()) }
        let standard = Box<[Double]>([])
        world.onMain { log.value.begin(with: world.manager) }
        world.advance(by: 2.5)
        #expect(world.onMain { log.value.places } == [1])
        let id = world.onMain {
            world.manager.subscribeToLocationUpdates { location, _, _ in
                standard.value.append(location?.coordinate.latitude ?? -1)
            }
        }
        world.settle()
        #expect(world.onMain { standard.value } == [1], "the current location, at once")
        world.advance(by: 0.5)
        #expect(world.onMain { log.value.places } == [1, 1.0002])
        world.onMain { world.manager.cancelLocationRequest(id) }
        world.advance(by: 1)
        #expect(world.onMain { log.value.places } == [1, 1.0002])
        #expect(world.onMain { standard.value } == [1, 1.0002])
        world.onMain { log.value.end(with: world.manager) }
        world.settle()
        #expect(world.onMain { log.value.places } == [1, 1.0002])
        #expect(world.manager.center.pendingRequests.isEmpty && !world.provider.isRunning)
    }

    // MARK: Headings

    /// Headings with a true heading succeed (due north included); without one they are invalid and the
    /// subscription stays; a heading failure is `unavailable` and ends it.
    @Test func compassFollowsTheTrueHeading() async {
        let world = INTUWorld(
            [
                Step(at: 1, .heading(INTUWorld.heading(magnetic: 88, true: 90, at: 1))),
                Step(at: 2, .heading(INTUWorld.heading(magnetic: 20, true: -1, at: 2))),
                Step(at: 3, .heading(INTUWorld.heading(magnetic: 358, true: 0, at: 3))),
                Step(at: 4, .failed(CLError(.headingFailure))),
                Step(at: 5, .heading(INTUWorld.heading(magnetic: 45, true: 47, at: 5))),
            ], capabilities: [.location, .accuracy, .heading])
        let screen = await MainActor.run { CompassScreen(locationManager: world.manager) }
        await MainActor.run { screen.showHeading() }
        world.advance(by: 5)
        #expect(await MainActor.run { screen.needle } == [90, 0])
        #expect(await MainActor.run { screen.notes } == ["calibrating", "unavailable"])
        #expect(world.manager.center.pendingRequests.isEmpty)
    }

    /// A provider without a compass: the subscription is unavailable at once and ends.
    @Test func aProviderWithoutACompassIsUnavailable() async {
        let world = INTUWorld([Step(at: 1, .locations([INTUWorld.fix(1, at: 1)]))])
        let screen = await MainActor.run { CompassScreen(locationManager: world.manager) }
        await MainActor.run { screen.showHeading() }
        world.advance(by: 2)
        #expect(await MainActor.run { screen.notes } == ["unavailable"])
        #expect(await MainActor.run { screen.needle } == [])
        await MainActor.run { screen.viewWillDisappear() }
    }

    // MARK: The README and the process defaults

    @Test func readmeExamplesBehaveAsTheReadmeSays() {
        let world = INTUWorld([
            Step(at: 1, .locations([INTUWorld.fix(1, accuracy: 3000, at: 1)])),
            Step(at: 2, .locations([INTUWorld.fix(2, accuracy: 4, at: 2)])),
        ])
        let usage = world.onMain { Box(ReadmeUsage()) }
        world.onMain {
            usage.value.manageInProgressRequests(world.manager)
            usage.value.getTheCurrentLocationOnce(world.manager)
            usage.value.subscribe(world.manager)
        }
        world.settle()
        #expect(world.onMain { usage.value.outcomes } == ["managed 1"])
        world.advance(by: 2)
        #expect(
            world.onMain { usage.value.outcomes } == [
                "managed 1", "once success 1", "update 1.0 1", "update 2.0 5",
            ])
    }

    /// The shared instance, the services state and the preferred authorization, through the process defaults.
    @Test func permissionBannerReadsTheProcessState() async {
        /// What the banner and the shared instance showed, read with the process defaults set.
        struct Seen: Sendable {
            var sameInstance = false
            var headingState = INTUHeadingServicesState.unavailable
            var texts: [String] = []
            var preferred = INTUAuthorizationType.auto
            var asked: [String] = []
        }
        let seen = await ProcessDefaults.withExclusiveAccess { () -> Seen in
            let authorization = LocationAuthorization.shared
            let (status0, policy0) = (authorization.status, authorization.policy)
            LocationProviders.defaultProvider = ScriptedLocationProvider(
                steps: [], clock: ManualClock(start: INTUWorld.start), capabilities: [.location, .heading])
            let asked = Locked<[String]>([])
            authorization.policy = AuthorizationPolicy { request, _ in
                asked.withLock { $0.append("\(request)") }
                return nil
            }
            defer {
                LocationProviders.defaultProvider = nil
                authorization.locationServicesEnabled = true
                authorization.policy = policy0
                authorization.setStatus(status0)
            }
            var seen = Seen()
            let shared = INTULocationManager.sharedInstance()
            seen.sameInstance = shared === INTULocationManager.sharedInstance()
            seen.headingState = INTULocationManager.headingServicesState()
            for status in [CLAuthorizationStatus.notDetermined, .denied, .restricted, .authorizedWhenInUse] {
                authorization.setStatus(status)
                seen.texts.append(PermissionBanner.current)
            }
            authorization.locationServicesEnabled = false
            seen.texts.append(PermissionBanner.current)
            authorization.locationServicesEnabled = true
            authorization.setStatus(.notDetermined)
            PermissionBanner.prepareForBackgroundTracking(shared)
            seen.preferred = shared.preferredAuthorizationType
            let id = DispatchQueue.main.sync { shared.subscribeToLocationUpdates { _, _, _ in } }
            let deadline = Date(timeIntervalSinceNow: 10)
            while asked.withLock({ $0 }).isEmpty && Date() < deadline { usleep(1_000) }
            seen.asked = asked.withLock { $0 }
            shared.cancelLocationRequest(id)
            shared.preferredAuthorizationType = .auto
            return seen
        }
        #expect(seen.sameInstance)
        #expect(seen.headingState == .available)
        #expect(
            seen.texts == [
                "We will ask for your location", "Location access denied", "Location access restricted", "Ready",
                "Location Services are off",
            ])
        #expect(seen.preferred == .always)
        #expect(seen.asked == ["always"])
    }

    /// The pod's raw values, levels and constants.
    @Test func theNamesCarryThePodsValues() {
        #expect(INTULocationAccuracy.allRawValues == [0, 1, 2, 3, 4, 5])
        #expect(INTULocationAccuracy(rawValue: 6) == nil)
        #expect(
            [
                INTULocationStatus.success, .timedOut, .servicesNotDetermined, .servicesDenied, .servicesRestricted,
                .servicesDisabled, .error,
            ].map(\.rawValue) == Array(0...6))
        #expect(
            [INTULocationServicesState.available, .notDetermined, .denied, .restricted, .disabled].map(\.rawValue)
                == Array(0...4))
        #expect([INTUHeadingServicesState.available, .unavailable].map(\.rawValue) == [0, 1])
        #expect([INTUHeadingStatus.success, .invalid, .unavailable].map(\.rawValue) == [0, 1, 2])
        #expect([INTUAuthorizationType.auto, .always, .whenInUse].map(\.rawValue) == [UInt(0), 1, 2])
        #expect(PermissionBanner.describe(.city) == "city 5000.0 m 600.0 s")
        #expect(PermissionBanner.describe(.room) == "room 5.0 m 5.0 s")
        #expect(
            [
                kINTUHorizontalAccuracyThresholdNeighborhood, kINTUHorizontalAccuracyThresholdBlock,
                kINTUHorizontalAccuracyThresholdHouse,
            ] == [1000, 100, 15])
        #expect(
            [
                kINTUUpdateTimeStaleThresholdNeighborhood, kINTUUpdateTimeStaleThresholdBlock,
                kINTUUpdateTimeStaleThresholdHouse,
            ] == [300, 60, 15])
        let heading: INTUHeadingFilterAccuracy = 5
        let id: (INTULocationRequestID, INTUHeadingRequestID) = (1, 2)
        #expect(heading == 5 && id.0 == 1 && id.1 == 2)
    }

    /// Every block runs on the main queue: one-time requests, subscriptions and headings.
    @Test func blocksRunOnTheMainQueue() {
        let world = INTUWorld(
            [
                Step(at: 1, .locations([INTUWorld.fix(1, at: 1)])),
                Step(at: 2, .heading(INTUWorld.heading(magnetic: 10, true: 12, at: 2))),
            ], capabilities: [.location, .accuracy, .heading])
        let key = DispatchSpecificKey<String>()
        DispatchQueue.main.setSpecific(key: key, value: "main")
        let queues = Locked<[String]>([])
        let record = { queues.withLock { $0.append(DispatchQueue.getSpecific(key: key) ?? "elsewhere") } }
        let calls = DispatchQueue.global().sync {  // made off the main queue: the blocks still run on it
            [
                world.manager.requestLocation(withDesiredAccuracy: .room, timeout: 10) { _, _, _ in record() },
                world.manager.subscribeToLocationUpdates { _, _, _ in record() },
                world.manager.subscribeToHeadingUpdates { _, _ in record() },
            ]
        }
        world.advance(by: 2)
        #expect(calls == [1, 2, 3])
        #expect(queues.withLock { $0 } == ["main", "main", "main"])
    }

    /// Unknown IDs are ignored by every ending call.
    @Test func unknownIDsAreIgnored() {
        let world = INTUWorld([])
        let calls = Box(0)
        let id = world.onMain {
            world.manager.requestLocation(withDesiredAccuracy: .room, timeout: 0) { _, _, _ in calls.value += 1 }
        }
        world.onMain {
            world.manager.cancelLocationRequest(id + 100)
            world.manager.forceCompleteLocationRequest(-1)
            world.manager.cancelHeadingRequest(NSNotFound)
        }
        world.advance(by: 3600)
        #expect(world.onMain { calls.value } == 0, "timeout 0 is no timeout")
        #expect(world.manager.center.pendingRequests.map(\.rawValue) == [id])
        world.onMain { world.manager.cancelLocationRequest(id) }
        world.settle()
        #expect(world.onMain { calls.value } == 0 && !world.provider.isRunning)
    }
}

extension INTULocationAccuracy {
    static var allRawValues: [Int] { [Self.none, .city, .neighborhood, .block, .house, .room].map(\.rawValue) }
}
