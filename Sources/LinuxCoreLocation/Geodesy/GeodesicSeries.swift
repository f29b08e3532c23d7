import Foundation

/// The series expansions of Karney (2013) for the WGS-84 ellipsoid, truncated at sixth order.
///
/// Each `…Coefficients(_:)` function returns the Fourier coefficients c₁…c_N of a sum Σ c_l sin 2lσ,
/// with element 0 holding c₁. Tables and coefficients are fixed-size `InlineArray`s, so evaluating a series
/// allocates nothing (the GPX replay runs an inverse problem per fix). Every coefficient is a polynomial in
/// ε = (√(1 + k²) − 1)/(√(1 + k²) + 1), k = e′ cos α₀ (Karney 2013, equation 16); the tables below list the
/// polynomial coefficients in ascending powers of ε. Sources, equation numbers from the paper:
/// - A₁ (equation 17), C₁ₗ (equation 18): distance ↔ arc length on the auxiliary sphere.
/// - C′₁ₗ (equation 21): the reversion of equation 18, used by the direct problem.
/// - A₂ (equation 42), C₂ₗ (equation 43): the reduced length, used by the inverse problem's Newton step.
/// - A₃ (equation 24), C₃ₗ (equation 25): longitude on the ellipsoid ↔ longitude on the sphere, depending on n too.
extension Geodesic {
    /// The ε of Karney 2013 equation 16 for k² = e′² cos² α₀.
    static func epsilon(kSquared k2: Double) -> Double {
        k2 / (2 * (1 + (1 + k2).squareRoot()) + k2)
    }

    /// Evaluates Σ cᵢ xⁱ by Horner's rule; `coefficients` are in ascending powers of x.
    static func polynomial<let count: Int>(_ coefficients: InlineArray<count, Double>, at x: Double) -> Double {
        var sum = 0.0
        for index in coefficients.indices.reversed() { sum = sum * x + coefficients[index] }
        return sum
    }

    /// Evaluates each row of `table` (polynomials in ascending powers of x) at x.
    ///
    /// The same Horner steps as ``polynomial(_:at:)``, written as loops over the borrowed table: the closure form
    /// copied the table at every call, which made it most of an inverse problem's time (GPX replay, issue 30).
    @inline(__always)
    static func polynomials<let rows: Int, let powers: Int>(
        _ table: borrowing InlineArray<rows, InlineArray<powers, Double>>, at x: Double
    ) -> InlineArray<rows, Double> {
        var values = InlineArray<rows, Double>(repeating: 0)
        for row in 0..<rows {
            var sum = 0.0
            for index in (0..<powers).reversed() { sum = sum * x + table[row][index] }
            values[row] = sum
        }
        return values
    }

    /// Evaluates Σₗ cₗ sin 2lσ (l = 1…N, `coefficients[l − 1]` = cₗ) by Clenshaw summation,
    /// given sin σ and cos σ.
    static func sineSeries<let count: Int>(
        _ coefficients: InlineArray<count, Double>, sin s: Double, cos c: Double
    ) -> Double {
        let twoCos2Sigma = 2 * (c - s) * (c + s)
        var next = 0.0
        var afterNext = 0.0
        for index in coefficients.indices.reversed() {
            (next, afterNext) = (coefficients[index] + twoCos2Sigma * next - afterNext, next)
        }
        return 2 * s * c * next  // b₁ sin 2σ
    }

    // MARK: Distance (A₁, C₁, C′₁)

    /// A₁ − 1, equation 17: (1 + ε²/4 + ε⁴/64 + ε⁶/256)/(1 − ε) − 1.
    static func a1Minus1(_ eps: Double) -> Double {
        let t = polynomial([0, 0, 1.0 / 4, 0, 1.0 / 64, 0, 1.0 / 256] as InlineArray, at: eps)
        return (t + eps) / (1 - eps)
    }

    private static let c1Table: InlineArray<6, InlineArray<7, Double>> = [
        [0, -1.0 / 2, 0, 3.0 / 16, 0, -1.0 / 32, 0],
        [0, 0, -1.0 / 16, 0, 1.0 / 32, 0, -9.0 / 2048],
        [0, 0, 0, -1.0 / 48, 0, 3.0 / 256, 0],
        [0, 0, 0, 0, -5.0 / 512, 0, 3.0 / 512],
        [0, 0, 0, 0, 0, -7.0 / 1280, 0],
        [0, 0, 0, 0, 0, 0, -7.0 / 2048],
    ]

    /// C₁₁…C₁₆, equation 18 (σ → τ, that is, arc length on the sphere to distance).
    static func c1Coefficients(_ eps: Double) -> InlineArray<6, Double> {
        polynomials(c1Table, at: eps)
    }

    private static let c1PrimeTable: InlineArray<6, InlineArray<7, Double>> = [
        [0, 1.0 / 2, 0, -9.0 / 32, 0, 205.0 / 1536, 0],
        [0, 0, 5.0 / 16, 0, -37.0 / 96, 0, 1335.0 / 4096],
        [0, 0, 0, 29.0 / 96, 0, -75.0 / 128, 0],
        [0, 0, 0, 0, 539.0 / 1536, 0, -2391.0 / 2560],
        [0, 0, 0, 0, 0, 3467.0 / 7680, 0],
        [0, 0, 0, 0, 0, 0, 38081.0 / 61440],
    ]

    /// C′₁₁…C′₁₆, equation 21 (τ → σ, distance to arc length on the sphere).
    static func c1PrimeCoefficients(_ eps: Double) -> InlineArray<6, Double> {
        polynomials(c1PrimeTable, at: eps)
    }

    // MARK: Reduced length (A₂, C₂)

    /// A₂ − 1, equation 42: (1 − ε)(1 + ε²/4 + 9ε⁴/64 + 25ε⁶/256) − 1, evaluated in the equivalent
    /// form (1 − 3ε²/4 − 7ε⁴/64 − 11ε⁶/256)/(1 + ε) − 1 to the same order.
    static func a2Minus1(_ eps: Double) -> Double {
        let t = polynomial([0, 0, -3.0 / 4, 0, -7.0 / 64, 0, -11.0 / 256] as InlineArray, at: eps)
        return (t - eps) / (1 + eps)
    }

    private static let c2Table: InlineArray<6, InlineArray<7, Double>> = [
        [0, 1.0 / 2, 0, 1.0 / 16, 0, 1.0 / 32, 0],
        [0, 0, 3.0 / 16, 0, 1.0 / 32, 0, 35.0 / 2048],
        [0, 0, 0, 5.0 / 48, 0, 5.0 / 256, 0],
        [0, 0, 0, 0, 35.0 / 512, 0, 7.0 / 512],
        [0, 0, 0, 0, 0, 63.0 / 1280, 0],
        [0, 0, 0, 0, 0, 0, 77.0 / 2048],
    ]

    /// C₂₁…C₂₆, equation 43.
    static func c2Coefficients(_ eps: Double) -> InlineArray<6, Double> {
        polynomials(c2Table, at: eps)
    }

    // MARK: Longitude (A₃, C₃), coefficients depend on n

    private static let a3Table: InlineArray<6, Double> = {
        let n = thirdFlattening
        return [
            1,
            -(1 - n) / 2,
            -(2 + n - 3 * n * n) / 8,
            -(1 + 3 * n + n * n) / 16,
            -(3 + 2 * n) / 64,
            -3.0 / 128,
        ]
    }()

    /// A₃, equation 24.
    static func a3(_ eps: Double) -> Double {
        polynomial(a3Table, at: eps)
    }

    private static let c3Table: InlineArray<5, InlineArray<6, Double>> = {
        let n = thirdFlattening
        let n2 = n * n
        return [
            [0, (1 - n) / 4, (1 - n2) / 8, (3 + 3 * n - n2) / 64, (5 + 2 * n) / 128, 3.0 / 128],
            [0, 0, (2 - 3 * n + n2) / 32, (3 - 2 * n - 3 * n2) / 64, (3 + n) / 128, 5.0 / 256],
            [0, 0, 0, (5 - 9 * n + 5 * n2) / 192, (9 - 10 * n) / 384, 7.0 / 512],
            [0, 0, 0, 0, (7 - 14 * n) / 512, 7.0 / 512],
            [0, 0, 0, 0, 0, 21.0 / 2560],
        ]
    }()

    /// C₃₁…C₃₅, equation 25.
    static func c3Coefficients(_ eps: Double) -> InlineArray<5, Double> {
        polynomials(c3Table, at: eps)
    }
}
