import Testing

@testable import LinuxCoreLocation

@Suite struct GeodesicReducedLatitudesTests {
    /// A walk through every end point of the reference table, then across the equator and the poles, with signed
    /// zeros, a point repeated, a latitude outside -90...90 and one only 1e-12° from the previous.
    static let walk: [(latitude: Double, longitude: Double)] =
        inverseCases.flatMap { [($0.latitude1, $0.longitude1), ($0.latitude2, $0.longitude2)] } + [
            (0.5, 10), (0, 10.1), (-0.0, 10.2), (-0.5, 10.3), (-0.5, 10.3), (0.5, 10.4), (90, 0), (89.999, 1),
            (-90, 5), (-89.9, -5), (91, 0), (12, 3), (12 + 1e-12, 3), (-12, 3), (12, 3),
        ]

    @Test("A chain of inverse problems that remembers its reduced latitudes gives the bits of each solved alone")
    func rememberedReducedLatitudesGiveTheSameBits() {
        var remembered = Geodesic.ReducedLatitudes()
        var compared = 0
        for (start, end) in zip(Self.walk, Self.walk.dropFirst()) {
            let chained = Geodesic.inverse(
                latitude1: start.latitude, longitude1: start.longitude, latitude2: end.latitude,
                longitude2: end.longitude, reducedLatitudes: &remembered)
            let alone = Geodesic.inverse(
                latitude1: start.latitude, longitude1: start.longitude, latitude2: end.latitude,
                longitude2: end.longitude)
            #expect(chained.distance.bitPattern == alone.distance.bitPattern, "\(start) -> \(end)")
            #expect(chained.initialAzimuth.bitPattern == alone.initialAzimuth.bitPattern, "\(start) -> \(end)")
            #expect(chained.finalDirection.azimuth.bitPattern == alone.finalAzimuth.bitPattern, "\(start) -> \(end)")
            compared += 1
        }
        #expect(compared == Self.walk.count - 1)
        #expect(compared > 100)
    }

    @Test("A remembered latitude is used only for the same bits, not for one 1e-12° away")
    func nearbyLatitudeIsWorkedOut() {
        var remembered = Geodesic.ReducedLatitudes()
        let first = remembered.of(12, andOf: 45)
        #expect(first.0 == Geodesic.reducedLatitude(12))
        let nearby = 12 + 1e-12
        let (reduced, again) = remembered.of(nearby, andOf: 45)
        #expect(reduced.sin == Geodesic.reducedLatitude(nearby).sin)
        #expect(reduced.sin != Geodesic.reducedLatitude(12).sin)
        #expect(again == Geodesic.reducedLatitude(45))
    }
}
