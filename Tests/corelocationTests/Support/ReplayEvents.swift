import Foundation
import LinuxCoreLocation
import LocationSupport
import SharedTestSupport

/// The fixes and headings of a recording replayed as fast as possible, with their recorded times, as the tool
/// gets them from `nmea:FILE?speed=max` and `gpx:FILE?speed=max`.
enum ReplayEvents {
    /// Replays `file` (`.gpx` as GPX, anything else as NMEA) through a fresh provider and collects its fixes
    /// and headings, in order.
    static func of(_ file: URL) async throws -> [LocationProviderEvent] {
        let options = ReplayOptions(speed: .asFastAsPossible)
        let provider: any LocationProvider =
            file.pathExtension == "gpx"
            ? try GPXReplay.provider(contentsOf: file, options: options)
            : ReplayLocationProvider(
                identifier: "nmea:\(file.path)", capabilities: [.location, .heading], options: options,
                isAvailable: { true }, open: { try NMEAReplaySource(path: file.path) })
        let events = Locked<[LocationProviderEvent]>([])
        let ended = DispatchSemaphore(value: 0)
        provider.start { event in
            switch event {
            case .locations, .heading: events.withLock { $0.append(event) }
            case .finished, .failed: ended.signal()
            case .fixLost: break
            }
        }
        await offThePool { ended.wait() }
        provider.stop()
        return events.withLock { $0 }
    }

    /// The files of a shared data folder that hold recordings: `*.log`, `*.nmea` and `*.gpx`.
    static func recordings(in folder: URL) throws -> [URL] {
        try FileManager.default.contentsOfDirectory(at: folder, includingPropertiesForKeys: nil)
            .filter { ["log", "nmea", "gpx"].contains($0.pathExtension) }.sorted { $0.path < $1.path }
    }
}
