import DBus
import NMEA0183

/// Turns the properties of a GeoClue `Location` object into a ``CLLocation``.
///
/// Source: GeoClue 2 API reference, `org.freedesktop.GeoClue2.Location`.
enum GeoClueFix {
    /// GeoClue's "altitude unknown": `-G_MAXDOUBLE`.
    static let unknownAltitude = -Double.greatestFiniteMagnitude

    /// Why a `Location` object's properties do not make a fix.
    struct Invalid: Error, CustomStringConvertible {
        /// What is wrong, without the value: the same for every location with this problem.
        ///
        /// For example `Accuracy is not a distance`.
        let cause: String
        /// What is wrong with this location, with the value.
        let description: String
    }

    /// Converts `GetAll` results.
    ///
    /// `Latitude`, `Longitude` (degrees), `Accuracy` (metres) and `Timestamp` (`(tt)`: seconds and
    /// microseconds since 1970) are required. An `Accuracy` of 0 is unknown, not exact (issue 32): GeoClue's NMEA
    /// source reports 0 m for any HDOP up to 1, and no fix is exact, so it becomes
    /// ``NMEAFix/nominalHorizontalAccuracy`` (5 m: HDOP 1 at the usual 5 m range error), as an NMEA fix without a
    /// dilution does. `Altitude` equal to ``unknownAltitude`` (or absent) gives altitude 0
    /// with vertical accuracy −1; a known altitude gets the horizontal accuracy as its vertical accuracy, GeoClue
    /// having one accuracy figure only. `Speed` (m/s) below 0 or absent, and `Heading` (degrees clockwise from true
    /// north) outside 0…360 or absent, mean unknown (−1), as NMEA and GPX courses over 360 do; 360 reads as 0.
    /// Their accuracies are always −1. The time must pass ``FixTime`` against `now`.
    ///
    /// - Parameters:
    ///   - properties: The `GetAll` result.
    ///   - now: The provider clock's now: GeoClue is a live source.
    /// - Returns: The fix.
    /// - Throws: ``Invalid`` naming the property that is missing, of the wrong type or out of range.
    static func location(from properties: [String: DBusValue], now: Date) throws(Invalid) -> CLLocation {
        func number(_ name: String) throws(Invalid) -> Double? {
            guard let value = properties[name] else { return nil }
            guard let number = value.doubleValue, !number.isNaN else {
                throw Invalid(
                    cause: "\(name) is not a double",
                    description: "property \(name) is \(value.type) \(value), expected a double")
            }
            return number
        }
        func required(_ name: String) throws(Invalid) -> Double {
            guard let value = try number(name) else {
                throw Invalid(cause: "\(name) is missing", description: "property \(name) is missing")
            }
            return value
        }
        let coordinate = CLLocationCoordinate2D(
            latitude: try required("Latitude"), longitude: try required("Longitude"))
        guard CLLocationCoordinate2DIsValid(coordinate) else {
            throw Invalid(
                cause: "coordinate out of range",
                description: "coordinate \(coordinate.latitude), \(coordinate.longitude) is out of range")
        }
        let reportedAccuracy = try required("Accuracy")
        guard reportedAccuracy >= 0, reportedAccuracy.isFinite else {
            throw Invalid(
                cause: "Accuracy is not a distance", description: "accuracy \(reportedAccuracy) is not a distance")
        }
        let accuracy = reportedAccuracy > 0 ? reportedAccuracy : NMEAFix.nominalHorizontalAccuracy
        guard case .structure(let parts)? = properties["Timestamp"], parts.count == 2,
            let seconds = parts[0].unsignedValue, let microseconds = parts[1].unsignedValue, microseconds < 1_000_000
        else {
            throw Invalid(
                cause: "Timestamp is not (tt)",
                description:
                    "property Timestamp is \(properties["Timestamp"].map { "\($0)" } ?? "missing"), expected (tt)")
        }
        let time = Date(timeIntervalSince1970: Double(seconds) + Double(microseconds) / 1_000_000)
        if let problem = FixTime.problem(with: time, now: now) {
            throw Invalid(cause: problem.cause, description: problem.detail(time))
        }
        let altitude = try number("Altitude").flatMap { $0 == unknownAltitude || !$0.isFinite ? nil : $0 }
        let speed = try number("Speed").flatMap { $0 >= 0 && $0.isFinite ? $0 : nil }
        let heading = try number("Heading").flatMap { (0...360).contains($0) ? ($0 == 360 ? 0 : $0) : nil }
        return FixLimits.limited(
            CLLocation(
                coordinate: coordinate, altitude: altitude ?? 0, horizontalAccuracy: accuracy,
                verticalAccuracy: altitude == nil ? -1 : accuracy, course: heading ?? -1, courseAccuracy: -1,
                speed: speed ?? -1, speedAccuracy: -1, timestamp: time))
    }
}
