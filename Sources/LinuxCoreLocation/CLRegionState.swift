/// Whether the device is inside a region; Apple's raw values.
///
/// Source: Apple's CoreLocation documentation (`CLRegionState`).
public enum CLRegionState: Int, Sendable {
    /// Not yet known. Raw value 0.
    case unknown = 0
    /// Inside the region. Raw value 1.
    case inside = 1
    /// Outside the region. Raw value 2.
    case outside = 2
}
