import Foundation
import LinuxCoreLocation
import SharedTestSupport
import Testing

@testable import INTULocationManager

/// What a newcomer porting INTULocationManager code found wrong (issue 27's trial), each held at its right value.
@Suite struct INTUPortingFindingsTests {
    typealias Step = INTUWorld.Step

    /// A call made on the main thread inside another queue's `sync` runs there: it crashed in `main.sync`.
    @Test func aCallInsideAnotherQueuesSyncOnTheMainThreadRunsThere() {
        let world = INTUWorld([Step(at: 1, .locations([INTUWorld.fix(1, at: 1)]))])
        let state = DispatchQueue(label: "LocationService.state")
        let statuses = Box<[INTULocationStatus]>([])
        let id = world.onMain {
            state.sync {
                world.manager.requestLocation(withDesiredAccuracy: .room, timeout: 5) { _, _, status in
                    statuses.value.append(status)
                }
            }
        }
        #expect(id == 1)
        world.advance(by: 1)
        #expect(world.onMain { statuses.value } == [.success])
    }

    /// The end of a finite replay leaves one-time requests to their timeout: INTULocationManager knows no provider
    /// that ends (LocationBlocks' own requests end there, marked `providerFinished`).
    @Test func aReplaysEndLeavesRequestsToTheirTimeout() {
        let world = INTUWorld([
            Step(at: 1, .locations([INTUWorld.fix(1, accuracy: 900, at: 1)])), Step(at: 2, .finished),
        ])
        let results = Box<[String]>([])
        world.onMain {
            world.manager.requestLocation(withDesiredAccuracy: .block, timeout: 10) { location, achieved, status in
                results.value.append("\(status.rawValue) \(achieved.rawValue) \(location?.coordinate.latitude ?? 0)")
            }
        }
        world.advance(by: 9.999)
        #expect(world.onMain { results.value } == [])
        world.advance(by: 0.001)
        #expect(world.onMain { results.value } == ["1 2 1.0"])  // timedOut, neighborhood, the replay's last fix
    }

    /// Location and heading requests are two kinds: an ending call given the other kind's ID does nothing.
    @Test func endingCallsIgnoreTheOtherKindsIDs() {
        let world = INTUWorld(
            [
                Step(at: 1, .heading(INTUWorld.heading(magnetic: 90, true: 92, at: 1))),
                Step(at: 1, .locations([INTUWorld.fix(1, at: 1)])),
            ], capabilities: [.location, .accuracy, .heading])
        let seen = Box<[String]>([])
        let (location, heading) = world.onMain {
            let location = world.manager.requestLocation(withDesiredAccuracy: .room, timeout: 5) { _, _, status in
                seen.value.append("location \(status.rawValue)")
            }
            let heading = world.manager.subscribeToHeadingUpdates { heading, status in
                seen.value.append("heading \(status.rawValue) \(heading?.trueHeading ?? -1)")
            }
            world.manager.cancelHeadingRequest(location)
            world.manager.cancelLocationRequest(heading)
            world.manager.forceCompleteLocationRequest(heading)
            return (location, heading)
        }
        #expect((location, heading) == (1, 2))
        world.advance(by: 1)
        #expect(world.onMain { seen.value }.sorted() == ["heading 0 92.0", "location 0"])
        world.onMain { world.manager.cancelHeadingRequest(heading) }
    }

    /// A success reports the level its location met when it was judged, even when the clock moved on before the
    /// block was scheduled (a replay as fast as possible): it read "room" requested, "house" achieved.
    @Test func aSuccessAchievesTheLevelItMet() {
        let world = INTUWorld([Step(at: 1, .locations([INTUWorld.fix(1, accuracy: 4, at: 1)]))])
        let subscription = world.onMain { world.manager.subscribeToLocationUpdates { _, _, _ in } }
        world.advance(by: 1)
        let achieved = Box<[INTULocationAccuracy]>([])
        world.onMain {
            world.manager.requestLocation(withDesiredAccuracy: .room, timeout: 5) { _, level, status in
                if status == .success { achieved.value.append(level) }
            }
            world.clock.advance(by: 10)  // before the success, judged inside the call, is handled
        }
        world.settle()
        #expect(world.onMain { achieved.value } == [.room])
        world.onMain { world.manager.cancelLocationRequest(subscription) }
    }

    /// Location services switched off end a running subscription with `servicesDisabled` (the status reads denied
    /// then, but the pod names the switch first).
    @Test func switchingServicesOffReadsServicesDisabled() {
        let world = INTUWorld([Step(at: 1, .locations([INTUWorld.fix(1, at: 1)]))])
        let statuses = Box<[INTULocationStatus]>([])
        world.onMain { world.manager.subscribeToLocationUpdates { _, _, status in statuses.value.append(status) } }
        world.advance(by: 1)
        world.authorization.locationServicesEnabled = false
        world.settle()
        #expect(world.onMain { statuses.value } == [.success, .servicesDisabled])
    }

    /// A heading failure ends heading subscriptions only: a pending one-time request goes on to succeed (the pod
    /// takes every `didFailWithError:` for a location error and would complete it with `error`).
    @Test func aHeadingFailureLeavesLocationRequestsAlone() {
        let world = INTUWorld(
            [
                Step(at: 1, .heading(INTUWorld.heading(magnetic: 90, true: 92, at: 1))),
                Step(at: 2, .failed(CLError(.headingFailure))),
                Step(at: 3, .locations([INTUWorld.fix(1, at: 3)])),
            ], capabilities: [.location, .accuracy, .heading])
        let seen = Box<[String]>([])
        world.onMain {
            world.manager.requestLocation(withDesiredAccuracy: .room, timeout: 10) { _, _, status in
                seen.value.append("location \(status.rawValue)")
            }
            world.manager.subscribeToHeadingUpdates { heading, status in
                seen.value.append("heading \(status.rawValue) \(heading?.trueHeading ?? -1)")
            }
        }
        world.advance(by: 3)
        #expect(world.onMain { seen.value } == ["heading 0 92.0", "heading 2 -1.0", "location 0"])
    }
}
