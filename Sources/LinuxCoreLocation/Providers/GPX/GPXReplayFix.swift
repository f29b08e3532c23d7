/// The values of one replayed fix before it becomes a `CLLocation`: from a GPX point (``GPXReplayPoint``), or
/// between two.
///
/// Units and invalid markers are `CLLocation`'s: degrees, metres, m/s, degrees clockwise from true north, and
/// −1 for an accuracy, speed or course that is unknown or invalid.
struct GPXReplayFix {
    var latitude: Double
    var longitude: Double
    var altitude: Double
    var horizontalAccuracy: Double
    var verticalAccuracy: Double
    var speed: Double
    var course: Double
}

extension GPXReplayFix {
    /// A fix at `fraction` (0...1) of the way from `start` to `end`, at the given position, moving with `motion`.
    ///
    /// Altitude is interpolated linearly when both ends have one; each accuracy is the worse of the two ends,
    /// and invalid when either end's is.
    init(
        between start: GPXReplayFix, and end: GPXReplayFix, fraction: Double,
        latitude: Double, longitude: Double, motion: GPXReplayMotion
    ) {
        self.latitude = latitude
        self.longitude = longitude
        horizontalAccuracy = Self.worse(start.horizontalAccuracy, end.horizontalAccuracy)
        verticalAccuracy = Self.worse(start.verticalAccuracy, end.verticalAccuracy)
        altitude = verticalAccuracy < 0 ? 0 : start.altitude + (end.altitude - start.altitude) * fraction
        speed = motion.speed
        course = GPXReplayMotion.course(motion.course, atLatitude: latitude)
    }

    /// The location, stamped `time` and marked as simulated by software.
    ///
    /// The values are limited (``FixLimits``) before the fix is made, as the NMEA replay's are: limiting the made
    /// fix copied its values out of it again, with a retain and a release of its source information (issue 30).
    func location(at time: Date) -> CLLocation {
        var storage = CLLocation.Storage(
            coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude), altitude: altitude,
            horizontalAccuracy: horizontalAccuracy, verticalAccuracy: verticalAccuracy, course: course,
            courseAccuracy: -1, speed: speed, speedAccuracy: -1, timestamp: time, sourceInformation: Self.simulated)
        FixLimits.limit(&storage)
        return CLLocation(storage: consume storage)
    }

    /// The source information of every replayed fix, shared: it is immutable.
    private static let simulated = CLLocationSourceInformation(
        softwareSimulationState: true, andExternalAccessoryState: false)

    private static func worse(_ first: Double, _ second: Double) -> Double {
        first < 0 || second < 0 ? -1 : max(first, second)
    }
}

/// Speed (m/s) and course (degrees clockwise from true north) of simulated motion; −1 when unknown.
struct GPXReplayMotion {
    var speed: Double
    var course: Double

    /// No motion known: a static point, or a jump that takes no time.
    static let unknown = GPXReplayMotion(speed: -1, course: -1)

    /// How far from a pole, in degrees of latitude (about 0.1 mm), a position counts as at the pole.
    static let poleTolerance = 1e-9

    /// A derived course at `latitude`: invalid (−1) at a pole, `course` elsewhere.
    ///
    /// At a pole every direction is south (or north), and a geodesic's azimuth there says only which meridian it
    /// came along (180° for one that arrived going north). Issue 31: a replay reported 180° at the North Pole after
    /// fixes at 0° approaching it.
    static func course(_ course: Double, atLatitude latitude: Double) -> Double {
        abs(latitude) >= 90 - poleTolerance ? -1 : course
    }
}
