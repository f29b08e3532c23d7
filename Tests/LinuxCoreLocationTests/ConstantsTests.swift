import LinuxCoreLocation
import Testing

@Suite struct ConstantsTests {
    @Test func accuracyConstantsHaveApplesValues() {
        #expect(kCLLocationAccuracyBestForNavigation == -2)
        #expect(kCLLocationAccuracyBest == -1)
        #expect(kCLLocationAccuracyNearestTenMeters == 10)
        #expect(kCLLocationAccuracyHundredMeters == 100)
        #expect(kCLLocationAccuracyKilometer == 1000)
        #expect(kCLLocationAccuracyThreeKilometers == 3000)
        #expect(kCLLocationAccuracyReduced == 3000)
    }

    @Test func filterAndLimitConstants() {
        #expect(kCLDistanceFilterNone == -1)
        #expect(kCLHeadingFilterNone == -1)
        #expect(CLLocationDistanceMax == Double.greatestFiniteMagnitude)
        #expect(CLTimeIntervalMax == Double.greatestFiniteMagnitude)
        #expect(kCLLocationCoordinate2DInvalid.latitude == -180)
        #expect(kCLLocationCoordinate2DInvalid.longitude == -180)
        #expect(!CLLocationCoordinate2DIsValid(kCLLocationCoordinate2DInvalid))
        #expect(kCLErrorDomain == "kCLErrorDomain")
    }

    @Test func authorizationStatusRawValues() {
        #expect(CLAuthorizationStatus.notDetermined.rawValue == 0)
        #expect(CLAuthorizationStatus.restricted.rawValue == 1)
        #expect(CLAuthorizationStatus.denied.rawValue == 2)
        #expect(CLAuthorizationStatus.authorizedAlways.rawValue == 3)
        #expect(CLAuthorizationStatus.authorizedWhenInUse.rawValue == 4)
        #expect(CLAuthorizationStatus.authorized == .authorizedAlways)
        #expect(CLAuthorizationStatus(rawValue: 5) == nil)
        #expect(type(of: CLAuthorizationStatus.denied.rawValue) == Int32.self)
    }

    @Test func otherEnumRawValues() {
        #expect(CLAccuracyAuthorization.fullAccuracy.rawValue == 0)
        #expect(CLAccuracyAuthorization.reducedAccuracy.rawValue == 1)
        #expect(
            [CLActivityType.other, .automotiveNavigation, .fitness, .otherNavigation, .airborne].map(\.rawValue)
                == [1, 2, 3, 4, 5])
        #expect(
            [
                CLDeviceOrientation.unknown, .portrait, .portraitUpsideDown, .landscapeLeft, .landscapeRight, .faceUp,
                .faceDown,
            ].map(\.rawValue) == [0, 1, 2, 3, 4, 5, 6])
        #expect(type(of: CLDeviceOrientation.faceUp.rawValue) == Int32.self)
        #expect([CLRegionState.unknown, .inside, .outside].map(\.rawValue) == [0, 1, 2])
        #expect([CLProximity.unknown, .immediate, .near, .far].map(\.rawValue) == [0, 1, 2, 3])
    }

    @Test func errorCodeRawValues() {
        let codes: [CLError.Code] = [
            .locationUnknown, .denied, .network, .headingFailure, .regionMonitoringDenied,
            .regionMonitoringFailure, .regionMonitoringSetupDelayed, .regionMonitoringResponseDelayed,
            .geocodeFoundNoResult, .geocodeFoundPartialResult, .geocodeCanceled, .deferredFailed,
            .deferredNotUpdatingLocation, .deferredAccuracyTooLow, .deferredDistanceFiltered, .deferredCanceled,
            .rangingUnavailable, .rangingFailure, .promptDeclined, .historicalLocationError,
        ]
        #expect(codes.map(\.rawValue) == Array(0...19))
        #expect(CLError.Code(rawValue: 20) == nil)
    }
}
