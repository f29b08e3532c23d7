import Dispatch
import Foundation
import LocationSupport

/// The updates behind one iterator of ``CLLocationUpdate/Updates``: a manager with standard updates and
/// automatic pauses for the live configuration's activity, whose callbacks feed a stream, and a watch on the
/// authorization for the updates that say why no fix comes.
///
/// Asks for when-in-use authorization when it is not determined, as iOS 18's implicit service session does.
/// Stops the manager when the iterator releases it or when the task awaiting an update is cancelled.
final class LiveUpdateSession: NSObject, CLLocationManagerDelegate, @unchecked Sendable {
    let stream: AsyncStream<CLLocationUpdate>
    private let continuation: AsyncStream<CLLocationUpdate>.Continuation
    private let manager: CLLocationManager
    private let authorization: LocationAuthorization
    private let hasProvider: Bool
    /// The facts of the last update sent without a fix, so that an unchanged reason is not sent twice; `nil`
    /// after a fix.
    private let lastReason = Locked<AuthorizationFacts?>(nil)
    /// The timer that reports a stationary device when no fix follows the last one, and its generation, so
    /// that a timer replaced while it fires on the clock's thread does nothing.
    private let silence = Locked<(timer: LocationClockTimer?, generation: Int)>((nil, 0))
    /// The key of the authorization watch, until ``stop()``.
    private let watching = Locked<Int?>(nil)

    init(live: CLLocationUpdate.LiveConfiguration, configuration: LocationManagerConfiguration) {
        var configuration = configuration
        if configuration.callbackQueue == nil {
            configuration.callbackQueue = DispatchQueue(label: "LinuxCoreLocation.CLLocationUpdate")
        }
        (stream, continuation) = AsyncStream.makeStream(of: CLLocationUpdate.self)
        manager = CLLocationManager(configuration: configuration)
        authorization = configuration.authorization
        hasProvider = manager.provider != nil
        super.init()
        manager.activityType = live.activityType
        manager.pausesLocationUpdatesAutomatically = true
        manager.delegate = self
        let manager = UncheckedSendableManager(manager)
        continuation.onTermination = { _ in manager.value.stopUpdatingLocation() }
        let watch = authorization.app.watch { [weak self] in self?.reportReason() }
        watching.withLock { $0 = watch }
        if authorization.status == .notDetermined { manager.value.requestWhenInUseAuthorization() }
        reportReason()
        manager.value.startUpdatingLocation()
    }

    deinit {
        stop()
    }

    /// Ends the updates: stops the manager, ends the stream and the authorization watch.
    ///
    /// Idempotent; any thread.
    func stop() {
        if let watch = watching.withLock({ $0.take() }) { authorization.app.unwatch(watch) }
        manager.stopUpdatingLocation()
        continuation.finish()
    }

    /// Holds a session for an iterator and stops it when the iterator goes: a callback running on the callback
    /// queue holds the session too, which would otherwise outlive the iterator until the callback returns.
    final class Owner: Sendable {
        let session: LiveUpdateSession

        init(_ session: LiveUpdateSession) {
            self.session = session
        }

        deinit {
            session.stop()
        }
    }

    private var facts: AuthorizationFacts { AuthorizationFacts(authorization.app.snapshot, hasProvider: hasProvider) }

    /// Sends an update without a fix when authorization keeps fixes from flowing and the reason changed.
    private func reportReason() {
        lastReason.withLock { last in
            let facts = self.facts
            let blocked = facts.deniedGlobally || facts.denied || facts.restricted || facts.requestInProgress
            guard blocked, facts != last else { return }
            last = facts
            continuation.yield(CLLocationUpdate(location: nil, facts: facts))
        }
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        lastReason.withLock { last in
            last = nil
            for location in locations { continuation.yield(CLLocationUpdate(location: location, facts: facts)) }
        }
        watchForSilence()
    }

    func locationManagerDidPauseLocationUpdates(_ manager: CLLocationManager) {
        endSilenceWatch()
        continuation.yield(CLLocationUpdate(location: manager.location, isStationary: true, facts: facts))
    }

    /// Reports the device as stationary if no fix and no error follow this one for the activity's stationary
    /// time (``PauseDetector/stationaryTime(for:)``) on the manager's clock.
    ///
    /// Providers that report only changes (`fixed:`, which never moves; GeoClue by default) fall silent when the device
    /// stands still, so the pause detector, which decides on fixes, never sees the time pass; a provider that
    /// loses its fix reports an error instead, which ends the watch.
    private func watchForSilence() {
        let delay = PauseDetector.stationaryTime(for: manager.activityType)
        let generation = silence.withLock { silence in
            silence.timer?.cancel()
            silence.generation += 1
            return silence.generation
        }
        let timer = manager.clock.schedule(after: delay) { [weak self] in self?.silenceLasted(generation) }
        silence.withLock { silence in
            if silence.generation == generation { silence.timer = timer } else { timer.cancel() }
        }
    }

    private func endSilenceWatch() {
        silence.withLock { silence in
            silence.timer?.cancel()
            silence.timer = nil
            silence.generation += 1
        }
    }

    private func silenceLasted(_ generation: Int) {
        let current = silence.withLock { silence in
            guard silence.generation == generation else { return false }
            silence.timer = nil
            silence.generation += 1
            return true
        }
        guard current else { return }
        continuation.yield(CLLocationUpdate(location: manager.location, isStationary: true, facts: facts))
    }

    /// A lost fix or a failed provider: an update without a fix, `locationUnavailable`; denials are reported
    /// from the authorization's watch instead.
    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        guard (error as? CLError)?.code != .denied else { return }
        endSilenceWatch()
        lastReason.withLock { last in
            last = nil
            continuation.yield(CLLocationUpdate(location: nil, facts: facts, locationUnavailable: true))
        }
    }
}

/// Lets the stream's termination handler, which may run on any thread, stop the manager: stopping is
/// thread-safe in the engine.
private struct UncheckedSendableManager: @unchecked Sendable {
    let value: CLLocationManager
    init(_ value: CLLocationManager) { self.value = value }
}
