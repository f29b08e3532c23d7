/// How near a beacon is; Apple's raw values.
///
/// Source: Apple's CoreLocation documentation (`CLProximity`).
public enum CLProximity: Int, Sendable {
    /// Not known. Raw value 0.
    case unknown = 0
    /// Within centimetres. Raw value 1.
    case immediate = 1
    /// Within a few metres. Raw value 2.
    case near = 2
    /// Further away. Raw value 3.
    case far = 3
}
