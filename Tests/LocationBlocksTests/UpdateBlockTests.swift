import Foundation
import LinuxCoreLocation
import SharedTestSupport
import Testing

@testable import LocationBlocks

@Suite struct UpdateBlockTests {
    /// A `didUpdateLocationsBlock` that records each batch's latitudes, as `[1.0, 3.0]`.
    static func recordingBatches(_ recorder: Recorder) -> (CLLocationManager, [CLLocation]) -> Void {
        { _, fixes in recorder.record("\(fixes.map(\.coordinate.latitude))") }
    }

    /// Records every call of a location update block as `fix LAT` or `error CODE`.
    static func recording(_ recorder: Recorder, stopAt stopLatitude: Double? = nil) -> LocationManagerUpdateBlock {
        { _, location, error, stop in
            if let location {
                recorder.record("fix \(location.coordinate.latitude)")
                if location.coordinate.latitude == stopLatitude { stop?.pointee = true }
            } else {
                recorder.record("error \(code(error))")
            }
        }
    }

    @Test func batchesAreSplitIntoSingleCallsInOrder() {
        let harness = BlocksHarness([
            .init(at: 1, .locations([fix(1, at: 1), fix(2, at: 1)])), .init(at: 2, .locations([fix(3, at: 2)])),
        ])
        let recorder = Recorder()
        let batches = Recorder()
        let manager = harness.makeManager { manager in
            manager.didUpdateLocationsBlock = Self.recordingBatches(batches)
            manager.startUpdatingLocation(update: Self.recording(recorder))
        }
        #expect(harness.provider.isRunning)  // starting is automatic
        harness.advance(by: 2)
        #expect(recorder.events == ["fix 1.0", "fix 2.0", "fix 3.0"])
        #expect(batches.events == ["[1.0, 2.0]", "[3.0]"])
        _ = manager
    }

    @Test func errorsArriveOnceWithANilLocation() {
        let harness = BlocksHarness([
            .init(at: 1, .fixLost), .init(at: 2, .locations([fix(2, at: 2)])), .init(at: 3, .failed(CLError(.network))),
        ])
        let recorder = Recorder()
        let manager = harness.makeManager { $0.startUpdatingLocation(update: Self.recording(recorder)) }
        harness.advance(by: 3)
        #expect(recorder.events == ["error locationUnknown", "fix 2.0", "error network"])
        _ = manager
    }

    @Test func stopFlagInTheMiddleOfABatchStopsAtOnce() {
        let harness = BlocksHarness([
            .init(at: 1, .locations([fix(1, at: 1), fix(2, at: 1), fix(3, at: 1)])),
            .init(at: 2, .locations([fix(4, at: 2)])),
        ])
        let recorder = Recorder()
        let batches = Recorder()
        let manager = harness.makeManager { manager in
            manager.didUpdateLocationsBlock = Self.recordingBatches(batches)
            manager.startUpdatingLocation(update: Self.recording(recorder, stopAt: 2))
        }
        harness.advance(by: 1)
        #expect(recorder.events == ["fix 1.0", "fix 2.0"])
        #expect(batches.events == ["[1.0, 2.0]"])  // fix 3 reaches no block
        #expect(!harness.provider.isRunning && harness.provider.stopCount == 1)
        harness.advance(by: 5)
        #expect(recorder.events == ["fix 1.0", "fix 2.0"])
        #expect(batches.events == ["[1.0, 2.0]"])
        _ = manager
    }

    @Test func stopFlagOnAnErrorStopsUpdates() {
        let harness = BlocksHarness([.init(at: 1, .fixLost), .init(at: 2, .locations([fix(2, at: 2)]))])
        let recorder = Recorder()
        let manager = harness.makeManager { manager in
            manager.startUpdatingLocation { _, location, error, stop in
                recorder.record(location == nil ? "error \(code(error))" : "fix")
                stop.pointee = true
            }
        }
        harness.advance(by: 3)
        #expect(recorder.events == ["error locationUnknown"])
        #expect(!harness.provider.isRunning)
        _ = manager
    }

    @Test func stopThenRestartDeliversAgain() {
        let harness = BlocksHarness([
            .init(at: 1, .locations([fix(1, at: 1)])), .init(at: 2, .locations([fix(2, at: 2)])),
        ])
        let first = Recorder()
        let second = Recorder()
        let manager = harness.makeManager { $0.startUpdatingLocation(update: Self.recording(first, stopAt: 1)) }
        harness.advance(by: 1)
        #expect(!harness.provider.isRunning)
        harness.on(manager) { $0.startUpdatingLocation(update: Self.recording(second)) }
        #expect(harness.provider.startCount == 2)
        harness.advance(by: 2)  // the script replays from its start: fixes 1 and 2 at +1 s and +2 s
        #expect(first.events == ["fix 1.0"])
        #expect(second.events == ["fix 1.0", "fix 2.0"])
        _ = manager
    }

    @Test func headingFlagIsIndependentAndHeadingErrorsReachTheLocationBlock() {
        let harness = BlocksHarness(
            [
                .init(at: 1, .heading(heading(90))), .init(at: 2, .locations([fix(2, at: 2)])),
                .init(at: 3, .heading(heading(180))), .init(at: 4, .locations([fix(4, at: 4)])),
            ], capabilities: [.location, .accuracy, .heading])
        let locations = Recorder()
        let headings = Recorder()
        let manager = harness.makeManager { manager in
            manager.headingFilter = kCLHeadingFilterNone
            manager.startUpdatingLocation(update: Self.recording(locations))
            manager.startUpdatingHeading { _, heading, error, stop in
                headings.record(heading.map { "heading \($0.trueHeading)" } ?? "error \(code(error))")
                stop.pointee = true
            }
        }
        harness.advance(by: 4)
        #expect(headings.events == ["heading 90.0"])
        #expect(locations.events == ["fix 2.0", "fix 4.0"])
        _ = manager

        // A provider without a compass. The pod's rule: every error (`locationManager:didFailWithError:`) goes to the
        // location update block, with a nil location, and none to the heading update block.
        let compassless = BlocksHarness([.init(at: 1, .locations([fix(1, at: 1)]))])
        let locationCalls = Recorder()
        let headingCalls = Recorder()
        let other = compassless.makeManager { manager in
            manager.startUpdatingLocation(update: Self.recording(locationCalls))
            manager.startUpdatingHeading { _, heading, error, _ in
                headingCalls.record(heading == nil ? "error \(code(error))" : "heading")
            }
        }
        compassless.advance(by: 1)
        #expect(headingCalls.events == [], "the pod sends no error to the heading update block")
        #expect(
            locationCalls.events == ["error headingFailure", "fix 1.0"],
            "the pod sends every error, a heading failure too, to the location update block")
        _ = other
    }

    @Test func blockBasedStartRequestsTheDescribedAuthorization() {
        let asked = Recorder()
        let policy = AuthorizationPolicy { request, _ in
            asked.record("\(request)")
            return request == .always ? .authorizedAlways : .authorizedWhenInUse
        }
        let harness = BlocksHarness([.init(at: 1, .locations([fix(1, at: 1)]))], status: .notDetermined, policy: policy)
        let statuses = Recorder()
        let manager: UncheckedBox<CLLocationManager> = harness.queue.sync {
            let manager: CLLocationManager = CLLocationManager.update(
                withAccuracy: 50, locationAge: 15, authorizationDesciption: .always,
                configuration: harness.configuration)
            manager.didChangeAuthorizationStatusBlock = { _, status in statuses.record("\(status)") }
            manager.startUpdatingLocation { _, _, _, _ in }
            return UncheckedBox(manager)
        }
        #expect(statuses.wait { $0.contains("authorizedAlways") })
        #expect(asked.events == ["always"])
        #expect(harness.on(manager) { ($0.updateAccuracyFilter, $0.updateLocationAgeFilter) } == (50, 15))
    }

    @Test func availabilityFollowsServicesAndStatus() {
        for (status, expected) in [
            (CLAuthorizationStatus.notDetermined, true), (.authorizedWhenInUse, true), (.authorizedAlways, true),
            (.denied, false), (.restricted, false),
        ] {
            let harness = BlocksHarness([], status: status)
            let manager = harness.makeManager()
            #expect(harness.on(manager) { $0.isLocationUpdatesAvailable } == expected, "\(status)")
            #expect(CLLocationManager.isUsable(servicesEnabled: true, status: status) == expected)
            #expect(!CLLocationManager.isUsable(servicesEnabled: false, status: status))
        }
    }
}
