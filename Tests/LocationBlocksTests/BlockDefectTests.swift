import Foundation
import LinuxCoreLocation
import SharedTestSupport
import Testing

@testable import LocationBlocks

/// The defects of the blocks layer found by trying it as the pod's users would; each test failed before its fix.
@Suite struct BlockDefectTests {
    @Test func agesAreMeasuredWhenTheProviderDeliveredNotWhenTheCallbackRuns() {
        // One advance plays all five fixes before the callbacks run, as a replay as fast as possible does: the
        // clock then reads +5 s, so measured at callback time the first three fixes looked 2 to 4 s old.
        let steps = (1...5).map {
            ScriptedLocationProvider.Step(at: Double($0), .locations([fix(Double($0), at: Double($0))]))
        }
        let harness = BlocksHarness(steps)
        let recorder = Recorder()
        let manager = harness.makeManager { manager in
            manager.updateLocationAgeFilter = 1.5
            manager.startUpdatingLocation { _, location, _, _ in
                if let location { recorder.record("fix \(location.coordinate.latitude)") }
            }
        }
        harness.advance(by: 5)
        #expect(recorder.events == ["fix 1.0", "fix 2.0", "fix 3.0", "fix 4.0", "fix 5.0"])
        #expect(harness.on(manager) { $0.updateFilterStatistics.droppedByAge } == 0)
    }

    @Test func theSameReplayPassesTheSameFixesOnEveryRun() throws {
        // The reported case: `speed=max` replays with a 10 s age filter gave 18 to 41 fixes from run to run.
        let epochs = 120
        let counts = try Self.replayCounts(runs: 8, epochs: epochs, restartAtFirstFix: false)
        #expect(counts == Array(repeating: epochs, count: 8))
    }

    @Test func aBlockThatStopsAndStartsAgainKeepsTheNewBlock() {
        let harness = BlocksHarness([
            .init(at: 1, .locations([fix(1, at: 1), fix(2, at: 1)])), .init(at: 2, .locations([fix(3, at: 2)])),
        ])
        let first = Recorder()
        let second = Recorder()
        let manager = harness.makeManager { manager in
            manager.startUpdatingLocation { manager, location, _, stop in
                first.record("fix \(location?.coordinate.latitude ?? -1)")
                stop.pointee = true
                manager?.startUpdatingLocation { _, location, _, _ in
                    second.record("fix \(location?.coordinate.latitude ?? -1)")
                }
            }
        }
        harness.advance(by: 2)  // both batches are queued before the first one's block runs
        #expect(first.events == ["fix 1.0"])
        // The rest of the stopping batch is not delivered; the next fix, already queued, reaches the new block.
        #expect(second.events == ["fix 3.0"])
        #expect(harness.provider.isRunning && harness.provider.stopCount == 0)
        _ = manager
    }

    @Test func aReplayRestartedFromItsBlockGivesTheSameFixesOnEveryRun() throws {
        // The block stops at the first fix and starts a new block: the fixes already queued go on to it.
        let epochs = 120
        let counts = try Self.replayCounts(runs: 5, epochs: epochs, restartAtFirstFix: true)
        #expect(
            counts == Array(repeating: epochs, count: 5), "the first fix by the first block, the rest by the new one")
    }

    @Test func aLaterBlockReplacesTheEarlierOne() {
        let harness = BlocksHarness([.init(at: 1, .locations([fix(1, at: 1)]))])
        let first = Recorder()
        let second = Recorder()
        let manager = harness.makeManager { manager in
            manager.startUpdatingLocation { _, _, _, _ in first.record("fix") }
            manager.startUpdatingLocation { _, _, _, _ in second.record("fix") }
        }
        harness.advance(by: 1)
        #expect(first.events == [] && second.events == ["fix"])
        _ = manager
    }

    @Test func aBlockBasedStartAsksForAuthorizationBeforeItStarts() {
        // Starting first made the mirror print "location authorization is not determined … call
        // requestWhenInUseAuthorization()" although the request followed at once.
        let harness = BlocksHarness([], status: .notDetermined)
        let order = OrderRecordingManager(configuration: harness.configuration)
        harness.queue.sync {
            order.updateAuthorizationDescription = .whenInUse
            order.startUpdatingLocation { _, _, _, _ in }
            order.startUpdatingHeading { _, _, _, _ in }
        }
        #expect(
            order.calls == ["requestWhenInUse", "startUpdatingLocation", "requestWhenInUse", "startUpdatingHeading"])
        let always = OrderRecordingManager(configuration: harness.configuration)
        harness.queue.sync { always.startUpdatingLocation { _, _, _, _ in } }
        #expect(always.calls == ["requestAlways", "startUpdatingLocation"], "the pod's default description")
    }

    @Test func theStatisticsSayWhatEachFilterDropped() {
        let harness = BlocksHarness([
            .init(
                at: 1,
                .locations([
                    fix(1, accuracy: 120, at: 1), fix(2, accuracy: 80, at: 1),
                    fix(3, at: 1, age: 9.9 * 365.25 * 86_400),
                    fix(4, at: 1, age: -7200), fix(5, at: 1),
                ]))
        ])
        let manager = harness.makeManager { manager in
            manager.updateAccuracyFilter = 50
            manager.updateLocationAgeFilter = 15
            manager.startUpdatingLocation { _, _, _, _ in }
        }
        harness.advance(by: 1)
        let statistics = harness.on(manager) { $0.updateFilterStatistics }
        #expect(statistics.passed == 1 && statistics.dropped == 4)
        #expect(statistics.droppedByAccuracy == 2 && statistics.lastDroppedAccuracy == 80)
        #expect(statistics.droppedByAge == 2 && statistics.lastDroppedAge == -7200)
    }

    @Test func theHeadingBlockRunsBeforeTheHeadingUpdateBlock() {
        let harness = BlocksHarness(
            [.init(at: 1, .heading(heading(90)))], capabilities: [.location, .accuracy, .heading])
        let recorder = Recorder()
        let manager = harness.makeManager { manager in
            manager.headingFilter = kCLHeadingFilterNone
            manager.didUpdateHeading(bock: { _, _ in recorder.record("delegate block") })
            manager.startUpdatingHeading { _, _, _, _ in recorder.record("update block") }
        }
        harness.advance(by: 1)
        #expect(recorder.events == ["delegate block", "update block"])
        _ = manager
    }

    /// Replays a fresh `epochs`-epoch NMEA file `runs` times with a 10 s age filter and returns the counts.
    static func replayCounts(runs: Int, epochs: Int, restartAtFirstFix: Bool) throws -> [Int] {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("BlockDefectTests-\(UUID())")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        return try (0..<runs).map { run in
            // A file per run: the same URI would give the same, already finished, provider instance.
            let file = directory.appendingPathComponent("run\(run).nmea")
            try NMEALog.epochs(epochs).write(to: file, atomically: true, encoding: .utf8)
            return try replayedFixes("nmea:\(file.path)?speed=max", ageFilter: 10, restartAtFirstFix: restartAtFirstFix)
        }
    }

    /// Replays `uri` to its end through an update manager with the age filter and counts the update block's fixes.
    static func replayedFixes(_ uri: String, ageFilter: TimeInterval, restartAtFirstFix: Bool = false) throws -> Int {
        let queue = DispatchQueue(label: "BlockDefectTests.replay")
        let finished = FinishSignal()
        let count = UncheckedBox(0)
        let configuration = LocationManagerConfiguration(
            provider: try LocationProviders.provider(for: uri),
            authorization: LocationAuthorization(status: .authorizedWhenInUse), callbackQueue: queue)
        let manager: UncheckedBox<CLLocationManager> = queue.sync {
            let manager: CLLocationManager = CLLocationManager.update(
                withAccuracy: kCLUpdateAccuracyFilterNone, locationAge: ageFilter, authorizationDesciption: .whenInUse,
                configuration: configuration)
            manager.delegate = finished
            manager.pausesLocationUpdatesAutomatically = false
            let counting: LocationManagerUpdateBlock = { _, location, _, _ in
                if location != nil { count.value += 1 }
            }
            manager.startUpdatingLocation { manager, location, error, stop in
                counting(manager, location, error, stop)
                guard restartAtFirstFix, location != nil else { return }
                stop.pointee = true
                manager?.startUpdatingLocation(update: counting)
            }
            return UncheckedBox(manager)
        }
        #expect(finished.wait(), "the replay of \(uri) ended")
        return queue.sync {
            manager.value.stopUpdatingLocation()
            return count.value
        }
    }
}

/// A manager that records the order of the calls the blocks layer makes on it.
final class OrderRecordingManager: CLLocationManager, @unchecked Sendable {
    private(set) var calls: [String] = []
    override func requestWhenInUseAuthorization() {
        calls.append("requestWhenInUse")
        super.requestWhenInUseAuthorization()
    }
    override func requestAlwaysAuthorization() {
        calls.append("requestAlways")
        super.requestAlwaysAuthorization()
    }
    override func startUpdatingLocation() {
        calls.append("startUpdatingLocation")
        super.startUpdatingLocation()
    }
    override func startUpdatingHeading() {
        calls.append("startUpdatingHeading")
        super.startUpdatingHeading()
    }
}

/// A delegate that signals when the provider has no more fixes.
final class FinishSignal: NSObject, LinuxLocationManagerDelegate, @unchecked Sendable {
    private let semaphore = DispatchSemaphore(value: 0)
    func locationManagerProviderDidFinish(_ manager: CLLocationManager) { semaphore.signal() }
    func wait() -> Bool { semaphore.wait(timeout: .now() + 60) == .success }
}

/// NMEA 0183 text for tests: GGA and RMC sentences with valid checksums.
enum NMEALog {
    /// `count` one-second epochs from 2026-01-01T00:00:00Z, each a GGA (HDOP 0.9) and an RMC, walking north.
    static func epochs(_ count: Int) -> String {
        (0..<count).map { second in
            let time = String(format: "%02d%02d%02d.00", second / 3600, second / 60 % 60, second % 60)
            let latitude = String(format: "4851.%04d", 5000 + second)
            return sentence("GPGGA,\(time),\(latitude),N,00217.6700,E,1,08,0.9,35.0,M,47.0,M,,") + "\r\n"
                + sentence("GPRMC,\(time),A,\(latitude),N,00217.6700,E,1.0,0.0,010126,,,A") + "\r\n"
        }.joined()
    }

    /// `$BODY*CS` with the XOR checksum of the body.
    static func sentence(_ body: String) -> String {
        let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
        return "$\(body)*\(String(format: "%02X", checksum))"
    }
}
