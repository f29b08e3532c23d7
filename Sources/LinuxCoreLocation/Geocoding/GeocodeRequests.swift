import Dispatch
import Foundation
import LocationSupport

/// The requests of one ``CLGeocoder``: at most one pending, asked of the configured service on a global queue,
/// answered on the requester's callback thread unless cancelled meanwhile.
final class GeocodeRequests: Sendable {
    typealias Handler = @Sendable ([CLPlacemark]?, (any Error)?) -> Void

    private struct Pending: Sendable {
        let id: Int
        let handler: Handler
        let target: CallbackMailbox
        /// Set when the request is cancelled, so that the service's work gives up.
        let cancellation: GeocodeCancellation
    }

    private let choice: GeocodingServices.Choice
    private let setting: String
    private let state = Locked<(nextID: Int, pending: Pending?)>((0, nil))

    /// Requests to the service named by `setting`, in the form of `CORELOCATION_GEOCODER`.
    init(setting: String?) {
        choice = GeocodingServices.choice(for: setting)
        self.setting = setting ?? ""
    }

    /// Whether a request waits for its handler to run.
    var isPending: Bool { state.withLock { $0.pending != nil } }

    /// Ends the pending request with `CLError(.geocodeCanceled)`, and tells the service's work to give up; does nothing
    /// when none is pending.
    func cancel() {
        guard let pending = state.withLock({ $0.pending.take() }) else { return }
        pending.cancellation.cancel()
        pending.target.perform { pending.handler(nil, CLError(.geocodeCanceled)) }
    }

    /// Makes `handler` the pending request (cancelling an earlier one), asks the service on a global queue and
    /// queues the answer on `target` unless the request was cancelled meanwhile.
    func submit(_ query: GeocodeQuery, on target: CallbackMailbox, _ handler: @escaping Handler) {
        cancel()
        let cancellation = GeocodeCancellation()
        let id = state.withLock { state in
            state.nextID += 1
            state.pending = Pending(id: state.nextID, handler: handler, target: target, cancellation: cancellation)
            return state.nextID
        }
        DispatchQueue.global().async {
            let result = self.answer(query, cancellation: cancellation)
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

    /// The serial queue that resumes the tasks awaiting ``placemarks(_:)``: a mailbox serves one thread or serial
    /// queue at a time, never a concurrent queue.
    private static let answers = DispatchQueue(label: "LinuxCoreLocation.GeocodeRequests.answers")

    /// Runs `query` through ``submit(_:on:_:)``, resuming on a serial queue of the geocoders; task cancellation
    /// cancels it.
    func placemarks(_ query: GeocodeQuery) async throws -> [CLPlacemark] {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                submit(query, on: .for(Self.answers)) { placemarks, error in
                    if let error {
                        continuation.resume(throwing: error)
                    } else {
                        continuation.resume(returning: placemarks ?? [])
                    }
                }
            }
        } onCancel: {
            cancel()
        }
    }

    /// The service's answer, or the error of a missing or malformed setting.
    private func answer(_ query: GeocodeQuery, cancellation: GeocodeCancellation) -> Result<[CLPlacemark], CLError> {
        switch choice {
        case .service(let service):
            return Result { () throws(CLError) in try query.answer(from: service, cancellation: cancellation) }
        case .none:
            Diagnostics.hint(
                "no-geocoder",
                "no geocoding service is configured, so CLGeocoder finds no result; set CORELOCATION_GEOCODER "
                    + "to https://HOST for a Nominatim server or geonames:/path/cities500.txt for offline places")
            return .failure(CLError(.geocodeFoundNoResult))
        case .invalid(let reason):
            Diagnostics.hint("bad-geocoder", "CORELOCATION_GEOCODER=\(setting) \(reason)")
            let why = "the geocoding service is misconfigured: CORELOCATION_GEOCODER=\(setting) \(reason)"
            return .failure(CLError(.network, userInfo: [NSLocalizedFailureReasonErrorKey: why]))
        }
    }
}
