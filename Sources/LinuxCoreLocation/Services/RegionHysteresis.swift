/// The rule that decides whether a fix puts the device inside or outside a circle, with the fix's
/// uncertainty as hysteresis so that noisy fixes near the boundary cannot make a region flap.
///
/// With `d` the geodesic distance from the circle's centre to the fix, `a` the fix's horizontal accuracy
/// and `r` the radius, all in metres:
/// - `d + a ≤ r`: the whole uncertainty circle is inside — **inside**;
/// - `d − a > r`: the whole uncertainty circle is outside — **outside**;
/// - otherwise the uncertainty circle straddles the boundary and the fix decides nothing.
///
/// A fix with a negative (invalid) accuracy decides nothing either.
struct RegionHysteresis {
    let center: CLLocationCoordinate2D
    let radius: CLLocationDistance

    /// `.inside`, `.outside`, or `nil` when the fix cannot tell.
    func decide(_ fix: CLLocation) -> CLRegionState? {
        let accuracy = fix.horizontalAccuracy
        guard accuracy >= 0, CLLocationCoordinate2DIsValid(fix.coordinate) else { return nil }
        let distance = geodesicDistance(center, fix.coordinate)
        if distance + accuracy <= radius { return .inside }
        if distance - accuracy > radius { return .outside }
        return nil
    }
}
