import Dispatch
import LinuxCoreLocation
import LocationSupport

/// One-shot location requests with an accuracy level and a timeout, and subscriptions to locations,
/// significant changes and headings, in the manner of INTULocationManager.
///
/// The center owns its managers (one for standard updates and headings, one for significant changes) and
/// runs each service only while some request needs it; the managers share their provider with every other
/// manager through the hub, which stops it when none needs it. Authorization is requested (as
/// ``authorizationRequest``) when a request finds it not determined.
///
/// Threading: every method may be called from any thread, and none waits for the callback queue (a call made
/// inside another queue's `sync`, or while the queue's thread waits for the caller, cannot deadlock). Completions
/// and subscription handlers run on ``callbackQueue`` — the configuration's callback queue, or a private serial
/// queue — never inside a call to the center (a request's own, ``forceComplete(_:)``'s, or any other). IDs and
/// ``pendingRequests`` change within the call; what a call does to the services happens on the queue, at once
/// when made there, else after what the queue already holds. Once ``cancel(_:)`` returns, the request's handler
/// is not called again (one already running on another thread finishes). Timeouts follow the managers' clock
/// (`manager.clock.schedule`).
/// Requests pending when the center is released never complete. Where LocationBlocks and INTULocationManager
/// differ, ``conventions`` decides.
public final class LocationRequestCenter: @unchecked Sendable {
    /// The queue completions and handlers run on.
    public let callbackQueue: DispatchQueue
    /// Whose rules the center follows where LocationBlocks and INTULocationManager differ.
    public let conventions: LocationRequestConventions

    // Everything below is touched only on `callbackQueue`.
    let updates: CLLocationManager
    /// The manager for significant changes: ``updates`` itself under INTULocationManager's conventions.
    let significant: CLLocationManager
    var requests: [Int: PendingLocationRequest] = [:]
    var running = (locations: false, headings: false, significantChanges: false)
    /// The location results carry and recent fixes complete requests from: the latest valid fix of standard updates
    /// (LocationBlocks), or the latest location delivered by any service (INTULocationManager's current location).
    var lastFix: CLLocation?
    /// The error reported since the last fix, under INTULocationManager's conventions (its `updateFailed`).
    var failure: CLError?
    let confinement: CallbackQueue
    /// What calls read and change from any thread without waiting for the queue: IDs, the requests whose handlers
    /// may still run, the authorization to ask for.
    let front: Locked<LocationRequestRegistry>

    /// Creates a center.
    ///
    /// - Parameters:
    ///   - configuration: Provider and authorization (**Linux only**); its callback queue, if set, must be
    ///     serial and becomes ``callbackQueue``.
    ///   - authorizationRequest: What to ask for when authorization is not determined; when in use by default.
    ///   - conventions: LocationBlocks' rules (the default) or INTULocationManager's.
    public init(
        configuration: LocationManagerConfiguration = LocationManagerConfiguration(),
        authorizationRequest: CLLocationUpdateAuthorizationDescription = .whenInUse,
        conventions: LocationRequestConventions = .locationBlocks
    ) {
        let queue = configuration.callbackQueue ?? DispatchQueue(label: "LocationBlocks.LocationRequestCenter")
        var configuration = configuration
        configuration.callbackQueue = queue
        callbackQueue = queue
        self.conventions = conventions
        front = Locked(LocationRequestRegistry(authorizationRequest: authorizationRequest))
        confinement = CallbackQueue(queue)
        // Made here, not on the queue (that would wait for it); their callbacks go to the queue all the same, and
        // every later use of them happens there.
        updates = CLLocationManager(configuration: configuration)
        significant = conventions == .intuLocationManager ? updates : CLLocationManager(configuration: configuration)
        let observer = LocationRequestObserver(center: self)
        updates.addObserver(observer)
        if significant !== updates { significant.addObserver(observer) }
    }

    /// What to ask for when a request finds authorization not determined; when in use unless set otherwise.
    ///
    /// Read and set from any thread; a change applies to the requests made after it.
    public var authorizationRequest: CLLocationUpdateAuthorizationDescription {
        get { front.withLock { $0.authorizationRequest } }
        set { front.withLock { $0.authorizationRequest = newValue } }
    }

    // MARK: Requests

    /// Requests one fix meeting `accuracy`, within `timeout` seconds.
    ///
    /// Completes exactly once, on ``callbackQueue``: with ``LocationRequestStatus/success`` as soon as a fix —
    /// a recent one already received, or a new one — meets the level; with ``LocationRequestStatus/timedOut``
    /// and the most accurate valid fix seen during the request (or `nil`) when the timeout passes, or at once
    /// when the provider finishes first (a replay's end; ``LocationRequestResult/providerFinished``); with
    /// `denied`, `restricted` or `servicesDisabled` at once when those hold (or become true); with
    /// `notDetermined` when the timeout passes before the user answers; with `error` when the service fails.
    /// A transient `CLError(.locationUnknown)` does not end the request.
    ///
    /// - Parameters:
    ///   - accuracy: The level to reach, e.g. ``LocationRequestAccuracy/house``.
    ///   - timeout: Seconds on the manager's clock; 0 (or less) waits for ever.
    ///   - delayUntilAuthorized: When authorization is not determined, start the countdown only once the user
    ///     has answered.
    ///   - completion: Receives the result on ``callbackQueue``.
    /// - Returns: The ID to cancel or force-complete the request with.
    @discardableResult
    public func requestLocation(
        accuracy: LocationRequestAccuracy, timeout: TimeInterval, delayUntilAuthorized: Bool = false,
        completion: @escaping @Sendable (LocationRequestResult) -> Void
    ) -> LocationRequestID {
        add(
            PendingLocationRequest(
                kind: .oneShot(accuracy, timeout: timeout, delayUntilAuthorized: delayUntilAuthorized),
                onLocation: completion, onHeading: nil))
    }

    /// Subscribes to every new fix of standard location updates, whatever its accuracy, until cancelled.
    ///
    /// The handler receives each fix with ``LocationRequestStatus/success``; on a lasting failure (denied,
    /// restricted, services disabled, an error other than `locationUnknown`) it receives that status once and
    /// the subscription ends.
    @discardableResult
    public func subscribeToLocationUpdates(
        _ handler: @escaping @Sendable (LocationRequestResult) -> Void
    ) -> LocationRequestID {
        add(PendingLocationRequest(kind: .locations, onLocation: handler, onHeading: nil))
    }

    /// Subscribes to significant location changes until cancelled; reported like ``subscribeToLocationUpdates(_:)``.
    @discardableResult
    public func subscribeToSignificantLocationChanges(
        _ handler: @escaping @Sendable (LocationRequestResult) -> Void
    ) -> LocationRequestID {
        add(PendingLocationRequest(kind: .significantChanges, onLocation: handler, onHeading: nil))
    }

    /// Subscribes to headings until cancelled: each heading with ``LocationRequestStatus/success``; a lasting
    /// failure (`CLError(.headingFailure)` when the provider has no compass, denial) once, ending it.
    @discardableResult
    public func subscribeToHeadingUpdates(
        _ handler: @escaping @Sendable (CLHeading?, LocationRequestStatus) -> Void
    ) -> LocationRequestID {
        add(PendingLocationRequest(kind: .headings, onLocation: nil, onHeading: handler))
    }

    /// Cancels a request or subscription without calling its handler; unknown IDs are ignored.
    ///
    /// A force-completed request whose completion is on its way is not cancelled: its completion runs.
    public func cancel(_ id: LocationRequestID) {
        guard front.withLock({ $0.cancel(id.rawValue) }) else { return }
        confinement.run { self.remove(id.rawValue) }
    }

    /// Completes a one-shot request as if its timeout had passed now; cancels a subscription without calling it;
    /// ignores unknown IDs.
    ///
    /// The request leaves ``pendingRequests`` at once; its completion runs afterwards on ``callbackQueue``, never
    /// inside this call, with the status its timeout would give (``LocationRequestStatus/timedOut``, or
    /// `notDetermined` while the user has not answered) and the location ``conventions`` choose. Source:
    /// INTULocationManager's `-forceCompleteLocationRequest:` ("effectively a manual timeout").
    public func forceComplete(_ id: LocationRequestID) {
        switch front.withLock({ $0.forceComplete(id.rawValue) }) {
        case .unknown:
            return
        case .cancelled:
            confinement.run { self.remove(id.rawValue) }
        case .forced:
            confinement.run {
                guard let (request, result) = self.removeForCompletion(id.rawValue, status: self.timeoutStatus())
                else { return }
                self.callbackQueue.async { self.complete(id.rawValue, request, with: result) }
            }
        }
    }

    /// The IDs of the requests and subscriptions not yet completed, force-completed or cancelled.
    public var pendingRequests: Set<LocationRequestID> {
        front.withLock { Set($0.pending.map(LocationRequestID.init(rawValue:))) }
    }

    private func add(_ request: PendingLocationRequest) -> LocationRequestID {
        let id = front.withLock { $0.add(oneShot: request.isOneShot) }
        confinement.run {
            guard self.front.withLock({ $0.isLive(id) }) else { return }  // cancelled before it reached the queue
            self.requests[id] = request
            self.admit(id)
        }
        return LocationRequestID(rawValue: id)
    }

    /// Drops a cancelled request from the queue's side and stops what no other request needs.
    private func remove(_ id: Int) {
        guard let request = requests.removeValue(forKey: id) else { return }
        request.timer?.cancel()
        updateServices()
    }
}
