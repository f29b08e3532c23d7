import Foundation
import LocationBlocks

/// Block-based location requests and subscriptions under INTULocationManager's Swift names, so Swift code written
/// for that pod compiles unchanged with `import CoreLocation` changed to `import LinuxCoreLocation`.
///
/// One-time requests wait for a location of a desired accuracy (``INTULocationAccuracy``, accuracy and age) for at
/// most a timeout; subscriptions hear every update until cancelled. Location services run while some request needs
/// them, and authorization (``preferredAuthorizationType``) is requested when a request finds it not determined.
/// The rules are INTULocationManager 4.4's, implemented by LocationBlocks' ``/LocationBlocks/LocationRequestCenter``
/// with ``/LocationBlocks/LocationRequestConventions/intuLocationManager`` conventions; see "Porting from
/// INTULocationManager".
///
/// Threading: blocks run on the main queue — an app's main thread while it runs `RunLoop.main.run()`, or the thread
/// libdispatch serves the main queue on under `dispatchMain()` or an async `main` — asynchronously, never inside the
/// call that made or ended the request. INTULocationManager must be called from the main thread; here every method
/// may be called from any thread and none waits for the main queue, so none deadlocks (inside another queue's
/// `sync`, or while the main queue waits for the caller). A request made off the main queue reaches location
/// services after what the main queue already holds; its ID, ``cancelLocationRequest(_:)`` and
/// ``forceCompleteLocationRequest(_:)`` take effect within the call. Blocks that touch the app's main-thread state
/// should still be registered from it. Managers made with ``init(configuration:)`` run their blocks on the
/// configuration's queue instead (**Linux only**).
///
/// Source: INTULocationManager 4.4 (`INTULocationManager.h`, `INTULocationRequestDefines.h`), its README and
/// implementation.
open class INTULocationManager: NSObject, @unchecked Sendable {
    /// The requests, their managers and their rules.
    let center: LocationRequestCenter
    /// The preferred authorization and the IDs of heading subscriptions, behind one lock: the pod's location and
    /// heading requests are two kinds, each ending call acting on its own kind only.
    private let lock = NSLock()
    private var preferredType = INTUAuthorizationType.auto
    private var headingIDs = Set<Int>()

    nonisolated(unsafe) private static var shared: INTULocationManager?
    private static let sharedLock = NSLock()

    /// Creates a manager with the process's provider and authorization whose blocks run on the main queue.
    ///
    /// INTULocationManager asserts that only ``sharedInstance()`` creates one; here more may be made, and each
    /// runs its own requests.
    public required convenience override init() {
        self.init(configuration: LocationManagerConfiguration())
    }

    /// Creates a manager with a chosen provider, authorization or callback queue.
    ///
    /// **Linux only.** Blocks run on the configuration's callback queue (which must be serial), or on the main
    /// queue when it has none.
    ///
    /// - Parameter configuration: Provider (or `nil` for the process default), authorization and callback queue.
    public init(configuration: LocationManagerConfiguration) {
        var configuration = configuration
        configuration.callbackQueue = configuration.callbackQueue ?? .main
        center = LocationRequestCenter(
            configuration: configuration, authorizationRequest: .whenInUse, conventions: .intuLocationManager)
        super.init()
    }

    /// The process's manager, made with the process defaults by the first call.
    ///
    /// The first call decides its class: calling this on a subclass after another class made the instance is a
    /// programming error (INTULocationManager would hand back an object of the wrong class) and stops the program
    /// with a message. Thread-safe. Source: INTULocationManager's `+sharedInstance`.
    open class func sharedInstance() -> Self {
        let instance = sharedLock.withLock { shared } ?? install(self.init())
        guard let typed = instance as? Self else {
            preconditionFailure(
                "INTULocationManager.sharedInstance() was first made as \(type(of: instance)), not \(self)")
        }
        return typed
    }

    /// Keeps `made` as the shared instance unless another thread kept one first, and returns the one kept.
    private static func install(_ made: INTULocationManager) -> INTULocationManager {
        sharedLock.withLock {
            let instance = shared ?? made
            shared = instance
            return instance
        }
    }

    // MARK: States

    /// Whether location services can serve this app: ``INTULocationServicesState/disabled`` when they are off (no
    /// provider is configured or found, or the switch is off), else the process's authorization status.
    ///
    /// Reads the process defaults (`CLLocationManager.locationServicesEnabled()` and `authorizationStatus()`), as
    /// INTULocationManager reads the system's. Source: INTULocationManager's `+locationServicesState`.
    open class func locationServicesState() -> INTULocationServicesState {
        guard CLLocationManager.locationServicesEnabled() else { return .disabled }
        switch CLLocationManager.authorizationStatus() {
        case .notDetermined: return .notDetermined
        case .denied: return .denied
        case .restricted: return .restricted
        default: return .available
        }
    }

    /// Whether headings can be had: whether the process's default provider measures them.
    ///
    /// Source: INTULocationManager's `+headingServicesState` (`CLLocationManager.headingAvailable()`).
    open class func headingServicesState() -> INTUHeadingServicesState {
        CLLocationManager.headingAvailable() ? .available : .unavailable
    }

    /// Which authorization requests ask for when they find none determined.
    ///
    /// ``INTUAuthorizationType/auto`` (when in use, on Linux) by default. A change applies to later requests.
    /// Thread-safe.
    ///
    /// Source: INTULocationManager's `preferredAuthorizationType`.
    open var preferredAuthorizationType: INTUAuthorizationType {
        get { lock.withLock { preferredType } }
        set {
            lock.withLock { preferredType = newValue }
            center.authorizationRequest = newValue == .always ? .always : .whenInUse
        }
    }

    // MARK: One-time requests

    /// Requests the current location once, waiting at most `timeout` seconds for the desired accuracy.
    ///
    /// The same as the full form with activity type `.other` and no delay until authorized. Source:
    /// INTULocationManager's `-requestLocationWithDesiredAccuracy:timeout:block:`.
    @discardableResult
    open func requestLocation(
        withDesiredAccuracy desiredAccuracy: INTULocationAccuracy, timeout: TimeInterval,
        block: @escaping INTULocationRequestBlock
    ) -> INTULocationRequestID {
        requestLocation(
            withDesiredAccuracy: desiredAccuracy, desiredActivityType: .other, timeout: timeout,
            delayUntilAuthorized: false, block: block)
    }

    /// Requests the current location once, optionally starting the countdown only when the user has answered
    /// the authorization request.
    ///
    /// The same as the full form with activity type `.other`. Source: INTULocationManager's
    /// `-requestLocationWithDesiredAccuracy:timeout:delayUntilAuthorized:block:`.
    @discardableResult
    open func requestLocation(
        withDesiredAccuracy desiredAccuracy: INTULocationAccuracy, timeout: TimeInterval, delayUntilAuthorized: Bool,
        block: @escaping INTULocationRequestBlock
    ) -> INTULocationRequestID {
        requestLocation(
            withDesiredAccuracy: desiredAccuracy, desiredActivityType: .other, timeout: timeout,
            delayUntilAuthorized: delayUntilAuthorized, block: block)
    }

    /// Requests the current location once: the block runs exactly once, with the first location that meets
    /// `desiredAccuracy`, or at the timeout with the most recent location, or at once when location cannot be had.
    ///
    /// - ``INTULocationStatus/success``: a location at least as accurate (`<=`) and as recent (`<=`) as the level
    ///   asks; a recent enough location already received completes the request at once.
    /// - ``INTULocationStatus/timedOut``: `timeout` seconds passed (or ``forceCompleteLocationRequest(_:)`` was
    ///   called); the block gets the most recent location of any accuracy, or `nil`, and the level it achieves.
    /// - ``INTULocationStatus/servicesNotDetermined`` at the timeout while the user has not answered;
    ///   ``INTULocationStatus/servicesDenied``, ``INTULocationStatus/servicesRestricted`` or
    ///   ``INTULocationStatus/servicesDisabled`` at once, or when it becomes so; ``INTULocationStatus/error`` when
    ///   location services report an error (a transient `CLError(.locationUnknown)` is not one), or when the
    ///   timeout passes after an error with no location since.
    ///
    /// Starts location updates (and asks for ``preferredAuthorizationType`` when authorization is not determined);
    /// they stop when no request needs them.
    ///
    /// - Parameters:
    ///   - desiredAccuracy: The level to reach; ``INTULocationAccuracy/none`` is served as
    ///     ``INTULocationAccuracy/city``.
    ///   - desiredActivityType: The manager's `activityType` from now on (it decides when automatic pauses start).
    ///   - timeout: Seconds; 0, a negative number or NaN means no timeout (the request waits until it succeeds,
    ///     fails, or is force-completed or cancelled).
    ///   - delayUntilAuthorized: When `true` and authorization is not determined, the countdown starts only when
    ///     the user answers.
    ///   - block: Runs once on the main queue, never before this method returns.
    /// - Returns: The request's ID.
    ///
    /// Source: INTULocationManager's
    /// `-requestLocationWithDesiredAccuracy:desiredActivityType:timeout:delayUntilAuthorized:block:`.
    @discardableResult
    open func requestLocation(
        withDesiredAccuracy desiredAccuracy: INTULocationAccuracy, desiredActivityType: CLActivityType,
        timeout: TimeInterval, delayUntilAuthorized: Bool, block: @escaping INTULocationRequestBlock
    ) -> INTULocationRequestID {
        center.activityType = desiredActivityType
        let level = desiredAccuracy.level ?? .city
        return center.requestLocation(
            accuracy: level, timeout: timeout, delayUntilAuthorized: delayUntilAuthorized,
            completion: Self.handler(block)
        ).rawValue
    }

    // MARK: Subscriptions

    /// Subscribes to location updates at the highest accuracy: the block runs once per update, whatever its
    /// accuracy, until cancelled.
    ///
    /// The same as ``subscribeToLocationUpdates(withDesiredAccuracy:block:)`` with ``INTULocationAccuracy/room``.
    /// Source: INTULocationManager's `-subscribeToLocationUpdatesWithBlock:`.
    @discardableResult
    open func subscribeToLocationUpdates(_ block: @escaping INTULocationRequestBlock) -> INTULocationRequestID {
        subscribeToLocationUpdates(withDesiredAccuracy: .room, desiredActivityType: .other, block: block)
    }

    /// Subscribes to location updates: the block runs once per update, whatever its accuracy, until cancelled.
    ///
    /// The same as the full form with activity type `.other`. Source: INTULocationManager's
    /// `-subscribeToLocationUpdatesWithDesiredAccuracy:block:`.
    @discardableResult
    open func subscribeToLocationUpdates(
        withDesiredAccuracy desiredAccuracy: INTULocationAccuracy, block: @escaping INTULocationRequestBlock
    ) -> INTULocationRequestID {
        subscribeToLocationUpdates(withDesiredAccuracy: desiredAccuracy, desiredActivityType: .other, block: block)
    }

    /// Subscribes to location updates: the block runs once per update (the newest location of each delivery),
    /// whatever its accuracy, until cancelled; never with ``INTULocationStatus/timedOut``.
    ///
    /// A new subscription hears the most recent location at once, if there is one. An error is reported with
    /// ``INTULocationStatus/error`` (and the most recent location) and the subscription stays; denial or
    /// restriction is reported once and ends it.
    ///
    /// - Parameters:
    ///   - desiredAccuracy: What the subscription asks of location services; on Linux the provider delivers what
    ///     it measures whatever is asked, so this changes nothing.
    ///   - desiredActivityType: The manager's `activityType` from now on.
    ///   - block: Runs on the main queue for each update.
    /// - Returns: The subscription's ID, to cancel it.
    ///
    /// Source: INTULocationManager's `-subscribeToLocationUpdatesWithDesiredAccuracy:desiredActivityType:block:`.
    @discardableResult
    open func subscribeToLocationUpdates(
        withDesiredAccuracy desiredAccuracy: INTULocationAccuracy, desiredActivityType: CLActivityType,
        block: @escaping INTULocationRequestBlock
    ) -> INTULocationRequestID {
        center.activityType = desiredActivityType
        return center.subscribeToLocationUpdates(Self.handler(block)).rawValue
    }

    /// Subscribes to significant location changes: the block runs once per change until cancelled.
    ///
    /// As with INTULocationManager's single `CLLocationManager`, the subscription also hears every standard update
    /// while another request keeps standard updates running. Reported like
    /// ``subscribeToLocationUpdates(withDesiredAccuracy:desiredActivityType:block:)``. Source: INTULocationManager's
    /// `-subscribeToSignificantLocationChangesWithBlock:`.
    @discardableResult
    open func subscribeToSignificantLocationChanges(_ block: @escaping INTULocationRequestBlock)
        -> INTULocationRequestID
    {
        center.subscribeToSignificantLocationChanges(Self.handler(block)).rawValue
    }

    // MARK: Ending requests

    /// Completes a one-time request now, as a manual timeout.
    ///
    /// Its block runs with ``INTULocationStatus/timedOut`` (or ``INTULocationStatus/servicesNotDetermined`` while
    /// the user has not answered) and the most recent location, afterwards on the main queue, never inside this
    /// call. A subscription is cancelled without running its block. Unknown IDs, and those of heading subscriptions,
    /// are ignored.
    ///
    /// Source: INTULocationManager's `-forceCompleteLocationRequest:`.
    open func forceCompleteLocationRequest(_ requestID: INTULocationRequestID) {
        guard !isHeadingRequest(requestID) else { return }
        center.forceComplete(LocationRequestID(rawValue: requestID))
    }

    /// Cancels a request or subscription without running its block.
    ///
    /// Once this returns, the block does not run (a force-completed request's block, already on its way, still
    /// does). Unknown IDs, and those of heading subscriptions, are ignored.
    ///
    /// Source: INTULocationManager's `-cancelLocationRequest:`.
    open func cancelLocationRequest(_ requestID: INTULocationRequestID) {
        guard !isHeadingRequest(requestID) else { return }
        center.cancel(LocationRequestID(rawValue: requestID))
    }

    // MARK: Headings

    /// Subscribes to heading updates: the block runs once per heading until cancelled.
    ///
    /// A heading with a true heading (`trueHeading` ≥ 0) comes with ``INTUHeadingStatus/success``; one without
    /// comes as `nil` with ``INTUHeadingStatus/invalid`` and the subscription stays. INTULocationManager also asks
    /// for a positive `headingAccuracy`; Linux receivers (NMEA HDT, gpsd ATT) report none (the mirror gives −1), so
    /// the accuracy is not required here, and due north (0°) counts as valid. When headings cannot be had (the
    /// provider has no compass, there is no provider, or access is taken away) the block runs once with `nil` and
    /// ``INTUHeadingStatus/unavailable`` and the subscription ends.
    ///
    /// - Parameter block: Runs on the main queue for each heading, never before this method returns.
    /// - Returns: The subscription's ID, to cancel it with ``cancelHeadingRequest(_:)``.
    ///
    /// Source: INTULocationManager's `-subscribeToHeadingUpdatesWithBlock:`.
    @discardableResult
    open func subscribeToHeadingUpdates(_ block: @escaping INTUHeadingRequestBlock) -> INTUHeadingRequestID {
        let block = CallbackQueueBlock(run: block)
        return lock.withLock {
            // Under the lock, so that the ID is known as a heading's before any call can name it.
            let id = center.subscribeToHeadingUpdates { heading, status in
                switch (heading, status) {
                case (let heading?, .success) where heading.trueHeading >= 0: block.run(heading, .success)
                case (_, .success): block.run(nil, .invalid)
                default: block.run(nil, .unavailable)
                }
            }.rawValue
            headingIDs.insert(id)
            return id
        }
    }

    /// Cancels a heading subscription without running its block; unknown IDs, and those of location requests, are
    /// ignored.
    ///
    /// Source: INTULocationManager's `-cancelHeadingRequest:`.
    open func cancelHeadingRequest(_ requestID: INTUHeadingRequestID) {
        guard isHeadingRequest(requestID) else { return }
        center.cancel(LocationRequestID(rawValue: requestID))
    }

    /// Whether `requestID` names a heading subscription (the pod keeps location and heading requests apart: each
    /// ending call ignores the other kind's IDs).
    private func isHeadingRequest(_ requestID: Int) -> Bool {
        lock.withLock { headingIDs.contains(requestID) }
    }

    // MARK: Settings

    /// Sets whether location updates continue in the background (`allowsBackgroundLocationUpdates`).
    ///
    /// Linux suspends no app, so updates flow either way; the value is kept on the manager. Source:
    /// INTULocationManager's `-setBackgroundLocationUpdate:`.
    open func setBackgroundLocationUpdate(_ enabled: Bool) {
        center.allowsBackgroundLocationUpdates = enabled
    }

    /// Sets whether the background location indicator shows (`showsBackgroundLocationIndicator`).
    ///
    /// Linux has no such indicator; the value is kept on the manager. Source: INTULocationManager's
    /// `-setShowsBackgroundLocationIndicator:`.
    open func setShowsBackgroundLocationIndicator(_ shows: Bool) {
        center.showsBackgroundLocationIndicator = shows
    }

    /// Sets whether location updates pause when the device stops moving (`pausesLocationUpdatesAutomatically`,
    /// `true` by default): subscriptions then hear nothing until it moves again.
    ///
    /// Source: INTULocationManager's `-setPausesLocationUpdatesAutomatically:`.
    open func setPausesLocationUpdatesAutomatically(_ pauses: Bool) {
        center.pausesLocationUpdatesAutomatically = pauses
    }
}
