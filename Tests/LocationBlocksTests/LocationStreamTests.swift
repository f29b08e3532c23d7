import Foundation
import LinuxCoreLocation
import SharedTestSupport
import Testing

@testable import LocationBlocks

/// Async tests wait on sequences: a lost event must fail the test in minutes, not hang the run.
///
/// Three minutes, not one: on a two-core machine the blocking integration tests can hold both cooperative
/// threads for a minute, and an awaiting test resumes only when one is free.
@Suite(.timeLimit(.minutes(3))) struct LocationStreamTests {
    @Test func locationsPassTheFiltersAndDroppingTheIteratorStopsTheProvider() async {
        let harness = BlocksHarness([
            .init(at: 1, .locations([fix(1, accuracy: 80, at: 1), fix(2, accuracy: 50, at: 1)])),
            .init(at: 2, .locations([fix(3, accuracy: 10, at: 2, age: 20), fix(4, accuracy: 5, at: 2)])),
        ])
        let streams = harness.makeStreams()
        do {
            var iterator = streams.locations(accuracyFilter: 50, ageFilter: 15).makeAsyncIterator()
            #expect(harness.provider.isRunning)
            harness.advance(by: 2)
            #expect(await iterator.next()?.coordinate.latitude == 2)
            #expect(await iterator.next()?.coordinate.latitude == 4)
        }
        #expect(!harness.provider.isRunning && harness.provider.stopCount == 1)
    }

    @Test func breakingOutOfTheLoopStopsTheProvider() async {
        // A scripted provider on the system clock delivers at once from a global queue: a real, unsynchronised
        // producer for an ordinary `for await` loop.
        let provider = ScriptedLocationProvider(
            steps: [.init(at: 0, .locations([fix(1), fix(2)]))], clock: SystemClock.shared)
        let streams = LocationStreams(
            configuration: LocationManagerConfiguration(
                provider: provider, authorization: LocationAuthorization(status: .authorizedWhenInUse)))
        var received: [Double] = []
        for await fix in streams.locations() {
            received.append(fix.coordinate.latitude)
            break
        }
        #expect(received == [1])
        #expect(!provider.isRunning && provider.stopCount == 1)
    }

    @Test func cancellingTheTaskStopsTheProvider() async {
        let provider = ScriptedLocationProvider(steps: [.init(at: 0, .locations([fix(1)]))], clock: SystemClock.shared)
        let streams = LocationStreams(
            configuration: LocationManagerConfiguration(
                provider: provider, authorization: LocationAuthorization(status: .authorizedWhenInUse)))
        let recorder = Recorder()
        let task = Task.detached {
            for await fix in streams.locations() { recorder.record("\(fix.coordinate.latitude)") }
            recorder.record("ended")
        }
        #expect(await recorder.waitAsync { $0 == ["1.0"] })
        #expect(provider.isRunning)
        task.cancel()
        await task.value
        #expect(recorder.events == ["1.0", "ended"])
        #expect(!provider.isRunning)
    }

    /// MMP's `stop:` — a signal whose completion stops the service — is cancelling the task (or leaving the loop):
    /// by the time the code after the loop runs (MMP's `completed:` block), the provider has stopped.
    @Test func cancellingTheTaskIsMMPsStop() async {
        let harness = BlocksHarness([.init(at: 1, .locations([fix(1, at: 1)]))], status: .notDetermined)
        let streams = harness.makeStreams()
        let recorder = Recorder()
        let (task, _) = await streams.startedTask {
            for await fix in streams.locations() { recorder.record("\(fix.coordinate.latitude)") }
            recorder.record("ended, provider running: \(harness.provider.isRunning)")
        }
        harness.advance(by: 1)
        #expect(await recorder.waitAsync { $0 == ["1.0"] })
        task.cancel()  // MMP: [doneSubject sendCompleted]
        _ = await task.result
        #expect(recorder.events == ["1.0", "ended, provider running: false"])
        #expect(harness.provider.stopCount == 1)
    }

    @Test func iterationsShareTheServiceUntilTheLastEnds() async {
        let harness = BlocksHarness([.init(at: 1, .locations([fix(1, at: 1)]))])
        let streams = harness.makeStreams()
        var first: LocationEventSequence<CLLocation>.Iterator? = streams.locations().makeAsyncIterator()
        var second: LocationEventSequence<CLLocation>.Iterator? = streams.locations(accuracyFilter: 1)
            .makeAsyncIterator()
        harness.advance(by: 1)
        #expect(await first?.next()?.coordinate.latitude == 1)
        first = nil
        #expect(harness.provider.isRunning)  // the second iteration still needs location updates
        #expect(second != nil)
        second = nil
        #expect(!harness.provider.isRunning && harness.provider.stopCount == 1)
        #expect(first == nil && second == nil)
    }

    @Test func aSlowConsumerKeepsTheNewestElements() async {
        let harness = BlocksHarness([.init(at: 1, .locations((1...5).map { fix(Double($0), at: 1) }))])
        let streams = harness.makeStreams(bufferLimit: 2)
        var iterator = streams.locations().makeAsyncIterator()
        harness.advance(by: 1)
        #expect(await iterator.next()?.coordinate.latitude == 4)
        #expect(await iterator.next()?.coordinate.latitude == 5)
    }

    @Test func authorizationStartsWithTheCurrentStatusThenEachChange() async {
        let harness = BlocksHarness([], status: .notDetermined)
        let streams = harness.makeStreams()
        var iterator = streams.authorizationChanges().makeAsyncIterator()
        harness.advance(by: 0)  // the managers' report at creation repeats the status: not delivered twice
        // Managers read the status when they deliver a change, so each change is delivered before the next.
        harness.authorization.setStatus(.authorizedWhenInUse)
        harness.advance(by: 0)
        harness.authorization.setStatus(.denied)
        harness.advance(by: 0)
        var statuses: [CLAuthorizationStatus] = []
        for _ in 0..<3 { if let status = await iterator.next() { statuses.append(status) } }
        #expect(statuses == [.notDetermined, .authorizedWhenInUse, .denied])
        #expect(harness.provider.startCount == 0)
    }

    /// MMP's `locationEvents`: a fix every 100 s at one spot pauses updates (activity "other": after 300 s still),
    /// the move at 800 s resumes them; the sequence hears both, in order, and starts no service itself.
    @Test func locationEventsReportThePauseAndTheResumption() async {
        let standing = stride(from: 0.0, through: 700, by: 100).map { at in
            ScriptedLocationProvider.Step(at: at, .locations([fix(1, at: at)]))
        }
        let harness = BlocksHarness(standing + [.init(at: 800, .locations([fix(1.02, at: 800)]))])
        let streams = harness.makeStreams()
        var events = streams.locationEvents().makeAsyncIterator()
        #expect(!harness.provider.isRunning)
        let locations = streams.locations().makeAsyncIterator()
        harness.advance(by: 800)
        var heard: [LocationUpdatesEvent] = []
        for _ in 0..<2 {
            if let event = await events.next() { heard.append(event) }
        }
        #expect(heard == [.paused, .resumed])
        withExtendedLifetime(locations) {}
    }

    @Test func errorsAndRegionEventsAndHeadings() async {
        let harness = BlocksHarness(
            [.init(at: 1, .fixLost), .init(at: 2, .heading(heading(33)))], capabilities: [.location, .heading])
        let streams = harness.makeStreams()
        let home = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 1, longitude: 2), radius: 50, identifier: "home")
        let beacon = CLBeaconRegion(uuid: UUID(), identifier: "beacon")
        var errors = streams.errors().makeAsyncIterator()
        let locations = streams.locations().makeAsyncIterator()
        var headings = streams.headings().makeAsyncIterator()
        var regions: LocationEventSequence<RegionEvent>.Iterator? = streams.regionEvents(for: [home, beacon])
            .makeAsyncIterator()
        harness.advance(by: 2)
        #expect(await errors.next()?.code == .locationUnknown)
        #expect(await headings.next()?.trueHeading == 33)
        #expect(await regions?.next() == .didStartMonitoring(home))
        let failure = await regions?.next()
        #expect(failure?.region?.identifier == "beacon")
        #expect(harness.on(UncheckedBox(streams.updates)) { $0.monitoredRegions.map(\.identifier) } == ["home"])
        regions = nil
        #expect(regions == nil)
        #expect(harness.on(UncheckedBox(streams.updates)) { $0.monitoredRegions.isEmpty })
        withExtendedLifetime(locations) {}  // location updates must run for the loss of fix to be reported
    }

    @Test func significantChangesAndVisitsRunWhileIterated() {
        let harness = BlocksHarness([])
        let streams = harness.makeStreams()
        do {
            let significant = streams.significantLocationChanges().makeAsyncIterator()
            #expect(harness.provider.isRunning)
            withExtendedLifetime(significant) {}
        }
        #expect(!harness.provider.isRunning)
        do {
            let visits = streams.visits().makeAsyncIterator()
            #expect(harness.provider.isRunning)
            withExtendedLifetime(visits) {}
        }
        #expect(!harness.provider.isRunning && harness.provider.stopCount == 2)
    }
}
