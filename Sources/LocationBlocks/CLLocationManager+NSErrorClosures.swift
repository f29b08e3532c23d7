import LinuxCoreLocation

/// Rejects, with a message, closures that declare the update block's error as `NSError?`.
///
/// Swift imports the pod's `NSError *error` as `Error?`, and a closure whose parameter is `NSError?` cannot take an
/// `Error?`, so such code does not compile against the pod on iOS either (measured against the pod's header with
/// `swift-frontend -enable-objc-interop`: `Scripts/pod-import-probe.sh`). There, and without these declarations
/// here, Swift 6.3 fails with "failed to produce diagnostic for expression": its type checker cannot explain a
/// mismatched optional parameter of a closure of two or more parameters passed where an optional function is
/// expected (the block parameters here). These overloads match such closures exactly, whatever their stop flag, so
/// the compiler names the call and says what to write instead. They cannot be called.
extension CLLocationManager {
    /// Unavailable: the location update block's error is `Error?`, not `NSError?`.
    ///
    /// Declare the parameter as `error: Error?` and read an `NSError`'s fields with `(error as NSError?)?.code`.
    /// Source: Swift's import of CLLocationManager-blocks' `LocationManagerUpdateBlock`.
    ///
    /// - Parameter updateBlock: A closure with an `NSError?` parameter, which no call accepts.
    @available(
        *, unavailable,
        message: "the block's error is 'Error?': declare 'error: Error?', and read it with '(error as NSError?)?.code'"
    )
    @_disfavoredOverload
    public func startUpdatingLocation<StopFlag>(
        update updateBlock: ((CLLocationManager?, CLLocation?, NSError?, StopFlag) -> Void)?
    ) {
        fatalError("unavailable: the update block's error is Error?")
    }

    /// Unavailable: the heading update block's error is `Error?`, not `NSError?`.
    ///
    /// Declare the parameter as `error: Error?`, as for the location update block.
    /// Source: Swift's import of CLLocationManager-blocks' `HeadingUpdateBlock`.
    ///
    /// - Parameter updateBlock: A closure with an `NSError?` parameter, which no call accepts.
    @available(
        *, unavailable,
        message: "the block's error is 'Error?': declare 'error: Error?', and read it with '(error as NSError?)?.code'"
    )
    @_disfavoredOverload
    public func startUpdatingHeading<StopFlag>(
        update updateBlock: ((CLLocationManager?, CLHeading?, NSError?, StopFlag) -> Void)?
    ) {
        fatalError("unavailable: the update block's error is Error?")
    }
}
