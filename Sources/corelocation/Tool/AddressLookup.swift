import Foundation
import LinuxCoreLocation
import LocationSupport

/// The address of a fix, for `%address` and CoreLocationCLI's JSON object: from `CLGeocoder` when
/// `CORELOCATION_GEOCODER` names a geocoding service, else none, with a one-time note on standard error.
///
/// A lookup blocks the calling thread (the main thread, where fixes are written, so their order is kept) for at
/// most ``timeout`` seconds; the geocoder answers on a global queue. A lookup that fails or finds nothing gives no
/// address, and the first such failure is noted on standard error. Isolated to the main actor, as the
/// ``EventWriter`` that owns it.
@MainActor final class AddressLookup {
    /// The longest wait for one address, in seconds.
    nonisolated static let timeout: TimeInterval = 10

    private let geocoder: CLGeocoder?
    private var noted = false

    /// A lookup through the service named by `service` (`CORELOCATION_GEOCODER`'s value), or none when it is
    /// `nil` or empty.
    init(service: String? = ProcessInfo.processInfo.environment["CORELOCATION_GEOCODER"]) {
        geocoder = (service?.isEmpty ?? true) ? nil : CLGeocoder(service: service)
    }

    /// Ends the command at its start when `format` shows addresses and `service` (`CORELOCATION_GEOCODER`'s value)
    /// names a service that cannot be used: a misconfiguration is an error, not a run with empty addresses.
    ///
    /// A GeoNames file that cannot be read ends it with ``ExitStatus/noInput``, as a provider's missing file does, and
    /// one that is no GeoNames file (empty, another format) with ``ExitStatus/invalidInput``, as a replay's does; no
    /// service (unset or empty) is not an error: the addresses are empty and the first fix's note says how to name
    /// one.
    ///
    /// - Throws: ``Arguments/UsageError`` for a malformed value (status 64).
    nonisolated static func requireUsableService(
        for format: OutputFormat, service: String? = ProcessInfo.processInfo.environment["CORELOCATION_GEOCODER"]
    ) throws {
        switch format {
        case .coreLocationCLI: break
        case .template(let template) where template.needsPlacemark: break
        default: return
        }
        guard let problem = CLGeocoder.configurationProblem(forService: service) else { return }
        switch problem.kind {
        case .malformedValue: throw Arguments.UsageError(description: problem.description)
        case .unreadableFile: Terminal.exit(.noInput, problem.description)
        case .invalidFile: Terminal.exit(.invalidInput, problem.description)
        }
    }

    /// The nearest placemark of `location`, or `nil` when there is no service or it found none in time.
    func placemark(for location: CLLocation) -> CLPlacemark? {
        guard let geocoder else {
            note(
                "no address (%address is empty): no geocoding service is configured; set CORELOCATION_GEOCODER to "
                    + "https://HOST (a Nominatim server) or geonames:/path/cities500.txt (offline)")
            return nil
        }
        let answer = Locked<Result<CLPlacemark?, any Error>?>(nil)
        let done = DispatchSemaphore(value: 0)
        // Detached: a task made here would run on the main actor, which waits for it below.
        Task.detached {
            let result: Result<CLPlacemark?, any Error>
            do {
                result = .success(try await geocoder.reverseGeocodeLocation(location).first)
            } catch {
                result = .failure(error)
            }
            answer.withLock { $0 = result }
            done.signal()
        }
        guard done.wait(timeout: .now() + Self.timeout) == .success else {
            geocoder.cancelGeocode()
            note("no address: the geocoding service did not answer within \(Int(Self.timeout)) s")
            return nil
        }
        switch answer.withLock({ $0 }) {
        case .success(let placemark?): return placemark
        case .success(nil): return nil
        case .failure(let error): note("no address: \(error)")
        case nil: break
        }
        return nil
    }

    /// One line of a placemark: number and street, postal code and town, region, country, the parts it has
    /// joined by `, ` (its name when it has none of them); empty without a placemark.
    nonisolated static func address(of placemark: CLPlacemark?) -> String {
        guard let placemark else { return "" }
        func joined(_ parts: [String?]) -> String {
            parts.compactMap { $0?.isEmpty == false ? $0 : nil }.joined(separator: " ")
        }
        let region = placemark.administrativeArea == placemark.locality ? nil : placemark.administrativeArea
        let lines = [
            joined([placemark.subThoroughfare, placemark.thoroughfare]),
            joined([placemark.postalCode, placemark.locality]), region ?? "", placemark.country ?? "",
        ].filter { !$0.isEmpty }
        return lines.isEmpty ? placemark.name ?? "" : lines.joined(separator: ", ")
    }

    private func note(_ message: String) {
        guard !noted else { return }
        noted = true
        Terminal.note(message)
    }
}
