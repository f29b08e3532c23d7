import Foundation
import LinuxCoreLocation

/// A fresh `nmea:PATH?speed=max` provider, built as the `nmea` scheme builds it but not cached by the
/// registry, so each run starts anew.
func freshReplayProvider(path: String, options: ReplayOptions = ReplayOptions(speed: .asFastAsPossible))
    -> any LocationProvider
{
    ReplayLocationProvider(
        identifier: "nmea:\(path)", capabilities: [.location], options: options,
        isAvailable: { true }, open: { try NMEAReplaySource(path: path) })
}

/// A delegate that counts the fixes it is given (when `counts`) and signals the end of the replay.
final class ReplayDelegate: NSObject, LinuxLocationManagerDelegate, @unchecked Sendable {
    let finished = DispatchSemaphore(value: 0)
    private let counts: Bool
    private(set) var locations = 0  // written only on the callback queue

    /// - Parameter counts: whether `didUpdateLocations` counts (the delegate pipeline) or is Apple's empty
    ///   default (the block pipeline, where the delegate only learns of the end).
    init(counts: Bool) { self.counts = counts }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        if counts { self.locations += locations.count }
    }
    func locationManagerProviderDidFinish(_ manager: CLLocationManager) {
        finished.signal()
    }
}

/// Replays the input at `speed=max` through one manager made and started by `start` on a serial callback
/// queue, waits for the end of the file, stops, and returns the fixes delivered (`count`, read on that queue).
func measureReplay(
    _ input: BenchInput, name: String, start: (LocationManagerConfiguration, ReplayDelegate) -> CLLocationManager,
    counts: Bool, count: (ReplayDelegate) -> Int
) -> Measurement {
    ProcessStatus.resetPeakResident()
    let provider = freshReplayProvider(path: input.path)
    let queue = DispatchQueue(label: "corelocation-bench.callbacks")
    let delegate = ReplayDelegate(counts: counts)
    let configuration = LocationManagerConfiguration(
        provider: provider, authorization: LocationAuthorization(status: .authorizedAlways), callbackQueue: queue)
    let run = timed {
        let manager = queue.sync { start(configuration, delegate) }
        delegate.finished.wait()
        return queue.sync {
            manager.stopUpdatingLocation()
            return count(delegate)
        }
    }
    return Measurement(
        name: name, lines: input.lines, bytes: input.bytes, seconds: run.seconds, cpuSeconds: run.cpuSeconds,
        fixes: run.result, peakResidentKilobytes: ProcessStatus.kilobytes("VmHWM"))
}
