import Foundation
import LocationBlocks
import Testing

@testable import LinuxCoreLocation

/// Runs the pod-style clients of this target, compiled unchanged, on a manual clock, and checks the pod's rules.
@Suite(.serialized) struct PodClientTests {
    typealias Step = ScriptedLocationProvider.Step

    @Test func weatherLocatorGetsOneFixThroughBothFiltersThenStops() async {
        let steps = [
            Step(at: 1, .locations([PodWorld.fix(1, accuracy: 500, at: 1)])),  // over the 100 m filter
            Step(at: 2, .locations([PodWorld.fix(2, accuracy: 100, at: 2, age: 15)])),  // age 15: not below 15 s
            Step(at: 3, .locations([PodWorld.fix(3, accuracy: 100, at: 3, age: 14.5)])),  // both limits pass
            Step(at: 4, .locations([PodWorld.fix(4, at: 4)])),
        ]
        await PodWorld.run(steps) { world in
            let locator = world.app.sync { Box(WeatherLocator()) }
            let callbacks = Box<[String]>([])
            world.app.sync { _ = locator.value.locationManager }
            #expect(world.requests == [], "the factory requests nothing")
            world.app.sync {
                locator.value.currentLocation { location, error in
                    callbacks.value.append(location.map { "fix \($0.coordinate.latitude)" } ?? "error \(error!)")
                }
            }
            #expect(world.app.wait { world.requests == ["whenInUse"] }, "the policy answers on a global queue")
            #expect(world.app.wait { world.provider.isRunning })
            world.advance(by: 4)
            #expect(world.app.sync { callbacks.value } == ["fix 3.0"])
            #expect(world.app.sync { locator.value.forecastLocations.map(\.coordinate.latitude) } == [3])
            #expect(!world.provider.isRunning && world.provider.stopCount == 1, "the flag stopped updates")
            let statistics = world.app.sync { locator.value.locationManager.updateFilterStatistics }
            #expect(statistics.droppedByAccuracy == 1 && statistics.lastDroppedAccuracy == 500)
            #expect(statistics.droppedByAge == 1 && statistics.lastDroppedAge == 15)
            #expect(statistics.passed == 1)
            world.app.sync { locator.value = WeatherLocator() }
        }
    }

    @Test func runTrackerGetsErrorsFirstThenAFilteredBatchCutAtTheStop() async {
        let batch = [
            PodWorld.fix(1, accuracy: 10, at: 2), PodWorld.fix(2, accuracy: 80, at: 2),
            PodWorld.fix(3, accuracy: 50, at: 2),
            PodWorld.fix(4, accuracy: 5, at: 2),
        ]
        let steps = [
            Step(at: 1, .fixLost), Step(at: 2, .locations(batch)), Step(at: 3, .locations([PodWorld.fix(5, at: 3)])),
        ]
        await PodWorld.run(steps) { world in
            let tracker = world.app.sync { Box(RunTracker()) }
            world.app.sync { tracker.value.start() }
            #expect(world.app.wait { world.requests == ["always"] }, "the pod asks for Always unless told When In Use")
            #expect(world.app.wait { world.provider.isRunning })
            world.advance(by: 3)
            #expect(
                world.app.sync { tracker.value.log } == [
                    "status 3",  // the answer (the report at creation ran before start() set the block)
                    "didFail 0", "error 0",  // locationUnknown: the delegate block first, then the update block
                    "fix 1.0", "fix 3.0",  // 80 m is over the filter; 50 m is at it and passes; 3 sets the flag
                    "batch [1.0, 3.0]",  // the batch block gets the prefix up to the stopping fix
                ])
            #expect(
                world.app.sync { tracker.value.route.map(\.coordinate.latitude) } == [1, 2, 3, 4], "the app's delegate")
            #expect(!world.provider.isRunning)
        }
    }

    @Test func compassFlagsAreIndependentAndAClosureMayIgnoreTheFlag() async {
        let steps = [
            Step(at: 1, .heading(Self.heading(90))), Step(at: 2, .locations([PodWorld.fix(1, at: 2)])),
            Step(at: 3, .heading(Self.heading(180))), Step(at: 4, .locations([PodWorld.fix(2, at: 4, age: 9)])),
            Step(at: 5, .locations([PodWorld.fix(3, at: 5, age: 10)])),  // the 10 s age filter drops it
        ]
        await PodWorld.run(steps, status: .authorizedAlways, capabilities: [.location, .accuracy, .heading]) { world in
            let compass = world.app.sync { Box(Compass()) }
            world.app.sync { compass.value.start() }
            #expect(world.requests == [], "a granted status asks the user nothing")
            world.advance(by: 5)
            #expect(world.app.sync { compass.value.headings } == [90])
            #expect(world.app.sync { compass.value.headingBlockCalls } == 1)
            #expect(world.app.sync { compass.value.positions } == [1, 2])
        }
    }

    /// Each start asks; as iOS shows one prompt at a time, the second is asked once the first prompt is closed
    /// (here without an answer).
    @Test func everyBlockBasedStartRequestsAuthorization() async {
        await PodWorld.run([], answers: [:]) { world in  // the user closes the prompt without answering
            let tracker = world.app.sync { Box(RunTracker()) }
            world.app.sync { tracker.value.start() }
            #expect(
                world.app.wait {
                    world.requests == ["always"] && !LocationAuthorization.shared.app.snapshot.requestInProgress
                })
            world.app.sync { tracker.value.start() }
            #expect(world.app.wait { world.requests == ["always", "always"] })
        }
    }

    @Test func deniedUsersGetTheErrorThenNoStart() async {
        await PodWorld.run([Step(at: 1, .locations([PodWorld.fix(1, at: 1)]))], answers: [.whenInUse: .denied]) {
            world in
            let locator = world.app.sync { Box(WeatherLocator()) }
            let callbacks = Box<[String]>([])
            let record: (CLLocation?, Error?) -> Void = { location, error in
                callbacks.value.append(
                    location.map { _ in "fix" } ?? "error \((error as? CLError)?.code.rawValue ?? -1)")
            }
            world.app.sync { locator.value.currentLocation(callback: record) }
            #expect(world.app.wait { callbacks.value == ["error 1"] }, "CLError.denied with a nil location")
            #expect(!CLLocationManager.isLocationUpdatesAvailable())
            world.app.sync { locator.value.currentLocation(callback: record) }  // the guard answers at once
            #expect(world.app.sync { callbacks.value } == ["error 1", "error 1"])
            #expect(world.requests == ["whenInUse"], "the guard kept the second call from asking")
            #expect(world.provider.startCount == 0)
        }
    }

    @Test func availabilityIsTheStatusForTheDefaultProvider() async {
        await PodWorld.run([]) { _ in
            for (status, expected) in [
                (CLAuthorizationStatus.notDetermined, true), (.authorizedWhenInUse, true), (.authorizedAlways, true),
                (.denied, false), (.restricted, false),
            ] {
                LocationAuthorization.shared.setStatus(status)
                #expect(CLLocationManager.isLocationUpdatesAvailable() == expected, "\(status)")
            }
        }
    }

    @Test func geofenceBlocksFireFromRealFixes() async {
        // About 1.1 km north of the shop, inside it, then out again; CLRegionState: 1 inside, 2 outside.
        let steps = [0.01, 0, 0.01].enumerated().map { index, latitude in
            Step(at: Double(index + 1), .locations([PodWorld.fix(latitude, at: Double(index + 1))]))
        }
        await PodWorld.run(steps, status: .authorizedAlways) { world in
            let geofence = world.app.sync { Box(Geofence()) }
            let shop = CLCircularRegion(
                center: CLLocationCoordinate2D(latitude: 0, longitude: 0), radius: 100, identifier: "shop")
            world.app.sync { geofence.value.watch(shop) }
            world.advance(by: 4)
            #expect(
                world.app.sync { geofence.value.log } == [
                    "started shop", "state 2 shop", "state 1 shop", "entered shop", "state 2 shop", "exited shop",
                ])
        }
    }

    @Test func checkInScreenUsesTheOptionalFlagOfSwift3AndLater() async {
        let steps = [
            Step(at: 1, .locations([PodWorld.fix(1, accuracy: 50, at: 1)])), Step(at: 2, .heading(Self.heading(45))),
            Step(at: 3, .locations([PodWorld.fix(2, at: 3)])), Step(at: 4, .heading(Self.heading(90))),
            Step(at: 5, .locations([PodWorld.fix(3, at: 5)])),
        ]
        await PodWorld.run(steps, status: .authorizedAlways, capabilities: [.location, .accuracy, .heading]) { world in
            let screen = world.app.sync { Box(CheckInScreen()) }
            world.app.sync {
                screen.value.locationManager?.headingFilter = kCLHeadingFilterNone
                screen.value.checkIn()
            }
            world.advance(by: 5)
            #expect(world.app.sync { screen.value.checkIns } == ["facing 45.0", "at 2.0"])
            #expect(!world.provider.isRunning, "both flags stopped their service")
        }
    }

    @Test func constantsAndRawValuesAreThePods() async {
        #expect(kCLUpdateAccuracyFilterNone == 0 && kCLLocationAgeFilterNone == 0)
        #expect(CLLocationUpdateAuthorizationDescription.always.rawValue == 0)
        #expect(CLLocationUpdateAuthorizationDescription(rawValue: 1) == .whenInUse)
        let accuracy: CLUpdateAccuracyFilter = kCLLocationAccuracyBest
        let age: CLLocationAgeFilter = 60.0
        #expect(accuracy == -1 && age == 60)
        let manager: CLLocationManager = CLLocationManager.update(
            configuration: LocationManagerConfiguration(
                provider: FixedLocationProvider(
                    coordinate: CLLocationCoordinate2D(latitude: 1, longitude: 2))))
        #expect(
            manager.blocksDelegate is CLLocationManagerBlocks, "the pod's helper class, a CLLocationManagerDelegate")
        #expect(manager.observers.count == 1 && manager.delegate == nil, "an observer, not the delegate")
    }

    static func heading(_ degrees: Double) -> CLHeading {
        CLHeading(magneticHeading: degrees, trueHeading: degrees, headingAccuracy: 5, timestamp: PodWorld.start)
    }
}
