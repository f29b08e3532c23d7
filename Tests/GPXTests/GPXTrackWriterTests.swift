import Foundation
import GPX
import Testing

@Suite struct GPXTrackWriterTests {
    private static let start = Date(timeIntervalSince1970: 1_717_243_200.125)  // 2024-06-01T12:00:00.125Z

    private func newURL() throws -> URL {
        try GPXTestSupport.temporaryDirectory().appendingPathComponent("track.gpx")
    }

    private func samplePoint(_ index: Int) -> GPXPoint {
        GPXPoint(
            latitude: 47.123456789 + Double(index) * 1e-5, longitude: -122.987654321,
            elevation: 12.3456 + Double(index),
            time: Self.start.addingTimeInterval(Double(index) * 0.9996), speed: 1.23456, course: 359.9996,
            hdop: 0.876, vdop: 1.5, pdop: 1.75, fix: .threeDimensional, satellites: 11,
            horizontalAccuracy: 4.56789, verticalAccuracy: 3.2, name: "p\(index) <&> \"q\"")
    }

    @Test func exactTrackPointFormat() throws {
        let url = try newURL()
        let writer = try GPXTrackWriter(url: url, options: GPXTrackWriterOptions(name: "Walk", time: Self.start))
        try writer.append(samplePoint(0))
        try writer.close()
        let text = try String(contentsOf: url, encoding: .utf8)
        #expect(text.contains("<metadata><name>Walk</name><time>2024-06-01T12:00:00.125Z</time></metadata>"))
        #expect(
            text.contains(
                """
                      <trkpt lat="47.12345679" lon="-122.98765432"><ele>12.346</ele><time>2024-06-01T12:00:00.125Z</time>\
                <name>p0 &lt;&amp;&gt; &quot;q&quot;</name><fix>3d</fix><sat>11</sat><hdop>0.88</hdop><vdop>1.50</vdop>\
                <pdop>1.75</pdop><extensions><gpxtpx:TrackPointExtension><gpxtpx:speed>1.235</gpxtpx:speed>\
                <gpxtpx:course>0.000</gpxtpx:course></gpxtpx:TrackPointExtension><lcl:hacc>4.568</lcl:hacc>\
                <lcl:vacc>3.200</lcl:vacc></extensions></trkpt>
                    </trkseg>
                  </trk>
                </gpx>

                """))
    }

    @Test func roundTripWithinWrittenPrecision() throws {
        let url = try newURL()
        let writer = try GPXTrackWriter(url: url, options: GPXTrackWriterOptions(name: "Run", time: Self.start))
        let points = (0..<5).map(samplePoint)
        for point in points { try writer.append(point) }
        try writer.close()
        let document = try GPXDocument(contentsOf: url)
        #expect(
            document.metadata
                == GPXMetadata(version: "1.1", creator: "LinuxCoreLocation", name: "Run", time: Self.start))
        #expect(document.tracks.count == 1)
        #expect(document.tracks.first?.name == "Run")
        let read = try #require(document.tracks.first?.points)
        try #require(read.count == points.count)
        for (back, original) in zip(read, points) {
            #expect(abs(back.latitude - original.latitude) <= 0.5e-8)
            #expect(abs(back.longitude - original.longitude) <= 0.5e-8)
            #expect(abs(back.elevation! - original.elevation!) <= 0.5e-3)
            #expect(abs(back.time!.timeIntervalSince(original.time!)) <= 0.5e-3)
            #expect(abs(back.speed! - original.speed!) <= 0.5e-3)
            let courseError = abs(back.course! - original.course!)
            #expect(min(courseError, 360 - courseError) <= 0.5e-3, "359.9996 is written as 0.000")
            #expect(abs(back.hdop! - original.hdop!) <= 0.5e-2)
            #expect(back.vdop == original.vdop)
            #expect(back.pdop == original.pdop)
            #expect(back.fix == original.fix)
            #expect(back.satellites == original.satellites)
            #expect(abs(back.horizontalAccuracy! - original.horizontalAccuracy!) <= 0.5e-3)
            #expect(back.verticalAccuracy == original.verticalAccuracy)
            #expect(back.name == original.name)
        }
    }

    @Test func fileIsValidAfterEveryAppend() throws {
        let url = try newURL()
        let writer = try GPXTrackWriter(url: url, options: GPXTrackWriterOptions(synchronizesEachAppend: true))
        #expect(try GPXDocument(contentsOf: url).tracks.first?.points.isEmpty == true)
        for index in 0..<20 {
            if index == 10 { try writer.startSegment() }
            try writer.append(samplePoint(index))
            let document = try GPXDocument(contentsOf: url)
            let segments = try #require(document.tracks.first?.segments)
            #expect(segments.map(\.points.count) == (index < 10 ? [index + 1] : [10, index - 9]))
            let time = try #require(segments.last?.points.last?.time)
            #expect(abs(time.timeIntervalSince(samplePoint(index).time!)) < 1e-3)
        }
        #expect(writer.pointCount == 20)
        try writer.close()
        try writer.close()
    }

    @Test func startSegmentWritesNoEmptySegments() throws {
        let url = try newURL()
        let writer = try GPXTrackWriter(url: url)
        try writer.startSegment()
        try writer.append(samplePoint(0))
        try writer.startSegment()
        try writer.startSegment()
        try writer.append(samplePoint(1))
        try writer.close()
        #expect(try GPXDocument(contentsOf: url).tracks.first?.segments.map(\.points.count) == [1, 1])
    }

    @Test func ownerOnlyPermissions() throws {
        let url = try newURL()
        let writer = try GPXTrackWriter(url: url)
        try writer.close()
        let mode = try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int
        #expect(mode == 0o600)
    }

    @Test func existingFileIsKeptUnlessReplacing() throws {
        let url = try newURL()
        try Data("precious".utf8).write(to: url)
        try FileManager.default.setAttributes([.posixPermissions: 0o644], ofItemAtPath: url.path)
        #expect(GPXTestSupport.diagnostic { _ = try GPXTrackWriter(url: url) }?.kind == .io)
        #expect(try String(contentsOf: url, encoding: .utf8) == "precious")
        let writer = try GPXTrackWriter(url: url, options: GPXTrackWriterOptions(replacesExistingFile: true))
        try writer.append(samplePoint(0))
        try writer.close()
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int == 0o600)
        #expect(try GPXDocument(contentsOf: url).tracks.first?.points.count == 1)
    }

    @Test func invalidPointsAreRefusedAndLeaveTheFileUnchanged() throws {
        let url = try newURL()
        let writer = try GPXTrackWriter(url: url)
        try writer.append(samplePoint(0))
        let before = try Data(contentsOf: url)
        let bad = [
            GPXPoint(latitude: 90.5, longitude: 0), GPXPoint(latitude: 0, longitude: .nan),
            GPXPoint(latitude: 0, longitude: 0, elevation: .infinity),
        ]
        for point in bad {
            #expect(GPXTestSupport.diagnostic { try writer.append(point) }?.element == "trkpt")
        }
        #expect(try Data(contentsOf: url) == before)
        #expect(writer.pointCount == 1)
    }

    /// The longest line the writer can make beside a name: every value at the size that still writes, so that the
    /// room it sets aside for a line (issue 30) holds it.
    @Test func longestTrackPointLineIsWrittenWhole() throws {
        let big = 9_000_000_000_000.5  // 16 digits with its 3 decimals, scaled exactly below 2⁵³
        let dop = 90_000_000_000_000.25
        let point = GPXPoint(
            latitude: -89.99999999, longitude: -179.99999999, elevation: -big,
            time: Date(timeIntervalSince1970: 253_402_300_799.999), speed: big, course: big, hdop: dop, vdop: dop,
            pdop: dop, fix: .differential, satellites: Int.max, horizontalAccuracy: big, verticalAccuracy: big,
            name: String(repeating: "<&>", count: 400))
        let line = try GPXTrackText.trackPoint(point)
        let name = String(repeating: "&lt;&amp;&gt;", count: 400)
        let course = try courseText(GPXTrackText.trackPoint(GPXPoint(latitude: 0, longitude: 0, course: big)))
        #expect(
            line
                == """
                      <trkpt lat="-89.99999999" lon="-179.99999999"><ele>-9000000000000.500</ele>\
                <time>9999-12-31T23:59:59.999Z</time><name>\(name)</name><fix>dgps</fix><sat>9223372036854775807</sat>\
                <hdop>90000000000000.25</hdop><vdop>90000000000000.25</vdop><pdop>90000000000000.25</pdop><extensions>\
                <gpxtpx:TrackPointExtension><gpxtpx:speed>9000000000000.500</gpxtpx:speed>\
                <gpxtpx:course>\(course)</gpxtpx:course></gpxtpx:TrackPointExtension>\
                <lcl:hacc>9000000000000.500</lcl:hacc><lcl:vacc>9000000000000.500</lcl:vacc></extensions></trkpt>

                """)
    }

    /// The text of the course in a line that has only a course.
    private func courseText(_ text: String) throws -> String {
        let open = try #require(text.range(of: "<gpxtpx:course>"))
        let close = try #require(text.range(of: "</gpxtpx:course>"))
        return String(text[open.upperBound..<close.lowerBound])
    }

    @Test func negativeValuesMeanInvalidAndAreLeftOut() throws {
        let url = try newURL()
        let writer = try GPXTrackWriter(url: url)
        try writer.append(
            GPXPoint(
                latitude: 1, longitude: 2, elevation: -20, speed: -1, course: -1, hdop: -1,
                satellites: -1, horizontalAccuracy: -1, verticalAccuracy: -1))
        try writer.close()
        let point = try GPXDocument(contentsOf: url).tracks.first?.points.first
        #expect(point == GPXPoint(latitude: 1, longitude: 2, elevation: -20), "elevation below sea level is valid")
    }

    @Test func closedWriterRefusesAppends() throws {
        let writer = try GPXTrackWriter(url: try newURL())
        try writer.close()
        #expect(
            GPXTestSupport.diagnostic { try writer.append(samplePoint(0)) }?.description.hasSuffix(
                "error: the writer is closed") == true)
    }

    @Test func concurrentAppendsAreSerialised() async throws {
        let url = try newURL()
        let writer = try GPXTrackWriter(url: url)
        try await withThrowingTaskGroup(of: Void.self) { group in
            for index in 0..<64 {
                group.addTask { try writer.append(GPXPoint(latitude: Double(index), longitude: 0)) }
            }
            try await group.waitForAll()
        }
        try writer.close()
        let latitudes = try GPXDocument(contentsOf: url).tracks.first?.points.map(\.latitude).sorted()
        #expect(latitudes == (0..<64).map(Double.init))
    }
}

@Suite struct GPXTrackWriterRepairTests {
    private func recording(points: Int) throws -> URL {
        let url = try GPXTestSupport.temporaryDirectory().appendingPathComponent("cut.gpx")
        let writer = try GPXTrackWriter(url: url)
        for index in 0..<points {
            try writer.append(
                GPXPoint(latitude: Double(index), longitude: 1, time: Date(timeIntervalSince1970: Double(index))))
        }
        try writer.close()
        return url
    }

    /// Simulates power loss in the middle of an append: the file ends `cut` bytes into a new point
    /// line followed by `zeros` NUL bytes (delayed allocation leaves those on some filesystems).
    private func cutShort(_ url: URL, cut: Int, zeros: Int) throws {
        var text = try String(contentsOf: url, encoding: .utf8)
        let trailer = "    </trkseg>\n  </trk>\n</gpx>\n"
        #expect(text.hasSuffix(trailer))
        text.removeLast(trailer.count)
        let partial = #"      <trkpt lat="9" lon="9"><ele>1</ele></trkpt>"#.prefix(cut)
        try (Data((text + partial).utf8) + Data(count: zeros)).write(to: url)
    }

    @Test(arguments: [(0, 0), (10, 0), (30, 4096), (47, 0)])
    func tornAppendIsRepaired(_ cut: Int, _ zeros: Int) throws {
        let url = try recording(points: 3)
        try cutShort(url, cut: cut, zeros: zeros)
        #expect(GPXTestSupport.diagnostic { _ = try GPXDocument(contentsOf: url) } != nil, "torn file is not valid")
        #expect(try GPXTrackWriter.repair(at: url) == cut + zeros)
        let points = try GPXDocument(contentsOf: url).tracks.first?.points
        #expect(points?.map(\.latitude) == [0, 1, 2])
        #expect(try FileManager.default.attributesOfItem(atPath: url.path)[.posixPermissions] as? Int == 0o600)
    }

    @Test func completeFileIsLeftAlone() throws {
        let url = try recording(points: 2)
        let before = try Data(contentsOf: url)
        #expect(try GPXTrackWriter.repair(at: url) == 0)
        #expect(try Data(contentsOf: url) == before)
    }

    @Test func emptyRecordingIsRepaired() throws {
        let url = try recording(points: 0)
        try cutShort(url, cut: 12, zeros: 0)
        #expect(try GPXTrackWriter.repair(at: url) == 12)
        #expect(try GPXDocument(contentsOf: url).tracks.first?.segments.map(\.points.count) == [0])
    }

    @Test func foreignFileIsNotTouched() throws {
        let url = try GPXTestSupport.temporaryDirectory().appendingPathComponent("other.gpx")
        try Data("<gpx><trk><trkseg><trkpt lat=\"1\" lon=\"2\">".utf8).write(to: url)
        #expect(GPXTestSupport.diagnostic { try GPXTrackWriter.repair(at: url) }?.kind == .malformedXML)
    }
}
