import Foundation
import GPSD
import NMEA0183

extension GPSDTPV {
    /// The report as a ``CLLocation``, or `nil` when it has no usable position (mode 0/1, or no lat/lon) or no
    /// `time` (no time is invented for a fix).
    ///
    /// gpsd's error estimates (`eph`, `epv`, `eps`, `epd`) are ~95 % confidence values (gpsd_json(5));
    /// they are rescaled to the ~1σ scale of Apple's accuracies and of the NMEA provider (see
    /// Docs/LinuxCoreLocation.docc/GPSDProvider.md): `eph` ÷ ``horizontal95ToRMS`` (95 % circle → 2D RMS), the others ÷
    /// ``oneDimensional95ToSigma`` (95 % → 1σ). An estimate of 0 counts as missing (no fix is exact). Missing values
    /// are −1, never 0, except the horizontal
    /// accuracy, which falls back to `epx`/`epy`, then to ``NMEAFix/nominalHorizontalAccuracy`` (a
    /// negative one would make managers discard the fix). Altitude (mode 3
    /// only): `altMSL`, else the old `alt`, else `altHAE` − `geoidSep`; ellipsoidal: `altHAE`, else MSL +
    /// `geoidSep` (or MSL alone). A 2D fix (mode 2), or one without an MSL altitude, has altitude 0 with
    /// vertical accuracy −1.
    ///
    /// - Parameter sourceInformation: Stored on the location.
    /// - Returns: The fix, or `nil` when the report has no fix, no position or no time.
    func location(sourceInformation: CLLocationSourceInformation) -> CLLocation? {
        guard mode.hasFix, let latitude, let longitude, let time else { return nil }
        let hasAltitude = mode == .threeDimensional
        let msl =
            hasAltitude
            ? altitudeMSL ?? altitude ?? altitudeHAE.flatMap { hae in geoidSeparation.map { hae - $0 } } : nil
        let hae = hasAltitude ? altitudeHAE ?? msl.map { msl in msl + (geoidSeparation ?? 0) } : nil
        let speed = self.speed.flatMap { $0 >= 0 ? $0 : nil }
        let course = track.flatMap { $0 >= 0 && $0 <= 360 ? ($0 == 360 ? 0 : $0) : nil }
        return FixLimits.limited(
            CLLocation(
                coordinate: CLLocationCoordinate2D(latitude: latitude, longitude: longitude),
                altitude: msl ?? 0, ellipsoidalAltitude: hae ?? 0, horizontalAccuracy: horizontalAccuracy,
                verticalAccuracy: msl == nil ? -1 : Self.sigma(epv),
                course: course ?? -1, courseAccuracy: course == nil ? -1 : Self.sigma(epd),
                speed: speed ?? -1, speedAccuracy: speed == nil ? -1 : Self.sigma(eps),
                timestamp: time, sourceInfo: sourceInformation))
    }

    /// The 2D RMS error in metres: `eph` ÷ ``horizontal95ToRMS``; without `eph`, √(σx² + σy²) from `epx`
    /// and `epy` (each a one-dimensional 95 % bound); without those, the NMEA provider's nominal 5 m.
    private var horizontalAccuracy: Double {
        if let eph = eph.flatMap(Self.positive) { return eph / Self.horizontal95ToRMS }
        if let epx = epx.flatMap(Self.positive), let epy = epy.flatMap(Self.positive) {
            return (epx * epx + epy * epy).squareRoot() / Self.oneDimensional95ToSigma
        }
        return NMEAFix.nominalHorizontalAccuracy
    }

    /// Divides a 95 % horizontal radius to get the 2D RMS error √(σe² + σn²): √(ln 20) ≈ 1.731.
    ///
    /// For a circular normal error with σ per axis, the 95 % circle has radius σ·√(2 ln 20) ≈ 2.448σ and
    /// the 2D RMS is σ·√2, so RMS = R95 / √(ln 20).
    static let horizontal95ToRMS = log(20.0).squareRoot()

    /// Divides a one-dimensional 95 % bound to get 1σ: 1.96, the two-sided 95 % quantile of a normal.
    static let oneDimensional95ToSigma = 1.96

    /// `value` when it is finite and above 0: an error estimate of 0 says nothing (no fix is exact; issue 32).
    private static func positive(_ value: Double) -> Double? { value.isFinite && value > 0 ? value : nil }

    private static func sigma(_ value: Double?) -> Double {
        value.flatMap(positive).map { $0 / oneDimensional95ToSigma } ?? -1
    }
}
