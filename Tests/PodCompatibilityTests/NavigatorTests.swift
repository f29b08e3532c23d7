import Foundation
import LinuxCoreLocation
import LocationBlocks
import Testing

/// Runs ``Navigator``, compiled unchanged, on a manual clock: the pod's helper class, its factories as values, and
/// its error routing.
@Suite(.serialized) struct NavigatorTests {
    typealias Step = ScriptedLocationProvider.Step

    @Test func factoriesKeptAsValuesMakeManagersWithTheirFilters() async {
        await PodWorld.run([]) { world in
            let navigator = world.app.sync { Box(Navigator()) }
            let made = world.app.sync {
                [
                    navigator.value.makeManager(), navigator.value.makeDrivingManager(100, 30),
                    navigator.value.makeWalkingManager(20, 10, .whenInUse),
                ].map { manager in
                    manager.map { "\($0.updateAccuracyFilter) \($0.updateLocationAgeFilter)" } ?? "nil"
                }
            }
            #expect(made == ["0.0 0.0", "100.0 30.0", "20.0 10.0"])
            #expect(world.requests == [], "the factories request nothing")
        }
    }

    @Test func blocksDelegateIsThePodsHelperClassObservingTheManager() async {
        await PodWorld.run([], status: .authorizedAlways) { world in
            let navigator = world.app.sync { Box(Navigator()) }
            let facts = world.app.sync { () -> [Bool] in
                navigator.value.start(walking: false)
                guard let manager = navigator.value.manager, let helper = navigator.value.helper else { return [] }
                return [
                    (manager.blocksDelegate as? CLLocationManagerBlocks) === helper,  // the same object on every read
                    navigator.value.helperAsDelegate === helper,
                    manager.observers.count == 1 && manager.observers.first === helper,
                    manager.delegate == nil,  // an observer, not the delegate (the pod took the delegate)
                ]
            }
            #expect(facts == [true, true, true, true])
        }
    }

    @Test func everyErrorGoesToTheLocationUpdateBlockAndNoneToTheHeadingBlock() async {
        // The pod's rule (`locationManager:didFailWithError:`): the didFailWithError block, then the location
        // update block with a nil location; the heading update block gets no error, even with heading updates on.
        let steps = [
            Step(at: 1, .heading(PodClientTests.heading(90))), Step(at: 2, .fixLost),
            Step(at: 3, .locations([PodWorld.fix(3, at: 3)])), Step(at: 4, .heading(PodClientTests.heading(180))),
        ]
        await PodWorld.run(steps, status: .authorizedAlways, capabilities: [.location, .accuracy, .heading]) { world in
            let navigator = world.app.sync { Box(Navigator()) }
            world.app.sync { navigator.value.start(walking: false) }
            world.advance(by: 4)
            #expect(
                world.app.sync { navigator.value.log } == [
                    "heading 90.0", "didFail 0", "location error 0", "fix 3.0", "heading 180.0",
                ])
        }
    }

    @Test func aHeadingFailureGoesToTheLocationUpdateBlock() async {
        // A provider without a compass fails heading updates with CLError.headingFailure (3): the pod sends it, as
        // every error, to the location update block, and nothing to the heading update block.
        await PodWorld.run([Step(at: 1, .locations([PodWorld.fix(1, at: 1)]))], status: .authorizedAlways) { world in
            let navigator = world.app.sync { Box(Navigator()) }
            world.app.sync { navigator.value.start(walking: true) }
            world.advance(by: 1)
            #expect(world.app.sync { navigator.value.log } == ["didFail 3", "location error 3", "fix 1.0"])
            #expect(world.provider.isRunning, "an error the block does not stop on leaves location updates running")
        }
    }
}
