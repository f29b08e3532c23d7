import Foundation
import GPSD
import LinuxCoreLocation
import Synchronization

/// A stand-in for the `gpsd://` provider, which main does not register yet: a `GPSDClient` whose TPV reports
/// of a 2D/3D fix become `CLLocation`s (position, MSL altitude, `eph`/`epv` as accuracies, speed, track).
final class GPSDBridgeProvider: LocationProvider {
    let identifier: String
    let capabilities: LocationProviderCapabilities = [.location, .accuracy, .course, .altitude]
    var isAvailable: Bool { true }
    let clock: any LocationClock = SystemClock.shared
    private let endpoint: GPSDEndpoint
    private let client = Mutex<GPSDClient?>(nil)

    init(port: UInt16) {
        endpoint = .tcp(host: "127.0.0.1", port: port)
        identifier = "gpsd://127.0.0.1:\(port)"
    }

    func start(_ handler: @escaping @Sendable (LocationProviderEvent) -> Void) {
        let client = GPSDClient(configuration: GPSDClientConfiguration(endpoint: endpoint)) { event in
            guard case .report(.tpv(let tpv)) = event, let location = Self.location(tpv) else { return }
            handler(.locations([location]))
        }
        self.client.withLock { $0 = client }
        client.start()
    }

    func stop() {
        client.withLock { client in
            defer { client = nil }
            return client
        }?.stop()
    }

    /// The fix of `tpv`, or `nil` without one.
    static func location(_ tpv: GPSDTPV) -> CLLocation? {
        guard let latitude = tpv.latitude, let longitude = tpv.longitude, let time = tpv.time else { return nil }
        return CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude),
            altitude: tpv.altitudeMSL ?? 0, horizontalAccuracy: tpv.eph ?? 5, verticalAccuracy: tpv.epv ?? -1,
            course: tpv.track ?? -1, speed: tpv.speed ?? -1, timestamp: time)
    }
}
