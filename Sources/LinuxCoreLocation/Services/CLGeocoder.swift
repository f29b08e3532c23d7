import Dispatch
import Foundation

/// What a geocoding request reports: placemarks, or an error (a ``CLError``).
///
/// Not `@Sendable`, as in Apple's SDK; the geocoder's methods take it as `@Sendable` and, like every method
/// Swift imports from Apple's Objective-C headers, are `@preconcurrency`: a handler that is not `Sendable`
/// (a caller's own handler passed on, a closure capturing a non-`Sendable` value) draws a warning, not an
/// error, in Swift 6 mode. Source: Apple's CoreLocation documentation (`CLGeocodeCompletionHandler`).
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
    private let requests: GeocodeRequests

    /// Creates a geocoder using the service named by `CORELOCATION_GEOCODER`.
    ///
    /// Designated, as `NSObject`'s `init()` is for Apple's class, so that test doubles can write
    /// `override init() { super.init() }`.
    public override init() {
        requests = GeocodeRequests(setting: ProcessInfo.processInfo.environment["CORELOCATION_GEOCODER"])
        super.init()
    }

    /// Creates a geocoder using the service named by `service`, in the form of `CORELOCATION_GEOCODER`.
    ///
    /// **Linux only.**
    ///
    /// - Parameter service: `https://HOST[/PATH]`, `http://…`, `geonames:PATH`, or `nil` for none.
    public init(service: String?) {
        requests = GeocodeRequests(setting: service)
        super.init()
    }

    /// Whether a request is waiting for its completion handler to run.
    open var isGeocoding: Bool { requests.isPending }

    // MARK: Completion handlers

    /// Looks up the address of `location`: placemarks nearest first.
    ///
    /// - Parameters:
    ///   - location: The location to describe.
    ///   - completionHandler: Called once, with the placemarks or `nil` and a ``CLError``.
    @preconcurrency
    open func reverseGeocodeLocation(
        _ location: CLLocation, completionHandler: @escaping @Sendable ([CLPlacemark]?, (any Error)?) -> Void
    ) {
        requests.submit(.reverse(location, locale: nil), on: CallbackMailbox.forCurrentThread(), completionHandler)
    }

    /// Looks up the address of `location` with names in `locale`'s language where the service has them.
    ///
    /// - Parameters:
    ///   - location: The location to describe.
    ///   - locale: The language of the names, or `nil` for the user's.
    ///   - completionHandler: Called once, with the placemarks or `nil` and a ``CLError``.
    @preconcurrency
    open func reverseGeocodeLocation(
        _ location: CLLocation, preferredLocale locale: Locale?,
        completionHandler: @escaping @Sendable ([CLPlacemark]?, (any Error)?) -> Void
    ) {
        requests.submit(.reverse(location, locale: locale), on: CallbackMailbox.forCurrentThread(), completionHandler)
    }

    /// Looks up the places matching an address: placemarks best first.
    ///
    /// - Parameters:
    ///   - addressString: The address, in free form.
    ///   - completionHandler: Called once, with the placemarks or `nil` and a ``CLError``.
    @preconcurrency
    open func geocodeAddressString(
        _ addressString: String, completionHandler: @escaping @Sendable ([CLPlacemark]?, (any Error)?) -> Void
    ) {
        geocodeAddressString(addressString, in: nil, preferredLocale: nil, completionHandler: completionHandler)
    }

    /// Looks up the places matching an address, those inside `region` first.
    ///
    /// - Parameters:
    ///   - addressString: The address, in free form.
    ///   - region: A hint, as on Apple's platforms: matches inside a ``CLCircularRegion`` come first, the
    ///     others follow; `nil` or another kind of region changes nothing.
    ///   - completionHandler: Called once, with the placemarks or `nil` and a ``CLError``.
    @preconcurrency
    open func geocodeAddressString(
        _ addressString: String, in region: CLRegion?,
        completionHandler: @escaping @Sendable ([CLPlacemark]?, (any Error)?) -> Void
    ) {
        geocodeAddressString(addressString, in: region, preferredLocale: nil, completionHandler: completionHandler)
    }

    /// Looks up the places matching an address, those inside `region` first, with names in `locale`'s language.
    ///
    /// - Parameters:
    ///   - addressString: The address, in free form.
    ///   - region: A hint: matches inside a ``CLCircularRegion`` come first; `nil` changes nothing.
    ///   - locale: The language of the names, or `nil` for the user's.
    ///   - completionHandler: Called once, with the placemarks or `nil` and a ``CLError``.
    @preconcurrency
    open func geocodeAddressString(
        _ addressString: String, in region: CLRegion?, preferredLocale locale: Locale?,
        completionHandler: @escaping @Sendable ([CLPlacemark]?, (any Error)?) -> Void
    ) {
        let query = GeocodeQuery.address(addressString, region: region, locale: locale)
        requests.submit(query, on: CallbackMailbox.forCurrentThread(), completionHandler)
    }

    /// Looks up the places matching a postal address: its parts joined by commas, street first.
    ///
    /// - Parameters:
    ///   - postalAddress: The address.
    ///   - completionHandler: Called once, with the placemarks or `nil` and a ``CLError``.
    @preconcurrency
    open func geocodePostalAddress(
        _ postalAddress: CNPostalAddress, completionHandler: @escaping @Sendable ([CLPlacemark]?, (any Error)?) -> Void
    ) {
        geocodePostalAddress(postalAddress, preferredLocale: nil, completionHandler: completionHandler)
    }

    /// Looks up the places matching a postal address, with names in `locale`'s language.
    ///
    /// - Parameters:
    ///   - postalAddress: The address; its parts are joined by commas, street first.
    ///   - locale: The language of the names, or `nil` for the user's.
    ///   - completionHandler: Called once, with the placemarks or `nil` and a ``CLError``.
    @preconcurrency
    open func geocodePostalAddress(
        _ postalAddress: CNPostalAddress, preferredLocale locale: Locale?,
        completionHandler: @escaping @Sendable ([CLPlacemark]?, (any Error)?) -> Void
    ) {
        let query = GeocodeQuery.address(GeocodeQuery.text(of: postalAddress), region: nil, locale: locale)
        requests.submit(query, on: CallbackMailbox.forCurrentThread(), completionHandler)
    }

    /// Looks up the places matching an Address Book dictionary (deprecated by Apple in iOS 11 in favour of
    /// ``geocodePostalAddress(_:completionHandler:)``).
    ///
    /// - Parameters:
    ///   - addressDictionary: String values under the keys `Street`, `City`, `State`, `ZIP` and `Country`,
    ///     joined by commas in that order; other keys are ignored.
    ///   - completionHandler: Called once, with the placemarks or `nil` and a ``CLError``.
    @preconcurrency
    open func geocodeAddressDictionary(
        _ addressDictionary: [AnyHashable: Any],
        completionHandler: @escaping @Sendable ([CLPlacemark]?, (any Error)?) -> Void
    ) {
        let query = GeocodeQuery.address(GeocodeQuery.text(of: addressDictionary), region: nil, locale: nil)
        requests.submit(query, on: CallbackMailbox.forCurrentThread(), completionHandler)
    }

    // MARK: Async

    /// Looks up the address of `location`.
    ///
    /// - Parameter location: The location to describe.
    /// - Returns: The placemarks, nearest first.
    /// - Throws: A ``CLError``: `geocodeFoundNoResult`, `network`, or `geocodeCanceled` if cancelled.
    open func reverseGeocodeLocation(_ location: CLLocation) async throws -> [CLPlacemark] {
        try await requests.placemarks(.reverse(location, locale: nil))
    }

    /// Looks up the address of `location` with names in `locale`'s language where the service has them.
    ///
    /// - Parameters:
    ///   - location: The location to describe.
    ///   - locale: The language of the names, or `nil` for the user's.
    /// - Returns: The placemarks, nearest first.
    /// - Throws: A ``CLError``: `geocodeFoundNoResult`, `network`, or `geocodeCanceled` if cancelled.
    open func reverseGeocodeLocation(
        _ location: CLLocation, preferredLocale locale: Locale?
    ) async throws -> [CLPlacemark] {
        try await requests.placemarks(.reverse(location, locale: locale))
    }

    /// Looks up the places matching an address.
    ///
    /// - Parameter addressString: The address, in free form.
    /// - Returns: The placemarks, best first.
    /// - Throws: A ``CLError``: `geocodeFoundNoResult`, `network`, or `geocodeCanceled` if cancelled.
    open func geocodeAddressString(_ addressString: String) async throws -> [CLPlacemark] {
        try await requests.placemarks(.address(addressString, region: nil, locale: nil))
    }

    /// Looks up the places matching an address, those inside `region` (a hint) first.
    ///
    /// - Parameters:
    ///   - addressString: The address, in free form.
    ///   - region: Matches inside a ``CLCircularRegion`` come first; `nil` changes nothing.
    /// - Returns: The placemarks, best first.
    /// - Throws: A ``CLError``: `geocodeFoundNoResult`, `network`, or `geocodeCanceled` if cancelled.
    open func geocodeAddressString(_ addressString: String, in region: CLRegion?) async throws -> [CLPlacemark] {
        try await requests.placemarks(.address(addressString, region: region, locale: nil))
    }

    /// Looks up the places matching an address, those inside `region` first, with names in `locale`'s language.
    ///
    /// - Parameters:
    ///   - addressString: The address, in free form.
    ///   - region: Matches inside a ``CLCircularRegion`` come first; `nil` changes nothing.
    ///   - locale: The language of the names, or `nil` for the user's.
    /// - Returns: The placemarks, best first.
    /// - Throws: A ``CLError``: `geocodeFoundNoResult`, `network`, or `geocodeCanceled` if cancelled.
    open func geocodeAddressString(
        _ addressString: String, in region: CLRegion?, preferredLocale locale: Locale?
    ) async throws -> [CLPlacemark] {
        try await requests.placemarks(.address(addressString, region: region, locale: locale))
    }

    /// Looks up the places matching a postal address: its parts joined by commas, street first.
    ///
    /// - Parameter postalAddress: The address.
    /// - Returns: The placemarks, best first.
    /// - Throws: A ``CLError``: `geocodeFoundNoResult`, `network`, or `geocodeCanceled` if cancelled.
    open func geocodePostalAddress(_ postalAddress: CNPostalAddress) async throws -> [CLPlacemark] {
        try await requests.placemarks(.address(GeocodeQuery.text(of: postalAddress), region: nil, locale: nil))
    }

    /// Looks up the places matching a postal address, with names in `locale`'s language.
    ///
    /// - Parameters:
    ///   - postalAddress: The address; its parts are joined by commas, street first.
    ///   - locale: The language of the names, or `nil` for the user's.
    /// - Returns: The placemarks, best first.
    /// - Throws: A ``CLError``: `geocodeFoundNoResult`, `network`, or `geocodeCanceled` if cancelled.
    open func geocodePostalAddress(
        _ postalAddress: CNPostalAddress, preferredLocale locale: Locale?
    ) async throws -> [CLPlacemark] {
        try await requests.placemarks(.address(GeocodeQuery.text(of: postalAddress), region: nil, locale: locale))
    }

    /// Looks up the places matching an Address Book dictionary (deprecated by Apple in iOS 11).
    ///
    /// - Parameter addressDictionary: String values under `Street`, `City`, `State`, `ZIP` and `Country`.
    /// - Returns: The placemarks, best first.
    /// - Throws: A ``CLError``: `geocodeFoundNoResult`, `network`, or `geocodeCanceled` if cancelled.
    open func geocodeAddressDictionary(_ addressDictionary: [AnyHashable: Any]) async throws -> [CLPlacemark] {
        try await requests.placemarks(.address(GeocodeQuery.text(of: addressDictionary), region: nil, locale: nil))
    }

    /// Cancels the pending request, whose completion handler then runs with `CLError(.geocodeCanceled)`;
    /// does nothing when no request is pending.
    open func cancelGeocode() {
        requests.cancel()
    }
}
