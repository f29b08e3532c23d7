import NMEA0183

extension NMEAFix {
    /// The fix as a ``CLLocation`` stamped `timestamp`.
    ///
    /// Altitude: MSL (GGA/GNS, else a measured Garmin PGRMZ), 0 when unknown; ellipsoidal = MSL + geoid
    /// separation, or MSL when the separation is unknown. Horizontal accuracy: the decoder's estimate (GST DRMS or
    /// HDOP × UERE, 1σ); when the epoch had neither, ``nominalHorizontalAccuracy`` so that the fix is not discarded
    /// as invalid. Vertical accuracy: GST σalt or VDOP × UERE, −1 when unknown or without altitude. Speed in m/s
    /// and course in degrees true (360 read as 0) from the receiver with accuracies −1 (NMEA reports none); where
    /// the receiver gave none, `derived`'s values and accuracies; −1 when neither has one. The source information
    /// is a ``GNSSSourceInformation`` with `sourceInformation`'s flags and the epoch's fix mode, satellites used
    /// and dilutions of precision: `previous` itself when it holds exactly those (see
    /// ``GNSSSourceInformation/reusing(_:_:fixMode:satellitesUsed:satellitesVisible:hdop:vdop:pdop:)``).
    func location(
        at timestamp: Date, sourceInformation: CLLocationSourceInformation, derived: NMEADerivedMotion? = nil,
        reusing previous: GNSSSourceInformation? = nil
    ) -> CLLocation {
        let altitude = altitudeMSL ?? 0
        let speedAndAccuracy = speed.map { ($0, -1.0) } ?? derived.map { ($0.speed, $0.speedAccuracy) } ?? (-1, -1)
        let courseAndAccuracy =
            course.map { ($0 == 360 ? 0 : $0, -1.0) } ?? derived.map { ($0.course, $0.courseAccuracy) } ?? (-1, -1)
        // The values are limited before the fix is made: one object, and no copy of them.
        var storage = CLLocation.Storage(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: altitude,
            ellipsoidalAltitude: ellipsoidalAltitude ?? altitude,
            horizontalAccuracy: horizontalAccuracy ?? Self.nominalHorizontalAccuracy,
            verticalAccuracy: altitudeMSL == nil ? -1 : verticalAccuracy ?? -1,
            course: courseAndAccuracy.0, courseAccuracy: courseAndAccuracy.1, speed: speedAndAccuracy.0,
            speedAccuracy: speedAndAccuracy.1, timestamp: timestamp,
            sourceInformation: GNSSSourceInformation.reusing(
                previous, sourceInformation, fixMode: GNSSFixMode(rawValue: mode.rawValue),
                satellitesUsed: satellitesUsed, hdop: hdop, vdop: vdop, pdop: pdop))
        FixLimits.limit(&storage)
        return CLLocation(storage: consume storage)
    }

    /// The horizontal accuracy, in metres, given to fixes whose epoch had no HDOP and no GST: the accuracy
    /// of HDOP 1 at the default user-equivalent range error (5 m).
    ///
    /// A nominal value, not a measurement.
    static let nominalHorizontalAccuracy = NMEA0183.defaultUserEquivalentRangeError
}
