import Foundation
import Testing

@testable import LinuxCoreLocation

/// What completion handlers received.
final class Answers: @unchecked Sendable {
    private let lock = NSLock()
    private let arrived = DispatchSemaphore(value: 0)
    private var codes: [CLError.Code?] = []
    private var onThread: [Bool] = []
    private(set) var placemarks: [[CLPlacemark]] = []
    func record(_ placemarks: [CLPlacemark]?, _ error: (any Error)?, thread: Thread?) {
        lock.withLock {
            codes.append(placemarks == nil ? (error as? CLError)?.code : nil)
            onThread.append(Thread.current === thread)
            if let placemarks { self.placemarks.append(placemarks) }
        }
        arrived.signal()
    }
    /// Waits until `count` answers arrived in all, for at most 10 seconds each; the answers are computed on a
    /// global queue, so the requesting thread's run loop alone does not tell when they come.
    func wait(for count: Int) {
        while lock.withLock({ codes.count }) < count {
            guard arrived.wait(timeout: .now() + 10) == .success else { return }
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
        let geocoder = CLGeocoder(service: nil)
        let wasGeocoding = thread.sync {
            geocoder.reverseGeocodeLocation(CLLocation(latitude: 1, longitude: 2)) {
                answers.record($0, $1, thread: thread.thread)
            }
            return geocoder.isGeocoding
        }
        answers.wait(for: 1)
        #expect(wasGeocoding && !geocoder.isGeocoding)
        thread.sync {
            geocoder.geocodeAddressString("1 Infinite Loop") { answers.record($0, $1, thread: thread.thread) }
        }
        answers.wait(for: 2)
        #expect(answers.recorded == [.geocodeFoundNoResult, .geocodeFoundNoResult])
        #expect(answers.allOnThread)
    }

    @Test func cancelAndNewRequestsCancelThePendingOne() {
        let thread = CallbackThread()
        defer { thread.stop() }
        let answers = Answers()
        let geocoder = CLGeocoder(service: nil)
        thread.sync {
            geocoder.geocodeAddressString("a") { answers.record($0, $1, thread: thread.thread) }
            geocoder.cancelGeocode()
            geocoder.geocodeAddressString("b") { answers.record($0, $1, thread: thread.thread) }
            geocoder.geocodeAddressString("c") { answers.record($0, $1, thread: thread.thread) }
            geocoder.cancelGeocode()  // nothing pending after this
            geocoder.cancelGeocode()
        }
        answers.wait(for: 3)
        #expect(answers.recorded == [.geocodeCanceled, .geocodeCanceled, .geocodeCanceled])
        #expect(!geocoder.isGeocoding)
    }

    @Test func asyncVariantsThrowNoResult() async {
        let geocoder = CLGeocoder(service: nil)
        await #expect(throws: CLError(.geocodeFoundNoResult)) {
            try await geocoder.reverseGeocodeLocation(CLLocation(latitude: 1, longitude: 2))
        }
        await #expect(throws: CLError(.geocodeFoundNoResult)) {
            try await geocoder.geocodeAddressString("Champ de Mars, Paris")
        }
        #expect(!geocoder.isGeocoding)
    }
}
