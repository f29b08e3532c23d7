import Dispatch
import Foundation

/// What a geocoding request reports: placemarks, or an error (a ``CLError``).
///
/// Source: Apple's CoreLocation documentation (`CLGeocodeCompletionHandler`).
public typealias CLGeocodeCompletionHandler = @Sendable ([CLPlacemark]?, (any Error)?) -> Void

/// Converts between coordinates and addresses — on Apple's platforms through Apple's servers.
///
/// Linux has no geocoding service configured, so every request completes with no placemarks and
/// `CLError(.geocodeFoundNoResult)`: the error an app already handles for "this place has no address", which
/// keeps ported apps on their tested path, rather than `.network`, which would invite retries that can never
/// succeed. Completion handlers run on the main queue when the request is made on the main thread (Apple's
/// rule), otherwise on the run loop of the thread that made it; the `async` variants resume on any thread.
/// One request at a time: a new request cancels a pending one, whose handler then gets
/// `CLError(.geocodeCanceled)`. Thread-safe. Source: Apple's CoreLocation documentation (`CLGeocoder`); see
/// the "Geocoding" article.
open class CLGeocoder: NSObject, @unchecked Sendable {
    private struct Pending {
        let id: Int
        let handler: CLGeocodeCompletionHandler
        let target: CallbackTarget
    }

    private let state = Protected<(nextID: Int, pending: Pending?)>((0, nil))

    /// Creates a geocoder.
    public override init() {
        super.init()
    }

    /// Whether a request is waiting for its completion handler to run.
    open var isGeocoding: Bool { state.withLock { $0.pending != nil } }

    /// Looks up the address of `location`; on Linux completes with `CLError(.geocodeFoundNoResult)`.
    ///
    /// - Parameters:
    ///   - location: The location to describe.
    ///   - completionHandler: Called once, with `nil` placemarks and the error.
    open func reverseGeocodeLocation(_ location: CLLocation, completionHandler: @escaping CLGeocodeCompletionHandler) {
        submit(completionHandler, on: .forCurrentThread())
    }

    /// Looks up the coordinates of an address; on Linux completes with `CLError(.geocodeFoundNoResult)`.
    ///
    /// - Parameters:
    ///   - addressString: The address, in free form.
    ///   - completionHandler: Called once, with `nil` placemarks and the error.
    open func geocodeAddressString(_ addressString: String, completionHandler: @escaping CLGeocodeCompletionHandler) {
        submit(completionHandler, on: .forCurrentThread())
    }

    /// Looks up the address of `location`.
    ///
    /// - Parameter location: The location to describe.
    /// - Returns: Never on Linux.
    /// - Throws: `CLError(.geocodeFoundNoResult)`; `CLError(.geocodeCanceled)` if cancelled.
    open func reverseGeocodeLocation(_ location: CLLocation) async throws -> [CLPlacemark] {
        try await placemarks()
    }

    /// Looks up the coordinates of an address.
    ///
    /// - Parameter addressString: The address, in free form.
    /// - Returns: Never on Linux.
    /// - Throws: `CLError(.geocodeFoundNoResult)`; `CLError(.geocodeCanceled)` if cancelled.
    open func geocodeAddressString(_ addressString: String) async throws -> [CLPlacemark] {
        try await placemarks()
    }

    /// Cancels the pending request, whose completion handler then runs with `CLError(.geocodeCanceled)`;
    /// does nothing when no request is pending.
    open func cancelGeocode() {
        guard let pending = state.withLock({ $0.pending.take() }) else { return }
        pending.target.perform { pending.handler(nil, CLError(.geocodeCanceled)) }
    }

    /// Runs a request through the completion-handler path, resuming on a global queue; task cancellation
    /// cancels the request.
    private func placemarks() async throws -> [CLPlacemark] {
        try await withTaskCancellationHandler {
            try await withCheckedThrowingContinuation { continuation in
                submit(
                    { placemarks, error in
                        if let error {
                            continuation.resume(throwing: error)
                        } else {
                            continuation.resume(returning: placemarks ?? [])
                        }
                    }, on: .queue(.global()))
            }
        } onCancel: {
            cancelGeocode()
        }
    }

    /// Makes `handler` the pending request, cancelling an earlier one, and queues its answer.
    private func submit(_ handler: @escaping CLGeocodeCompletionHandler, on target: CallbackTarget) {
        cancelGeocode()
        let id = state.withLock { state in
            state.nextID += 1
            state.pending = Pending(id: state.nextID, handler: handler, target: target)
            return state.nextID
        }
        target.perform {
            let current = self.state.withLock { state -> Pending? in
                guard state.pending?.id == id else { return nil }
                return state.pending.take()
            }
            current?.handler(nil, CLError(.geocodeFoundNoResult))
        }
    }
}
