import Foundation
import LocationSupport
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// Issue 32, nits: a `?loop` replay at `speed=max` ran its clock past the year 9999 (`null` timestamps), and reported
/// the loss of fix a recording starts with on every pass.
@Suite struct ReplayLoopLimitTests {
    /// Plays `items` looped as fast as possible to its end; returns the events and the lines announced.
    private static func play(_ items: [ReplayItem]) throws -> (events: [String], lines: [String]) {
        let lines = Locked<[String]>([])
        let pacer = ReplayPacer(
            options: ReplayOptions(speed: .asFastAsPossible, loops: true), clock: ManualClock(),
            source: "nmea:log.nmea?speed=max&loop", announce: { line in lines.withLock { $0.append(line) } })
        let events = Locked<[String]>([])
        let ended = DispatchSemaphore(value: 0)
        pacer.start(ArraySource(items)) { delivery in
            guard case .event(let event, _) = delivery else { return }
            let name: String
            switch event {
            case .locations(let fixes): name = FixTime.text(of: fixes[0].timestamp)
            case .fixLost: name = "lost"
            case .finished: name = "finished"
            default: name = "\(event)"
            }
            events.withLock { $0.append(name) }
            if case .finished = event { ended.signal() }
        }
        // Not a timing assertion: the replay runs on a thread of its own and takes milliseconds.
        try #require(ended.wait(timeout: .now() + 20) == .success)
        pacer.stop()
        return (events.withLock { $0 }, lines.withLock { $0 })
    }

    private static func fix(at time: Date) -> ReplayItem {
        ReplayItem(
            time: time,
            event: .locations([
                CLLocation(
                    coordinate: CLLocationCoordinate2D(latitude: 45, longitude: 4), altitude: 0, horizontalAccuracy: 5,
                    verticalAccuracy: -1, timestamp: time)
            ]))
    }

    /// Two fixes 1 s apart, the second 5 s before the last second a recording may date a fix (4000-12-31T23:59:59Z):
    /// a pass lasts 2 s, so three passes fit and a fourth would end after the limit.
    @Test func aLoopEndsBeforeItsTimesPassTheLastDateARecordingMayHave() throws {
        let start = FixTime.latest.addingTimeInterval(-6)
        let (events, lines) = try Self.play([Self.fix(at: start), Self.fix(at: start.addingTimeInterval(1))])
        #expect(
            events == [
                "4000-12-31T23:59:53Z", "4000-12-31T23:59:54Z", "4000-12-31T23:59:55Z", "4000-12-31T23:59:56Z",
                "4000-12-31T23:59:57Z", "4000-12-31T23:59:58Z", "finished",
            ])
        #expect(
            lines == [
                "nmea:log.nmea?speed=max&loop: loop ended after 3 passes: the next would date its fixes after "
                    + "4000-12-31T23:59:59Z"
            ])
    }

    @Test func aLossOfFixIsReportedOncePerOutageAcrossPasses() throws {
        let start = FixTime.latest.addingTimeInterval(-6)
        let lost = try Self.play([
            ReplayItem(time: start, event: .fixLost), ReplayItem(time: start.addingTimeInterval(1), event: .fixLost),
        ])
        #expect(lost.events == ["lost", "finished"])
        let recovering = try Self.play([
            ReplayItem(time: start, event: .fixLost), Self.fix(at: start.addingTimeInterval(1)),
        ])
        #expect(
            recovering.events == [
                "lost", "4000-12-31T23:59:54Z", "lost", "4000-12-31T23:59:56Z", "lost", "4000-12-31T23:59:58Z",
                "finished",
            ])
    }
}
