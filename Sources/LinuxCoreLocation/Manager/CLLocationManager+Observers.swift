/// Identifies an observer added with ``CLLocationManager/addObserver(_:)``, to remove it later.
///
/// **Linux only.**
public struct CLLocationManagerObserverToken: Hashable, Sendable {
    let value: Int
}

extension CLLocationManager {
    /// Adds an object that receives every callback the ``delegate`` receives, alongside it.
    ///
    /// **Linux only.** Each event goes first to the delegate (if set), then to every observer in the order they were
    /// added, each once, on the manager's callback thread; an observer added or removed while an event is being
    /// delivered takes effect from the next event. Unlike the delegate, an observer is held **strongly** until
    /// it is removed or the manager is released, so an observer must not hold the manager strongly (it receives
    /// the manager with every callback). Extension layers (LocationBlocks) use this to coexist with the app's
    /// own delegate. The answer of ``CLLocationManagerDelegate/locationManagerShouldDisplayHeadingCalibration(_:)``
    /// is not used on Linux, for observers as for the delegate. Thread-safe.
    ///
    /// - Parameter observer: The object to call.
    /// - Returns: A token for ``removeObserver(_:)``.
    @discardableResult
    public func addObserver(_ observer: any CLLocationManagerDelegate) -> CLLocationManagerObserverToken {
        let token = engine.state.withLock { state in
            state.nextObserverToken += 1
            let token = CLLocationManagerObserverToken(value: state.nextObserverToken)
            state.observers.append((token, observer))
            return token
        }
        engine.updateProviderNeed()
        return token
    }

    /// Removes an observer added with ``addObserver(_:)``.
    ///
    /// Does nothing for an unknown or removed token. **Linux only.** Thread-safe.
    public func removeObserver(_ token: CLLocationManagerObserverToken) {
        engine.state.withLock { state in state.observers.removeAll { $0.token == token } }
        engine.updateProviderNeed()
    }

    /// The observers added with ``addObserver(_:)`` and not removed, in the order they were added.
    ///
    /// **Linux only.**
    public var observers: [any CLLocationManagerDelegate] {
        engine.state.withLock { $0.observers.map(\.observer) }
    }
}
