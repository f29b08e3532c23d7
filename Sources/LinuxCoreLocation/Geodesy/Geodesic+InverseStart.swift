import Foundation

/// The starting guess for α1 in the general inverse problem (Karney 2013, §5).
extension Geodesic {
    /// Estimates α1 for the Newton iteration; for short lines the estimate is already the answer.
    ///
    /// - Short lines use a sphere whose radius is the ellipsoid's at the mean latitude (equations 48–50);
    ///   when σ12 is below ``shortLineTolerance`` that solution is exact to double precision and is
    ///   returned as `shortLine`.
    /// - Nearly antipodal points, where the spherical estimate is poor, are started from the solution
    ///   of the astroid equation (equations 53–57), or, in the strip next to the cut, from equation 56.
    static func inverseStart(_ p: ReducedPoints, longitude: Longitude)
        -> (sinAlpha1: Double, cosAlpha1: Double, shortLine: InverseSolution?)
    {
        let (s1, c1, s2, c2) = (p.sinBeta1, p.cosBeta1, p.sinBeta2, p.cosBeta2)
        let sinBeta12 = s2 * c1 - c2 * s1  // sin(β2 − β1)
        let cosBeta12 = c2 * c1 + s2 * s1
        let sinBeta12Sum = s2 * c1 + c2 * s1  // sin(β2 + β1)
        let isShort = cosBeta12 >= 0 && sinBeta12 < 0.5 && c2 * longitude.radians < 0.5

        var sinOmega12 = longitude.sin
        var cosOmega12 = longitude.cos
        var meanDn = 1.0
        if isShort {
            let sinSquared = (s1 + s2) * (s1 + s2)
            let sinSquaredMean = sinSquared / (sinSquared + (c1 + c2) * (c1 + c2))
            meanDn = (1 + secondEccentricitySquared * sinSquaredMean).squareRoot()
            let omega12 = longitude.radians / (axisRatio * meanDn)
            sinOmega12 = sin(omega12)
            cosOmega12 = cos(omega12)
        }

        // Great-circle azimuth on the sphere (equation 49), written to avoid cancellation.
        var sinAlpha1 = c2 * sinOmega12
        var cosAlpha1 =
            cosOmega12 >= 0
            ? sinBeta12 + c2 * s1 * sinOmega12 * sinOmega12 / (1 + cosOmega12)
            : sinBeta12Sum - c2 * s1 * sinOmega12 * sinOmega12 / (1 - cosOmega12)
        let sinSigma12 = hypotenuse(sinAlpha1, cosAlpha1)
        let cosSigma12 = s1 * s2 + c1 * c2 * cosOmega12

        var shortLine: InverseSolution?
        if isShort && sinSigma12 < shortLineTolerance {
            let term = cosOmega12 >= 0 ? sinOmega12 * sinOmega12 / (1 + cosOmega12) : 1 - cosOmega12
            let (sinAlpha2, cosAlpha2) = normalized(c1 * sinOmega12, sinBeta12 - c1 * s2 * term)
            let sigma12 = atan2(sinSigma12, cosSigma12)
            shortLine = InverseSolution(
                distance: sigma12 * polarRadius * meanDn, sinAlpha1: 0, cosAlpha1: 0,
                sinAlpha2: sinAlpha2, cosAlpha2: cosAlpha2)
        } else if cosSigma12 < 0 && sinSigma12 < 6 * thirdFlattening * .pi * c1 * c1 {
            // Nearly antipodal: scale to the astroid's coordinates, x along longitude, y along latitude.
            let lambda12MinusPi = atan2(-longitude.sin, -longitude.cos)
            let eps = epsilon(kSquared: s1 * s1 * secondEccentricitySquared)
            let longitudeScale = flattening * c1 * a3(eps) * .pi
            let latitudeScale = longitudeScale * c1
            let x = lambda12MinusPi / longitudeScale
            let y = sinBeta12Sum / latitudeScale
            if y > -tolerance1 && x > -1 - astroidThreshold {
                // In the strip next to the cut: equation 56.
                sinAlpha1 = min(1, -x)
                cosAlpha1 = -(1 - sinAlpha1 * sinAlpha1).squareRoot()
            } else {
                // Find ω12 from the astroid's root, then α1 from the spherical formula.
                let k = astroidRoot(x: x, y: y)
                let omega12 = longitudeScale * (-x * k / (1 + k))
                let sinOmega = sin(omega12)
                let cosOmega = -cos(omega12)
                sinAlpha1 = c2 * sinOmega
                cosAlpha1 = sinBeta12Sum - c2 * s1 * sinOmega * sinOmega / (1 - cosOmega)
            }
        }

        if sinAlpha1 > 0 {
            (sinAlpha1, cosAlpha1) = normalized(sinAlpha1, cosAlpha1)
        } else {
            (sinAlpha1, cosAlpha1) = (1, 0)
        }
        shortLine?.sinAlpha1 = sinAlpha1
        shortLine?.cosAlpha1 = cosAlpha1
        return (sinAlpha1, cosAlpha1, shortLine)
    }

    /// The largest real root k of the astroid equation k⁴ + 2k³ − (x² + y² − 1)k² − 2y²k − y² = 0
    /// (Karney 2013, equation 55), taken positive; 0 when y = 0 and the root is not unique.
    static func astroidRoot(x: Double, y: Double) -> Double {
        let p = x * x
        let q = y * y
        let r = (p + q - 1) / 6
        if q == 0 && r <= 0 { return 0 }
        let s = p * q / 4
        let r2 = r * r
        let r3 = r * r2
        let discriminant = s * (s + 2 * r3)
        var u = r
        if discriminant >= 0 {
            // Pick the sign of the square root that avoids cancellation.
            var t3 = s + r3
            t3 += t3 < 0 ? -discriminant.squareRoot() : discriminant.squareRoot()
            let t = cbrt(t3)
            u += t + (t != 0 ? r2 / t : 0)
        } else {
            // Three real roots; take the one found from the trigonometric form.
            let angle = atan2((-discriminant).squareRoot(), -(s + r3))
            u += 2 * r * cos(angle / 3)
        }
        let v = (u * u + q).squareRoot()
        let uv = u < 0 ? q / (v - u) : u + v  // u + v without cancellation
        let w = (uv - q) / (2 * v)
        return uv / ((uv + w * w).squareRoot() + w)
    }
}
