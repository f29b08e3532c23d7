import LinuxCoreLocation
import Testing

/// A test double made the way iOS tests make them: a subclass overriding a property.
final class FakeHeading: CLHeading, @unchecked Sendable {
    override var trueHeading: CLLocationDirection { 42 }
}

@Suite struct ObjectTypesTests {
    let date = Date(timeIntervalSince1970: 1_700_000_000.25)

    private func roundTrip<T: NSObject & NSSecureCoding>(_ object: T) throws -> T {
        let data = try NSKeyedArchiver.archivedData(withRootObject: object, requiringSecureCoding: true)
        return try #require(try NSKeyedUnarchiver.unarchivedObject(ofClass: T.self, from: data))
    }

    @Test func headingRoundTrip() throws {
        let heading = CLHeading(
            magneticHeading: 181.5, trueHeading: 183.25, headingAccuracy: 2, x: 1.5, y: -2.5, z: 30, timestamp: date)
        let copy = try roundTrip(heading)
        #expect(copy.magneticHeading == 181.5 && copy.trueHeading == 183.25 && copy.headingAccuracy == 2)
        #expect(copy.x == 1.5 && copy.y == -2.5 && copy.z == 30 && copy.timestamp == date)
    }

    @Test func headingIsSubclassableForTestDoubles() {
        let fake = FakeHeading(magneticHeading: 1, trueHeading: 2, headingAccuracy: 3, timestamp: date)
        let heading: CLHeading = fake
        #expect(heading.trueHeading == 42 && heading.magneticHeading == 1)
    }

    @Test func visitRoundTrip() throws {
        let visit = CLVisit(
            arrivalDate: date, departureDate: .distantFuture,
            coordinate: CLLocationCoordinate2D(latitude: 10, longitude: 20), horizontalAccuracy: 35)
        let copy = try roundTrip(visit)
        #expect(copy.arrivalDate == date && copy.departureDate == .distantFuture)
        #expect(copy.coordinate.latitude == 10 && copy.coordinate.longitude == 20 && copy.horizontalAccuracy == 35)
    }

    @Test func circularRegionRoundTripAndEquality() throws {
        let region = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 48.8584, longitude: 2.2945), radius: 150, identifier: "tower")
        region.notifyOnExit = false
        let copy = try roundTrip(region)
        #expect(copy.identifier == "tower" && copy.radius == 150 && copy.center.latitude == 48.8584)
        #expect(copy.notifyOnEntry && !copy.notifyOnExit)
        #expect(copy == region && copy.hash == region.hash)
        let moved = CLCircularRegion(center: region.center, radius: 151, identifier: "tower")
        #expect(moved != region)
        let copied = try #require(region.copy() as? CLCircularRegion)
        copied.notifyOnEntry = false
        #expect(region.notifyOnEntry && copied == region)
    }

    @Test func regionsWorkInSets() {
        let centre = CLLocationCoordinate2D(latitude: 0, longitude: 0)
        let regions: Set<CLRegion> = [
            CLCircularRegion(center: centre, radius: 10, identifier: "a"),
            CLCircularRegion(center: centre, radius: 10, identifier: "a"),
            CLCircularRegion(center: centre, radius: 10, identifier: "b"),
            CLBeaconRegion(uuid: UUID(), identifier: "a"),
        ]
        #expect(regions.count == 3)
    }

    @Test func beaconRegionAndConstraint() throws {
        let uuid = try #require(UUID(uuidString: "E2C56DB5-DFFB-48D2-B060-D0F5A71096E0"))
        let region = CLBeaconRegion(uuid: uuid, major: 7, minor: 9, identifier: "door")
        #expect(region.uuid == uuid && region.major == 7 && region.minor == 9)
        #expect(region.beaconIdentityConstraint == CLBeaconIdentityConstraint(uuid: uuid, major: 7, minor: 9))
        #expect(CLBeaconRegion(uuid: uuid, identifier: "any").major == nil)
        let copy = try roundTrip(region)
        #expect(copy == region && copy.minor == 9)
    }

    @Test func errorBridgesToNSErrorWithDomainAndCode() {
        let error: Error = CLError(.denied)
        #expect((error as NSError).domain == kCLErrorDomain)
        #expect((error as NSError).code == 1)
        #expect((error as? CLError)?.code == .denied)
        #expect((error as? CLError)?.code == CLError.denied)
        #expect(CLError(.network) == CLError(.network))
        #expect(CLError(.network) != CLError(.denied))
        #expect(CLError(.locationUnknown).alternateRegion == nil)
    }

    @Test func errorCarriesAlternateRegion() {
        let region = CLCircularRegion(
            center: CLLocationCoordinate2D(latitude: 1, longitude: 1), radius: 100, identifier: "alt")
        let error = CLError(.regionMonitoringFailure, userInfo: [kCLErrorUserInfoAlternateRegionKey: region])
        #expect(error.alternateRegion == region)
    }

    @Test func errorCodesMatchInCatchClauses() {
        func fail() throws { throw CLError(.headingFailure) }
        var caught = false
        do { try fail() } catch CLError.headingFailure { caught = true } catch {}
        #expect(caught)
    }
}
