import DBus

extension GeoClueSession {
    /// The header half of the trust rules, applied before a signal's body is read: `nil` when the body is to be
    /// read and judged by ``interpret(_:)``, else what the signal means without it.
    func screen(_ header: DBusMessageHeader) -> Signal? {
        if header.interface == DBus.busInterface, header.member == "NameOwnerChanged" {
            guard header.sender == DBus.busName, header.path == DBus.busPath else {
                return .ignored("a NameOwnerChanged not sent by the bus")
            }
            return nil
        }
        guard header.interface == GeoClueBus.clientInterface, header.member == "LocationUpdated" else {
            return .unrelated
        }
        let trusted = trust.withLock { $0 }
        guard let sender = header.sender, sender == trusted.owner else {
            return .ignored("a LocationUpdated not sent by GeoClue's unique name")
        }
        guard header.path == trusted.client else {
            return .ignored("a LocationUpdated not about this client's locations")
        }
        return nil
    }

    /// The body half of the trust rules, for a signal ``screen(_:)`` let through: what it means.
    func interpret(_ signal: DBusMessage) -> Signal {
        if signal.member == "NameOwnerChanged" { return ownerChanged(signal) }
        guard signal.body.count == 2, case .objectPath(let location) = signal.body[1], location.hasPrefix(client + "/")
        else { return .ignored("a LocationUpdated not about this client's locations") }
        return .locationUpdated(location)
    }

    /// What a connection event means to the provider; runs on the reader thread.
    func handle(
        _ event: DBusConnection.Event, onIgnored: @Sendable (String) -> Void, onEvent: @Sendable (Event) -> Void
    ) {
        switch event {
        case .closed(let error): onEvent(.closed(error))
        case .unreadable(let header, _):
            onIgnored("a \(header.member ?? "signal") that cannot be read (too large or malformed)")
        case .signal(let signal):
            switch interpret(signal) {
            case .locationUpdated(let path): onEvent(.locationUpdated(path))
            case .serviceLeft: onEvent(.serviceLeft)
            case .unrelated: break
            case .ignored(let reason): onIgnored(reason)
            }
        }
    }

    /// A `NameOwnerChanged(name, old, new)` from the bus: only GeoClue's name matters.
    private func ownerChanged(_ signal: DBusMessage) -> Signal {
        guard signal.body.count == 3, signal.body[0] == .string(GeoClueBus.service),
            case .string(let newOwner) = signal.body[2]
        else { return .unrelated }
        trust.withLock { $0.owner = newOwner.isEmpty ? nil : newOwner }
        return newOwner.isEmpty ? .serviceLeft : .unrelated
    }
}
