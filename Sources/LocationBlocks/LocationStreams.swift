import Dispatch
import LinuxCoreLocation

/// Location services as `AsyncSequence`s: locations, headings, significant changes, region events, visits,
/// authorization changes, pauses and errors, the one-fix forms ``location(accuracyFilter:ageFilter:)`` and
/// ``significantLocationChange()``, and the manager settings; the Swift counterpart of MMPReactiveCoreLocation's
/// `MMPLocationManager`, signal for signal (see <doc:PortingFromMMPReactiveCoreLocation>).
///
/// The object owns two managers (standard services, and significant changes, which Core Location reports
/// through the same callback) on a private serial queue — or the configuration's — so the sequences work
/// from any task, with no run loop needed. Each service runs while at least one iteration needs it: every
/// iteration registers when it starts and unregisters when it ends (see ``LocationEventSequence``); ending the
/// loop or cancelling the task is MMP's `stop:`. As MMP does, an iteration that starts while authorization is
/// not determined asks for it: "when in use" for locations and headings, "always" for significant changes,
/// regions and visits; ``requestAuthorization(_:)`` asks explicitly. The object stays alive while any
/// iteration runs. Thread-safe.
public final class LocationStreams: @unchecked Sendable {
    /// The default number of elements each iteration buffers: 64, the newest kept.
    public static let defaultBufferLimit = 64

    /// The serial queue the managers deliver on.
    public let callbackQueue: DispatchQueue
    /// How many elements each iteration buffers for a slow consumer, ≥ 1; the oldest are dropped first.
    public let bufferLimit: Int

    private struct Registered {
        let service: LocationStreamService
        let deliver: @Sendable (LocationStreamEvent, Date) -> Void
        let finish: @Sendable () -> Void
    }

    private struct Running {
        var locations = false
        var headings = false
        var significantChanges = false
        var visits = false
        /// Monitored regions, unique by identifier, in the order the iterations asked for them.
        var regions: [CLRegion] = []
    }

    // Everything below is touched only on `callbackQueue`.
    let updates: CLLocationManager
    let significant: CLLocationManager
    private var registrations: [Int: Registered] = [:]
    private var nextID = 0
    private var running = Running()
    private var reportedAuthorization: CLAuthorizationStatus?
    let confinement: CallbackQueue

    /// Creates the streams' managers.
    ///
    /// - Parameters:
    ///   - configuration: Provider and authorization (**Linux only**); its callback queue, if set, must be serial.
    ///   - bufferLimit: Elements buffered per iteration (values below 1 count as 1); ``defaultBufferLimit`` by default.
    public init(
        configuration: LocationManagerConfiguration = LocationManagerConfiguration(),
        bufferLimit: Int = LocationStreams.defaultBufferLimit
    ) {
        let queue = configuration.callbackQueue ?? DispatchQueue(label: "LocationBlocks.LocationStreams")
        var configuration = configuration
        configuration.callbackQueue = queue
        callbackQueue = queue
        self.bufferLimit = max(1, bufferLimit)
        confinement = CallbackQueue(queue)
        // Made on the queue that will use them, so every access to their state is ordered by it.
        (updates, significant) = confinement.sync {
            (CLLocationManager(configuration: configuration), CLLocationManager(configuration: configuration))
        }
        let observer = LocationStreamsObserver(streams: self)
        updates.addObserver(observer)
        significant.addObserver(observer)
    }

    /// Runs `body` on the callback queue and returns its result: at once when already there.
    private func onQueue<T>(_ body: () -> T) -> T {
        confinement.sync(body)
    }

    // MARK: Registrations

    func register(
        _ service: LocationStreamService, deliver: @escaping @Sendable (LocationStreamEvent, Date) -> Void,
        finish: @escaping @Sendable () -> Void = {}
    ) -> LocationStreamRegistration {
        onQueue {
            nextID += 1
            registrations[nextID] = Registered(service: service, deliver: deliver, finish: finish)
            let status = updates.authorizationStatus
            if case .authorization = service {
                if reportedAuthorization == nil { reportedAuthorization = status }
                deliver(.authorization(status), updates.clock.now)
            }
            // Asked before the service starts, as MMP asks before it starts its manager.
            service.authorizationRequest(at: status)?.request(from: updates)
            updateServices()
            return LocationStreamRegistration(streams: self, id: nextID)
        }
    }

    func unregister(_ id: Int) {
        let removed = onQueue {
            defer { updateServices() }
            return registrations.removeValue(forKey: id)
        }
        removed?.finish()
    }

    /// Passes an event to every registration, in the order they were made; on the callback queue.
    func dispatch(_ event: LocationStreamEvent, now: Date) {
        if case .authorization(let status) = event {
            guard status != reportedAuthorization else { return }
            reportedAuthorization = status
        }
        for id in registrations.keys.sorted() {
            registrations[id]?.deliver(event, now)
        }
    }

    /// Starts and stops services to match what the registrations need.
    private func updateServices() {
        var needs = Running()
        for id in registrations.keys.sorted() {
            guard let registration = registrations[id] else { continue }
            switch registration.service {
            case .locations: needs.locations = true
            case .headings: needs.headings = true
            case .significantChanges: needs.significantChanges = true
            case .visits: needs.visits = true
            case .regions(let regions):
                for region in regions where !needs.regions.contains(where: { $0.identifier == region.identifier }) {
                    needs.regions.append(region)
                }
            case .authorization, .errors, .locationEvents: break
            }
        }
        if needs.locations != running.locations {
            needs.locations ? updates.startUpdatingLocation() : updates.stopUpdatingLocation()
        }
        if needs.headings != running.headings {
            needs.headings ? updates.startUpdatingHeading() : updates.stopUpdatingHeading()
        }
        if needs.visits != running.visits {
            needs.visits ? updates.startMonitoringVisits() : updates.stopMonitoringVisits()
        }
        if needs.significantChanges != running.significantChanges {
            needs.significantChanges
                ? significant.startMonitoringSignificantLocationChanges()
                : significant.stopMonitoringSignificantLocationChanges()
        }
        let wanted = Set(needs.regions.map(\.identifier))
        let monitored = Set(running.regions.map(\.identifier))
        for region in running.regions where !wanted.contains(region.identifier) {
            updates.stopMonitoring(for: region)
        }
        for region in needs.regions where !monitored.contains(region.identifier) {
            updates.startMonitoring(for: region)
        }
        running = needs
    }
}
