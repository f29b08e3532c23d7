import LinuxCoreLocation

/// The LocationBlocks module: closure-based location updates on top of ``CLLocationManager``.
///
/// This namespace holds module-wide facts. The blocks API arrives with its issue.
public enum LocationBlocks {
    /// The version of the blocks layer.
    public static let version = "0.1.0"
}
