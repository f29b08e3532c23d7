import Dispatch
import GPX
import LocationSupport

/// Records the fixes a location manager delivers as a GPX 1.1 track.
///
/// **Linux only.**
///
/// The recorder is a client like any other: it owns a ``CLLocationManager`` (with the provider and
/// authorization of the configuration given) whose delegate callbacks run on a private serial queue, and
/// appends every delivered fix to a `GPXTrackWriter` file. The file is created with mode 0600 (owner only)
/// and is complete, valid GPX after every fix, so a crash or kill loses at most the fix being written; after
/// a power loss, `GPXTrackWriter.repair(at:)` restores it. A loss of fix (`CLError(.locationUnknown)`) or a
/// ``stop()`` followed by ``start()`` begins a new track segment.
///
/// Each fix is written as described by `GPXPoint`: position and time; `<ele>` only when the vertical accuracy
/// is valid; speed and course only when valid (≥ 0); the accuracies as `lcl:hacc` and `lcl:vacc`. A fix GPX
/// cannot hold (a time outside the years 0000 to 9999, a value that is not finite) is skipped and counted. When
/// the file cannot be written (a full disk), the recording stops: the file keeps every fix written before, as
/// complete GPX, ``error`` says why, and `writeDidFail` is called.
///
/// Thread-safe: every method may be called from any thread; the counters are read under a lock.
public final class GPXRecorder: Sendable {
    private struct State {
        var fixCount = 0
        var distance: CLLocationDistance = 0
        var last: CLLocation?
        var latest: CLLocation?
        var failedWrites = 0
        var error: (any Error)?
        var isRecording = false
        var isFinished = false
    }

    /// The file being written.
    public let url: URL
    private let writer: GPXTrackWriter
    private let queue = DispatchQueue(label: "LinuxCoreLocation.GPXRecorder")
    private let subscriber: Subscriber
    private let state = Locked(State())
    private let writeDidFail: (@Sendable (GPXRecorder) -> Void)?

    /// Creates the track file and a manager to record from; recording begins with ``start()``.
    ///
    /// - Parameters:
    ///   - url: The file to create; it must not exist unless `options.replacesExistingFile` is set.
    ///   - options: Track name, creator, metadata time and durability (`synchronizesEachAppend`).
    ///   - configuration: The provider and authorization of the recording manager; its callback queue is
    ///     replaced by the recorder's own.
    ///   - providerDidFinish: Called on the recorder's queue when the provider has no more fixes (the end of a
    ///     replay), after every fix before it was written. It must not call ``start()``, ``stop()`` or
    ///     ``finish()``, which wait for that queue; hand over to another thread instead.
    ///   - writeDidFail: Called once on the recorder's queue when the file could not be written (a full disk):
    ///     the recording has stopped, ``error`` says why and ``fixCount`` is what the file holds. Same rules as
    ///     `providerDidFinish`.
    /// - Throws: `GPXDiagnostic` of kind `io` when the file cannot be created (no file is left behind then).
    public init(
        url: URL, options: GPXTrackWriterOptions = GPXTrackWriterOptions(),
        configuration: LocationManagerConfiguration = LocationManagerConfiguration(),
        providerDidFinish: (@Sendable (GPXRecorder) -> Void)? = nil,
        writeDidFail: (@Sendable (GPXRecorder) -> Void)? = nil
    ) throws {
        self.url = url
        self.writeDidFail = writeDidFail
        writer = try GPXTrackWriter(url: url, options: options)
        var configuration = configuration
        configuration.callbackQueue = queue
        subscriber = Subscriber(manager: CLLocationManager(configuration: configuration), didFinish: providerDidFinish)
        subscriber.recorder = self
        subscriber.manager.delegate = subscriber
        subscriber.manager.pausesLocationUpdatesAutomatically = false  // a recording keeps every fix
    }

    /// The number of fixes written so far.
    public var fixCount: Int { state.withLock { $0.fixCount } }

    /// The distance travelled in metres: the sum of the geodesic distances between consecutive fixes of each
    /// track segment (a jump across a new segment is not counted, as GPX tools measure tracks).
    public var distance: CLLocationDistance { state.withLock { $0.distance } }

    /// The last fix written, or `nil` before the first; for a live status display.
    public var lastLocation: CLLocation? { state.withLock { $0.latest } }

    /// The number of fixes that could not be written: those GPX cannot hold, and the one whose write failed.
    public var failedWriteCount: Int { state.withLock { $0.failedWrites } }

    /// The first error that ended the recording or keeps it from fixes: the file could not be written (a
    /// `GPXDiagnostic` of kind `io`), or the manager's failure other than a loss of fix (for example
    /// `CLError(.denied)`, or `CLError(.network)` for a provider that failed).
    public var error: (any Error)? { state.withLock { $0.error } }

    /// Starts recording: asks for when-in-use authorization if not yet determined and starts location
    /// updates.
    ///
    /// After a ``stop()`` the next fix begins a new track segment. Does nothing once finished.
    public func start() {
        queue.sync {
            guard state.withLock({ !$0.isFinished && !$0.isRecording }) else { return }
            state.withLock { $0.isRecording = true }
            breakSegment()
            let manager = subscriber.manager
            if manager.authorizationStatus == .notDetermined { manager.requestWhenInUseAuthorization() }
            manager.startUpdatingLocation()
        }
    }

    /// Stops recording; no fix is written after it returns.
    ///
    /// The file stays open for a later ``start()``.
    public func stop() {
        queue.sync {
            subscriber.manager.stopUpdatingLocation()
            state.withLock { $0.isRecording = false }
        }
    }

    /// Stops recording and closes the file, flushed to disk.
    ///
    /// Later calls to ``start()`` do nothing.
    ///
    /// - Throws: `GPXDiagnostic` of kind `io` when the file cannot be flushed or closed.
    public func finish() throws {
        stop()
        state.withLock { $0.isFinished = true }
        try writer.close()
    }

    /// Waits until every callback queued for the recorder so far has run (for tests on a manual clock).
    func flush() {
        queue.sync {}
    }

    /// Appends fixes; on the recorder's queue.
    fileprivate func record(_ locations: [CLLocation]) {
        guard state.withLock({ $0.isRecording }) else { return }
        for location in locations {
            do {
                try writer.append(GPXPoint(location))
                state.withLock { state in
                    state.fixCount += 1
                    if let last = state.last { state.distance += location.distance(from: last) }
                    state.last = location
                    state.latest = location
                }
            } catch let failure as GPXDiagnostic where failure.kind == .io {
                // The writer put the file back as it was: complete, with every fix before this one.
                state.withLock { state in
                    state.failedWrites += 1
                    state.isRecording = false
                    if state.error == nil { state.error = failure }
                }
                subscriber.manager.stopUpdatingLocation()
                writeDidFail?(self)
                return
            } catch {
                let isFirst = state.withLock { state in
                    state.failedWrites += 1
                    return state.failedWrites == 1
                }
                if isFirst { Diagnostics.warn("GPXRecorder: skipped a fix GPX cannot hold: \(error)") }
            }
        }
    }

    /// Handles a manager error; on the recorder's queue.
    fileprivate func fail(_ error: any Error) {
        if (error as? CLError)?.code == .locationUnknown {
            breakSegment()
        } else {
            state.withLock { if $0.error == nil { $0.error = error } }
        }
    }

    /// Ends the current segment; the next fix starts a new one and is not measured from the last.
    private func breakSegment() {
        state.withLock { $0.last = nil }
        do {
            try writer.startSegment()
        } catch {
            state.withLock { if $0.error == nil { $0.error = error } }
        }
    }
}

/// The recorder's delegate: forwards callbacks (on the recorder's queue) without exposing delegate methods on
/// ``GPXRecorder``.
///
/// Only the recorder's queue touches `manager` after initialisation.
private final class Subscriber: NSObject, LinuxLocationManagerDelegate, @unchecked Sendable {
    let manager: CLLocationManager
    weak var recorder: GPXRecorder?
    let didFinish: (@Sendable (GPXRecorder) -> Void)?

    init(manager: CLLocationManager, didFinish: (@Sendable (GPXRecorder) -> Void)?) {
        self.manager = manager
        self.didFinish = didFinish
    }

    func locationManager(_ manager: CLLocationManager, didUpdateLocations locations: [CLLocation]) {
        recorder?.record(locations)
    }

    func locationManager(_ manager: CLLocationManager, didFailWithError error: any Error) {
        recorder?.fail(error)
    }

    func locationManagerProviderDidFinish(_ manager: CLLocationManager) {
        if let recorder { didFinish?(recorder) }
    }
}
