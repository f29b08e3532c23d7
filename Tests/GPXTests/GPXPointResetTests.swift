import Foundation
import Testing

@testable import GPX

/// ``GPXPoint/reset(latitude:longitude:)``, with which the reader starts each point, leaves nothing of the point
/// before.
@Suite struct GPXPointResetTests {
    @Test func resetLeavesOnlyThePosition() {
        var point = GPXPoint(
            latitude: 1, longitude: 2, elevation: 3, time: Date(timeIntervalSince1970: 4), speed: 5, course: 6,
            hdop: 7, vdop: 8, pdop: 9, fix: .differential, satellites: 10, horizontalAccuracy: 11,
            verticalAccuracy: 12, name: "n")
        // Every stored property is set above: a property added to GPXPoint and not set there fails here first.
        let unset = Mirror(reflecting: point).children.filter { child in
            let value = Mirror(reflecting: child.value)
            return value.displayStyle == .optional && value.children.isEmpty
        }
        #expect(unset.isEmpty, "set every property of GPXPoint above: \(unset.map { $0.label ?? "?" })")
        #expect(Mirror(reflecting: point).children.count == 14)
        point.reset(latitude: -45.5, longitude: 170.25)
        #expect(point == GPXPoint(latitude: -45.5, longitude: 170.25))
    }
}
