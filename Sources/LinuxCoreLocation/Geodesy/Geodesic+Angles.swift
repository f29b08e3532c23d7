import Foundation

/// Exact angle arithmetic in degrees, used to keep the geodesic results accurate to the last bit
/// for angles that are exact multiples of 90° (poles, equator, meridians, antimeridian).
///
/// Reducing in degrees before converting to radians avoids the rounding error of π, so that
/// e.g. sin(180°) is exactly 0 and cos(90°) is exactly 0.
extension Geodesic {
    /// Radians per degree.
    static let radiansPerDegree = Double.pi / 180

    /// Rounds tiny angles so that values below about 1/2⁵⁷ degrees (≈ 0.7 pm on the Earth) become zero,
    /// which removes nearly singular cases such as a latitude of 1e-200°.
    static func roundedAngle(_ degrees: Double) -> Double {
        let grid = 1.0 / 16
        var magnitude = abs(degrees)
        if magnitude < grid { magnitude = grid - (grid - magnitude) }
        return Double(signOf: degrees, magnitudeOf: magnitude)
    }

    /// Reduces an angle to −180...180 degrees; ±180 keeps the sign of the input.
    static func normalizedAngle(_ degrees: Double) -> Double {
        let reduced = remainder360(degrees)
        return abs(reduced) == 180 ? Double(signOf: degrees, magnitudeOf: 180) : reduced
    }

    /// The IEEE remainder of `degrees` by 360 (−180...180), NaN for NaN and infinities.
    ///
    /// Up to 180 in magnitude that remainder is the angle itself, exactly (the quotient rounds to 0, ties to even),
    /// so the library call is left out for the angles of nearly every fix.
    static func remainder360(_ degrees: Double) -> Double {
        abs(degrees) <= 180 ? degrees : degrees.isFinite ? degrees.remainder(dividingBy: 360) : .nan
    }

    /// Returns the latitude unchanged if it lies in −90...90 degrees, NaN otherwise.
    static func checkedLatitude(_ degrees: Double) -> Double {
        abs(degrees) > 90 ? .nan : degrees
    }

    /// Error-free sum: `sum` is the rounded u + v and `error` the exact rounding error (Knuth's TwoSum).
    static func exactSum(_ u: Double, _ v: Double) -> (sum: Double, error: Double) {
        let sum = u + v
        let uRounded = sum - v
        let vRounded = sum - uRounded
        let error = -((uRounded - u) + (vRounded - v))
        return (sum, sum == 0 ? sum : error)
    }

    /// The difference `to − from`, reduced to −180...180 degrees, as a rounded value plus its exact error.
    ///
    /// A difference of exactly 0 or ±180 takes its sign from the unreduced difference, so that the
    /// direction of travel across the antimeridian is preserved.
    static func angleDifference(from: Double, to: Double) -> (difference: Double, error: Double) {
        let first = exactSum(remainder360(-from), remainder360(to))
        var (difference, error) = exactSum(remainder360(first.sum), first.error)
        if difference == 0 || abs(difference) == 180 {
            let sign = error == 0 ? to - from : -error
            difference = Double(signOf: sign, magnitudeOf: difference)
        }
        return (difference, error)
    }

    /// Sine and cosine of `degrees + correction`, reduced exactly by quadrant first.
    ///
    /// - Parameters:
    ///   - degrees: The main part of the angle; any finite value (NaN and infinities give NaN).
    ///   - correction: A small addition, e.g. the error term of ``angleDifference(from:to:)``.
    /// - Returns: The sine and cosine, exact at multiples of 90°.
    static func sinCos(degrees: Double, correction: Double = 0) -> (sin: Double, cos: Double) {
        // Below 360 in magnitude the remainder is the angle itself, exactly (a library call saved per fix).
        let reduced =
            abs(degrees) < 360 ? degrees : degrees.isFinite ? degrees.truncatingRemainder(dividingBy: 360) : .nan
        // Ties go to even, as IEEE remquo does, so that ±45° is evaluated directly, not as 90° ∓ 45°.
        let quadrant = reduced.isNaN ? 0 : Int((reduced / 90).rounded(.toNearestOrEven))
        let remainder = reduced - 90 * Double(quadrant)
        let radians = roundedAngle(remainder + correction) * radiansPerDegree
        let s = sin(radians)
        let c = cos(radians)
        var result: (sin: Double, cos: Double)
        switch quadrant & 3 {
        case 0: result = (s, c)
        case 1: result = (c, -s)
        case 2: result = (-s, -c)
        default: result = (-c, s)
        }
        result.cos += 0  // −0 becomes +0.
        if result.sin == 0 { result.sin = Double(signOf: degrees, magnitudeOf: 0) }
        return result
    }

    /// The angle in degrees, −180...180, whose sine and cosine are proportional to `y` and `x`.
    ///
    /// Works in the first octant and reflects the result, so that multiples of 45° are exact.
    static func atan2Degrees(_ y: Double, _ x: Double) -> Double {
        var y = y
        var x = x
        var octant = 0
        if abs(y) > abs(x) {
            swap(&x, &y)
            octant = 2
        }
        if x.sign == .minus {
            x = -x
            octant += 1
        }
        let angle = atan2(y, x) / radiansPerDegree
        switch octant {
        case 1: return Double(signOf: y, magnitudeOf: 180) - angle
        case 2: return 90 - angle
        case 3: return -90 + angle
        default: return angle
        }
    }

    /// Scales the pair (`s`, `c`) to unit length, keeping its direction.
    static func normalized(_ s: Double, _ c: Double) -> (sin: Double, cos: Double) {
        let length = hypotenuse(s, c)
        return (s / length, c / length)
    }

    /// √(x² + y²), correctly rounded in practice (unlike glibc's `hypot`, which can be 1 ulp off).
    ///
    /// The sum of squares is formed exactly as a double-double with fused multiply-adds and the square
    /// root gets one Newton correction. For lines a few millimetres long the azimuth amplifies a
    /// 1-ulp error here to ~1e-6°, so this keeps results reproducible against other correctly rounded
    /// implementations (GeographicLib under Python ≥ 3.10). Falls back to `hypot` when x² + y² is zero,
    /// subnormal, infinite or NaN.
    static func hypotenuse(_ x: Double, _ y: Double) -> Double {
        let xx = x * x
        let yy = y * y
        let sum = xx + yy
        guard sum.isNormal else { return hypot(x, y) }
        let sumError = exactSum(xx, yy).error + ((-xx).addingProduct(x, x) + (-yy).addingProduct(y, y))
        let root = sum.squareRoot()
        let square = root * root
        let residual = ((sum - square) - (-square).addingProduct(root, root)) + sumError
        return root + residual / (2 * root)
    }

    /// Sine and cosine of the reduced (parametric) latitude β, tan β = (1 − f) tan φ, with cos β kept
    /// at least ``tiny`` so that the poles need no special case.
    ///
    /// - Parameter latitude: Geodetic latitude φ in degrees, −90...90.
    /// - Returns: sin β and cos β, normalised.
    static func reducedLatitude(_ latitude: Double) -> (sin: Double, cos: Double) {
        let geodetic = sinCos(degrees: latitude)
        let reduced = normalized(geodetic.sin * axisRatio, geodetic.cos)
        return (reduced.sin, max(tiny, reduced.cos))
    }
}
