import Foundation
import GPX
import Testing

@testable import LinuxCoreLocation

/// A replay of `data` at factor 1 on a manual clock, advanced by a minute; its log.
private func play(_ data: Data) throws -> GPXFixLog {
    let clock = ManualClock()
    let provider = try GPXReplay.provider(data: data, name: "bad.gpx", clock: clock)
    let log = GPXFixLog()
    provider.start(log.handler)
    clock.advance(by: 60)
    provider.stop()
    return log
}

private let externalEntity = Data(
    """
    <?xml version="1.0"?>
    <!DOCTYPE gpx [<!ENTITY xxe SYSTEM "file:///etc/passwd">]>
    <gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1">
    <wpt lat="1" lon="2"><name>&xxe;</name></wpt></gpx>
    """.utf8)

@Suite struct GPXReplayFailureTests {
    @Test func aDocumentWithADTDFailsWithTheReadersDiagnostic() throws {
        let log = try play(externalEntity)
        #expect(log.events == ["failed(network)"])
        #expect(log.locations.isEmpty)

        let source = GPXReplaySource(input: .data(externalEntity, name: "xxe.gpx"), defaultSpeed: 1.4)
        let error = try #require(throws: ReplayInputError.self) { try source.next() }
        #expect(error.line == 2)
        #expect(
            error.description.hasPrefix(
                "xxe.gpx:2: error: document type declarations (<!DOCTYPE, <!ENTITY) are refused"))
    }

    /// Every point before the error is replayed, the last one too: the planner holds a point back until the next
    /// is read (its leg gives the speed and course), and a document broken or cut short after it (a logger that lost
    /// power) lost that point's fix.
    @Test func malformedXMLFailsAfterEveryPointBeforeIt() throws {
        let body =
            "<trk><trkseg>\(gpxPoint(0, 0, at: 0))\(gpxPoint(0, 0.001, at: 2))\(gpxPoint(0, 0.002, at: 4))<trkpt></trkseg>"
        let log = try play(
            Data(String(decoding: gpxDocument(body), as: UTF8.self).replacingOccurrences(of: "</gpx>", with: "").utf8))
        #expect(log.events == ["failed(network)"])
        // 0, 2 and 4 s, and the fixes interpolated at 1 and 3 s.
        let first = try #require(log.locations.first)
        #expect(log.locations.map { $0.timestamp.timeIntervalSince(first.timestamp) } == [0, 1, 2, 3, 4])
        let last = try #require(log.locations.last)
        #expect(last.coordinate.longitude == 0.002)
        // It keeps the motion it arrived with, as the last point of a segment does.
        #expect(abs(last.speed - equatorialArc(0.001) / 2) < 1e-6)
        #expect(last.course == 90)
    }

    /// A document that ends in the middle of its track: every point is replayed, then the replay fails.
    @Test func aDocumentCutShortReplaysEveryPointThenFails() throws {
        let body = "<trk><trkseg>\(gpxPoint(0, 0, at: 0))\(gpxPoint(0, 0.001, at: 1))\(gpxPoint(0, 0.002, at: 2))"
        let document = Data(
            String(decoding: gpxDocument(body), as: UTF8.self).replacingOccurrences(of: "</gpx>", with: "").utf8)
        let log = try play(document)
        #expect(log.events == ["failed(network)"])
        #expect(log.locations.map(\.coordinate.longitude) == [0, 0.001, 0.002])

        let source = GPXReplaySource(input: .data(document, name: "cut.gpx"), defaultSpeed: 1.4)
        var items = 0
        let error = try #require(throws: ReplayInputError.self) {
            while try source.next() != nil { items += 1 }
        }
        #expect(items == 3)
        #expect(error.description.hasPrefix("cut.gpx:"), "\(error)")
    }

    /// A trial of the tool: a cut document whose first read looks to its end (no timed track point: waypoints,
    /// routes, untimed tracks) replayed nothing; its points before the cut are replayed, then it fails.
    @Test(arguments: [
        "\(gpxPoint(0, 0, at: 0, element: "wpt"))\(gpxPoint(0, 0.001, at: 1, element: "wpt"))<wpt lat=",
        "<rte>\(gpxPoint(0, 0, at: 0, element: "rtept"))\(gpxPoint(0, 0.001, at: 1, element: "rtept"))<rtept",
        // Untimed, 11 m apart: 8 s at the default 1.4 m/s, within the replay's minute.
        "<trk><trkseg>\(gpxPoint(0, 0))\(gpxPoint(0, 0.0001))<trkpt lat=",
    ])
    func aCutDocumentWithoutTimedTrackPointsReplaysItsPointsThenFails(_ body: String) throws {
        let document = Data(
            String(decoding: gpxDocument(body), as: UTF8.self).replacingOccurrences(of: "</gpx>", with: "").utf8)
        let log = try play(document)
        #expect(log.events == ["failed(network)"])
        #expect(log.locations.first?.coordinate.longitude == 0)
        #expect([0.001, 0.0001].contains(log.locations.last?.coordinate.longitude ?? 0))  // the last point's
        let source = GPXReplaySource(input: .data(document, name: "cut.gpx"), defaultSpeed: 1.4)
        let error = try #require(throws: ReplayInputError.self) {
            while try source.next() != nil {}
        }
        #expect(error.description.contains("not well-formed"), "\(error)")
    }

    @Test func aDocumentWithoutPointsFails() throws {
        let log = try play(gpxDocument("<trk><trkseg></trkseg></trk>"))
        #expect(log.events == ["failed(network)"])
        let source = GPXReplaySource(input: .data(gpxDocument(""), name: "empty.gpx"), defaultSpeed: 1.4)
        let error = try #require(throws: ReplayInputError.self) { try source.next() }
        #expect(error.description == "empty.gpx: error: no track points, route points or waypoints to replay")
    }

    @Test func aMissingFileIsUnavailableAndFails() throws {
        let clock = ManualClock()
        let provider = try GPXReplay.provider(
            contentsOf: URL(fileURLWithPath: "/nonexistent/route.gpx"), clock: clock)
        #expect(!provider.isAvailable)
        #expect(provider.identifier == "gpx:/nonexistent/route.gpx")
        let log = GPXFixLog()
        provider.start(log.handler)
        clock.advance(by: 1)
        provider.stop()
        #expect(log.events == ["failed(network)"])
    }

    @Test func invalidPointsAreSkippedAndTheRestReplayed() throws {
        let body =
            "<trk><trkseg>\(gpxPoint(0, 0, at: 0))<trkpt lat=\"95\" lon=\"0\"/>\(gpxPoint(0, 0.001, at: 2))</trkseg></trk>"
        let log = try play(gpxDocument(body))
        #expect(log.events == ["finished"])
        #expect(log.locations.count == 3)
    }

    @Test func theGPXSchemeIsRegisteredWithItsOptions() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("gpxreplay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("route.gpx")
        try gpxDocument(gpxPoint(0, 0, element: "wpt") + gpxPoint(0, 0.001, element: "wpt")).write(to: file)

        let provider = try #require(
            LocationProviders.provider(for: "gpx:\(file.path)?speed=max&loop") as? ReplayLocationProvider)
        #expect(provider.options == ReplayOptions(speed: .asFastAsPossible, loops: true))
        #expect(provider.isAvailable)
        #expect(!LocationProviders.probeURIs.contains { $0.hasPrefix("gpx:") })

        // mps=: 111.32 m at 4 m/s takes 27.83 s, on the virtual clock of speed=max.
        let fast = try LocationProviders.provider(for: "gpx:\(file.path)?speed=max&mps=4")
        let log = GPXFixLog()
        fast.start(log.handler)
        #expect(log.waitForEnd() == ["finished"])
        fast.stop()
        let fixes = log.locations
        #expect(fixes.count == 29)
        #expect(
            abs((fixes.last?.timestamp.timeIntervalSince(fixes[0].timestamp) ?? 0) - equatorialArc(0.001) / 4) < 1e-6)
    }

    @Test(arguments: [
        "gpx:", "gpx://host/route.gpx", "gpx:/r.gpx?mps=0", "gpx:/r.gpx?mps=fast",
        "gpx:/r.gpx?mps=20000", "gpx:/r.gpx?speed=fast",
    ])
    func badURIsAreRejected(_ uri: String) {
        #expect(throws: LocationProviderError.self) { try LocationProviders.provider(for: uri) }
    }

    @Test func anInvalidDefaultSpeedIsRejected() {
        #expect(throws: LocationProviderError.self) {
            try GPXReplay.provider(data: gpxDocument(""), name: "x", defaultSpeed: .nan)
        }
    }
}
