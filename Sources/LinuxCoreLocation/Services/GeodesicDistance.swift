/// The geodesic distance in metres between two coordinates on the WGS-84 ellipsoid, exact across the
/// antimeridian and at the poles; the one distance every derived service uses.
func geodesicDistance(_ a: CLLocationCoordinate2D, _ b: CLLocationCoordinate2D) -> CLLocationDistance {
    Geodesic.inverse(latitude1: a.latitude, longitude1: a.longitude, latitude2: b.latitude, longitude2: b.longitude)
        .distance
}
