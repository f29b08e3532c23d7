import Foundation

/// The general case of the inverse problem: the end points are neither on one meridian nor both on
/// the equator (Karney 2013, §4 and §5).
extension Geodesic {
    /// Solves the inverse problem by Newton's method on α1, bracketed by bisection.
    ///
    /// Each step solves the *hybrid* problem (given β1, β2 and α1, find λ12) and corrects α1 with
    /// dλ12/dα1 = m12/(a cos α2 cos β2) (Karney 2013, equation 46); α1 always stays in 0...180° so the
    /// geodesic heads east towards the target.
    static func generalSolution(_ points: ReducedPoints, longitude: Longitude) -> InverseSolution {
        let start = inverseStart(points, longitude: longitude)
        if let shortLine = start.shortLine { return shortLine }
        var sinAlpha1 = start.sinAlpha1
        var cosAlpha1 = start.cosAlpha1
        // α1 values known to undershoot (v < 0) and overshoot (v > 0) the target longitude.
        var undershoot = (sin: tiny, cos: 1.0)
        var overshoot = (sin: tiny, cos: -1.0)
        var newtonConverging = false
        var bisectionConverged = false
        var iteration = 0
        var hybrid: HybridSolution
        while true {
            hybrid = hybridSolution(
                points, sinAlpha1: sinAlpha1, cosAlpha1: cosAlpha1, longitude: longitude,
                withDerivative: iteration < newtonIterations)
            let v = hybrid.longitudeError
            let threshold = (newtonConverging ? 8 : 1) * tolerance0
            if bisectionConverged || !(abs(v) >= threshold) || iteration == maximumIterations { break }
            // Tighten the bracket (after the Newton phase, every evaluation does).
            if v > 0 && (iteration > newtonIterations || cosAlpha1 / sinAlpha1 > overshoot.cos / overshoot.sin) {
                overshoot = (sinAlpha1, cosAlpha1)
            } else if v < 0 && (iteration > newtonIterations || cosAlpha1 / sinAlpha1 < undershoot.cos / undershoot.sin)
            {
                undershoot = (sinAlpha1, cosAlpha1)
            }
            iteration += 1
            if iteration < newtonIterations && hybrid.derivative > 0 {
                let step = -v / hybrid.derivative
                let sinStep = sin(step)
                let cosStep = cos(step)
                let newSin = sinAlpha1 * cosStep + cosAlpha1 * sinStep
                if abs(step) < .pi && newSin > 0 {
                    (sinAlpha1, cosAlpha1) = normalized(newSin, cosAlpha1 * cosStep - sinAlpha1 * sinStep)
                    newtonConverging = abs(v) <= 16 * tolerance0
                    continue
                }
            }
            // Newton misbehaved: bisect the bracket instead.
            (sinAlpha1, cosAlpha1) = normalized(
                (undershoot.sin + overshoot.sin) / 2, (undershoot.cos + overshoot.cos) / 2)
            newtonConverging = false
            bisectionConverged =
                abs(undershoot.sin - sinAlpha1) + (undershoot.cos - cosAlpha1) < bisectionTolerance
                || abs(sinAlpha1 - overshoot.sin) + (cosAlpha1 - overshoot.cos) < bisectionTolerance
        }
        // The last step's lengths, when it worked them out for its derivative, are the same computation.
        let distance = hybrid.distance ?? lengths(epsilon: hybrid.epsilon, arc: hybrid.arc, points: points).distance
        return InverseSolution(
            distance: distance * polarRadius, sinAlpha1: sinAlpha1, cosAlpha1: cosAlpha1,
            sinAlpha2: hybrid.sinAlpha2, cosAlpha2: hybrid.cosAlpha2)
    }

    /// The hybrid problem's answer for one trial α1.
    struct HybridSolution {
        /// λ12(α1) minus the target λ12, in radians (the function whose root is sought).
        let longitudeError: Double
        let sinAlpha2: Double, cosAlpha2: Double
        let arc: ArcOnSphere
        /// ε for this geodesic (Karney 2013, equation 16).
        let epsilon: Double
        /// dλ12/dα1, or NaN when not requested.
        let derivative: Double
        /// s12/b for this α1, when working out the derivative computed it.
        let distance: Double?
    }

    /// Given β1, β2 and α1, finds α2, σ1, σ2 and λ12 (Karney 2013, equations 5, 6, 8, 11, 45 and 46).
    static func hybridSolution(
        _ p: ReducedPoints, sinAlpha1: Double, cosAlpha1 alpha1Cos: Double, longitude: Longitude, withDerivative: Bool
    ) -> HybridSolution {
        // On the equator heading due north or south, nudge α1 so that the node is well defined.
        let cosAlpha1 = p.sinBeta1 == 0 && alpha1Cos == 0 ? -tiny : alpha1Cos
        let sinAlpha0 = sinAlpha1 * p.cosBeta1  // Clairaut's constant, equation 5
        let cosAlpha0 = hypotenuse(cosAlpha1, sinAlpha1 * p.sinBeta1)
        let (sinSigma1, cosSigma1) = normalized(p.sinBeta1, cosAlpha1 * p.cosBeta1)
        let sinOmega1 = sinAlpha0 * p.sinBeta1
        let cosOmega1 = cosAlpha1 * p.cosBeta1

        let sinAlpha2 = p.cosBeta2 != p.cosBeta1 ? sinAlpha0 / p.cosBeta2 : sinAlpha1
        // cos α2 from equation 45, written to avoid cancellation; cos α2 ≥ 0 because |β2| ≤ |β1|.
        let cosAlpha2: Double
        if p.cosBeta2 != p.cosBeta1 || abs(p.sinBeta2) != -p.sinBeta1 {
            let (s1, c1, s2, c2) = (p.sinBeta1, p.cosBeta1, p.sinBeta2, p.cosBeta2)
            let difference = c1 < -s1 ? (c2 - c1) * (c1 + c2) : (s1 - s2) * (s1 + s2)
            cosAlpha2 = ((cosAlpha1 * c1) * (cosAlpha1 * c1) + difference).squareRoot() / c2
        } else {
            cosAlpha2 = abs(cosAlpha1)
        }
        let (sinSigma2, cosSigma2) = normalized(p.sinBeta2, cosAlpha2 * p.cosBeta2)
        let sinOmega2 = sinAlpha0 * p.sinBeta2
        let cosOmega2 = cosAlpha2 * p.cosBeta2

        let sigma12 = atan2(
            max(0, cosSigma1 * sinSigma2 - sinSigma1 * cosSigma2) + 0,
            cosSigma1 * cosSigma2 + sinSigma1 * sinSigma2)
        let sinOmega12 = max(0, cosOmega1 * sinOmega2 - sinOmega1 * cosOmega2) + 0
        let cosOmega12 = cosOmega1 * cosOmega2 + sinOmega1 * sinOmega2
        // η = ω12 − target λ12, computed from sines and cosines to keep full accuracy near 180°.
        let eta = atan2(
            sinOmega12 * longitude.cos - cosOmega12 * longitude.sin,
            cosOmega12 * longitude.cos + sinOmega12 * longitude.sin)

        let eps = epsilon(kSquared: cosAlpha0 * cosAlpha0 * secondEccentricitySquared)
        let c3 = c3Coefficients(eps)
        let b312 = sineSeries(c3, sin: sinSigma2, cos: cosSigma2) - sineSeries(c3, sin: sinSigma1, cos: cosSigma1)
        let domega12 = -flattening * a3(eps) * sinAlpha0 * (sigma12 + b312)  // λ12 − ω12, equation 8
        let arc = ArcOnSphere(
            sinSigma1: sinSigma1, cosSigma1: cosSigma1, sinSigma2: sinSigma2, cosSigma2: cosSigma2, sigma12: sigma12)

        var derivative = Double.nan
        var distance: Double?
        if withDerivative {
            if cosAlpha2 == 0 {
                derivative = -2 * axisRatio * p.dn1 / p.sinBeta1
            } else {
                let lengths = lengths(epsilon: eps, arc: arc, points: p)
                distance = lengths.distance
                derivative = lengths.reducedLength * axisRatio / (cosAlpha2 * p.cosBeta2)
            }
        }
        return HybridSolution(
            longitudeError: eta + domega12, sinAlpha2: sinAlpha2, cosAlpha2: cosAlpha2, arc: arc,
            epsilon: eps, derivative: derivative, distance: distance)
    }
}
