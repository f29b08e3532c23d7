import Foundation
import LinuxCoreLocation
import LocationBlocks
import Testing

/// Runs ``Navigator``, compiled unchanged, on a manual clock: the pod's helper class and its factories as values.
@Suite(.serialized) struct NavigatorTests {
    typealias Step = ScriptedLocationProvider.Step

    @Test func factoriesKeptAsValuesMakeManagersWithTheirFilters() {
        PodWorld.run([]) { world in
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

    @Test func blocksDelegateIsThePodsHelperClassObservingTheManager() {
        PodWorld.run([], status: .authorizedAlways) { world in
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
}
