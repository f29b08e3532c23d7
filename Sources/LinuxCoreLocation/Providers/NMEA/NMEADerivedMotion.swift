import Foundation

/// Speed and course derived from two consecutive fixes, for an epoch whose receiver reported neither.
///
/// **Linux only.**
///
/// gpsd's rule (its error model): when an epoch's fix has no speed from the receiver, speed = geodesic distance
/// from the previous epoch's fix ÷ the time between them, provided the previous epoch was a fix too. gpsd uses
/// Vincenty's formula on WGS-84; we use Karney's geodesic (the two agree to well under a millimetre). gpsd HEAD
/// derives no track; iOS always reports a course when it can, so we add one — the azimuth of that geodesic at
/// the current fix — when the distance is larger than the two positions' combined uncertainty (else the
/// direction is noise and the course stays −1). We also bound the interval: only fixes at most
/// ``maximumInterval`` apart (and in order) are used, since a speed averaged over a longer gap says little about
/// the present.
///
/// Accuracies (1σ, like the horizontal accuracies they come from): speed ±√(σ₁² + σ₂²) ÷ Δt; course
/// ±atan(√(σ₁² + σ₂²) ÷ distance), in degrees.
struct NMEADerivedMotion: Equatable {
    /// The longest interval between two fixes from which motion is derived, in seconds.
    static let maximumInterval: TimeInterval = 10

    /// Speed over ground, m/s, ≥ 0.
    var speed: CLLocationSpeed
    /// 1σ uncertainty of ``speed``, m/s.
    var speedAccuracy: CLLocationSpeedAccuracy
    /// Course over ground in degrees from true north, 0..<360; −1 when the fixes are too close to tell.
    var course: CLLocationDirection
    /// 1σ uncertainty of ``course`` in degrees; −1 when ``course`` is −1.
    var courseAccuracy: CLLocationDirectionAccuracy

    /// A fix as remembered for the next derivation.
    struct Point: Equatable {
        var time: Date
        var latitude: CLLocationDegrees
        var longitude: CLLocationDegrees
        /// 1σ horizontal uncertainty, metres, > 0.
        var accuracy: CLLocationAccuracy
    }

    /// The motion from `previous` to `current`; nil when they are not in order or more than ``maximumInterval``
    /// apart.
    init?(from previous: Point, to current: Point) {
        let interval = current.time.timeIntervalSince(previous.time)
        guard interval > 0, interval <= Self.maximumInterval else { return nil }
        let line = Geodesic.inverse(
            latitude1: previous.latitude, longitude1: previous.longitude, latitude2: current.latitude,
            longitude2: current.longitude)
        guard line.distance.isFinite else { return nil }
        let uncertainty = (previous.accuracy * previous.accuracy + current.accuracy * current.accuracy).squareRoot()
        speed = line.distance / interval
        speedAccuracy = uncertainty / interval
        if line.distance > uncertainty {
            course = line.finalAzimuth
            courseAccuracy = atan(uncertainty / line.distance) * 180 / .pi
        } else {
            course = -1
            courseAccuracy = -1
        }
    }
}
