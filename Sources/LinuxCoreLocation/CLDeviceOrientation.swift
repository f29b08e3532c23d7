/// The physical orientation of the device, used to reference headings; Apple's raw values.
///
/// Source: Apple's CoreLocation documentation (`CLDeviceOrientation`).
public enum CLDeviceOrientation: Int32, Sendable {
    /// Unknown orientation. Raw value 0.
    case unknown = 0
    /// Upright, home button at the bottom. Raw value 1.
    case portrait = 1
    /// Upside down. Raw value 2.
    case portraitUpsideDown = 2
    /// Landscape, turned left. Raw value 3.
    case landscapeLeft = 3
    /// Landscape, turned right. Raw value 4.
    case landscapeRight = 4
    /// Flat, screen up. Raw value 5.
    case faceUp = 5
    /// Flat, screen down. Raw value 6.
    case faceDown = 6
}
