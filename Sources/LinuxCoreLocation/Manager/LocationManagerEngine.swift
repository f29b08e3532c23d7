import LocationSupport
import Synchronization

/// The state and behaviour behind one ``CLLocationManager``; the manager's open members forward here.
///
/// Settings and service state sit under one lock so any thread may read them; decisions and delegate calls
/// happen on the manager's callback thread, where stops also happen, which is what makes "no callback after
/// stop returns" hold: every queued delivery re-checks the state when it runs.
final class LocationManagerEngine: @unchecked Sendable {
    struct Settings {
        var desiredAccuracy = kCLLocationAccuracyBest
        var distanceFilter = kCLDistanceFilterNone
        var activityType = CLActivityType.other
        var pausesLocationUpdatesAutomatically = true
        var allowsBackgroundLocationUpdates = false
        var showsBackgroundLocationIndicator = false
        var headingFilter: CLLocationDegrees = 1
        var headingOrientation = CLDeviceOrientation.portrait
        var significantChangeDistance = SignificantChangeFilter.defaultDistance
        var significantChangeInterval = SignificantChangeFilter.defaultInterval
        var purpose: String?
    }

    /// A pending `requestLocation()`.
    struct LocationRequest {
        let id: Int
        var best: CLLocation?
        let timer: LocationClockTimer
    }

    struct State {
        weak var manager: CLLocationManager? {
            didSet { receiversGeneration &+= 1 }
        }
        weak var delegate: (any CLLocationManagerDelegate)? {
            didSet { receiversGeneration &+= 1 }
        }
        /// Counts the changes of ``manager``, ``delegate`` and ``observers``: receivers held across deliveries
        /// (``LocationManagerEngine/HeldReceivers``) are taken again when it moved.
        var receiversGeneration = 0
        var settings = Settings()
        var updatingLocation = false
        var updatingHeading = false
        /// Present while significant-change monitoring runs.
        var significantChanges: SignificantChangeFilter?
        /// Present while visit monitoring runs.
        var visits: VisitDetector?
        /// Automatic pauses of standard updates; reset by every start and stop of them.
        var pause = PauseDetector()
        var rangedConstraints: Set<CLBeaconIdentityConstraint> = []
        var request: LocationRequest?
        var nextRequestID = 0
        /// The last delivery (``Delivery/sequence``) posted to the mailbox when location updates were last stopped,
        /// or started after a stop: the fixes of that delivery and of those before it are dropped.
        var staleThrough = 0
        var location: CLLocation?
        /// The last fix delivered since standard updates started, from which the distance filter measures;
        /// `nil` after every start that follows a stop, so that each start delivers its first fix.
        var lastDelivered: CLLocation?
        /// Whether the provider's latest word, since this manager subscribed, is that it has no fix (a
        /// `fixLost` or `failed` event not followed by fixes); kept by the hub.
        var fixLost = false
        /// The fixes dropped without delivery because the callback thread fell behind a live provider.
        var droppedLocations = 0
        /// The number of the last region decision of the app whose events this manager reported.
        var lastRegionDecision = 0
        /// The state of each monitored region, by identifier, that this manager's delegate was last told (or is being
        /// told in the current hop): what `requestState(for:)` answers, so that it never contradicts it.
        var heardRegionStates: [String: CLRegionState] = [:]
        var heading: CLHeading?
        /// The last heading delivered since heading updates started, from which the heading filter measures; `nil`
        /// after every stop, so that each start delivers its first heading (Apple's `startUpdatingHeading()` page).
        var lastDeliveredHeading: CLHeading?
        /// The status the delegate last heard, at creation or in a change; a change to the same status is not
        /// reported again.
        var reportedStatus: CLAuthorizationStatus?
        /// Authorization requests made before the creation callback was delivered: sent to the app after it, so that
        /// an answer never overtakes it (on iOS a person's answer always comes later).
        var requestsBeforeCreation: [AuthorizationRequest] = []
        /// Whether a start has reported `CLError(.denied)` since the last authorization change was delivered,
        /// so that the delivery of that change does not report it a second time.
        var deniedReported = false
        /// Set by ``LocationManagerEngine/detach()``: the manager is gone, and what is still queued for it (the rest of
        /// the hop that released it) changes nothing — no fix decided, no region state changed, no provider started.
        var detached = false

        /// Whether the fixes of the delivery numbered `sequence` still count: updates were not stopped or restarted
        /// since it was posted, and the manager is not gone.
        func accepts(_ sequence: Int) -> Bool { sequence > staleThrough && !detached }
        /// Extra receivers of every callback, held strongly, in registration order
        /// (``CLLocationManager/addObserver(_:)``).
        var observers: [(token: CLLocationManagerObserverToken, observer: any CLLocationManagerDelegate)] = [] {
            didSet { receiversGeneration &+= 1 }
        }
        var nextObserverToken = 0
    }

    /// How long `requestLocation()` waits for a fix meeting `desiredAccuracy` before it settles for the best
    /// one seen, in seconds.
    static let requestLocationTimeout: TimeInterval = 10

    let provider: (any LocationProvider)?
    /// The app the manager belongs to: its authorization, regions and other managers.
    let app: LocationApp
    let clock: any LocationClock
    /// The mailbox of the callback thread, shared with the other managers there: the provider's events and every
    /// block the engine performs arrive through it, in order.
    let mailbox: CallbackMailbox
    let hub: LocationHub
    let state: Locked<State>
    /// While fixes are being reported, the time on the clock when the provider delivered them, as
    /// `Date.timeIntervalSinceReferenceDate`'s bits; ``noEventTime`` otherwise (``eventTime``).
    ///
    /// An atomic beside the state, not in it: set before a fix's calls and put back after them, and read by the
    /// blocks layer in each `didUpdateLocations`, it took the state's lock three times per fix.
    private let eventTimeBits = Atomic<UInt64>(noEventTime)
    /// What ``eventTimeBits`` holds while no fixes are being reported: a NaN no clock reads.
    private static let noEventTime: UInt64 = 0x7FF8_0000_C10C_0000
    /// The `locationUnknown` error last made (``error(_:)``), and the provider identifier it names.
    let unknownLocationErrors = Locked<(source: String?, error: CLError)?>(nil)
    /// Whether this engine has told the hub it needs the provider.
    ///
    /// Its lock is held across the hub call, so that two threads changing services at once reach the hub in
    /// the order they decided, and neither returns before the provider is in the state its change asked for.
    private let subscription = Locked(false)

    init(provider: (any LocationProvider)?, app: LocationApp, mailbox: CallbackMailbox, hub: LocationHub = .shared) {
        self.provider = provider
        self.app = app
        self.clock = provider?.clock ?? SystemClock.shared
        self.mailbox = mailbox
        self.hub = hub
        state = Locked(State())
    }

    /// An engine for a manager made with `configuration`, delivering to its queue or to this thread's run loop.
    convenience init(configuration: LocationManagerConfiguration) {
        self.init(
            provider: configuration.resolvedProvider(), app: configuration.authorization.app,
            mailbox: configuration.callbackQueue.map(CallbackMailbox.for) ?? .forCurrentThread())
    }

    /// While fixes are being reported, the time on the clock when the provider delivered them; `nil` otherwise.
    var eventTime: Date? {
        let bits = eventTimeBits.load(ordering: .acquiring)
        return bits == Self.noEventTime ? nil : Date(timeIntervalSinceReferenceDate: Double(bitPattern: bits))
    }

    /// Sets ``eventTime`` to `date` for the calls about to be made and returns what it was, for
    /// ``restoreEventTime(_:)`` to put back when they end (calls may be nested).
    ///
    /// Only the callback thread sets it: a load and a store, no read-modify-write, suffice.
    func beginEventTime(_ date: Date) -> UInt64 {
        defer { eventTimeBits.store(date.timeIntervalSinceReferenceDate.bitPattern, ordering: .releasing) }
        return eventTimeBits.load(ordering: .acquiring)
    }

    /// Puts back the ``eventTime`` that ``beginEventTime(_:)`` returned.
    func restoreEventTime(_ outer: UInt64) {
        eventTimeBits.store(outer, ordering: .releasing)
    }

    /// Connects the engine to its manager and reports the initial authorization, as iOS 14 does on creation.
    func attach(to manager: CLLocationManager) {
        state.withLock { $0.manager = manager }
        app.join(self)
        joinVisitMonitoring()
        mailbox.perform { [weak self] in self?.deliverCreationCallback() }
    }

    /// The status the manager reads: the app's, or ``CLAuthorizationStatus/denied`` while it has no provider —
    /// location services are then off for it, and iOS reads every status as denied while they are off.
    var status: CLAuthorizationStatus { provider == nil ? .denied : app.status }

    /// Drops every need for the provider and every observation; called when the manager goes away.
    func detach() {
        // First, so that what is still queued for the engine changes nothing (no region decision taken by it).
        // The observers are returned so that they are released after the lock: their deinit may do anything.
        let (request, _) = state.withLock { state in
            defer {
                state.detached = true
                state.request = nil
                state.observers = []
            }
            return (state.request, state.observers)
        }
        app.leave(self)
        request?.timer.cancel()
        guard let provider else { return }
        subscription.withLock { subscribed in
            subscribed = false
            hub.setNeed(false, of: self, for: provider)
        }
    }

    /// Reads the settings.
    func settings<T>(_ read: (Settings) -> T) -> T {
        state.withLock { read($0.settings) }
    }

    /// Changes the settings.
    func updateSettings(_ change: (inout Settings) -> Void) {
        state.withLock { change(&$0.settings) }
    }

    /// Whether some service of this manager needs the provider running now; the app's monitored regions need
    /// it in every manager that has someone to tell (a delegate or an observer).
    private static func needsProvider(_ state: State, authorized: Bool, regions: Bool) -> Bool {
        guard authorized else { return false }
        let listens = state.delegate != nil || !state.observers.isEmpty
        return state.updatingLocation || state.request != nil || state.updatingHeading
            || state.significantChanges != nil || state.visits != nil || (regions && listens)
    }

    /// Tells the hub whether this manager needs the provider; call after every change of service state.
    ///
    /// Returns once the provider runs or stops as this engine's services need; a call racing another one
    /// waits for it rather than returning while the other's start is still under way.
    func updateProviderNeed() {
        guard let provider else { return }
        subscription.withLock { subscribed in
            let authorized = app.isAuthorized
            let regions = app.monitorsRegions
            let needed = state.withLock {
                !$0.detached && Self.needsProvider($0, authorized: authorized, regions: regions)
            }
            guard needed != subscribed else { return }
            subscribed = needed
            if !needed { state.withLock { $0.fixLost = false } }
            hub.setNeed(needed, of: self, for: provider)
        }
    }

    /// Who receives a callback, taken under the lock when the call begins: the manager (`nil` once it is gone), its
    /// delegate (if it still exists) and the observers registered then.
    struct Receivers {
        let manager: CLLocationManager?
        let delegate: (any CLLocationManagerDelegate)?
        let observers: [(token: CLLocationManagerObserverToken, observer: any CLLocationManagerDelegate)]

        init(_ state: borrowing State) {
            (manager, delegate, observers) = (state.manager, state.delegate, state.observers)
        }

        /// Runs `body` with the manager and, in turn, the delegate and each observer, in registration order; nothing
        /// when the manager is gone.
        func call(_ body: (CLLocationManager, any CLLocationManagerDelegate) -> Void) {
            guard let manager else { return }
            if let delegate { body(manager, delegate) }
            for (_, observer) in observers { body(manager, observer) }
        }
    }

    /// Runs `body` on the callback thread with the manager and, in turn, its delegate (if it still exists) and
    /// each observer registered when the call began, in registration order.
    func withDelegate(_ body: (CLLocationManager, any CLLocationManagerDelegate) -> Void) {
        state.withLock { Receivers($0) }.call(body)
    }

    /// Queues `body` on the callback thread, to run with the manager and delegate if they still exist.
    func performWithDelegate(_ body: @escaping @Sendable (CLLocationManager, any CLLocationManagerDelegate) -> Void) {
        mailbox.perform { [weak self] in self?.withDelegate(body) }
    }
}
