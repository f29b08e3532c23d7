import LinuxCoreLocation
import Testing

@Suite struct CoordinateTests {
    @Test(arguments: [
        (0.0, 0.0, true), (90, 180, true), (-90, -180, true), (90.000001, 0, false), (-90.000001, 0, false),
        (0, 180.000001, false), (0, -180.000001, false), (.nan, 0, false), (0, .nan, false),
        (.infinity, 0, false), (0, -.infinity, false), (48.8584, 2.2945, true), (-180, -180, false),
    ])
    func validity(latitude: Double, longitude: Double, valid: Bool) {
        #expect(
            CLLocationCoordinate2DIsValid(CLLocationCoordinate2D(latitude: latitude, longitude: longitude)) == valid)
    }

    @Test func makeAndDefaultInit() {
        let made = CLLocationCoordinate2DMake(12.5, -7.25)
        #expect(made.latitude == 12.5 && made.longitude == -7.25)
        let zero = CLLocationCoordinate2D()
        #expect(zero.latitude == 0 && zero.longitude == 0)
    }
}
