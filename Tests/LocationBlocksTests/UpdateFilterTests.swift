import Foundation
import LinuxCoreLocation
import Testing

@testable import LocationBlocks

@Suite struct UpdateFilterTests {
    /// Runs a script through an update manager with the given filters and returns the latitudes the update
    /// block and the `didUpdateLocations` block received, and what the filters and the provider did (for
    /// failure messages).
    static func delivered(
        _ steps: [ScriptedLocationProvider.Step], accuracy: CLLocationAccuracy, age: TimeInterval
    ) -> (updates: [String], batches: [String], why: String) {
        let harness = BlocksHarness(steps)
        let updates = Recorder()
        let batches = Recorder()
        let manager = harness.makeManager { manager in
            manager.updateAccuracyFilter = accuracy
            manager.updateLocationAgeFilter = age
            manager.didUpdateLocationsBlock = UpdateBlockTests.recordingBatches(batches)
            manager.startUpdatingLocation { _, location, _, _ in
                if let location { updates.record("\(location.coordinate.latitude)") }
            }
        }
        harness.advance(by: steps.map(\.offset).max() ?? 0)
        let statistics = harness.on(manager) { $0.updateFilterStatistics }
        let why =
            "\(statistics); provider started \(harness.provider.startCount), stopped \(harness.provider.stopCount)"
        return (updates.events, batches.events, why)
    }

    @Test func accuracyThresholdIsInclusive() {
        let result = Self.delivered(
            [
                .init(
                    at: 1,
                    .locations([
                        fix(1, accuracy: 50, at: 1), fix(2, accuracy: 50.000001, at: 1), fix(3, accuracy: 0.5, at: 1),
                    ]))
            ],
            accuracy: 50, age: kCLLocationAgeFilterNone)
        #expect(result.updates == ["1.0", "3.0"])
        #expect(result.batches == ["[1.0, 3.0]"])
    }

    @Test func aBatchFilteredAwayEntirelyCallsNoBlock() {
        let result = Self.delivered(
            [
                .init(at: 1, .locations([fix(1, accuracy: 80, at: 1)])),
                .init(at: 2, .locations([fix(2, accuracy: 20, at: 2)])),
            ],
            accuracy: 30, age: kCLLocationAgeFilterNone)
        #expect(result.updates == ["2.0"])
        #expect(result.batches == ["[2.0]"])  // never an empty array
    }

    @Test func negativeFilterIsTheBestSentinelMeaningTenMetres() {
        let steps: [ScriptedLocationProvider.Step] = [
            .init(
                at: 1,
                .locations([fix(1, accuracy: 10, at: 1), fix(2, accuracy: 10.5, at: 1), fix(3, accuracy: 3, at: 1)]))
        ]
        #expect(Self.delivered(steps, accuracy: kCLLocationAccuracyBest, age: 0).updates == ["1.0", "3.0"])
        #expect(
            Self.delivered(steps, accuracy: kCLLocationAccuracyBestForNavigation, age: 0).updates == ["1.0", "3.0"])
        #expect(LocationUpdateFilter(accuracy: -1).accuracyThreshold == 10)
        #expect(LocationUpdateFilter(accuracy: .nan).accuracyThreshold == nil)
    }

    @Test func invalidAccuracyIsDroppedWheneverTheFilterIsOn() {
        // The mirror never delivers such fixes, so the filter is checked on its own and through the blocks object.
        let invalid = fix(1, accuracy: -1)
        #expect(LocationUpdateFilter(accuracy: 100).verdict(on: invalid, now: clockStart) == .droppedByAccuracy)
        #expect(
            LocationUpdateFilter(accuracy: kCLLocationAccuracyBest).verdict(on: invalid, now: clockStart)
                == .droppedByAccuracy)
        #expect(
            LocationUpdateFilter(accuracy: kCLUpdateAccuracyFilterNone).verdict(on: invalid, now: clockStart) == .passed
        )

        let harness = BlocksHarness([])
        let batches = Recorder()
        let manager = harness.makeManager { manager in
            manager.updateAccuracyFilter = 100
            manager.didUpdateLocationsBlock = UpdateBlockTests.recordingBatches(batches)
            CLLocationManagerBlocks.existing(on: manager)?.locationManager(
                manager, didUpdateLocations: [invalid, fix(2, accuracy: 99)])
        }
        #expect(batches.events == ["[2.0]"])
        _ = manager
    }

    @Test func ageMustBeStrictlyBelowTheFilterInMagnitude() {
        // Fixes arrive at +10 s; ages are measured against the manager's clock at delivery.
        let result = Self.delivered(
            [
                .init(
                    at: 10,
                    .locations([
                        fix(1, at: 10, age: 15), fix(2, at: 10, age: 14.999), fix(3, at: 10, age: 0),
                        fix(4, at: 10, age: -10), fix(5, at: 10, age: -15), fix(6, at: 10, age: 16),
                    ]))
            ],
            accuracy: kCLUpdateAccuracyFilterNone, age: 15)
        #expect(result.updates == ["2.0", "3.0", "4.0"])
    }

    @Test func fractionalAgesCompareAsFloatingPoint() {
        let result = Self.delivered(
            [
                .init(
                    at: 1,
                    .locations([
                        fix(1, at: 1, age: 0.25), fix(2, at: 1, age: 0.5), fix(3, at: 1, age: 0.75),
                        fix(4, at: 1, age: 0.4999),
                    ]))
            ],
            accuracy: kCLUpdateAccuracyFilterNone, age: 0.5)
        #expect(result.updates == ["1.0", "4.0"], "\(result.why)")
    }

    @Test func filtersCombineAndNegativeAgeMeansOff() {
        let steps: [ScriptedLocationProvider.Step] = [
            .init(
                at: 5,
                .locations([
                    fix(1, accuracy: 40, at: 5, age: 100), fix(2, accuracy: 40, at: 5), fix(3, accuracy: 60, at: 5),
                ]))
        ]
        #expect(Self.delivered(steps, accuracy: 50, age: 10).updates == ["2.0"])
        #expect(Self.delivered(steps, accuracy: 50, age: -1).updates == ["1.0", "2.0"])
        #expect(
            Self.delivered(steps, accuracy: kCLUpdateAccuracyFilterNone, age: kCLLocationAgeFilterNone).updates == [
                "1.0", "2.0", "3.0",
            ])
    }
}
