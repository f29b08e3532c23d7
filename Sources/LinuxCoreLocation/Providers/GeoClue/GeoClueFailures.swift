import DBus

/// How GeoClue and bus errors become ``CLError`` codes and one-line diagnostics.
enum GeoClueFailures {
    /// Runs one step, turning a ``DBusError`` it throws into a ``GeoClueSession/Failure`` named `name`.
    static func step<T>(_ name: String, _ body: () throws -> T) throws -> T {
        do { return try body() } catch let error as DBusError { throw GeoClueSession.Failure(step: name, error: error) }
    }

    /// The code and diagnostic for a failure: `.denied` when GeoClue refused access or waited for an agent that never
    /// answered, `.network` otherwise (no bus, no GeoClue, a lost connection, a bad reply).
    static func report(for error: any Error, options: GeoClueOptions) -> (code: CLError.Code, message: String) {
        guard let failure = error as? GeoClueSession.Failure else { return (.network, "GeoClue: \(error)") }
        let id = options.desktopID
        switch failure.error {
        case .errorReply(let name, let text) where name == "org.freedesktop.DBus.Error.AccessDenied":
            return (
                .denied,
                "GeoClue refused location access to desktop id \"\(id)\" (\(text)); allow it in "
                    + "/etc/geoclue/geoclue.conf with a section [\(id)] allowed=true system=true users=, "
                    + "or run a GeoClue agent for this user"
            )
        case .timedOut where failure.step == "GetClient":
            return (
                .denied,
                "GeoClue did not answer GetClient: it waits for an authorization agent for this user "
                    + "(e.g. /usr/libexec/geoclue-2.0/demos/agent); is one running?"
            )
        case .errorReply(let name, _)
        where name == "org.freedesktop.DBus.Error.ServiceUnknown" || name == "org.freedesktop.DBus.Error.NameHasNoOwner":
            return (.network, "GeoClue2 is not available on the system bus (\(failure.error)); install geoclue-2.0")
        case .connectionFailed, .invalidAddress:
            return (.network, "no system D-Bus (\(failure.error)); GeoClue2 needs one")
        default:
            return (.network, "GeoClue \(failure.step) failed: \(failure.error)")
        }
    }
}
