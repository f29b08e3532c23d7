import Foundation
import LocationSupport
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// A GPX replay as fast as possible hands its fixes over in bursts (issue 17): the pacer announces each fix as
/// followed by more, so the hub wakes a manager's callback thread once per burst, not once per fix; the end of the
/// document is not followed by anything, and hands the last burst over.
@Suite struct GPXReplayBurstTests {
    @Test func everyFixIsFollowedByMoreUntilTheEnd() throws {
        let points = (0..<10).map { gpxPoint(47 + Double($0) * 0.001, 8, at: $0) }.joined()
        let source = GPXReplaySource(
            input: .data(gpxDocument("<trk><trkseg>\(points)</trkseg></trk>"), name: "burst.gpx"), defaultSpeed: 1.4)
        let pacer = ReplayPacer(options: ReplayOptions(speed: .asFastAsPossible), clock: ManualClock())
        let deliveries = Locked<[(event: String, moreFollow: Bool)]>([])
        let ended = DispatchSemaphore(value: 0)
        pacer.start(source) { delivery in
            guard case .event(let event, let moreFollow) = delivery else { return }
            let name: String
            switch event {
            case .locations(let fixes): name = fixes.map { String(format: "%.3f", $0.coordinate.latitude) }.joined()
            case .finished: name = "finished"
            default: name = "\(event)"
            }
            deliveries.withLock { $0.append((name, moreFollow)) }
            if case .finished = event { ended.signal() }
        }
        // Not a timing assertion: the replay runs on a thread of its own and takes milliseconds.
        try #require(ended.wait(timeout: .now() + 20) == .success)
        pacer.stop()
        let delivered = deliveries.withLock { $0 }
        let latitudes = (0..<10).map { String(format: "%.3f", 47 + Double($0) * 0.001) }
        #expect(delivered.map(\.event) == latitudes + ["finished"])
        #expect(delivered.map(\.moreFollow) == Array(repeating: true, count: 10) + [false])
    }
}
