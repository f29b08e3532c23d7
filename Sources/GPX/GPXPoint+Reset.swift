extension GPXPoint {
    /// Makes this point what `GPXPoint(latitude:longitude:)` makes, in place: every value beyond the position `nil`.
    ///
    /// The reader starts each point so. Assigning a new point instead copied the whole value (about 200 bytes) and
    /// destroyed the old one apart, about 200 instructions a point (issue 30). Every stored property is set here;
    /// `GPXPointResetTests` fails when one is added to the type and not here.
    mutating func reset(latitude: Double, longitude: Double) {
        self.latitude = latitude
        self.longitude = longitude
        elevation = nil
        time = nil
        speed = nil
        course = nil
        hdop = nil
        vdop = nil
        pdop = nil
        fix = nil
        satellites = nil
        horizontalAccuracy = nil
        verticalAccuracy = nil
        name = nil
    }
}
