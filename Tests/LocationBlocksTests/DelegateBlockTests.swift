import Foundation
import LinuxCoreLocation
import Testing

@testable import LocationBlocks

@Suite struct DelegateBlockTests {
    @Test func settingABlockStartsNothing() {
        let harness = BlocksHarness([.init(at: 1, .locations([fix(1, at: 1)]))])
        let batches = Recorder()
        let manager = harness.makeManager { manager in
            manager.didUpdateLocationsBlock = { _, fixes in batches.record("\(fixes.count)") }
            manager.didUpdateHeadingBlock = { _, _ in batches.record("heading") }
        }
        harness.advance(by: 2)
        #expect(harness.provider.startCount == 0)
        #expect(batches.events == [])
        harness.on(manager) { $0.startUpdatingLocation() }
        harness.advance(by: 1)
        #expect(batches.events == ["1"])
    }

    @Test func callbacksTheMirrorMakesReachTheirBlocks() {
        let harness = BlocksHarness([])
        let recorder = Recorder()
        let region = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 1, longitude: 2), radius: 100, identifier: "home")
        let beacon = CLBeaconRegion(uuid: UUID(), identifier: "beacon")
        let manager = harness.makeManager { (manager: CLLocationManager) in
            manager.didChangeAuthorizationBlock = { manager in
                recorder.record("authorization \(manager.authorizationStatus)")
            }
            manager.didChangeAuthorizationStatusBlock = { _, status in recorder.record("status \(status)") }
            manager.didStartMonitoringBlock = { _, region in recorder.record("started \(region.identifier)") }
            manager.monitoringDidFailBlock = { (_, region: CLRegion?, error: any Error) in
                recorder.record("failed \(region?.identifier ?? "none") \(code(error))")
            }
            manager.didDetermineStateBlock = { _, state, region in
                recorder.record("state \(state) \(region.identifier)")
            }
            manager.didFailRangingForConstraintBlock = { _, _, error in recorder.record("ranging \(code(error))") }
            manager.didFinishDeferredUpdatesBlock = { _, error in recorder.record("deferred \(code(error))") }
            manager.startMonitoring(for: region)
            manager.startMonitoring(for: beacon)
            manager.requestState(for: region)
            manager.startRangingBeacons(satisfying: beacon.beaconIdentityConstraint)
            manager.allowDeferredLocationUpdates(untilTraveled: 100, timeout: 60)
        }
        harness.advance(by: 0)
        #expect(
            recorder.events == [
                "authorization authorizedWhenInUse", "status authorizedWhenInUse", "started home",
                "failed beacon regionMonitoringFailure", "state unknown home", "ranging rangingUnavailable",
                "deferred deferredFailed",
            ])
        _ = manager
    }

    @Test func everyDelegateMethodReachesItsBlock() throws {
        // Callbacks the Linux mirror never makes (visits, region crossings, beacons, pauses) are driven directly.
        let harness = BlocksHarness([])
        let recorder = Recorder()
        let region = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 1, longitude: 2), radius: 100, identifier: "r")
        let beaconRegion = CLBeaconRegion(uuid: UUID(), identifier: "b")
        let constraint = beaconRegion.beaconIdentityConstraint
        let visit = CLVisit(
            arrivalDate: clockStart, departureDate: .distantFuture,
            coordinate: CLLocationCoordinate2D(latitude: 1, longitude: 2), horizontalAccuracy: 20)
        let error = CLError(.network)
        var calibration = false
        let manager = harness.makeManager { m in
            m.didUpdateLocationsBlock = { _, fixes in recorder.record("locations \(fixes.count)") }
            m.didUpdateToFromBlock = { _, new, old in
                recorder.record("to \(new.coordinate.latitude) from \(old.coordinate.latitude)")
            }
            m.didUpdateHeadingBlock = { _, h in recorder.record("heading \(h.trueHeading)") }
            m.shouldDisplayHeadingCalibrationBlock = { _ in true }
            m.didDetermineStateBlock = { _, state, _ in recorder.record("state \(state)") }
            m.didRangeBeaconsInRegionBlock = { _, beacons, r in
                recorder.record("ranged \(beacons.count) in \(r.identifier)")
            }
            m.rangingBeaconsDidFailForRegionBlock = { _, r, e in
                recorder.record("ranging failed \(r.identifier) \(code(e))")
            }
            m.didRangeBeaconsSatisfyingBlock = { _, beacons, _ in recorder.record("ranged \(beacons.count) satisfying")
            }
            m.didFailRangingForConstraintBlock = { _, _, e in recorder.record("constraint failed \(code(e))") }
            m.didEnterRegionBlock = { _, r in recorder.record("enter \(r.identifier)") }
            m.didExitRegionBlock = { _, r in recorder.record("exit \(r.identifier)") }
            m.didFailWithErrorBlock = { _, e in recorder.record("error \(code(e))") }
            m.monitoringDidFailBlock = { _, r, e in
                recorder.record("monitoring failed \(r?.identifier ?? "nil") \(code(e))")
            }
            m.didChangeAuthorizationStatusBlock = { _, s in recorder.record("status \(s)") }
            m.didChangeAuthorizationBlock = { _ in recorder.record("authorization") }
            m.didStartMonitoringBlock = { _, r in recorder.record("started \(r.identifier)") }
            m.didPauseLocationUpdatesBlock = { _ in recorder.record("pause") }
            m.didResumeLocationUpdatesBlock = { _ in recorder.record("resume") }
            m.didFinishDeferredUpdatesBlock = { _, e in recorder.record("deferred \(code(e))") }
            m.didVisitBlock = { _, v in recorder.record("visit \(v.horizontalAccuracy)") }
        }
        harness.advance(by: 0)  // the report at creation
        let before = recorder.events
        #expect(before == ["authorization", "status authorizedWhenInUse"])
        try harness.on(manager) { m in
            let d = try #require(CLLocationManagerBlocks.existing(on: m))
            d.locationManager(m, didUpdateLocations: [fix(1), fix(2)])
            d.locationManager(m, didUpdateTo: fix(3), from: fix(2))
            d.locationManager(m, didUpdateHeading: heading(45))
            calibration = d.locationManagerShouldDisplayHeadingCalibration(m)
            d.locationManager(m, didDetermineState: .inside, for: region)
            d.locationManager(m, didRangeBeacons: [], in: beaconRegion)
            d.locationManager(m, rangingBeaconsDidFailFor: beaconRegion, withError: error)
            d.locationManager(m, didRange: [], satisfying: constraint)
            d.locationManager(m, didFailRangingFor: constraint, error: error)
            d.locationManager(m, didEnterRegion: region)
            d.locationManager(m, didExitRegion: region)
            d.locationManager(m, didFailWithError: error)
            d.locationManager(m, monitoringDidFailFor: nil, withError: error)
            d.locationManager(m, didChangeAuthorization: .denied)
            d.locationManagerDidChangeAuthorization(m)
            d.locationManager(m, didStartMonitoringFor: region)
            d.locationManagerDidPauseLocationUpdates(m)
            d.locationManagerDidResumeLocationUpdates(m)
            d.locationManager(m, didFinishDeferredUpdatesWithError: nil)
            d.locationManager(m, didVisit: visit)
        }
        #expect(calibration)
        #expect(
            Array(recorder.events.dropFirst(before.count)) == [
                "locations 2", "to 3.0 from 2.0", "heading 45.0", "state inside", "ranged 0 in b",
                "ranging failed b network",
                "ranged 0 satisfying", "constraint failed network", "enter r", "exit r", "error network",
                "monitoring failed nil network", "status denied", "authorization", "status authorizedWhenInUse",
                "started r",
                "pause", "resume", "deferred nil", "visit 20.0",
            ])
        // Cleared blocks are not called, and reading one back gives nil.
        harness.on(manager) { m in
            m.didVisitBlock = nil
            #expect(m.didVisitBlock == nil && m.didEnterRegionBlock != nil)
            #expect(!(m.didUpdateLocationsBlock == nil))
        }
    }
}
