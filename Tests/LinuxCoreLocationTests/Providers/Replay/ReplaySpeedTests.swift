import Foundation
import Testing

@testable import LinuxCoreLocation

/// A replay N times faster than recorded moves the device N times faster: its fixes' speeds say so, so that a
/// recording of it (`corelocation record`) has speeds that agree with its times and distances.
@Suite struct ReplaySpeedTests {
    private final class Fixes: @unchecked Sendable {
        private let lock = NSLock()
        private var fixes: [CLLocation] = []
        func handler(_ event: LocationProviderEvent) {
            if case .locations(let locations) = event { lock.withLock { fixes += locations } }
        }
        var all: [CLLocation] { lock.withLock { fixes } }
    }

    private static func item(_ offset: TimeInterval, speed: Double, speedAccuracy: Double) -> ReplayItem {
        let time = Date(timeIntervalSince1970: 1_000 + offset)
        return ReplayItem(
            time: time,
            event: .locations([
                CLLocation(
                    coordinate: CLLocationCoordinate2D(latitude: 45, longitude: 4.8), altitude: 0,
                    horizontalAccuracy: 5, verticalAccuracy: -1, course: 90, courseAccuracy: 3, speed: speed,
                    speedAccuracy: speedAccuracy, timestamp: time)
            ]))
    }

    private static func replay(_ speed: ReplayOptions.Speed) -> [CLLocation] {
        let clock = ManualClock(start: Date(timeIntervalSince1970: 50))
        let items = [item(0, speed: 2, speedAccuracy: 0.5), item(4, speed: -1, speedAccuracy: -1)]
        let provider = ReplayLocationProvider(
            identifier: "test", capabilities: [.location], options: ReplayOptions(speed: speed), clock: clock,
            isAvailable: { true }, open: { ArraySource(items) })
        let fixes = Fixes()
        provider.start(fixes.handler)
        clock.advance(by: 10)
        provider.stop()
        return fixes.all
    }

    @Test func aFourTimesFasterReplayHasFourTimesTheSpeed() {
        let fixes = Self.replay(.factor(4))
        #expect(fixes.map(\.speed) == [8, -1])
        #expect(fixes.map(\.speedAccuracy) == [2, -1])
        #expect(fixes.map(\.course) == [90, 90])  // the direction does not change
        #expect(fixes.map(\.courseAccuracy) == [3, 3])
        #expect(fixes.map(\.timestamp.timeIntervalSince1970) == [50, 51])  // 4 s recorded, 1 s replayed
    }

    @Test func realTimeKeepsTheRecordedSpeed() {
        #expect(Self.replay(.factor(1)).map(\.speed) == [2, -1])
    }
}
