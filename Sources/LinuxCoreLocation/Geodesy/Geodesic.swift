import Foundation

/// Geodesic computations on the WGS-84 ellipsoid (a = 6378137 m, f = 1/298.257223563).
///
/// Solves the two classical geodesic problems — *inverse* (distance and azimuths between two points)
/// and *direct* (destination from a start point, azimuth and distance) — with the algorithms of
/// C. F. F. Karney, "Algorithms for geodesics", J. Geodesy 87, 43–55 (2013), doi:10.1007/s00190-012-0578-z.
/// The series in the third flattening *n* and in ε are truncated at sixth order, which is what the paper
/// (and GeographicLib) use for double precision; the truncation error is below 15 nm on WGS-84.
///
/// Conventions shared by both problems:
/// - Latitudes are geodetic, in degrees, valid in −90...90; values outside that range (or NaN) give NaN results.
/// - Longitudes are in degrees and may have any finite value; results are normalised to −180...180.
/// - Azimuths are in degrees clockwise from true north. Results are in 0..<360.
/// - Distances are in metres along the ellipsoid surface.
/// - Every function is pure and stateless, so it is safe to call from any thread.
///
/// The inverse problem is solved for every pair of points, including coincident, antipodal and
/// nearly antipodal points (where Newton's method on the auxiliary sphere is started from the astroid
/// solution of Karney 2013, §5) and points on the poles or the equator.
enum Geodesic {
    /// Equatorial radius *a* of WGS-84, in metres.
    static let equatorialRadius = 6_378_137.0
    /// Flattening *f* of WGS-84 (dimensionless).
    static let flattening = 1 / 298.257223563
    /// 1 − *f*, the ratio of the polar to the equatorial semi-axis.
    static let axisRatio = 1 - flattening
    /// Polar semi-axis *b* = *a*(1 − *f*), in metres.
    static let polarRadius = equatorialRadius * axisRatio
    /// Second eccentricity squared, e′² = e²/(1 − e²) = f(2 − f)/(1 − f)².
    static let secondEccentricitySquared = flattening * (2 - flattening) / (axisRatio * axisRatio)
    /// Third flattening *n* = f/(2 − f), the small parameter of the series.
    static let thirdFlattening = flattening / (2 - flattening)

    /// Smallest positive value whose square is still a normal `Double`; guards divisions by cos β at the poles.
    static let tiny = Double.leastNormalMagnitude.squareRoot()
    /// Machine epsilon, the tolerance on the longitude error of the Newton iteration.
    static let tolerance0 = Double.ulpOfOne
    /// Tolerance used to recognise the "strip near the cut" in the antipodal start (Karney 2013, §5).
    static let tolerance1 = 200 * tolerance0
    /// √ε, the threshold below which a meridional arc is accepted without checking its reduced length.
    static let tolerance2 = tolerance0.squareRoot()
    /// Tolerance for stopping the bisection fallback.
    static let bisectionTolerance = tolerance0
    /// Threshold on x, in astroid units, of the strip near the cut.
    static let astroidThreshold = 1000 * tolerance2
    /// Largest σ12 for which the short-line spherical start is accepted as the answer (Karney 2013, equation 38 error).
    static let shortLineTolerance =
        0.1 * tolerance2 / (max(0.001, flattening) * min(1, 1 - flattening / 2) / 2).squareRoot()
    /// Newton steps tried before the iteration falls back to bisection.
    static let newtonIterations = 20
    /// Total iteration budget, Newton plus bisection (enough to bisect down to one unit in the last place).
    static let maximumIterations = newtonIterations + Double.significandBitCount + 11

    /// Converts an azimuth from −180...180 to 0..<360 degrees clockwise from true north.
    static func compassAzimuth(_ degrees: Double) -> Double {
        let shifted = degrees < 0 ? degrees + 360 : degrees
        return shifted >= 360 ? 0 : shifted + 0  // `+ 0` turns −0 into +0.
    }
}
