import Foundation
import GPX
import LinuxCoreLocation

/// The track `corelocation` replays when no provider is configured: Resources/SampleTrack.gpx, embedded in the
/// executable, played eight times faster than recorded so its two minutes pass in 15 seconds.
enum SampleTrack {
    static let name = "embedded sample track (a 2-minute drive through Lyon, played at 8x)"
    static let speed = 8.0

    static func provider() -> any LocationProvider {
        let data = Data(PackageResources.SampleTrack_gpx)
        return ReplayLocationProvider(
            identifier: "sample", capabilities: [.location, .accuracy, .altitude, .course],
            options: ReplayOptions(speed: .factor(speed)), isAvailable: { true },
            open: { try PointSource(data: data) })
    }
}

/// The sample's points as replay items.
private final class PointSource: ReplaySource {
    private let items: [ReplayItem]
    private var index = 0

    init(data: Data) throws {
        let document = try GPXReader().readDocument(data: data, sourceName: "SampleTrack.gpx")
        items = document.tracks.flatMap(\.segments).flatMap(\.points).compactMap { point in
            guard let time = point.time else { return nil }
            let location = CLLocation(
                coordinate: CLLocationCoordinate2D(latitude: point.latitude, longitude: point.longitude),
                altitude: point.elevation ?? 0, ellipsoidalAltitude: point.elevation ?? 0,
                horizontalAccuracy: (point.hdop ?? 1) * 5, verticalAccuracy: point.elevation == nil ? -1 : 8,
                course: point.course ?? -1, courseAccuracy: -1, speed: point.speed ?? -1, speedAccuracy: -1,
                timestamp: time,
                sourceInfo: CLLocationSourceInformation(softwareSimulationState: true, andExternalAccessoryState: false))
            return ReplayItem(time: time, event: .locations([location]))
        }
    }

    func next() throws -> ReplayItem? {
        defer { index += 1 }
        return index < items.count ? items[index] : nil
    }

    func rewind() throws { index = 0 }
}
