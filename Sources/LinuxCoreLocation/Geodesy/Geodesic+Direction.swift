extension Geodesic {
    /// A direction on the ellipsoid given by a sine and a cosine (proportional to them, not necessarily of unit
    /// length), turned into an azimuth in degrees only when asked (``azimuth``).
    ///
    /// The inverse problem of a track's leg gives the azimuth at its end, which a replay needs only at the end of a
    /// segment: kept so, it costs nothing at the other legs, where working it out (a call of `atan2`) was about 180
    /// instructions a point.
    struct Direction {
        /// The sine of the direction, times a positive factor.
        let sin: Double
        /// The cosine of the direction, times the same factor.
        let cos: Double

        /// The azimuth in degrees clockwise from true north, 0..<360: the same bits as the inverse problem gives.
        var azimuth: Double { compassAzimuth(atan2Degrees(sin, cos)) }
    }
}
