// fuzz-max-len: 32768
// fuzz-uses: LocationSupport
//
// libFuzzer entry for the GPX reader. Built by Scripts/fuzz.sh together with Sources/GPX into one module,
// so it calls the module's public API without an import.
//
// Per input it checks what the module promises:
// - no crash, trap or sanitizer report on any bytes, in strict and in lenient mode; every failure is a
//   thrown `GPXDiagnostic`;
// - every point delivered is in its documented range (latitude −90...90, longitude −180...180,
//   speed ≥ 0, course 0..<360, DOPs, satellites and accuracies ≥ 0, finite numbers);
// - the summary's counts match the points delivered, and at most `maximumKeptDiagnostics` are kept;
// - a document strict mode accepts reads the same in lenient mode (lenient only differs on invalid values; inputs
//   of even length);
// - an error thrown by the event callback stops the read and comes back unchanged (inputs of length 1 modulo 4).
import Foundation

/// The error the callback throws to stop a read early.
private struct StopReading: Error {}

/// Stops the fuzzer with a message when a documented promise is broken.
private func require(_ condition: Bool, _ message: @autoclosure () -> String) {
    if !condition { fatalError("GPX fuzz invariant broken: \(message())") }
}

private func requireInRange<Bounds: RangeExpression<Double>>(_ value: Double?, _ range: Bounds, _ name: String) {
    guard let value else { return }
    require(value.isFinite && range.contains(value), "\(name) \(value) outside \(range)")
}

private func checkPoint(_ point: GPXPoint) {
    requireInRange(point.latitude, -90...90, "latitude")
    requireInRange(point.longitude, -180...180, "longitude")
    requireInRange(point.speed, 0..., "speed")
    requireInRange(point.course, 0..<360, "course")
    for (name, value) in [
        ("HDOP", point.hdop), ("VDOP", point.vdop), ("PDOP", point.pdop),
        ("horizontal accuracy", point.horizontalAccuracy),
        ("vertical accuracy", point.verticalAccuracy),
    ] {
        requireInRange(value, 0..., name)
    }
    require(point.elevation?.isFinite ?? true, "elevation \(String(describing: point.elevation)) is not finite")
    require((point.satellites ?? 0) >= 0, "satellites \(String(describing: point.satellites))")
}

/// Checks one whole document read.
private func checkDocument(_ document: GPXDocument) {
    let summary = document.summary
    let routePoints = document.routes.map(\.points.count).reduce(0, +)
    let trackPoints = document.tracks.flatMap(\.segments).map(\.points.count).reduce(0, +)
    require(summary.waypoints == document.waypoints.count, "waypoint count \(summary.waypoints)")
    require(summary.routePoints == routePoints, "route point count \(summary.routePoints), delivered \(routePoints)")
    require(summary.trackPoints == trackPoints, "track point count \(summary.trackPoints), delivered \(trackPoints)")
    require(summary.diagnostics.count <= GPXReadSummary.maximumKeptDiagnostics, "too many diagnostics kept")
    require(summary.diagnosticCount >= summary.diagnostics.count, "diagnostic count below kept diagnostics")
    document.waypoints.forEach(checkPoint)
    document.routes.flatMap(\.points).forEach(checkPoint)
    document.tracks.flatMap(\.segments).flatMap(\.points).forEach(checkPoint)
}

/// Reads the document; nil when the reader threw a diagnostic (any other error is a broken promise).
private func read(_ data: Data, mode: GPXReader.Mode) -> GPXDocument? {
    do {
        let document = try GPXReader(mode: mode).readDocument(data: data, sourceName: "fuzz.gpx")
        checkDocument(document)
        return document
    } catch is GPXDiagnostic {
        return nil
    } catch {
        require(false, "readDocument threw \(error), not a GPXDiagnostic")
        return nil
    }
}

/// The libFuzzer callback: one input, any bytes.
@_cdecl("LLVMFuzzerTestOneInput")
public func fuzzerTestOneInput(_ data: UnsafePointer<UInt8>, _ size: Int) -> CInt {
    let bytes = Data(bytes: data, count: size)
    // Each input is read in lenient mode, then at most once more, as its length says (mutations change lengths all
    // the time), so that the target keeps above 5,000 executions a second: in strict mode for even lengths (only
    // when lenient mode accepted the document: strict mode refuses everything lenient mode refuses), with a callback
    // that throws for lengths of 1 modulo 4.
    let lenient = read(bytes, mode: .lenient)
    if size % 2 == 0 {
        if let lenient, let strict = read(bytes, mode: .strict) {
            require(lenient == strict, "lenient mode read a document strict mode accepted differently")
        }
        return 0
    }
    guard size % 4 == 1 else { return 0 }

    // Stop after a few events (how many derives from the input) and expect the callback's error back.
    let stopAfter = size / 4 % 5
    var delivered = 0
    do {
        try GPXReader(mode: .lenient).read(data: bytes) { _ in
            delivered += 1
            if delivered > stopAfter { throw StopReading() }
        }
        require(delivered <= stopAfter, "read went on after the callback threw")
    } catch is StopReading {
        require(delivered == stopAfter + 1, "events delivered after the callback threw")
    } catch {
        require(error is GPXDiagnostic, "read threw \(error), not a GPXDiagnostic")
    }
    return 0
}
