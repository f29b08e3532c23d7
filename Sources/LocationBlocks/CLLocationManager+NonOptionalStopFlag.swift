import LinuxCoreLocation

/// The block-based starts for closures that take the stop flag as a non-optional pointer.
///
/// Swift 2 imported the pod's `BOOL *stopUpdating` as `UnsafeMutablePointer<ObjCBool>`, and code of that time
/// (and code that writes `stopUpdating.pointee = true`) declares or uses the flag that way; Swift 3 and later
/// import it as an optional, the type of ``LocationManagerUpdateBlock``. These overloads accept the older
/// closures. They are disfavoured, so a closure that would fit either form — one that ignores the flag, or
/// uses `stopUpdating?.pointee` — goes to the main form; they behave exactly as it does.
extension CLLocationManager {
    /// Starts location updates with a block whose stop flag is a non-optional pointer.
    ///
    /// Behaves as the start that takes a ``LocationManagerUpdateBlock``: requests authorization, starts updates,
    /// calls the block once per filtered fix and once per error.
    ///
    /// - Parameter updateBlock: The block; `nil` removes it and still starts updates.
    @_disfavoredOverload
    public func startUpdatingLocation(
        update updateBlock: (
            (
                _ manager: CLLocationManager?, _ location: CLLocation?, _ error: (any Error)?,
                _ stopUpdating: UnsafeMutablePointer<ObjCBool>
            ) -> Void
        )?
    ) {
        startUpdatingLocation(update: updateBlock.map(Self.withOptionalFlag))
    }

    /// Starts heading updates with a block whose stop flag is a non-optional pointer.
    ///
    /// Behaves as the start that takes a ``HeadingUpdateBlock``.
    ///
    /// - Parameter updateBlock: The block; `nil` removes it and still starts updates.
    @_disfavoredOverload
    public func startUpdatingHeading(
        update updateBlock: (
            (
                _ manager: CLLocationManager?, _ heading: CLHeading?, _ error: (any Error)?,
                _ stopUpdating: UnsafeMutablePointer<ObjCBool>
            ) -> Void
        )?
    ) {
        startUpdatingHeading(update: updateBlock.map(Self.withOptionalFlag))
    }

    /// The same block, taking the flag as the optional pointer the layer passes (never `nil`).
    private static func withOptionalFlag<Value>(
        _ block: @escaping (CLLocationManager?, Value?, (any Error)?, UnsafeMutablePointer<ObjCBool>) -> Void
    ) -> (CLLocationManager?, Value?, (any Error)?, UnsafeMutablePointer<ObjCBool>?) -> Void {
        { manager, value, error, flag in
            guard let flag else { return }
            block(manager, value, error, flag)
        }
    }
}
