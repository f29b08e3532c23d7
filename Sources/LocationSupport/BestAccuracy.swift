/// What Apple's "best" accuracy sentinels mean as a threshold: one definition for the mirror and LocationBlocks.
///
/// `kCLLocationAccuracyBest` (−1), `kCLLocationAccuracyBestForNavigation` (−2) and any other negative desired
/// accuracy are not distances. Where a fix must meet one (the mirror's `requestLocation()` accepting a fix at once,
/// LocationBlocks' accuracy filter), it must be within ``threshold``, 10 m (`kCLLocationAccuracyNearestTenMeters`):
/// Apple documents no figure, and 10 m is the best accuracy it names by a constant.
public enum BestAccuracy {
    /// The accuracy, in metres, that a negative (sentinel) desired accuracy asks for: 10.
    public static let threshold = 10.0

    /// The largest horizontal accuracy, in metres, that meets `desired`.
    ///
    /// - Parameter desired: A desired accuracy in metres, or a negative sentinel; NaN is returned as it is.
    /// - Returns: `desired`, or ``threshold`` when `desired` is negative.
    @inlinable public static func threshold(forDesired desired: Double) -> Double {
        desired < 0 ? threshold : desired
    }
}
