import Foundation
import LinuxCoreLocation

@testable import LocationBlocks

/// A provider that never answers, as gpsd when it is not running: requests wait for it.
final class UnavailableProvider: LocationProvider {
    let identifier = "unavailable:"
    let capabilities: LocationProviderCapabilities = [.location]
    let isAvailable = false
    let clock: any LocationClock
    init(clock: any LocationClock = ManualClock()) { self.clock = clock }
    func start(_ handler: @escaping @Sendable (LocationProviderEvent) -> Void) {}
    func stop() {}
}

extension BlocksHarness {
    /// A request center wired to the harness: completions run on the harness's queue.
    func makeCenter(authorizationRequest: CLLocationUpdateAuthorizationDescription = .whenInUse)
        -> LocationRequestCenter
    {
        LocationRequestCenter(configuration: configuration, authorizationRequest: authorizationRequest)
    }
}

extension Recorder {
    /// Records a request result as `STATUS LAT` (`nil` for no fix).
    func record(_ result: LocationRequestResult) {
        record("\(name(result.status)) \(result.location.map { "\($0.coordinate.latitude)" } ?? "nil")")
    }
}

/// A status for recordings: its case name, with the error code for `.error`.
func name(_ status: LocationRequestStatus) -> String {
    if case .error(let error) = status { return "error \(error.code)" }
    return "\(status)"
}
