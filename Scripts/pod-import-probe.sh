#!/usr/bin/env bash
# Asks this toolchain's Swift importer how Swift code sees CLLocationManager-blocks 1.3.3 on iOS, so that
# LocationBlocks can declare the same names and types (see "How the importer was asked" in
# Docs/LocationBlocks.docc/UsingLocationBlocks.md).
#
#   Scripts/pod-import-probe.sh
#
# Writes, in a temporary folder that is removed afterwards: a header with the declarations of the pod's 1.3.3
# header that Swift code meets (typedefs, the helper class, the category's factories, starts, properties and its
# delegate-block setters, whose types Tests/PodCompatibilityTests/PodNamesTests.swift holds);
# stub Clang modules ObjectiveC, Foundation and CoreLocation with only what that header names; and two small Swift
# overlays, as the SDK has, that give `BOOL` its `ObjCBool` and `NSError` its `Error` conformance (the stub marks
# NSError `swift_bridge("Swift.Error")`, so a block's `NSError *` imports as `Error?` as it does on iOS; NSArray stays
# `NSArray`, where the SDK's overlay makes it `[Any]`, as bridging arrays needs the overlay's conformances). Then it
# type-checks client code with `swift-frontend -typecheck -enable-objc-interop` and prints each probe with the
# compiler's answer. A probe written `let _: Int = EXPR` is a question: the "cannot convert value of type" error
# names the type of EXPR. A probe with no answer compiled. Needs only the toolchain; writes nothing in the repository.
set -euo pipefail
work=$(mktemp -d)
trap 'rm -rf "$work"' EXIT
mkdir -p "$work/clang" "$work/swift"

cat >"$work/clang/objc.h" <<'EOF'
typedef signed char BOOL;
__attribute__((objc_root_class))
@interface NSObject
+ (instancetype)alloc;
- (instancetype)init;
@end
@protocol NSObject
@end
EOF

cat >"$work/clang/Foundation.h" <<'EOF'
#import <objc.h>
typedef double NSTimeInterval;
typedef unsigned long NSUInteger;
typedef long NSInteger;
#define NS_ENUM(_type, _name) enum __attribute__((enum_extensibility(open))) _name : _type _name; enum _name : _type
__attribute__((swift_bridge("Swift.Error")))
@interface NSError : NSObject
@property (readonly) NSInteger code;
@end
@interface NSArray : NSObject
@end
EOF

cat >"$work/clang/CoreLocation.h" <<'EOF'
#import <Foundation.h>
typedef NS_ENUM(int, CLAuthorizationStatus) { kCLAuthorizationStatusNotDetermined = 0 };
typedef NS_ENUM(NSInteger, CLRegionState) { CLRegionStateUnknown };
@interface CLLocation : NSObject
@end
@interface CLHeading : NSObject
@end
@interface CLRegion : NSObject
@end
@interface CLBeaconRegion : CLRegion
@end
@interface CLVisit : NSObject
@end
@protocol CLLocationManagerDelegate <NSObject>
@end
@interface CLLocationManager : NSObject
@property (nonatomic, weak) id<CLLocationManagerDelegate> delegate;
@end
EOF

# The declarations Swift code meets in the pod's CLLocationManager+blocks.h, version 1.3.3 (no nullability
# annotations, as there).
cat >"$work/clang/CLLocationManagerBlocks.h" <<'EOF'
#import <CoreLocation.h>
typedef double CLUpdateAccuracyFilter;
typedef NSTimeInterval CLLocationAgeFilter;
extern const CLUpdateAccuracyFilter kCLUpdateAccuracyFilterNone;
extern const CLLocationAgeFilter kCLLocationAgeFilterNone;
typedef NS_ENUM(NSUInteger, CLLocationUpdateAuthorizationDescription) {
    CLLocationUpdateAuthorizationDescriptionAlways,
    CLLocationUpdateAuthorizationDescriptionWhenInUse,
};
typedef void (^LocationManagerUpdateBlock)(CLLocationManager *manager, CLLocation *location, NSError *error,
    BOOL *stopUpdating);
typedef void (^HeadingUpdateBlock)(CLLocationManager *manager, CLHeading *heading, NSError *error,
    BOOL *stopUpdating);
typedef void (^DidChangeAuthorizationStatusBlock)(CLLocationManager *manager, CLAuthorizationStatus status);
typedef void (^DidEnterRegionBlock)(CLLocationManager *manager, CLRegion *region);
typedef void (^DidExitRegionBlock)(CLLocationManager *manager, CLRegion *region);
typedef void (^MonitoringDidFailForRegionWithBlock)(CLLocationManager *manager, CLRegion *region, NSError *error);
typedef void (^DidStartMonitoringForRegionWithBlock)(CLLocationManager *manager, CLRegion *region);
typedef void (^DidUpdateLocationsBlock)(CLLocationManager *manager, NSArray *locations);
typedef void (^DidUpdateHeadingBlock)(CLLocationManager *manager, CLHeading *heading);
typedef void (^DidFailWithErrorBlock)(CLLocationManager *manager, NSError *error);
typedef BOOL (^ShouldDisplayHeadingCalibrationBlock)(CLLocationManager *manager);
typedef void (^DidDetermineStateBlock)(CLLocationManager *manager, CLRegionState state, CLRegion *region);
typedef void (^DidRangeBeaconsBlock)(CLLocationManager *manager, NSArray *beacons, CLBeaconRegion *region);
typedef void (^RangingBeaconsDidFailForRegionBlock)(CLLocationManager *manager, CLBeaconRegion *region,
    NSError *error);
typedef void (^LocationManagerDidPauseLocationUpdatesBlock)(CLLocationManager *manager);
typedef void (^LocationManagerDidResumeLocationUpdatesBlock)(CLLocationManager *manager);
typedef void (^DidFinishDeferredUpdatesWithErrorBlock)(CLLocationManager *manager, NSError *error);
typedef void (^DidVisitBLock)(CLLocationManager *manager, CLVisit *visit);
@interface CLLocationManagerBlocks : NSObject <CLLocationManagerDelegate>
@end
@interface CLLocationManager (Blocks)
@property (nonatomic, retain, readonly) id blocksDelegate;
@property (assign, nonatomic) CLUpdateAccuracyFilter updateAccuracyFilter;
@property (assign, nonatomic) CLLocationAgeFilter updateLocationAgeFilter;
+ (instancetype)updateManager;
+ (instancetype)updateManagerWithAccuracy:(CLUpdateAccuracyFilter)updateAccuracyFilter
                              locationAge:(CLLocationAgeFilter)updateLocationAgeFilter;
+ (instancetype)updateManagerWithAccuracy:(CLUpdateAccuracyFilter)updateAccuracyFilter
                              locationAge:(CLLocationAgeFilter)updateLocationAgeFilter
                  authorizationDesciption:(CLLocationUpdateAuthorizationDescription)authorizationDescription;
- (void)startUpdatingLocationWithUpdateBlock:(LocationManagerUpdateBlock)updateBlock;
- (void)startUpdatingHeadingWithUpdateBlock:(HeadingUpdateBlock)updateBlock;
+ (BOOL)isLocationUpdatesAvailable;
- (void)didUpdateLocationsWithBlock:(DidUpdateLocationsBlock)block;
- (void)didUpdateHeadingWithBock:(DidUpdateHeadingBlock)block;
- (void)shouldDisplayHeadingCalibrationWithBlock:(ShouldDisplayHeadingCalibrationBlock)block;
- (void)didDetermineStateWithBlock:(DidDetermineStateBlock)block;
- (void)didRangeBeaconsWithBlock:(DidRangeBeaconsBlock)block;
- (void)rangingBeaconsDidFailForRegionWithBlock:(RangingBeaconsDidFailForRegionBlock)block;
- (void)didEnterRegionWithBlock:(DidEnterRegionBlock)block;
- (void)didExitRegionWithBlock:(DidExitRegionBlock)block;
- (void)didFailWithErrorWithBlock:(DidFailWithErrorBlock)block;
- (void)monitoringDidFailForRegionWithBlock:(MonitoringDidFailForRegionWithBlock)block;
- (void)didChangeAuthorizationStatusWithBlock:(DidChangeAuthorizationStatusBlock)block;
- (void)didStartMonitoringForRegionWithBlock:(DidStartMonitoringForRegionWithBlock)block;
- (void)locationManagerDidPauseLocationUpdatesWithBlock:(LocationManagerDidPauseLocationUpdatesBlock)block;
- (void)locationManagerDidResumeLocationUpdatesWithBlock:(LocationManagerDidResumeLocationUpdatesBlock)block;
- (void)didFinishDeferredUpdatesWithErrorWithBlock:(DidFinishDeferredUpdatesWithErrorBlock)block;
- (void)didVisitWithBlock:(DidVisitBLock)block;
@end
EOF

cat >"$work/clang/module.modulemap" <<'EOF'
module ObjectiveC { header "objc.h" export * }
module Foundation { header "Foundation.h" export * }
module CoreLocation { header "CoreLocation.h" export * }
module CLLocationManager_blocks { header "CLLocationManagerBlocks.h" export * }
EOF

cat >"$work/swift/ObjectiveC.swift" <<'EOF'
@_exported import ObjectiveC
@frozen public struct ObjCBool: ExpressibleByBooleanLiteral {
    var value: Int8
    public init(_ value: Bool) { self.value = value ? 1 : 0 }
    public init(booleanLiteral value: Bool) { self.init(value) }
    public var boolValue: Bool { value != 0 }
}
public func _convertBoolToObjCBool(_ x: Bool) -> ObjCBool { ObjCBool(x) }
public func _convertObjCBoolToBool(_ x: ObjCBool) -> Bool { x.boolValue }
EOF

cat >"$work/swift/Foundation.swift" <<'EOF'
@_exported import ObjectiveC
@_exported import Foundation
extension NSError: Error {}
EOF

cat >"$work/Client.swift" <<'EOF'
import CLLocationManager_blocks
import CoreLocation

class MyManager: CLLocationManager {}

func probes(_ manager: CLLocationManager) {
    let unwrapped: CLLocationManager = CLLocationManager.update()
    let inferred = CLLocationManager.update()
    let _: Int = inferred
    let _: Int = MyManager.update()
    let _: Int = CLLocationManager.update(withAccuracy:locationAge:)
    let _: (Double, Double) -> CLLocationManager? = CLLocationManager.update(withAccuracy:locationAge:)
    let _: Int = CLLocationManager.update(withAccuracy:locationAge:authorizationDesciption:)
    let _: Int = CLLocationManager.startUpdatingLocation(update:)
    let _: Int = CLLocationManager.startUpdatingHeading(update:)
    let _: Int = manager.blocksDelegate
    let _: Int = CLLocationManager.isLocationUpdatesAvailable()
    let _: Int = manager.didUpdateLocations(_:)
    let _: Int = manager.didUpdateHeading(bock:)
    let _: Int = manager.shouldDisplayHeadingCalibration(_:)
    let _: Int = manager.didDetermineState(_:)
    let _: Int = manager.didRangeBeacons(_:)
    let _: Int = manager.rangingBeaconsDidFailForRegion(_:)
    let _: Int = manager.didEnterRegion(_:)
    let _: Int = manager.didExitRegion(_:)
    let _: Int = manager.didFailWithError(_:)
    let _: Int = manager.monitoringDidFailForRegion(_:)
    let _: Int = manager.didChangeAuthorizationStatus(_:)
    let _: Int = manager.didStartMonitoringForRegion(_:)
    let _: Int = manager.locationManagerDidPauseLocationUpdates(_:)
    let _: Int = manager.locationManagerDidResumeLocationUpdates(_:)
    let _: Int = manager.didFinishDeferredUpdatesWithError(_:)
    let _: Int = manager.didVisit(_:)
    _ = (unwrapped, manager.blocksDelegate as? CLLocationManagerBlocks)
    manager.startUpdatingLocation { _, _, _, stopUpdating in stopUpdating?.pointee = true }
    manager.startUpdatingLocation(update: {
        (manager: CLLocationManager?, location: CLLocation?, error: NSError?, stop: UnsafeMutablePointer<ObjCBool>?) in
    })
}
EOF

flags=(-enable-objc-interop -disable-objc-attr-requires-foundation-module -I "$work/clang" -I "$work/swift")
flags+=(-module-cache-path "$work/cache")
(cd "$work/swift" \
    && swift-frontend -emit-module "${flags[@]}" -parse-as-library -module-name ObjectiveC ObjectiveC.swift \
        -o ObjectiveC.swiftmodule \
    && swift-frontend -emit-module "${flags[@]}" -parse-as-library -module-name Foundation Foundation.swift \
        -o Foundation.swiftmodule)
answers=$(swift-frontend -typecheck "${flags[@]}" "$work/Client.swift" 2>&1 | grep -E '^[^ ]*Client.swift:[0-9]+:[0-9]+: error' || true)

swift-frontend --version 2>&1 | sed -n 1p
line=0
while IFS= read -r source; do
    line=$((line + 1))
    case "$source" in
    "    let "* | "    _ = "* | "    manager."*) ;;
    *) continue ;;
    esac
    answer=$(printf '%s\n' "$answers" | { grep -E "Client.swift:$line:" || true; } | sed -E 's/^[^ ]* error: //' | head -1)
    printf '%s\n    => %s\n' "${source#    }" "${answer:-compiles}"
done <"$work/Client.swift"
