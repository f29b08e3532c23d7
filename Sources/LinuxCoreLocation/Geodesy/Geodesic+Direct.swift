import Foundation

extension Geodesic {
    /// Direct problem: the point reached from (latitude, longitude) after `distance` metres along `azimuth` degrees.
    ///
    /// Follows Karney (2013), §3: the start point and azimuth fix the geodesic's node and Clairaut
    /// constant; the distance is converted to arc length σ on the auxiliary sphere with the reverted
    /// series of eq. 21 (no iteration), and the end point is found by spherical trigonometry plus
    /// the longitude correction of eq. 8.
    ///
    /// - Parameters:
    ///   - latitude: Geodetic latitude of the start, degrees, −90...90 (otherwise the result is NaN).
    ///   - longitude: Longitude of the start, degrees, any finite value.
    ///   - azimuth: Initial azimuth, degrees clockwise from true north, any finite value. At a pole it is
    ///     interpreted as the limit when approaching the pole along the meridian `longitude`.
    ///   - distance: Distance to travel, metres; negative values travel backwards along the geodesic.
    /// - Returns: The end point's `latitude` (−90...90) and `longitude` (−180...180) in degrees, and the
    ///   forward azimuth there, `finalAzimuth`, in 0..<360 degrees clockwise from true north.
    static func direct(latitude: Double, longitude: Double, azimuth: Double, distance: Double)
        -> (latitude: Double, longitude: Double, finalAzimuth: Double)
    {
        // Start point and azimuth on the auxiliary sphere.
        let (sinAlpha1, cosAlpha1) = sinCos(degrees: roundedAngle(normalizedAngle(azimuth)))
        let (sinBeta1, cosBeta1) = reducedLatitude(roundedAngle(checkedLatitude(latitude)))
        let sinAlpha0 = sinAlpha1 * cosBeta1  // Clairaut's constant, eq. 5
        let cosAlpha0 = hypotenuse(cosAlpha1, sinAlpha1 * sinBeta1)
        // σ1 and ω1 are measured from the node, where the geodesic crosses the equator northwards (eq. 11).
        let sinOmega1 = sinAlpha0 * sinBeta1
        let cosOmega1 = sinBeta1 != 0 || cosAlpha1 != 0 ? cosBeta1 * cosAlpha1 : 1
        let (sinSigma1, cosSigma1) = normalized(sinBeta1, cosOmega1)

        let eps = epsilon(kSquared: cosAlpha0 * cosAlpha0 * secondEccentricitySquared)
        // τ1 = σ1 + B11, the start's distance from the node in units of b·A1 (eqs. 15, 18).
        let b11 = sineSeries(c1Coefficients(eps), sin: sinSigma1, cos: cosSigma1)
        let sinTau1 = sinSigma1 * cos(b11) + cosSigma1 * sin(b11)
        let cosTau1 = cosSigma1 * cos(b11) - sinSigma1 * sin(b11)

        // Distance → σ12 by the reverted series (eq. 20).
        let tau12 = distance / (polarRadius * (1 + a1Minus1(eps)))
        let sinTau2 = sinTau1 * cos(tau12) + cosTau1 * sin(tau12)
        let cosTau2 = cosTau1 * cos(tau12) - sinTau1 * sin(tau12)
        let b12 = -sineSeries(c1PrimeCoefficients(eps), sin: sinTau2, cos: cosTau2)
        let sigma12 = tau12 - (b12 - b11)
        let sinSigma12 = sin(sigma12)
        let cosSigma12 = cos(sigma12)
        let sinSigma2 = sinSigma1 * cosSigma12 + cosSigma1 * sinSigma12
        var cosSigma2 = cosSigma1 * cosSigma12 - sinSigma1 * sinSigma12

        // End point on the sphere (eqs. 5, 6 and 12), guarding the poles.
        let sinBeta2 = cosAlpha0 * sinSigma2
        var cosBeta2 = hypotenuse(sinAlpha0, cosAlpha0 * cosSigma2)
        if cosBeta2 == 0 {
            cosBeta2 = tiny
            cosSigma2 = tiny
        }
        let sinAlpha2 = sinAlpha0
        let cosAlpha2 = cosAlpha0 * cosSigma2
        let sinOmega2 = sinAlpha0 * sinSigma2
        let cosOmega2 = cosSigma2

        // ω12, unwrapped so that it has the sign of the eastward motion, then λ12 = ω12 + correction (eq. 8).
        let east = Double(signOf: sinAlpha0, magnitudeOf: 1)
        let omega12 =
            east
            * (sigma12
                - (atan2(sinSigma2, cosSigma2) - atan2(sinSigma1, cosSigma1))
                + (atan2(east * sinOmega2, cosOmega2) - atan2(east * sinOmega1, cosOmega1)))
        let c3 = c3Coefficients(eps)
        let b312 = sineSeries(c3, sin: sinSigma2, cos: cosSigma2) - sineSeries(c3, sin: sinSigma1, cos: cosSigma1)
        let lambda12 = omega12 - flattening * sinAlpha0 * a3(eps) * (sigma12 + b312)

        let longitude2 = normalizedAngle(normalizedAngle(longitude) + normalizedAngle(lambda12 / radiansPerDegree))
        let latitude2 = atan2Degrees(sinBeta2, axisRatio * cosBeta2)
        return (latitude2, longitude2, compassAzimuth(atan2Degrees(sinAlpha2, cosAlpha2)))
    }
}
