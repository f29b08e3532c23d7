import Foundation
import LinuxCoreLocation

/// The track `corelocation` replays when no provider is configured: Resources/SampleTrack.gpx, embedded in the
/// executable, played eight times faster than recorded so its two minutes pass in 15 seconds.
enum SampleTrack {
    static let name = "embedded sample track (a 2-minute drive through Lyon, played at 8x)"
    static let speed = 8.0

    static func provider() -> any LocationProvider {
        do {
            return try GPXReplay.provider(
                data: Data(PackageResources.SampleTrack_gpx), name: "SampleTrack.gpx",
                options: ReplayOptions(speed: .factor(speed)))
        } catch {
            // The sample is part of the executable; failing to read it is a build defect, not a user error.
            fatalError("the embedded sample track cannot be read: \(error)")
        }
    }
}
