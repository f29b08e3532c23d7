import LinuxCoreLocation

// The block types of CLLocationManager-blocks, spelt as the Swift compiler imports the pod's header
// (`CLLocationManager+blocks.h`): its typedef names, object parameters optional (the header has no nullability
// annotations), `NSArray *` as `[Any]`, `NSError *` as `any Error`, `BOOL *` as `UnsafeMutablePointer<ObjCBool>`.
// Code written against the pod names these types in declarations, so they are public API here too.

/// A horizontal accuracy limit in metres for the blocks layer; ``kCLUpdateAccuracyFilterNone`` (0) is off.
///
/// Source: CLLocationManager-blocks' `CLUpdateAccuracyFilter`.
public typealias CLUpdateAccuracyFilter = Double

/// An age limit in seconds for the blocks layer; ``kCLLocationAgeFilterNone`` (0) is off.
///
/// Source: CLLocationManager-blocks' `CLLocationAgeFilter`.
public typealias CLLocationAgeFilter = TimeInterval

/// Receives one fix, or one error of any of the manager's services with a `nil` location, from
/// ``LinuxCoreLocation/CLLocationManager/startUpdatingLocation(update:)-(LocationManagerUpdateBlock?)``.
///
/// Parameters: the manager (never `nil` here); the fix, already through the update filters, or `nil`; the
/// error (a ``/LinuxCoreLocation/CLError``) or `nil`; a flag: `stopUpdating?.pointee = true` stops location
/// updates before the block returns. The pointer is never `nil` and is valid only during the call. Runs on the
/// manager's callback thread. The pointer is optional because the pod's header has no nullability annotations;
/// a closure written with a non-optional `UnsafeMutablePointer<ObjCBool>` (`stopUpdating.pointee = true`, as
/// Swift 2 imported it) is accepted by the start methods too. One that declares the error `NSError?` is not, as
/// against the pod on iOS: declare `error: Error?`. Source: CLLocationManager-blocks' `LocationManagerUpdateBlock`.
public typealias LocationManagerUpdateBlock = (
    _ manager: CLLocationManager?, _ location: CLLocation?, _ error: (any Error)?,
    _ stopUpdating: UnsafeMutablePointer<ObjCBool>?
) -> Void

/// Receives one heading from
/// ``LinuxCoreLocation/CLLocationManager/startUpdatingHeading(update:)-(HeadingUpdateBlock?)``.
///
/// As ``LocationManagerUpdateBlock``; its flag stops heading updates only. Its heading is never `nil` and its error
/// always is: the pod, and so this layer, send every error to the location update block. Source:
/// CLLocationManager-blocks' `HeadingUpdateBlock`.
public typealias HeadingUpdateBlock = (
    _ manager: CLLocationManager?, _ heading: CLHeading?, _ error: (any Error)?,
    _ stopUpdating: UnsafeMutablePointer<ObjCBool>?
) -> Void

/// Receives the new authorization status; see ``LinuxCoreLocation/CLLocationManager/didChangeAuthorizationStatus(_:)``.
public typealias DidChangeAuthorizationStatusBlock = (_ manager: CLLocationManager?, _ status: CLAuthorizationStatus)
    -> Void

/// Receives an entered region; see ``LinuxCoreLocation/CLLocationManager/didEnterRegion(_:)``.
public typealias DidEnterRegionBlock = (_ manager: CLLocationManager?, _ region: CLRegion?) -> Void

/// Receives an exited region; see ``LinuxCoreLocation/CLLocationManager/didExitRegion(_:)``.
public typealias DidExitRegionBlock = (_ manager: CLLocationManager?, _ region: CLRegion?) -> Void

/// Receives a region monitoring failure; see ``LinuxCoreLocation/CLLocationManager/monitoringDidFailForRegion(_:)``.
public typealias MonitoringDidFailForRegionWithBlock = (
    _ manager: CLLocationManager?, _ region: CLRegion?, _ error: (any Error)?
) -> Void

/// Receives a region whose monitoring started; see
/// ``LinuxCoreLocation/CLLocationManager/didStartMonitoringForRegion(_:)``.
public typealias DidStartMonitoringForRegionWithBlock = (_ manager: CLLocationManager?, _ region: CLRegion?) -> Void

/// Receives the fixes that passed the update filters, as `CLLocation`s in an `[Any]` (the pod's `NSArray *`);
/// see ``LinuxCoreLocation/CLLocationManager/didUpdateLocations(_:)``.
public typealias DidUpdateLocationsBlock = (_ manager: CLLocationManager?, _ locations: [Any]?) -> Void

/// Receives a heading; see ``LinuxCoreLocation/CLLocationManager/didUpdateHeading(bock:)``.
public typealias DidUpdateHeadingBlock = (_ manager: CLLocationManager?, _ heading: CLHeading?) -> Void

/// Receives a location error (a ``/LinuxCoreLocation/CLError``); see
/// ``LinuxCoreLocation/CLLocationManager/didFailWithError(_:)``.
public typealias DidFailWithErrorBlock = (_ manager: CLLocationManager?, _ error: (any Error)?) -> Void

/// Answers whether to show the heading calibration panel; see
/// ``LinuxCoreLocation/CLLocationManager/shouldDisplayHeadingCalibration(_:)``.
public typealias ShouldDisplayHeadingCalibrationBlock = (_ manager: CLLocationManager?) -> Bool

/// Receives a region's state; see ``LinuxCoreLocation/CLLocationManager/didDetermineState(_:)``.
public typealias DidDetermineStateBlock = (
    _ manager: CLLocationManager?, _ state: CLRegionState, _ region: CLRegion?
) -> Void

/// Receives ranged beacons as `CLBeacon`s in an `[Any]`; see
/// ``LinuxCoreLocation/CLLocationManager/didRangeBeacons(_:)``.
public typealias DidRangeBeaconsBlock = (
    _ manager: CLLocationManager?, _ beacons: [Any]?, _ region: CLBeaconRegion?
) -> Void

/// Receives a beacon ranging failure; see ``LinuxCoreLocation/CLLocationManager/rangingBeaconsDidFailForRegion(_:)``.
public typealias RangingBeaconsDidFailForRegionBlock = (
    _ manager: CLLocationManager?, _ region: CLBeaconRegion?, _ error: (any Error)?
) -> Void

/// Called when location updates pause; see
/// ``LinuxCoreLocation/CLLocationManager/locationManagerDidPauseLocationUpdates(_:)``.
public typealias LocationManagerDidPauseLocationUpdatesBlock = (_ manager: CLLocationManager?) -> Void

/// Called when location updates resume; see
/// ``LinuxCoreLocation/CLLocationManager/locationManagerDidResumeLocationUpdates(_:)``.
public typealias LocationManagerDidResumeLocationUpdatesBlock = (_ manager: CLLocationManager?) -> Void

/// Receives the end of deferred updates; see
/// ``LinuxCoreLocation/CLLocationManager/didFinishDeferredUpdatesWithError(_:)``.
public typealias DidFinishDeferredUpdatesWithErrorBlock = (_ manager: CLLocationManager?, _ error: (any Error)?)
    -> Void

/// Receives a visit; see ``LinuxCoreLocation/CLLocationManager/didVisit(_:)``.
///
/// The capital L in the name is the pod's spelling.
public typealias DidVisitBLock = (_ manager: CLLocationManager?, _ visit: CLVisit?) -> Void
