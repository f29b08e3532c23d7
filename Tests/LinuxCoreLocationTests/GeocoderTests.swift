import Foundation
import Testing

@testable import LinuxCoreLocation

/// What a completion handler received.
private final class Answers: @unchecked Sendable {
    private let lock = NSLock()
    private var codes: [CLError.Code?] = []
    private var onThread: [Bool] = []
    func record(_ placemarks: [CLPlacemark]?, _ error: (any Error)?, thread: Thread?) {
        lock.withLock {
            codes.append(placemarks == nil ? (error as? CLError)?.code : nil)
            onThread.append(Thread.current === thread)
        }
    }
    var recorded: [CLError.Code?] { lock.withLock { codes } }
    var allOnThread: Bool { lock.withLock { onThread.allSatisfy { $0 } } }
}

/// Async tests wait on sequences: a lost event must fail the test in minutes, not hang the run.
///
/// Three minutes, not one: on a two-core machine the blocking integration tests can hold both cooperative
/// threads for a minute, and an awaiting test resumes only when one is free.
@Suite(.timeLimit(.minutes(3))) struct GeocoderTests {
    @Test func completionHandlersReportNoResultOnTheCallingThread() {
        let thread = CallbackThread()
        defer { thread.stop() }
        let answers = Answers()
        let geocoder = CLGeocoder()
        let wasGeocoding = thread.sync {
            geocoder.reverseGeocodeLocation(CLLocation(latitude: 1, longitude: 2)) {
                answers.record($0, $1, thread: thread.thread)
            }
            return geocoder.isGeocoding
        }
        thread.sync {}
        #expect(wasGeocoding && !geocoder.isGeocoding)
        thread.sync {
            geocoder.geocodeAddressString("1 Infinite Loop") { answers.record($0, $1, thread: thread.thread) }
        }
        thread.sync {}
        #expect(answers.recorded == [.geocodeFoundNoResult, .geocodeFoundNoResult])
        #expect(answers.allOnThread)
    }

    @Test func cancelAndNewRequestsCancelThePendingOne() {
        let thread = CallbackThread()
        defer { thread.stop() }
        let answers = Answers()
        let geocoder = CLGeocoder()
        thread.sync {
            geocoder.geocodeAddressString("a") { answers.record($0, $1, thread: thread.thread) }
            geocoder.cancelGeocode()
            geocoder.geocodeAddressString("b") { answers.record($0, $1, thread: thread.thread) }
            geocoder.geocodeAddressString("c") { answers.record($0, $1, thread: thread.thread) }
            geocoder.cancelGeocode()  // nothing pending after this
            geocoder.cancelGeocode()
        }
        thread.sync {}
        #expect(answers.recorded == [.geocodeCanceled, .geocodeCanceled, .geocodeCanceled])
        #expect(!geocoder.isGeocoding)
    }

    @Test func asyncVariantsThrowNoResult() async {
        let geocoder = CLGeocoder()
        await #expect(throws: CLError(.geocodeFoundNoResult)) {
            try await geocoder.reverseGeocodeLocation(CLLocation(latitude: 1, longitude: 2))
        }
        await #expect(throws: CLError(.geocodeFoundNoResult)) {
            try await geocoder.geocodeAddressString("Champ de Mars, Paris")
        }
        #expect(!geocoder.isGeocoding)
    }
}
