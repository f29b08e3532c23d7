import Foundation
import GPX
import Testing

/// Synthetic documents for each quirk real GPX writers produce.
@Suite struct GPXQuirkTests {
    @Test func noNamespaceNoVersion() throws {
        let document = try GPXTestSupport.document(
            """
            <gpx><name>bare</name><time>2009-03-02T14:05:52Z</time>
            <wpt lat="1.5" lon="-2.25"><ele>3</ele></wpt></gpx>
            """)
        #expect(document.metadata.version == nil)
        #expect(document.metadata.name == "bare")
        #expect(document.metadata.time == Date(timeIntervalSince1970: 1_236_002_752))
        #expect(document.waypoints == [GPXPoint(latitude: 1.5, longitude: -2.25, elevation: 3)])
    }

    @Test func prefixedGPXNamespace() throws {
        let document = try GPXTestSupport.document(
            """
            <g:gpx xmlns:g="http://www.topografix.com/GPX/1/0" version="1.0">
            <g:trk><g:trkseg><g:trkpt lat="10" lon="20"><g:ele>5.5</g:ele></g:trkpt></g:trkseg></g:trk></g:gpx>
            """)
        #expect(document.metadata.version == "1.0")
        #expect(document.tracks.first?.points == [GPXPoint(latitude: 10, longitude: 20, elevation: 5.5)])
    }

    @Test func elementsOfAnotherNamespaceAreNotGPX() throws {
        let document = try GPXTestSupport.document(
            """
            <gpx xmlns="http://www.topografix.com/GPX/1/1" xmlns:o="urn:other">
            <o:wpt lat="1" lon="2"/><wpt lat="3" lon="4"><o:ele>9</o:ele></wpt></gpx>
            """)
        #expect(document.waypoints == [GPXPoint(latitude: 3, longitude: 4)])
    }

    @Test func byteOrderMark() throws {
        var data = Data([0xEF, 0xBB, 0xBF])
        data.append(Data(#"<?xml version="1.0"?><gpx><wpt lat="1" lon="2"/></gpx>"#.utf8))
        let document = try GPXReader().readDocument(data: data)
        #expect(document.waypoints.count == 1)
    }

    @Test func latin1Encoding() throws {
        var data = Data(#"<?xml version="1.0" encoding="ISO-8859-1"?><gpx><wpt lat="50.94" lon="6.96"><name>K"#.utf8)
        data.append(contentsOf: [0xF6, 0x6C, 0x6E, 0x20, 0xB0])  // "öln °" in ISO-8859-1
        data.append(Data("</name></wpt></gpx>".utf8))
        let document = try GPXReader().readDocument(data: data)
        #expect(document.waypoints.first?.name == "Köln °")
    }

    @Test func emptyAndMissingValues() throws {
        let document = try GPXTestSupport.document(
            GPXTestSupport.track(
                """
                <trkpt lat="1" lon="2"><ele/><time></time><speed> </speed></trkpt>
                <trkpt lat="1" lon="2"><ele>  12.5  </ele></trkpt>
                """))
        let points = try #require(document.tracks.first?.points)
        #expect(points == [GPXPoint(latitude: 1, longitude: 2), GPXPoint(latitude: 1, longitude: 2, elevation: 12.5)])
    }

    @Test func gpx10SpeedCourseAndAccuracy() throws {
        let document = try GPXTestSupport.document(
            """
            <gpx version="1.0" xmlns="http://www.topografix.com/GPX/1/0"><trk><trkseg>
            <trkpt lat="52.5" lon="13.25"><ele>34</ele><time>2020-05-01T10:00:00Z</time><course>359.5</course>
            <speed>4.25</speed><name>p</name><fix>dgps</fix><sat>9</sat><hdop>0.9</hdop><vdop>1.4</vdop><pdop>1.7</pdop></trkpt>
            <trkpt lat="52.5" lon="13.25"><course>360</course><speed>-1</speed><fix>none</fix><sat>0</sat></trkpt>
            </trkseg></trk></gpx>
            """)
        let points = try #require(document.tracks.first?.points)
        #expect(
            points.first
                == GPXPoint(
                    latitude: 52.5, longitude: 13.25, elevation: 34, time: Date(timeIntervalSince1970: 1_588_327_200),
                    speed: 4.25, course: 359.5, hdop: 0.9, vdop: 1.4, pdop: 1.7, fix: .differential, satellites: 9,
                    name: "p"))
        #expect(points.last == GPXPoint(latitude: 52.5, longitude: 13.25, course: 0, fix: GPXFix.none, satellites: 0))
        #expect(document.summary.droppedValues == 1, "negative speed is unknown")
        #expect(
            document.summary.diagnostics.map(\.description)
                == [#"test.gpx:4: warning: <trkpt> speed "-1" is negative, read as unknown"#])
    }

    @Test func unknownFixIsAWarningInStrictMode() throws {
        let document = try GPXTestSupport.document(
            GPXTestSupport.track(#"<trkpt lat="1" lon="2"><fix>4d</fix></trkpt>"#))
        #expect(document.tracks.first?.points.first?.fix == nil)
        #expect(
            document.summary.diagnostics.map(\.description)
                == [#"test.gpx:4: warning: <trkpt> fix "4d" is not a fix type (none, 2d, 3d, dgps, pps); ignored"#])
    }

    @Test func timesMissingOnSomePoints() throws {
        let document = try GPXTestSupport.document(
            GPXTestSupport.track(
                """
                <trkpt lat="1" lon="2"><time>2020-01-01T00:00:01.5+00:00</time></trkpt>
                <trkpt lat="1" lon="2"></trkpt>
                <trkpt lat="1" lon="2"><time>1901-12-13T20:45:52.207Z</time></trkpt>
                """))
        #expect(document.tracks.first?.points.map(\.time) == [Date(timeIntervalSince1970: 1_577_836_801.5), nil, nil])
        #expect(document.summary.sentinelTimes == 1)
    }

    @Test func garminTrackPointExtensionV2UnderAnyPrefix() throws {
        let document = try GPXTestSupport.fileDocument(
            GPXTestSupport.track(
                """
                <trkpt lat="45" lon="7"><extensions><tpx:TrackPointExtension><tpx:hr>140</tpx:hr>
                <tpx:speed>3.5</tpx:speed><tpx:course>271.25</tpx:course></tpx:TrackPointExtension></extensions></trkpt>
                <trkpt lat="45" lon="7"><extensions><v1:TrackPointExtension><v1:speed>9</v1:speed><v1:course>9</v1:course>
                </v1:TrackPointExtension></extensions></trkpt>
                """,
                namespaces: """
                     xmlns:tpx="http://www.garmin.com/xmlschemas/TrackPointExtension/v2" \
                    xmlns:v1="http://www.garmin.com/xmlschemas/TrackPointExtension/v1"
                    """))
        let points = try #require(document.tracks.first?.points)
        #expect(points.map(\.speed) == [3.5, nil], "v1 has no speed; only the v2 namespace URI counts")
        #expect(points.map(\.course) == [271.25, nil])
    }

    @Test func osmAndSpeedAndHeading() throws {
        let document = try GPXTestSupport.fileDocument(
            GPXTestSupport.track(
                """
                <trkpt lat="52.397799" lon="4.575998"><ele>203</ele><time>2019-05-08T10:36:43Z</time><hdop>3</hdop>
                <extensions><osmand:heading>273</osmand:heading><osmand:speed>5.02</osmand:speed></extensions></trkpt>
                <trkpt lat="52.397799" lon="4.575998"><extensions><fake:speed>7</fake:speed><heading>8</heading></extensions></trkpt>
                """, namespaces: #" xmlns:osmand="https://osmand.net" xmlns:fake="https://example.com/osmand""#))
        let points = try #require(document.tracks.first?.points)
        #expect(
            points.first
                == GPXPoint(
                    latitude: 52.397799, longitude: 4.575998, elevation: 203,
                    time: Date(timeIntervalSince1970: 1_557_311_803), speed: 5.02, course: 273, hdop: 3))
        #expect(
            points.last == GPXPoint(latitude: 52.397799, longitude: 4.575998),
            "matched by URI, not by local name or prefix")
    }

    @Test func coreSpeedWinsOverExtension() throws {
        let document = try GPXTestSupport.document(
            GPXTestSupport.track(
                """
                <trkpt lat="1" lon="2"><speed>1.25</speed><extensions><o:speed>9</o:speed><o:heading>90</o:heading></extensions></trkpt>
                """, namespaces: #" xmlns:o="https://osmand.net""#))
        #expect(document.tracks.first?.points.first.map { [$0.speed, $0.course] } == [1.25, 90])
    }

    @Test func ourAccuracyExtension() throws {
        let document = try GPXTestSupport.document(
            GPXTestSupport.track(
                """
                <trkpt lat="1" lon="2"><extensions><a:hacc>4.5</a:hacc><a:vacc>7</a:vacc></extensions></trkpt>
                """, namespaces: #" xmlns:a="https://github.com/LinuxCoreLocation/gpx/1""#))
        let point = try #require(document.tracks.first?.points.first)
        #expect(point.horizontalAccuracy == 4.5)
        #expect(point.verticalAccuracy == 7)
    }

    @Test func namesFromCDATAAndEntities() throws {
        let document = try GPXTestSupport.document(
            """
            <gpx><metadata><name>A &amp; B</name></metadata><rte><name><![CDATA[<route>]]></name>
            <rtept lat="1" lon="2"/></rte><trk><name>t &#x263A;</name></trk></gpx>
            """)
        #expect(document.metadata.name == "A & B")
        #expect(document.routes == [GPXRoute(name: "<route>", points: [GPXPoint(latitude: 1, longitude: 2)])])
        #expect(document.tracks == [GPXTrack(name: "t ☺")])
    }

    @Test func eventsArriveInFileOrder() throws {
        var events: [GPXEvent] = []
        try GPXReader().read(
            data: Data(
                """
                <gpx version="1.1" creator="c" xmlns="http://www.topografix.com/GPX/1/1"><metadata><name>n</name></metadata>
                <wpt lat="1" lon="1"/><rte><rtept lat="2" lon="2"/><name>r</name></rte>
                <trk><name>t</name><trkseg><trkpt lat="3" lon="3"/></trkseg><trkseg/></trk></gpx>
                """.utf8)
        ) { events.append($0) }
        #expect(
            events == [
                .metadata(GPXMetadata(version: "1.1", creator: "c", name: "n")),
                .waypoint(GPXPoint(latitude: 1, longitude: 1)),
                .routeStarted, .routePoint(GPXPoint(latitude: 2, longitude: 2)), .routeEnded(name: "r"),
                .trackStarted, .segmentStarted, .trackPoint(GPXPoint(latitude: 3, longitude: 3)), .segmentStarted,
                .trackEnded(name: "t"),
            ])
    }

    @Test func metadataIsDeliveredForAnEmptyDocument() throws {
        var events: [GPXEvent] = []
        try GPXReader().read(data: Data(#"<gpx creator="x"/>"#.utf8)) { events.append($0) }
        #expect(events == [.metadata(GPXMetadata(creator: "x"))])
    }
}
