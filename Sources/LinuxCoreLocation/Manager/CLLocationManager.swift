/// The object through which an app starts and stops location services and receives their events.
///
/// Behaves as Apple documents: events reach the ``delegate`` on the run loop of the thread that created the
/// manager (on Linux: the main queue for the main thread, which `RunLoop.main.run()`, `dispatchMain()` and
/// an async `main` all serve); a thread whose run loop never runs never receives them. After a `stop…`
/// method returns on that thread, no further callback of that service arrives. Its settings that only hold a value
/// (``desiredAccuracy``, ``distanceFilter``, ``activityType``, ``pausesLocationUpdatesAutomatically``, the
/// background ones) may be read and set from any thread; they take effect at the next fix. On Linux the fixes come from
/// a ``LocationProvider`` shared through the hub, and authorization from ``LocationAuthorization``; see the
/// "Location on Linux" article. Source: Apple's CoreLocation documentation (`CLLocationManager`).
open class CLLocationManager: NSObject {
    let engine: LocationManagerEngine

    /// Creates a manager with the process's default provider and authorization, delivering on this thread.
    ///
    /// Designated, as `NSObject`'s `init()` is for Apple's class, so that test doubles can write
    /// `override init() { super.init() }`.
    public override init() {
        engine = LocationManagerEngine(configuration: LocationManagerConfiguration())
        super.init()
        engine.attach(to: self)
    }

    /// Creates a manager with a chosen provider, authorization or callback queue.
    ///
    /// **Linux only.**
    ///
    /// - Parameter configuration: The provider (or `nil` for the default), authorization and callback queue.
    public init(configuration: LocationManagerConfiguration) {
        engine = LocationManagerEngine(configuration: configuration)
        super.init()
        engine.attach(to: self)
    }

    deinit {
        engine.detach()
    }

    // MARK: Delegate and settings

    /// The object that receives events; held weakly.
    ///
    /// Setting it starts or stops the provider when the app monitors regions, whose events go to every
    /// manager that has a delegate.
    weak open var delegate: (any CLLocationManagerDelegate)? {
        get { engine.state.withLock { $0.delegate } }
        set {
            engine.state.withLock { $0.delegate = newValue }
            engine.updateProviderNeed()
        }
    }

    /// The accuracy the app wants, in metres or one of the `kCLLocationAccuracy…` constants;
    /// ``kCLLocationAccuracyBest`` by default.
    ///
    /// `requestLocation()` completes with the first fix within it.
    open var desiredAccuracy: CLLocationAccuracy {
        get { engine.settings(\.desiredAccuracy) }
        set { engine.updateSettings { $0.desiredAccuracy = newValue } }
    }

    /// The distance in metres the device must move before a new fix is delivered (or the accuracy must
    /// improve); ``kCLDistanceFilterNone`` (the default) delivers every fix.
    open var distanceFilter: CLLocationDistance {
        get { engine.settings(\.distanceFilter) }
        set { engine.updateSettings { $0.distanceFilter = newValue } }
    }

    /// The kind of activity tracked, which decides how long the device must stand still before updates pause
    /// (5 to 15 minutes); ``CLActivityType/other`` by default.
    open var activityType: CLActivityType {
        get { engine.settings(\.activityType) }
        set { engine.updateSettings { $0.activityType = newValue } }
    }

    /// Whether updates may pause when the device stops moving; `true` by default.
    ///
    /// After the device stands
    /// still for a time that depends on ``activityType``, `locationManagerDidPauseLocationUpdates` is called
    /// and fixes stop; unlike iOS, updates resume by themselves (with `locationManagerDidResumeLocationUpdates`)
    /// when it moves again. See the "Automatic pauses" article.
    open var pausesLocationUpdatesAutomatically: Bool {
        get { engine.settings(\.pausesLocationUpdatesAutomatically) }
        set { engine.updateSettings { $0.pausesLocationUpdatesAutomatically = newValue } }
    }

    /// Whether updates continue in the background; `false` by default.
    ///
    /// Linux has no app suspension, so it
    /// changes nothing there.
    open var allowsBackgroundLocationUpdates: Bool {
        get { engine.settings(\.allowsBackgroundLocationUpdates) }
        set { engine.updateSettings { $0.allowsBackgroundLocationUpdates = newValue } }
    }

    /// Whether the background location indicator shows; `false` by default.
    ///
    /// Linux has none.
    open var showsBackgroundLocationIndicator: Bool {
        get { engine.settings(\.showsBackgroundLocationIndicator) }
        set { engine.updateSettings { $0.showsBackgroundLocationIndicator = newValue } }
    }

    /// The last fix delivered to this manager, kept after updates stop; `nil` before the first.
    open var location: CLLocation? { engine.state.withLock { $0.location } }

    /// The change in degrees the heading must make before a new heading is delivered; 1 by default,
    /// ``kCLHeadingFilterNone`` for every heading.
    ///
    /// The change of the true heading, or of the magnetic heading when the true one is invalid (−1, a compass that
    /// knows magnetic north only); see the "Headings" article.
    open var headingFilter: CLLocationDegrees {
        get { engine.settings(\.headingFilter) }
        set { engine.updateSettings { $0.headingFilter = newValue } }
    }

    /// The device orientation headings refer to; ``CLDeviceOrientation/portrait`` by default.
    ///
    /// Stored only: a
    /// Linux provider reports the heading of its sensor's own forward axis, which has no portrait or
    /// landscape, so headings are delivered unchanged whatever the orientation.
    open var headingOrientation: CLDeviceOrientation {
        get { engine.settings(\.headingOrientation) }
        set { engine.updateSettings { $0.headingOrientation = newValue } }
    }

    /// The last heading delivered to this manager; `nil` before the first.
    open var heading: CLHeading? { engine.state.withLock { $0.heading } }

    /// The regions the app monitors: shared by every manager of the app (every manager with the same
    /// ``LocationAuthorization``), whichever started them, as on iOS.
    ///
    /// Not kept across launches on Linux.
    open var monitoredRegions: Set<CLRegion> { engine.monitoredRegions }

    /// The beacon regions being ranged (deprecated by Apple in iOS 13 in favour of
    /// ``rangedBeaconConstraints``); always empty on Linux.
    open var rangedRegions: Set<CLRegion> { [] }

    /// The beacon constraints being ranged; always empty on Linux.
    open var rangedBeaconConstraints: Set<CLBeaconIdentityConstraint> {
        engine.state.withLock { $0.rangedConstraints }
    }

    /// The largest region radius that can be monitored, in metres: 1,000 km on Linux.
    open var maximumRegionMonitoringDistance: CLLocationDistance {
        LocationManagerEngine.maximumRegionMonitoringDistance
    }

    // MARK: Authorization

    /// The app's authorization status: ``CLAuthorizationStatus/denied`` while location services are off — the
    /// services switch (``LocationAuthorization/locationServicesEnabled``) off, or no provider configured or found —
    /// as Apple documents for services turned off; the app's own status comes back when they are on again.
    open var authorizationStatus: CLAuthorizationStatus { engine.status }

    /// The app's accuracy authorization.
    open var accuracyAuthorization: CLAccuracyAuthorization { engine.app.accuracy }

    /// Why the app uses location, shown in the prompt (deprecated by Apple in iOS 6 for an Info.plist key).
    ///
    /// Stored only on Linux, which has no prompt; `nil` by default.
    open var purpose: String? {
        get { engine.settings(\.purpose) }
        set { engine.updateSettings { $0.purpose = newValue } }
    }

    /// Whether widgets may use location; `false`, since Linux has no widgets.
    open var isAuthorizedForWidgetUpdates: Bool { false }

    /// Asks for permission to use location while the app is in use; answered asynchronously by the
    /// authorization's policy, then reported through
    /// ``CLLocationManagerDelegate/locationManagerDidChangeAuthorization(_:)``.
    open func requestWhenInUseAuthorization() {
        engine.requestAuthorization(.whenInUse)
    }

    /// Asks for permission to use location at any time; answered like ``requestWhenInUseAuthorization()``, from
    /// ``CLAuthorizationStatus/notDetermined`` or ``CLAuthorizationStatus/authorizedWhenInUse``.
    ///
    /// Asked once: after the authorization's policy has answered a request for always with a determined status
    /// (granted, denied, or when-in-use kept), later calls have no effect and no callback, as Apple's
    /// `requestAlwaysAuthorization()` page documents, the source of the semantics; see ``AuthorizationPolicy``.
    open func requestAlwaysAuthorization() {
        engine.requestAuthorization(.always)
    }

    /// Asks for full accuracy for a while; `completion` runs once, on the callback thread, with the answer.
    ///
    /// As Apple documents, an app that already has full accuracy (on Linux, unless its ``LocationAuthorization`` was
    /// made with ``CLAccuracyAuthorization/reducedAccuracy``) is shown no prompt, and the completion gets
    /// `CLError(.promptDeclined)`. With reduced accuracy Linux has nobody to ask: the completion gets `nil`, as
    /// after a prompt the person declined, and the accuracy stays reduced. The purpose key is not checked (Linux
    /// has no `Info.plist`). Source of the semantics: Apple's page for
    /// `requestTemporaryFullAccuracyAuthorization(withPurposeKey:completion:)`.
    ///
    /// `@preconcurrency`, as Swift imports Apple's Objective-C method: a completion that is not `Sendable`
    /// draws a warning, not an error.
    @preconcurrency
    open func requestTemporaryFullAccuracyAuthorization(
        withPurposeKey purposeKey: String, completion: (@Sendable ((any Error)?) -> Void)? = nil
    ) {
        guard let completion else { return }
        let error = engine.temporaryFullAccuracyError()
        engine.mailbox.perform { completion(error) }
    }

    /// Asks for full accuracy for a while, without a completion: answered as
    /// ``requestTemporaryFullAccuracyAuthorization(withPurposeKey:completion:)`` is, so it changes nothing on Linux.
    open func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String) {}

    /// Asks for full accuracy for a while, as Swift imports Apple's method with a completion.
    ///
    /// - Throws: `CLError(.promptDeclined)` when the app already has full accuracy; with reduced accuracy it returns,
    ///   as after a prompt the person declined (see
    ///   ``requestTemporaryFullAccuracyAuthorization(withPurposeKey:completion:)``).
    open func requestTemporaryFullAccuracyAuthorization(withPurposeKey purposeKey: String) async throws {
        if let error = engine.temporaryFullAccuracyError() { throw error }
    }

    // MARK: Standard location updates

    /// Starts delivering fixes to ``CLLocationManagerDelegate/locationManager(_:didUpdateLocations:)``;
    /// cancels a pending ``requestLocation()``.
    open func startUpdatingLocation() { engine.startUpdatingLocation() }

    /// Stops delivering fixes and cancels a pending ``requestLocation()``.
    open func stopUpdatingLocation() { engine.stopUpdatingLocation() }

    /// Delivers one fix meeting ``desiredAccuracy`` — or, after 10 seconds on the manager's clock, the most
    /// accurate one seen — then stops; reports `CLError(.locationUnknown)` if no fix came.
    ///
    /// A call while a request is pending joins it (Apple keeps one outstanding request): the pending request
    /// keeps its deadline and its one answer ends both calls. A call while updates run does nothing, as on iOS.
    /// When no fix can flow (authorization denied or restricted, no provider) the one answer is
    /// `CLError(.denied)`. ``startUpdatingLocation()``, ``stopUpdatingLocation()`` and
    /// ``allowDeferredLocationUpdates(untilTraveled:timeout:)`` cancel a pending request. Source of the semantics:
    /// Apple's `requestLocation()` page.
    open func requestLocation() { engine.requestLocation() }

    // MARK: Heading

    /// Starts delivering headings from a provider that measures them; reports `CLError(.headingFailure)` if
    /// the provider cannot.
    open func startUpdatingHeading() { engine.startUpdatingHeading() }

    /// Stops delivering headings.
    open func stopUpdatingHeading() { engine.stopUpdatingHeading() }

    /// Dismisses the heading calibration panel; Linux has none.
    open func dismissHeadingCalibrationDisplay() {}

    // MARK: Other services

    /// Starts delivering a fix to `didUpdateLocations` whenever the device has moved at least
    /// ``significantChangeDistance`` metres (500) from the last one this service delivered, at most once per
    /// ``significantChangeInterval`` seconds (300); the first fix is delivered at once.
    ///
    /// Ignores
    /// ``distanceFilter``, ``desiredAccuracy`` and automatic pauses. See the "Significant location changes"
    /// article.
    open func startMonitoringSignificantLocationChanges() { engine.startMonitoringSignificantChanges() }

    /// Stops monitoring significant location changes; the next start delivers its first fix at once.
    open func stopMonitoringSignificantLocationChanges() { engine.stopMonitoringSignificantChanges() }

    /// Starts monitoring a region, confirmed by `didStartMonitoringFor`; circular regions only on Linux
    /// (others fail with `CLError(.regionMonitoringFailure)` through `monitoringDidFailFor`), at most 20 per
    /// app, radius at most ``maximumRegionMonitoringDistance``.
    ///
    /// A region with the identifier of a monitored one replaces it. The region joins the app's
    /// ``monitoredRegions``, and every manager of the app with a delegate reports its events. Entry and exit
    /// use the fixes' accuracy as hysteresis; see the "Region monitoring" article.
    open func startMonitoring(for region: CLRegion) { engine.startMonitoring(for: region) }

    /// Stops monitoring the region with the identifier of `region`, whichever manager of the app started it.
    open func stopMonitoring(for region: CLRegion) { engine.stopMonitoring(for: region) }

    /// Asks for the state of a region, reported through `didDetermineState`: the app's state last decided for
    /// the monitored region with that identifier (the same whichever manager asks), `.unknown` before a
    /// decisive fix or when it is not monitored.
    open func requestState(for region: CLRegion) { engine.requestState(for: region) }

    /// Starts reporting visits through `didVisit`: an arrival after the device stays within 100 m for
    /// 10 minutes, and the complete visit when it leaves; see the "Visits" article.
    ///
    /// For the whole app, as Apple's page for the method documents: every manager of the app (every manager with the
    /// same ``LocationAuthorization``), made before or after the call, reports visits to its delegate. Not kept across
    /// launches on Linux: call it again after a restart.
    open func startMonitoringVisits() { engine.startMonitoringVisits() }

    /// Stops monitoring visits for the whole app, whichever manager started it; a visit in progress is forgotten.
    open func stopMonitoringVisits() { engine.stopMonitoringVisits() }

    /// Starts ranging beacons; Linux has no beacon service, so this reports `CLError(.rangingUnavailable)`
    /// through `didFailRangingFor`.
    open func startRangingBeacons(satisfying constraint: CLBeaconIdentityConstraint) {
        engine.performWithDelegate { manager, delegate in
            delegate.locationManager(manager, didFailRangingFor: constraint, error: CLError(.rangingUnavailable))
        }
    }

    /// Stops ranging beacons.
    open func stopRangingBeacons(satisfying constraint: CLBeaconIdentityConstraint) {}

    /// Starts ranging the beacons of a region (deprecated by Apple in iOS 13 in favour of
    /// ``startRangingBeacons(satisfying:)``); Linux has no beacon service, so this reports
    /// `CLError(.rangingUnavailable)` through `rangingBeaconsDidFailFor`.
    open func startRangingBeacons(in region: CLBeaconRegion) {
        engine.performWithDelegate { manager, delegate in
            delegate.locationManager(manager, rangingBeaconsDidFailFor: region, withError: CLError(.rangingUnavailable))
        }
    }

    /// Stops ranging the beacons of a region (deprecated by Apple in iOS 13).
    open func stopRangingBeacons(in region: CLBeaconRegion) {}

    /// Starts monitoring a region (deprecated by Apple in iOS 6 in favour of ``startMonitoring(for:)``, which
    /// it calls); the accuracy is not used, as entry and exit already use the fixes' accuracy as hysteresis.
    open func startMonitoring(for region: CLRegion, desiredAccuracy accuracy: CLLocationAccuracy) {
        startMonitoring(for: region)
    }

    /// Asks for deferred updates; not available on Linux, so this reports `CLError(.deferredFailed)` through
    /// `didFinishDeferredUpdatesWithError`.
    ///
    /// Like ``startUpdatingLocation()``, it cancels a pending ``requestLocation()``, as Apple's `requestLocation()`
    /// page documents.
    open func allowDeferredLocationUpdates(untilTraveled distance: CLLocationDistance, timeout: TimeInterval) {
        engine.cancelRequest()
        engine.performWithDelegate { manager, delegate in
            delegate.locationManager(manager, didFinishDeferredUpdatesWithError: CLError(.deferredFailed))
        }
    }

    /// Cancels deferred updates.
    open func disallowDeferredLocationUpdates() {}

    /// Starts monitoring location pushes (iOS 15); Linux has no push service, so `completion` runs on the
    /// callback thread with no token and `CLLocationPushServiceError(.unsupportedPlatform)`, the code Apple
    /// gives on platforms without the service.
    ///
    /// `@preconcurrency`, as Swift imports Apple's Objective-C method.
    ///
    /// - Parameter completion: Called once, with the token (always `nil` here) or the error.
    @preconcurrency
    open func startMonitoringLocationPushes(completion: (@Sendable (Data?, (any Error)?) -> Void)? = nil) {
        guard let completion else { return }
        engine.mailbox.perform { completion(nil, CLLocationPushServiceError(.unsupportedPlatform)) }
    }

    /// Starts monitoring location pushes (iOS 15); Linux has no push service.
    ///
    /// - Returns: Never: Linux has no token to give.
    /// - Throws: `CLLocationPushServiceError(.unsupportedPlatform)`, always.
    open func startMonitoringLocationPushes() async throws -> Data {
        throw CLLocationPushServiceError(.unsupportedPlatform)
    }

    /// Stops monitoring location pushes; nothing was monitored on Linux, so this does nothing.
    open func stopMonitoringLocationPushes() {}

    // MARK: Availability

    /// Whether Location Services are on: `true` when a provider is configured (or the probe found one) and
    /// ``LocationAuthorization/locationServicesEnabled`` of the shared authorization is `true`.
    ///
    /// As on iOS, the answer is the switch, not the signal: a configured provider that is down at this moment
    /// (gpsd not yet listening at boot) still counts, and updates started now report
    /// `CLError(.locationUnknown)` until it comes up. See the "Location on Linux" article.
    open class func locationServicesEnabled() -> Bool {
        LocationAuthorization.shared.locationServicesEnabled && LocationProviders.resolveDefault() != nil
    }

    /// Whether Location Services are on for this manager: its provider exists and its authorization's switch
    /// is on (deprecated by Apple in iOS 4 in favour of the class method).
    open var locationServicesEnabled: Bool {
        engine.app.servicesEnabled && engine.provider != nil
    }

    /// Whether this manager's provider measures headings (deprecated by Apple in iOS 4 in favour of the class
    /// method).
    open var headingAvailable: Bool { engine.provider?.capabilities.contains(.heading) ?? false }

    /// Whether region monitoring is available (deprecated by Apple in iOS 7 in favour of
    /// ``isMonitoringAvailable(for:)``): `true`, for circular regions.
    open class func regionMonitoringAvailable() -> Bool { isMonitoringAvailable(for: CLCircularRegion.self) }

    /// Whether region monitoring is enabled (deprecated by Apple in iOS 6): whether it is available and
    /// Location Services are on.
    open class func regionMonitoringEnabled() -> Bool { regionMonitoringAvailable() && locationServicesEnabled() }

    /// The process's authorization status (deprecated by Apple in favour of the instance property):
    /// ``CLAuthorizationStatus/denied`` while location services are off, the switch or the process default provider
    /// missing, as the instance property reads.
    open class func authorizationStatus() -> CLAuthorizationStatus {
        LocationProviders.resolveDefault() == nil ? .denied : LocationAuthorization.shared.status
    }

    /// Whether headings are available: whether the default provider measures them.
    open class func headingAvailable() -> Bool {
        LocationProviders.resolveDefault()?.capabilities.contains(.heading) ?? false
    }

    /// Whether significant-change monitoring is available: whether a default provider is configured or found.
    ///
    /// What the device can do, as Apple's page for the method says (the source of the semantics): it does not follow
    /// the Location Services switch (``LocationAuthorization/locationServicesEnabled``), as
    /// ``headingAvailable()`` and ``isMonitoringAvailable(for:)`` do not.
    open class func significantLocationChangeMonitoringAvailable() -> Bool {
        LocationProviders.resolveDefault() != nil
    }

    /// Whether regions of a class can be monitored: circular regions yes, beacon regions no.
    open class func isMonitoringAvailable(for regionClass: AnyClass) -> Bool {
        regionClass is CLCircularRegion.Type
    }

    /// Whether beacon ranging is available: never on Linux.
    open class func isRangingAvailable() -> Bool { false }

    /// Whether deferred updates are available: never on Linux (nor on current iOS).
    open class func deferredLocationUpdatesAvailable() -> Bool { false }
}
