import Foundation
import LinuxCoreLocation
import LocationBlocks

/// Counts what an update block receives; touched only on the callback queue.
final class BlockCounter: @unchecked Sendable {
    var locations = 0
}

/// The accuracy filter of the block pipeline, metres: every fix of the logs passes (their worst is ≈ 100 m),
/// so both pipelines deliver the same fixes and the comparison is of the work alone.
let blockAccuracyFilter: CLLocationAccuracy = 1_000

/// The age filter of the live measurements (fan-out, memory, gpsd), seconds: their fixes are stamped now.
let blockAgeFilter: TimeInterval = 60

/// The age filter of the replay, seconds: 40 years, so every fix passes.
///
/// At `speed=max` the manager's clock
/// follows the recorded times of the fix the replay has *read*, which runs ahead of the one being delivered,
/// and the concatenated logs span 1999–2022: a 60 s filter measured at delivery drops most fixes.
let replayAgeFilter: TimeInterval = 40 * 365 * 86_400

/// The full pipeline with LocationBlocks: `nmea:FILE?speed=max` → replay provider →
/// `CLLocationManager.update(withAccuracy:locationAge:configuration:)` with both filters on →
/// `startUpdatingLocation(update:)` → the block, once per fix, on a serial callback queue.
///
/// A delegate is set only to learn of the end of the file; its `didUpdateLocations` is the empty default.
func measurePipelineBlocks(_ input: BenchInput) -> Measurement {
    let counter = BlockCounter()
    return measureReplay(
        input, name: "pipeline, update block + both filters",
        start: { configuration, delegate in
            let manager: CLLocationManager = CLLocationManager.update(
                withAccuracy: blockAccuracyFilter, locationAge: replayAgeFilter, configuration: configuration)
            manager.delegate = delegate
            manager.pausesLocationUpdatesAutomatically = false
            manager.startUpdatingLocation { _, location, _, _ in
                if location != nil { counter.locations += 1 }
            }
            return manager
        }, counts: false, count: { _ in counter.locations })
}
