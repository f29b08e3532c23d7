import Dispatch
import Foundation

/// Something that receives a provider's events from the hub: a manager's engine.
protocol LocationHubSubscriber: AnyObject, Sendable {
    /// Called on the provider's queue for every event while subscribed.
    func receive(_ event: LocationProviderEvent)
}

/// Runs each provider only while some manager needs it, and fans its events out to every manager that does.
///
/// Starting and stopping happen in order on one serial queue, so a stop and a start from different threads
/// cannot cross; events are passed on under a lock that no provider call holds, so a provider can stop
/// while an event is being delivered without a deadlock. A manager that joins a running provider first gets
/// the provider's latest fixes, as iOS hands a starting manager its cached location: a provider that reports
/// once per start (`fixed:`) or rarely would otherwise leave it without a fix.
final class LocationHub: Sendable {
    /// The process-wide hub.
    static let shared = LocationHub()

    private struct Entry {
        let provider: any LocationProvider
        var subscribers: [ObjectIdentifier: any LocationHubSubscriber]
        /// The fixes of the provider's latest `locations` event since it started.
        var latest: [CLLocation]?
    }

    private let entries = Protected<[ObjectIdentifier: Entry]>([:])
    private let lifecycle = DispatchQueue(label: "LinuxCoreLocation.LocationHub")

    /// Adds or removes `subscriber`'s need for `provider`, starting it for the first subscriber and stopping it
    /// after the last.
    ///
    /// Idempotent; returns once the provider has been started or stopped.
    func setNeed(_ needed: Bool, of subscriber: any LocationHubSubscriber, for provider: any LocationProvider) {
        lifecycle.sync {
            let key = ObjectIdentifier(provider)
            let subscriberKey = ObjectIdentifier(subscriber)
            enum Change { case start, stop, none }
            let change: Change = entries.withLock { entries in
                if needed {
                    if entries[key] == nil {
                        entries[key] = Entry(provider: provider, subscribers: [subscriberKey: subscriber])
                        return .start
                    }
                    guard entries[key]?.subscribers.updateValue(subscriber, forKey: subscriberKey) == nil,
                        let latest = entries[key]?.latest
                    else { return .none }
                    // Under the lock, so that no newer event reaches the subscriber before these.
                    subscriber.receive(.locations(latest))
                    return .none
                }
                guard entries[key]?.subscribers.removeValue(forKey: subscriberKey) != nil else { return .none }
                guard entries[key]?.subscribers.isEmpty == true else { return .none }
                entries[key] = nil
                return .stop
            }
            switch change {
            case .start: provider.start { [weak self] event in self?.dispatch(event, from: key) }
            case .stop: provider.stop()
            case .none: break
            }
        }
    }

    /// Whether `provider` is running for at least one subscriber.
    func isRunning(_ provider: any LocationProvider) -> Bool {
        entries.withLock { $0[ObjectIdentifier(provider)] != nil }
    }

    private func dispatch(_ event: LocationProviderEvent, from key: ObjectIdentifier) {
        let subscribers = entries.withLock { entries in
            if case .locations(let fixes) = event { entries[key]?.latest = fixes }
            return entries[key].map { Array($0.subscribers.values) } ?? []
        }
        for subscriber in subscribers { subscriber.receive(event) }
    }
}
