import Foundation

extension Geodesic {
    /// Inverse problem: distance in metres, and azimuths in degrees clockwise from true north (0..<360)
    /// at point 1 (forward) and point 2 (forward azimuth at arrival).
    ///
    /// Follows Karney (2013), §4–5: meridional and equatorial geodesics are solved in closed form,
    /// short lines from the spherical approximation with a mean-latitude radius, and everything else
    /// (including antipodal and nearly antipodal points) by Newton's method on the azimuth α₁, started
    /// from the astroid solution near the antipode and safeguarded by bisection.
    ///
    /// - Parameters:
    ///   - latitude1: Geodetic latitude of point 1, degrees, −90...90 (otherwise the result is NaN).
    ///   - longitude1: Longitude of point 1, degrees, any finite value.
    ///   - latitude2: Geodetic latitude of point 2, degrees, −90...90 (otherwise the result is NaN).
    ///   - longitude2: Longitude of point 2, degrees, any finite value.
    /// - Returns: `distance` ≥ 0 in metres (accurate to about 15 nm); `initialAzimuth` at point 1 and
    ///   `finalAzimuth` at point 2, both in 0..<360. For coincident points the azimuths follow
    ///   GeographicLib's convention (the limit of a meridional line). At a pole the azimuth is the
    ///   limit as the pole is approached along the meridian of the given longitude.
    static func inverse(latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double)
        -> (distance: Double, initialAzimuth: Double, finalAzimuth: Double)
    {
        var reducedLatitudes = ReducedLatitudes()
        let line = inverse(
            latitude1: latitude1, longitude1: longitude1, latitude2: latitude2, longitude2: longitude2,
            reducedLatitudes: &reducedLatitudes)
        return (line.distance, line.initialAzimuth, line.finalDirection.azimuth)
    }

    /// The inverse problem as ``inverse(latitude1:longitude1:latitude2:longitude2:)`` solves it, with the end
    /// points' reduced latitudes taken from `reducedLatitudes` when the last problem had them (the same bits), and
    /// left there for the next: for a chain of problems that share their end points, such as a track's legs.
    ///
    /// - Returns: The distance and initial azimuth, and the direction at point 2, whose ``Direction/azimuth`` is
    ///   the final azimuth, worked out when asked.
    static func inverse(
        latitude1: Double, longitude1: Double, latitude2: Double, longitude2: Double,
        reducedLatitudes: inout ReducedLatitudes
    ) -> (distance: Double, initialAzimuth: Double, finalDirection: Direction) {
        // Reduce by symmetry to 0 ≤ λ12 ≤ 180°, |φ1| ≥ |φ2| and φ1 ≤ 0.
        var (lon12, lon12Error) = angleDifference(from: longitude1, to: longitude2)
        var lonSign: Double = lon12.sign == .minus ? -1 : 1
        lon12 *= lonSign
        lon12Error *= lonSign
        let (sinLambda12, cosLambda12) = sinCos(degrees: lon12, correction: lon12Error)
        let supplementaryLon12 = (180 - lon12) - lon12Error

        var lat1 = roundedAngle(checkedLatitude(latitude1))
        var lat2 = roundedAngle(checkedLatitude(latitude2))
        let swapped = abs(lat1) < abs(lat2) || lat2.isNaN
        if swapped {
            lonSign = -lonSign
            swap(&lat1, &lat2)
        }
        let latSign: Double = lat1.sign == .minus ? 1 : -1
        lat1 *= latSign
        lat2 *= latSign

        let ((sinBeta1, cosBeta1), reduced2) = reducedLatitudes.of(lat1, andOf: lat2)
        var (sinBeta2, cosBeta2) = reduced2
        // Make β2 exactly ±β1 when the latitudes are equal in magnitude, whatever rounding did.
        if cosBeta1 < -sinBeta1 {
            if cosBeta2 == cosBeta1 { sinBeta2 = Double(signOf: sinBeta2, magnitudeOf: sinBeta1) }
        } else if abs(sinBeta2) == -sinBeta1 {
            cosBeta2 = cosBeta1
        }
        let points = ReducedPoints(sinBeta1: sinBeta1, cosBeta1: cosBeta1, sinBeta2: sinBeta2, cosBeta2: cosBeta2)
        let target = Longitude(sin: sinLambda12, cos: cosLambda12, radians: lon12 * radiansPerDegree)

        var result: InverseSolution
        if lat1 == -90 || sinLambda12 == 0, let meridional = meridionalSolution(points, longitude: target) {
            result = meridional
        } else if sinBeta1 == 0 && supplementaryLon12 >= flattening * 180 {
            // Equatorial geodesic; beyond λ12 = (1 − f)·180° the shortest path leaves the equator.
            result = InverseSolution(
                distance: equatorialRadius * target.radians, sinAlpha1: 1, cosAlpha1: 0, sinAlpha2: 1, cosAlpha2: 0)
        } else {
            result = generalSolution(points, longitude: target)
        }

        // Undo the symmetry reductions.
        if swapped {
            swap(&result.sinAlpha1, &result.sinAlpha2)
            swap(&result.cosAlpha1, &result.cosAlpha2)
        }
        let swapSign: Double = swapped ? -1 : 1
        let azimuth1 = atan2Degrees(result.sinAlpha1 * swapSign * lonSign, result.cosAlpha1 * swapSign * latSign)
        let direction2 = Direction(
            sin: result.sinAlpha2 * swapSign * lonSign, cos: result.cosAlpha2 * swapSign * latSign)
        return (result.distance + 0, compassAzimuth(azimuth1), direction2)
    }

    /// Sines and cosines of the reduced latitudes β1 and β2 of the two end points, after the symmetry
    /// reductions of the inverse problem (β1 ≤ 0, |β2| ≤ |β1|).
    struct ReducedPoints {
        let sinBeta1: Double, cosBeta1: Double
        let sinBeta2: Double, cosBeta2: Double
        /// √(1 + e′² sin² β1), the factor relating arc length on the sphere to the ellipsoid at point 1.
        var dn1: Double { (1 + secondEccentricitySquared * sinBeta1 * sinBeta1).squareRoot() }
        /// √(1 + e′² sin² β2), as `dn1` for point 2.
        var dn2: Double { (1 + secondEccentricitySquared * sinBeta2 * sinBeta2).squareRoot() }
    }

    /// The longitude difference λ12 (0...180°) as sine, cosine and radians.
    struct Longitude {
        let sin: Double, cos: Double, radians: Double
    }

    /// A solved inverse problem in reduced form: the distance and the azimuths α1, α2 (as sine and cosine).
    struct InverseSolution {
        /// Distance in metres.
        var distance: Double
        var sinAlpha1: Double, cosAlpha1: Double
        var sinAlpha2: Double, cosAlpha2: Double
    }

    /// Both end points lie on one meridian (or point 1 is the south pole): the meridian itself is the
    /// geodesic unless it passes so close to the antipode that its reduced length m12 turns negative,
    /// in which case `nil` is returned and the general solution applies.
    static func meridionalSolution(_ points: ReducedPoints, longitude: Longitude) -> InverseSolution? {
        let cosAlpha1 = longitude.cos
        let sinAlpha1 = longitude.sin  // Head towards the target longitude…
        let sinSigma1 = points.sinBeta1
        let cosSigma1 = cosAlpha1 * points.cosBeta1
        let sinSigma2 = points.sinBeta2
        let cosSigma2 = points.cosBeta2  // …arriving heading north.
        let sigma12 = atan2(
            max(0, cosSigma1 * sinSigma2 - sinSigma1 * cosSigma2) + 0,
            cosSigma1 * cosSigma2 + sinSigma1 * sinSigma2)
        let arc = ArcOnSphere(
            sinSigma1: sinSigma1, cosSigma1: cosSigma1, sinSigma2: sinSigma2, cosSigma2: cosSigma2, sigma12: sigma12)
        // Along a meridian cos α0 = 1, so ε equals the third flattening n.
        let (distance, reducedLength) = lengths(epsilon: thirdFlattening, arc: arc, points: points)
        guard sigma12 < tolerance2 || reducedLength >= 0 else { return nil }
        let isCoincident = sigma12 < 3 * tiny || (sigma12 < tolerance0 && (distance < 0 || reducedLength < 0))
        return InverseSolution(
            distance: isCoincident ? 0 : distance * polarRadius, sinAlpha1: sinAlpha1, cosAlpha1: cosAlpha1,
            sinAlpha2: 0, cosAlpha2: 1)
    }

    /// An arc of a great circle on the auxiliary sphere, from σ1 to σ2 (σ measured from the node).
    struct ArcOnSphere {
        let sinSigma1: Double, cosSigma1: Double
        let sinSigma2: Double, cosSigma2: Double
        /// σ12 = σ2 − σ1 in radians, ≥ 0.
        let sigma12: Double
    }

    /// Distance s12/b and reduced length m12/b for an arc on the auxiliary sphere
    /// (Karney 2013, equations 7, 15 and 38–41).
    static func lengths(epsilon eps: Double, arc: ArcOnSphere, points: ReducedPoints)
        -> (distance: Double, reducedLength: Double)
    {
        let a1m1 = a1Minus1(eps)
        let a2m1 = a2Minus1(eps)
        let c1 = c1Coefficients(eps)
        let c2 = c2Coefficients(eps)
        let b1 =
            sineSeries(c1, sin: arc.sinSigma2, cos: arc.cosSigma2)
            - sineSeries(c1, sin: arc.sinSigma1, cos: arc.cosSigma1)
        let b2 =
            sineSeries(c2, sin: arc.sinSigma2, cos: arc.cosSigma2)
            - sineSeries(c2, sin: arc.sinSigma1, cos: arc.cosSigma1)
        let a1 = 1 + a1m1
        let a2 = 1 + a2m1
        let distance = a1 * (arc.sigma12 + b1)
        let j12 = (a1m1 - a2m1) * arc.sigma12 + (a1 * b1 - a2 * b2)
        let reducedLength =
            points.dn2 * (arc.cosSigma1 * arc.sinSigma2)
            - points.dn1 * (arc.sinSigma1 * arc.cosSigma2)
            - arc.cosSigma1 * arc.cosSigma2 * j12
        return (distance, reducedLength)
    }
}
