import NMEA0183

/// The physical limits a value from outside (a receiver, gpsd, GeoClue, a GPX file) must respect before a provider
/// lets it into a ``CLLocation`` or a ``GNSSSourceInformation``.
///
/// **Linux only.**
///
/// Every provider passes the fixes it builds through ``limited(_:)`` and its receiver values through
/// ``satelliteCount(_:)`` and ``dilution(_:)``, so that every provider agrees and no formatter, plot or filter
/// downstream sees a number no receiver can measure (gpsd's `"alt":1e308`, a GPX `<hdop>1e308</hdop>`, an
/// `nSat` of 2³²). A value outside its limit is marked invalid the way Apple marks it, never clamped:
///
/// - Horizontal accuracy not finite, negative or above ``maximumAccuracy``: −1 (the coordinate is invalid, so
///   managers discard the fix). A coordinate outside ±90°/±180° or not finite: the same.
/// - Horizontal accuracy from 0 to below ``minimumAccuracy``: unknown, so the nominal 5 m of a fix without an
///   estimate (``NMEAFix/nominalHorizontalAccuracy``); vertical accuracy in that range: −1 (unknown). No fix is
///   that exact, and a receiver's `0.00001` dilution or GeoClue's `Accuracy 1e-300` would otherwise pass every
///   accuracy filter as a perfect fix (issue 32).
/// - Altitude or ellipsoidal altitude not finite or outside ``altitudeRange``, or vertical accuracy not finite or
///   above ``maximumAccuracy``: altitude 0 and vertical accuracy −1.
/// - Speed not finite or above ``maximumSpeed``, or speed accuracy not finite or above ``maximumSpeed``: speed
///   and speed accuracy −1.
/// - Course not finite or outside 0…360 (360 reads as 0), or course accuracy not finite or above 180°: course and
///   course accuracy −1.
/// - Satellite counts above ``maximumSatelliteCount`` or negative, and dilutions not finite, negative or above
///   ``maximumDilution``: dropped (`nil`, "not reported").
enum FixLimits {
    /// The largest accuracy, in metres, that says anything: 20 000 km, about the longest distance between two
    /// points on the Earth's surface (half a meridian is 20 004 km).
    static let maximumAccuracy: Double = 20_000_000
    /// The smallest accuracy, in metres, that is a measurement: 1 mm.
    ///
    /// The best GNSS fixes (RTK, carrier phase) are
    /// known to about a centimetre; below a millimetre a value is a receiver's placeholder or a decoding error.
    static let minimumAccuracy: Double = 0.001
    /// The altitudes, in metres, a fix may have: from 12 km below sea level (the deepest ocean is 10.9 km) to
    /// 100 km above it (the Kármán line, where space begins).
    static let altitudeRange: ClosedRange<Double> = -12_000...100_000
    /// The fastest speed, in m/s, a fix may have: 2 000 m/s (Mach 6).
    ///
    /// Civil GNSS receivers stop reporting at
    /// 515 m/s (the COCOM limit of 1 000 knots); anything faster is a decoding error or a jump between positions.
    static let maximumSpeed: Double = 2_000
    /// The most satellites a count may hold: 255, well above every GNSS constellation together (about 130).
    static let maximumSatelliteCount = 255
    /// The largest dilution of precision: 100 (receivers report 99.9 or 99.99 for "no geometry").
    static let maximumDilution: Double = 100

    /// `location` with every value outside the limits above marked invalid; `location` itself when all are
    /// within them.
    static func limited(_ location: CLLocation) -> CLLocation {
        let violations = Violations(location.storage)
        guard violations.any else { return location }
        var storage = location.storage
        violations.apply(to: &storage)
        return CLLocation(storage: storage)
    }

    /// Marks every value of `storage` outside the limits above invalid; returns whether it changed any.
    ///
    /// A provider that makes a fix's values limits them before it makes the fix: one object, and no copy of its
    /// values.
    @discardableResult
    static func limit(_ storage: inout CLLocation.Storage) -> Bool {
        let violations = Violations(storage)
        guard violations.any else { return false }
        violations.apply(to: &storage)
        return true
    }

    /// Which limits a fix's values break, decided on the values as they are, read in place: the values are copied
    /// only when a rule applies (copying them first, for every fix, was most of the cost, issue 30).
    ///
    /// A rule that reads a value an earlier one changes decides the same either way: a vertical accuracy below
    /// 1 mm is as finite as its −1, and a course of 360 (read as 0) is below 360 as 0 is.
    private struct Violations {
        let badPosition: Bool
        let tooExactHorizontally: Bool
        let tooExactVertically: Bool
        let badAltitude: Bool
        let badSpeed: Bool
        let fullCircle: Bool
        let badCourse: Bool

        init(_ values: borrowing CLLocation.Storage) {
            badPosition =
                !(CLLocationCoordinate2DIsValid(values.coordinate)
                && isWithin(values.horizontalAccuracy, maximumAccuracy))
            tooExactHorizontally =
                !badPosition && values.horizontalAccuracy >= 0 && values.horizontalAccuracy < minimumAccuracy
            tooExactVertically = values.verticalAccuracy >= 0 && values.verticalAccuracy < minimumAccuracy
            badAltitude =
                !(altitudeRange.contains(values.altitude) && altitudeRange.contains(values.ellipsoidalAltitude)
                && isWithin(values.verticalAccuracy, maximumAccuracy))
            badSpeed = !(isWithin(values.speed, maximumSpeed) && isWithin(values.speedAccuracy, maximumSpeed))
            fullCircle = values.course == 360
            badCourse =
                !(isWithin(values.course, 360) && (fullCircle || values.course < 360)
                && isWithin(values.courseAccuracy, 180))
        }

        /// Whether any rule applies.
        var any: Bool {
            badPosition || tooExactHorizontally || tooExactVertically || badAltitude || badSpeed || fullCircle
                || badCourse
        }

        /// Marks the values the rules name invalid (or nominal) in `storage`.
        func apply(to storage: inout CLLocation.Storage) {
            if badPosition {
                storage.horizontalAccuracy = -1
            } else if tooExactHorizontally {
                storage.horizontalAccuracy = NMEAFix.nominalHorizontalAccuracy
            }
            if tooExactVertically { storage.verticalAccuracy = -1 }
            if badAltitude { (storage.altitude, storage.ellipsoidalAltitude, storage.verticalAccuracy) = (0, 0, -1) }
            if badSpeed { (storage.speed, storage.speedAccuracy) = (-1, -1) }
            if fullCircle { storage.course = 0 }
            if badCourse { (storage.course, storage.courseAccuracy) = (-1, -1) }
        }
    }

    /// `count` when it is 0…``maximumSatelliteCount``, else `nil`.
    static func satelliteCount(_ count: Int?) -> Int? {
        count.flatMap { (0...maximumSatelliteCount).contains($0) ? $0 : nil }
    }

    /// `dilution` when it is finite and 0…``maximumDilution``, else `nil`.
    static func dilution(_ dilution: Double?) -> Double? {
        dilution.flatMap { (0...maximumDilution).contains($0) ? $0 : nil }
    }

    /// Whether `value` is finite and at most `limit`; a finite negative value (an invalid marker) passes.
    private static func isWithin(_ value: Double, _ limit: Double) -> Bool {
        value.isFinite && value <= limit
    }
}
