extension LocationManagerEngine {
    /// The receivers of fix deliveries, held by the callback thread while it serves one engine a run of consecutive
    /// deliveries in one hop (``CallbackMailbox``), so that each fix does not load the weak manager and delegate
    /// again: each of those loads, and the release that matched it, took the runtime's slow path (objects with weak
    /// references have side tables), about 3 % of a replay's CPU.
    ///
    /// What is held is what the engine's state would give at each delivery, as Apple's weak `delegate` says:
    /// - A change of the delegate, the observers or the manager bumps ``State/receiversGeneration``; a decision that
    ///   finds another generation takes the receivers from the state again.
    /// - A manager or delegate that only this holds — the app let go of it — is let go of before each decision and
    ///   right after each call, as the receivers taken per call were: its `deinit` runs at the same point, and the
    ///   state's weak reference then reads `nil`.
    ///
    /// Made and dropped by the mailbox's run; used only on the callback thread.
    struct HeldReceivers: ~Copyable {
        /// Holds the manager.
        private var manager: CLLocationManager?
        /// The same manager, passed to the calls without a retain: valid while ``manager`` holds it.
        private var unretainedManager: Unmanaged<CLLocationManager>?
        /// Holds the delegate, as an object, so that whether only this holds it can be asked.
        private var delegate: AnyObject?
        /// Calls the delegate without a retain (its type opened once, when it is taken): valid while ``delegate``
        /// holds it.
        private var callDelegate: ((CLLocationManager, Body) -> Void)?
        private var observers: [(token: CLLocationManagerObserverToken, observer: any CLLocationManagerDelegate)] = []
        /// The ``State/receiversGeneration`` they were taken at; `nil` before the first take.
        private(set) var generation: Int?

        /// What a call does with the manager and one receiver.
        typealias Body = (CLLocationManager, any CLLocationManagerDelegate) -> Void

        init() {}

        /// Holds `receivers`, taken from the state at `generation`.
        mutating func hold(_ receivers: Receivers, generation: Int) {
            manager = receivers.manager
            unretainedManager = receivers.manager.map(Unmanaged.passUnretained)
            delegate = receivers.delegate
            callDelegate = receivers.delegate.map { Self.unretainedCaller(of: $0) }
            observers = receivers.observers
            self.generation = generation
        }

        /// A function that passes `delegate` to a body without retaining it.
        private static func unretainedCaller<Delegate: CLLocationManagerDelegate>(
            of delegate: Delegate
        ) -> (CLLocationManager, Body) -> Void {
            let unretained = Unmanaged.passUnretained(delegate)
            return { manager, body in unretained._withUnsafeGuaranteedRef { body(manager, $0) } }
        }

        /// Lets go of the manager and the delegate if nothing else holds them (the app has let go of them).
        ///
        /// Call outside the engine's lock: letting go may run their `deinit` (the manager's detaches the engine).
        mutating func dropReleased() {
            if manager != nil, isKnownUniquelyReferenced(&manager) {
                unretainedManager = nil
                manager = nil
            }
            if delegate != nil, isKnownUniquelyReferenced(&delegate) {
                callDelegate = nil
                delegate = nil
            }
        }

        /// Runs `body` as ``Receivers/call(_:)`` does, with what is held; then lets go of what only this holds.
        mutating func call(_ body: Body) {
            if let unretainedManager {
                unretainedManager._withUnsafeGuaranteedRef { manager in
                    callDelegate?(manager, body)
                    for (_, observer) in observers { body(manager, observer) }
                }
            }
            dropReleased()
        }
    }
}
