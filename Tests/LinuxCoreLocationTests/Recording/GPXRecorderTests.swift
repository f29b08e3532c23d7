import Foundation
import GPX
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

/// A fresh directory for one test's files, removed by ``remove()``.
private struct ScratchDirectory {
    let url = FileManager.default.temporaryDirectory.appendingPathComponent("gpxrecorder-\(UUID().uuidString)")
    init() throws { try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true) }
    func file(_ name: String) -> URL { url.appendingPathComponent(name) }
    func remove() { try? FileManager.default.removeItem(at: url) }
}

/// A granted authorization of the test's own, as ManagerHarness makes them, so parallel tests share no state.
private var authorized: LocationAuthorization { LocationAuthorization(status: .authorizedWhenInUse, policy: .grant) }

/// Records `provider` until it finishes, then closes the file.
private func record(_ provider: any LocationProvider, to url: URL) throws -> GPXRecorder {
    let finished = DispatchSemaphore(value: 0)
    let recorder = try GPXRecorder(
        url: url, options: GPXTrackWriterOptions(name: "Replay"),
        configuration: LocationManagerConfiguration(provider: provider, authorization: authorized),
        providerDidFinish: { _ in finished.signal() })
    recorder.start()
    #expect(finished.wait(timeout: .now() + 60) == .success)
    try recorder.finish()
    return recorder
}

/// The track points of a file, by segment.
private func segments(_ url: URL) throws -> [[GPXPoint]] {
    try GPXReader().readDocument(contentsOf: url).tracks.flatMap(\.segments).map(\.points)
}

@Suite struct GPXRecorderTests {
    @Test func aRecordedReplayReadsBackAsTheSameFixes() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let data = gpxDocument(
            """
            <trk><trkseg>\(gpxPoint(0, 0, at: 0, "<ele>10</ele><hdop>1</hdop>"))
            \(gpxPoint(0, 0.001, at: 5, "<ele>20</ele>"))\(gpxPoint(0, 0.003, at: 10, "<ele>20</ele><vdop>2.2</vdop>"))
            \(gpxPoint(0, 0.003, at: 12))</trkseg></trk>
            """)
        let expectedLog = GPXFixLog()
        let reference = try GPXReplay.provider(data: data, name: "a", options: ReplayOptions(speed: .asFastAsPossible))
        reference.start(expectedLog.handler)
        #expect(expectedLog.waitForEnd() == ["finished"])
        reference.stop()
        let expected = expectedLog.locations
        try #require(expected.count == 13)

        let replay = try GPXReplay.provider(data: data, name: "b", options: ReplayOptions(speed: .asFastAsPossible))
        let recorder = try record(replay, to: scratch.file("track.gpx"))
        #expect(recorder.fixCount == 13)
        #expect(abs(recorder.distance - equatorialArc(0.003)) < 1e-6)  // 333.96 m
        let document = try GPXReader().readDocument(contentsOf: scratch.file("track.gpx"))
        #expect(document.metadata.name == "Replay")
        let points = try #require(document.tracks.first?.segments.first?.points)
        try #require(points.count == expected.count)
        for (point, fix) in zip(points, expected) {
            #expect(abs(point.latitude - fix.coordinate.latitude) <= 5e-9)  // 8 decimals written
            #expect(abs(point.longitude - fix.coordinate.longitude) <= 5e-9)
            #expect(abs((point.time ?? .distantPast).timeIntervalSince(fix.timestamp)) <= 0.0005)  // milliseconds
            #expect(optionalValue(point.elevation, matches: fix.altitude, valid: fix.verticalAccuracy >= 0))
            #expect(optionalValue(point.speed, matches: fix.speed, valid: fix.speed >= 0))
            #expect(optionalValue(point.course, matches: fix.course, valid: fix.course >= 0))
            #expect(optionalValue(point.horizontalAccuracy, matches: fix.horizontalAccuracy, valid: true))
            #expect(
                optionalValue(point.verticalAccuracy, matches: fix.verticalAccuracy, valid: fix.verticalAccuracy >= 0))
        }
        // The last point stands still: speed 0, course unknown, so no course is written.
        #expect(points.last?.speed == 0 && points.last?.course == nil)
        #expect(points.last?.elevation == nil && points[10].verticalAccuracy == 11)
    }

    @Test(Integration.needs(.sharedData("gpx")))
    func aRealActivityRoundTrips() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        // Its own provider: LocationProviders.provider(for:) would share one with GPXReplayRealFileTests.
        let replay = try GPXReplay.provider(
            contentsOf: SharedData.directory("gpx").appendingPathComponent("garmin-activity.gpx"),
            options: ReplayOptions(speed: .asFastAsPossible))
        let recorder = try record(replay, to: scratch.file("activity.gpx"))
        let points = try segments(scratch.file("activity.gpx"))
        #expect(points.map(\.count) == [5499])
        #expect(recorder.fixCount == 5499)
        // 1 Hz from the first to the last recorded time of the activity.
        #expect(points.first?.first?.time == Date(timeIntervalSince1970: 1_501_339_595))
        #expect(points.first?.last?.time == Date(timeIntervalSince1970: 1_501_345_093))
    }

    @Test func theFileIsOwnerOnlyAndValidAfterEveryFix() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let clock = ManualClock()
        let provider = ScriptedLocationProvider(
            steps: (1...4).map { .init(at: Double($0), .locations([fix(Double($0) / 1000, time: clock.now)])) },
            clock: clock)
        let url = scratch.file("live.gpx")
        let recorder = try GPXRecorder(
            url: url, configuration: LocationManagerConfiguration(provider: provider, authorization: authorized))
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
        recorder.start()
        for written in 1...4 {
            clock.advance(by: 1)
            recorder.flush()
            #expect(try segments(url).flatMap { $0 }.count == written)  // a kill now would lose nothing
        }
        // A kill in the middle of a write leaves a partial line; repair keeps every complete fix.
        let handle = try FileHandle(forWritingTo: url)
        try handle.seekToEnd()
        try handle.write(contentsOf: Data("<trkpt lat=\"0.005\" lon=\"0\"><ti".utf8))
        try handle.close()
        #expect(throws: GPXDiagnostic.self) { try segments(url) }
        try GPXTrackWriter.repair(at: url)
        #expect(try segments(url).flatMap { $0 }.map(\.latitude) == [0.001, 0.002, 0.003, 0.004])
        try recorder.finish()
    }

    @Test func aLostFixOrAStopStartsANewSegmentAndTheJumpIsNotMeasured() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let clock = ManualClock()
        let provider = ScriptedLocationProvider(
            steps: [
                .init(at: 1, .locations([fix(0), fix(0.001)])), .init(at: 2, .fixLost),
                .init(at: 3, .locations([fix(1), fix(1.001)])), .init(at: 5, .locations([fix(1.002)])),
            ], clock: clock)
        let url = scratch.file("segments.gpx")
        let recorder = try GPXRecorder(
            url: url, configuration: LocationManagerConfiguration(provider: provider, authorization: authorized))
        recorder.start()
        clock.advance(by: 3)
        recorder.flush()
        recorder.stop()
        clock.advance(by: 3)  // the fix at 5 s comes while stopped
        recorder.start()
        clock.advance(by: 5)  // the restarted script delivers again
        recorder.flush()
        try recorder.finish()
        #expect(
            try segments(url).map { $0.map(\.latitude) } == [[0, 0.001], [1, 1.001], [0, 0.001], [1, 1.001, 1.002]])
        #expect(recorder.fixCount == 9)
        // Steps of 0.001° of latitude along the meridian; the jumps to 1° N (110 km) are not counted.
        // GeographicLib 2.1: 0→0.001: 110.574 m, 1→1.001: 110.575 m, 1.001→1.002: 110.575 m.
        let steps = [(0, 0.001), (1, 1.001), (1.001, 1.002)].map { pair in
            CLLocation(latitude: pair.1, longitude: 0).distance(from: CLLocation(latitude: pair.0, longitude: 0))
        }
        #expect(abs(recorder.distance - (2 * steps[0] + 2 * steps[1] + steps[2])) < 1e-6)
        #expect(abs(recorder.distance - 552.872_395) < 1e-5)
    }

    @Test func invalidValuesAreLeftOut() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let clock = ManualClock()
        let location = CLLocation(
            coordinate: CLLocationCoordinate2D(latitude: 1, longitude: 2), altitude: 50, horizontalAccuracy: 7,
            verticalAccuracy: -1, course: -1, courseAccuracy: -1, speed: 3, speedAccuracy: -1, timestamp: clock.now)
        let provider = ScriptedLocationProvider(steps: [.init(at: 1, .locations([location]))], clock: clock)
        let url = scratch.file("invalid.gpx")
        let recorder = try GPXRecorder(
            url: url, configuration: LocationManagerConfiguration(provider: provider, authorization: authorized))
        recorder.start()
        clock.advance(by: 1)
        try recorder.finish()
        let point = try #require(try segments(url).first?.first)
        #expect(point.elevation == nil && point.verticalAccuracy == nil && point.course == nil)
        #expect(point.speed == 3 && point.horizontalAccuracy == 7)
        #expect(point.time == clock.now.addingTimeInterval(-1))
    }

    /// Issue 16: a time GPX cannot hold (1e16 s, 2^64 − 1 s) trapped the formatter; now such a fix is skipped and
    /// counted, and the recording goes on.
    @Test func aFixGPXCannotHoldIsSkippedAndTheRecordingGoesOn() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let clock = ManualClock()
        let times = [
            clock.now, Date(timeIntervalSince1970: 1e16), Date(timeIntervalSince1970: 18_446_744_073_709_551_616),
        ]
        let provider = ScriptedLocationProvider(
            steps: [
                .init(at: 1, .locations(times.enumerated().map { fix(Double($0.offset) / 1000, time: $0.element) })),
                .init(at: 2, .locations([fix(0.003, time: clock.now.addingTimeInterval(2))])),
            ], clock: clock)
        let url = scratch.file("times.gpx")
        let recorder = try GPXRecorder(
            url: url, configuration: LocationManagerConfiguration(provider: provider, authorization: authorized))
        recorder.start()
        clock.advance(by: 2)
        recorder.flush()
        try recorder.finish()
        #expect(try segments(url).flatMap { $0 }.map(\.latitude) == [0, 0.003])
        #expect(recorder.fixCount == 2)
        #expect(recorder.failedWriteCount == 2)
        #expect(recorder.error == nil)
    }

    @Test func anExistingFileIsNeverOverwritten() throws {
        let scratch = try ScratchDirectory()
        defer { scratch.remove() }
        let url = scratch.file("existing.gpx")
        try Data("keep".utf8).write(to: url)
        #expect(throws: GPXDiagnostic.self) {
            try GPXRecorder(
                url: url,
                configuration: LocationManagerConfiguration(
                    provider: ScriptedLocationProvider(steps: [], clock: ManualClock())))
        }
        #expect(try Data(contentsOf: url) == Data("keep".utf8))
    }
}

/// Whether a value read back matches the fix's within the written precision (3 decimals), or is absent when
/// the fix's value is invalid.
private func optionalValue(_ read: Double?, matches value: Double, valid: Bool) -> Bool {
    guard valid else { return read == nil }
    return read.map { abs($0 - value) <= 0.0005 + 1e-12 } ?? false
}
