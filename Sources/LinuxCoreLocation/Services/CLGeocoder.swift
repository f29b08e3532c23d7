import Dispatch
import Foundation

/// What a geocoding request reports: placemarks, or an error (a ``CLError``).
///
/// Not `@Sendable`, as in Apple's SDK; the geocoder's methods take this function type as `@Sendable`, spelled
/// out because Swift source cannot mark a type alias `@Sendable` at its use. Source: Apple's CoreLocation
/// documentation (`CLGeocodeCompletionHandler`).
public typealias CLGeocodeCompletionHandler = ([CLPlacemark]?, (any Error)?) -> Void

/// Converts between coordinates and addresses — on Apple's platforms through Apple's servers, on Linux through
/// the service the user names in `CORELOCATION_GEOCODER`.
///
/// - `https://HOST[/PATH]` (or `http://`): a server speaking Nominatim's `/reverse` and `/search` JSON API.
/// - `geonames:/path/cities500.txt`: offline, from a GeoNames cities file (nearest populated place).
/// - unset: no service; every request completes with no placemarks and `CLError(.geocodeFoundNoResult)`,
///   the error apps already handle for "no address here", and a one-time hint on standard error.
///
/// A service that fails (unreachable server, unreadable file, malformed setting) completes with
/// `CLError(.network)` and says why on standard error; a service that finds nothing completes with
/// `CLError(.geocodeFoundNoResult)`. Completion handlers run on the main queue when the request is made on the
/// main thread (Apple's rule), otherwise on the run loop of the thread that made it; the `async` variants
/// resume on any thread. One request at a time: a new request cancels a pending one, whose handler then gets
/// `CLError(.geocodeCanceled)`. Thread-safe. Source: Apple's CoreLocation documentation (`CLGeocoder`); see the
/// "Geocoding" article.
open class CLGeocoder: NSObject, @unchecked Sendable {
    private typealias Handler = @Sendable ([CLPlacemark]?, (any Error)?) -> Void
    private typealias LookUp = @Sendable (any GeocodingService) throws -> [CLPlacemark]

    private struct Pending: Sendable {
        let id: Int
        let handler: Handler
        let target: CallbackTarget
    }

    private let choice: GeocodingServices.Choice
    private let setting: String
    private let state = Protected<(nextID: Int, pending: Pending?)>((0, nil))

    /// Creates a geocoder using the service named by `CORELOCATION_GEOCODER`.
    ///
    /// Designated, as `NSObject`'s `init()` is for Apple's class, so that test doubles can write
    /// `override init() { super.init() }`.
    public override init() {
        let service = ProcessInfo.processInfo.environment["CORELOCATION_GEOCODER"]
        choice = GeocodingServices.choice(for: service)
        setting = service ?? ""
        super.init()
    }

    /// Creates a geocoder using the service named by `service`, in the form of `CORELOCATION_GEOCODER`.
    ///
    /// **Linux only.**
    ///
    /// - Parameter service: `https://HOST[/PATH]`, `http://…`, `geonames:PATH`, or `nil` for none.
    public init(service: String?) {
        choice = GeocodingServices.choice(for: service)
        setting = service ?? ""
        super.init()
    }

    /// Whether a request is waiting for its completion handler to run.
    open var isGeocoding: Bool { state.withLock { $0.pending != nil } }

    /// Looks up the address of `location`: placemarks nearest first.
    ///
    /// - Parameters:
    ///   - location: The location to describe.
    ///   - completionHandler: Called once, with the placemarks or `nil` and a ``CLError``.
    open func reverseGeocodeLocation(
        _ location: CLLocation, completionHandler: @escaping @Sendable ([CLPlacemark]?, (any Error)?) -> Void
    ) {
        submit(completionHandler, on: .forCurrentThread()) { try $0.reverseGeocode(location, locale: nil) }
    }

    /// Looks up the address of `location` with names in `locale`'s language where the service has them.
    ///
    /// - Parameters:
    ///   - location: The location to describe.
    ///   - locale: The language of the names, or `nil` for the user's.
    ///   - completionHandler: Called once, with the placemarks or `nil` and a ``CLError``.
    open func reverseGeocodeLocation(
        _ location: CLLocation, preferredLocale locale: Locale?,
        completionHandler: @escaping @Sendable ([CLPlacemark]?, (any Error)?) -> Void
    ) {
        submit(completionHandler, on: .forCurrentThread()) { try $0.reverseGeocode(location, locale: locale) }
    }

    /// Looks up the places matching an address: placemarks best first.
    ///
    /// - Parameters:
    ///   - addressString: The address, in free form.
    ///   - completionHandler: Called once, with the placemarks or `nil` and a ``CLError``.
    open func geocodeAddressString(
        _ addressString: String, completionHandler: @escaping @Sendable ([CLPlacemark]?, (any Error)?) -> Void
    ) {
        submit(completionHandler, on: .forCurrentThread()) { try $0.geocode(addressString, locale: nil) }
    }

    /// Looks up the places matching a postal address: its parts joined by commas, street first.
    ///
    /// - Parameters:
    ///   - postalAddress: The address.
    ///   - completionHandler: Called once, with the placemarks or `nil` and a ``CLError``.
    open func geocodePostalAddress(
        _ postalAddress: CNPostalAddress, completionHandler: @escaping @Sendable ([CLPlacemark]?, (any Error)?) -> Void
    ) {
        let text = [
            postalAddress.street, postalAddress.city, postalAddress.state, postalAddress.postalCode,
            postalAddress.country,
        ].filter { !$0.isEmpty }.joined(separator: ", ")
        geocodeAddressString(text, completionHandler: completionHandler)
    }

    /// Looks up the address of `location`.
    ///
    /// - Parameter location: The location to describe.
    /// - Returns: The placemarks, nearest first.
    /// - Throws: A ``CLError``: `geocodeFoundNoResult`, `network`, or `geocodeCanceled` if cancelled.
    open func reverseGeocodeLocation(_ location: CLLocation) async throws -> [CLPlacemark] {
        try await placemarks { try $0.reverseGeocode(location, locale: nil) }
    }

    /// Looks up the places matching an address.
    ///
    /// - Parameter addressString: The address, in free form.
    /// - Returns: The placemarks, best first.
    /// - Throws: A ``CLError``: `geocodeFoundNoResult`, `network`, or `geocodeCanceled` if cancelled.
    open func geocodeAddressString(_ addressString: String) async throws -> [CLPlacemark] {
        try await placemarks { try $0.geocode(addressString, locale: nil) }
    }

    /// Cancels the pending request, whose completion handler then runs with `CLError(.geocodeCanceled)`;
    /// does nothing when no request is pending.
    open func cancelGeocode() {
        guard let pending = state.withLock({ $0.pending.take() }) else { return }
        pending.target.perform { pending.handler(nil, CLError(.geocodeCanceled)) }
    }

    /// Runs a request through the completion-handler path, resuming on a global queue; task cancellation
    /// cancels the request.
    private func placemarks(
        _ lookUp: @escaping LookUp
    ) async throws -> [CLPlacemark] {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                submit(
                    { placemarks, error in
                        if let error {
                            continuation.resume(throwing: error)
                        } else {
                            continuation.resume(returning: placemarks ?? [])
                        }
                    }, on: .queue(.global()), lookUp)
            }
        } onCancel: {
            cancelGeocode()
        }
    }

    /// Makes `handler` the pending request, cancelling an earlier one, asks the service on a global queue and
    /// queues the answer on `target` unless the request was cancelled meanwhile.
    private func submit(
        _ handler: @escaping Handler, on target: CallbackTarget, _ lookUp: @escaping LookUp
    ) {
        cancelGeocode()
        let id = state.withLock { state in
            state.nextID += 1
            state.pending = Pending(id: state.nextID, handler: handler, target: target)
            return state.nextID
        }
        let answer: @Sendable () -> Result<[CLPlacemark], CLError> = { [choice, setting] in
            switch choice {
            case .service(let service):
                do {
                    return .success(try lookUp(service))
                } catch let error as CLError {
                    return .failure(error)
                } catch {
                    return .failure(CLError(.network))
                }
            case .none:
                Diagnostics.hint(
                    "no-geocoder",
                    "no geocoding service is configured, so CLGeocoder finds no result; set CORELOCATION_GEOCODER "
                        + "to https://HOST for a Nominatim server or geonames:/path/cities500.txt for offline places")
                return .failure(CLError(.geocodeFoundNoResult))
            case .invalid(let reason):
                Diagnostics.hint("bad-geocoder", "CORELOCATION_GEOCODER=\(setting) \(reason)")
                return .failure(CLError(.network))
            }
        }
        DispatchQueue.global().async {
            let result = answer()
            target.perform {
                let current = self.state.withLock { state -> Pending? in
                    guard state.pending?.id == id else { return nil }
                    return state.pending.take()
                }
                switch result {
                case .success(let placemarks): current?.handler(placemarks, nil)
                case .failure(let error): current?.handler(nil, error)
                }
            }
        }
    }
}
