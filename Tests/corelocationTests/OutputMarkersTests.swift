import Foundation
import GPX
import SharedTestSupport
import Testing

/// What the output says besides the fix: that it is the embedded sample's, and the receiver's satellites,
/// dilutions of precision and fix mode (Linux-only JSON Lines members).
@Suite struct OutputMarkersTests {
    @Test func theSampleIsMarkedInEveryFormat() async throws {
        let json = try await Tool.run(["--count", "2", "--format", "jsonl"])
        #expect(json.status == 0)
        #expect(json.error.contains("replaying the embedded sample track"))
        #expect(try json.jsonObjects().map { $0["source"] as? String } == ["sample", "sample"])

        let text = try await Tool.run(["--count", "1", "--format", "text"])
        #expect(text.lines.count == 1 && text.lines[0].hasSuffix("  (sample)"))

        let template = try await Tool.run(["--count", "1", "--format-string", "%latitude,%longitude"])
        #expect(template.output == "45.75783,4.8320142 (sample)\n")

        let gpx = try await Tool.run(["--count", "1", "--format", "gpx"])
        let document = try GPXReader().readDocument(data: Data(gpx.output.utf8), sourceName: "stdout")
        #expect(document.tracks.first?.name?.hasPrefix("sample: ") == true)

        let nmea = try await Tool.run(["--count", "1", "--format", "nmea"])
        let sentences = nmea.output.split(whereSeparator: \.isNewline)  // CR LF is one Character
        #expect(sentences.first?.hasPrefix("$GPTXT,01,01,02,corelocation sample track - not a real position*") == true)
        #expect(sentences.dropFirst().first?.hasPrefix("$GPGGA,") == true)

        // Issue 15's tester, item 3: the formats and commands that did not say it.
        let cli = try await Tool.run(["watch", "--count", "1", "--format", "corelocationcli"])
        #expect(try cli.jsonObjects().first?["source"] as? String == "sample")
        let once = try await Tool.run(["-once", "-json", "--provider", "sample:"])
        #expect(try once.jsonObjects().map { $0["source"] as? String } == ["sample"])
        let monitor = try await Tool.run([
            "monitor", "--provider", "sample:?speed=max", "--region", "45.7594,4.837,100,corner", "--format", "jsonl",
        ])
        let regions = try monitor.jsonObjects()
        #expect(regions.count == 5 && regions.allSatisfy { $0["source"] as? String == "sample" })
        let path = FileManager.default.temporaryDirectory.appendingPathComponent("sample-\(UUID()).gpx")
        defer { try? FileManager.default.removeItem(at: path) }
        let record = try await Tool.run(["record", path.path, "--provider", "sample:?speed=max"])
        #expect(record.status == 0)
        let recorded = try GPXReader().readDocument(data: Data(contentsOf: path), sourceName: path.path)
        #expect(recorded.tracks.first?.name?.hasPrefix("sample: ") == true)

        // A real provider is not marked.
        let fixed = try await Tool.run(["--provider", "fixed:1.5,2.5", "--count", "1", "--format", "jsonl"])
        #expect(try fixed.jsonObjects().first?["source"] == nil)
        #expect(!fixed.output.contains("sample"))
    }

    /// bt451.log's epoch at 14:33:08.000: `$GPGGA,143308.00,…,1,09,1.26,127.1,M,…` and
    /// `$GPGSA,A,3,32,09,19,11,14,03,22,06,26,,,,3.25,1.26,3.00` (lines 148-149) — the values gpsd reports in its
    /// SKY for that epoch in bt451.log.chk (`"hdop":1.26,"pdop":3.25,"vdop":3.00,"uSat":9`) and its TPV mode 3.
    @Test(Integration.needs(.sharedData("gpsd-logs"))) func jsonLinesCarryTheReceiversSatellitesAndDilutions()
        async throws
    {
        guard let logs = SharedData.folder("gpsd-logs") else { return }
        let log = logs.appendingPathComponent("bt451.log").path
        let run = try await Tool.run(["--provider", "nmea:\(log)?speed=max", "--format", "jsonl"])
        #expect(run.status == 0)
        let fixes = try run.jsonObjects()
        #expect(fixes.count == 15)
        #expect(fixes.allSatisfy { $0["fixMode"] != nil })
        #expect(fixes.dropFirst().allSatisfy { $0["satellitesUsed"] != nil && $0["hdop"] != nil })
        // The first, a GLL after no-fix cycles, has no GGA or fix-mode GSA of its own: no satellites or dilutions
        // (it took the no-fix GSA's 0 and 99.99 before), as gpsd's TPV there has no eph.
        #expect(fixes.first?["satellitesUsed"] == nil && fixes.first?["hdop"] == nil)
        let epoch = try #require(fixes.first { $0["timestamp"] as? String == "2009-12-09T14:33:08.000Z" })
        #expect(epoch["fixMode"] as? String == "3d")
        #expect(epoch["satellitesUsed"] as? Int == 9)
        #expect(epoch["hdop"] as? Double == 1.26)
        #expect(epoch["vdop"] as? Double == 3.0)
        #expect(epoch["pdop"] as? Double == 3.25)
        #expect(epoch["satellitesVisible"] == nil)  // NMEA fixes do not say how many are in view
        // The members come after Apple's, in their documented order.
        let line = try #require(run.lines.first { $0.contains("\"2009-12-09T14:33:08.000Z\"") })
        #expect(
            line.hasSuffix(
                ",\"courseAccuracy\":-1.0,\"fixMode\":\"3d\",\"satellitesUsed\":9,\"hdop\":1.26,\"vdop\":3.0,\"pdop\":3.25}"
            ))
    }

    @Test func directionAndAddressPlaceholders() async throws {
        let run = try await Tool.run([
            "-once", "-format", "%latitude %longitude %direction|%address|", "--provider", "sample:",
        ])
        #expect(run.status == 0)
        // The sample's first point: course 8°; no geocoding service, so an empty address and one note.
        #expect(run.output == "45.75783 4.8320142 8.0|| (sample)\n")
        #expect(run.error.contains("no address (%address is empty): no geocoding service is configured"))
    }

    @Test func coreLocationCLIJSONHasItsMembersAsStrings() async throws {
        let run = try await Tool.run(["-once", "-json", "--provider", "fixed:48.8584,2.2945,7"])
        #expect(run.status == 0)
        #expect(run.lines.count == 1)
        let object = try #require(try run.jsonObjects().first)
        #expect(object["latitude"] as? String == "48.858400")
        #expect(object["longitude"] as? String == "2.294500")
        #expect(object["h_accuracy"] as? String == "7")
        #expect(object["direction"] as? String == "-1.0")
        #expect(object["speed"] as? String == "-1")
        #expect(object["address"] is NSNull)
        let time = try #require(object["time"] as? String)
        #expect(time.range(of: #"^\d{4}-\d\d-\d\d \d\d:\d\d:\d\d \+0000$"#, options: .regularExpression) != nil)
    }

    /// A GeoNames `cities500.txt` with Lyon (19 tab-separated columns) and the admin1 names beside it.
    private static func geoNames() throws -> URL {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("geonames-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let lyon = [
            "2996944", "Lyon", "Lyon", "", "45.74846", "4.84671", "P", "PPLA", "FR", "", "84", "69", "691", "69123",
            "522969", "", "170", "Europe/Paris", "2023-01-01",
        ]
        try lyon.joined(separator: "\t").write(
            to: directory.appendingPathComponent("cities500.txt"), atomically: true, encoding: .utf8)
        try "FR.84\tAuvergne-Rhône-Alpes\tAuvergne-Rhone-Alpes\t11071248\n".write(
            to: directory.appendingPathComponent("admin1CodesASCII.txt"), atomically: true, encoding: .utf8)
        return directory
    }

    /// Issue 15's tester, item 18: CoreLocationCLI's placemark placeholders, from the same placemark as its
    /// `-json` members.
    @Test func placemarkPlaceholdersAsCoreLocationCLIHasThem() async throws {
        let directory = try Self.geoNames()
        defer { try? FileManager.default.removeItem(at: directory) }
        let geocoder = ["CORELOCATION_GEOCODER": "geonames:\(directory.appendingPathComponent("cities500.txt").path)"]
        let run = try await Tool.run(
            [
                "--format", "%locality|%administrativeArea|%isoCountryCode|%country|%timeZone|%name|%thoroughfare|",
                "--provider", "fixed:45.7578,4.832,5",
            ], environment: geocoder)
        #expect(run.status == 0, "\(run.error)")
        #expect(run.output == "Lyon|Auvergne-Rhône-Alpes|FR|France|Europe/Paris|Lyon||\n")
        // Without admin1CodesASCII.txt beside the cities file, GeoNames knows the region by its code only.
        try FileManager.default.removeItem(at: directory.appendingPathComponent("admin1CodesASCII.txt"))
        let coded = try await Tool.run(
            ["--format", "%administrativeArea", "--provider", "fixed:45.7578,4.832,5"], environment: geocoder)
        #expect(coded.output == "84\n")
    }

    /// A geocoder named wrongly ends a command that shows addresses at its start.
    ///
    /// It ran with empty addresses and a note before (new-user trial, 7 Dec); now 64 for a malformed value, 66 for a
    /// GeoNames file that cannot be read (the kind of `CLGeocoder.configurationProblem(forService:)`, whatever its
    /// words). A format without addresses does not look at it.
    @Test func aMisconfiguredGeocoderIsAnErrorWhereAddressesAreShown() async throws {
        let malformed = try await Tool.run(
            ["once", "--format-string", "%latitude %address", "--provider", "fixed:45.7578,4.832,5"],
            environment: ["CORELOCATION_GEOCODER": "bogus"])
        #expect(malformed.status == 64)
        #expect(malformed.output.isEmpty)
        #expect(
            malformed.error.hasPrefix(
                "corelocation: error: CORELOCATION_GEOCODER=bogus names no geocoding service; use https://HOST"))
        let missing = try await Tool.run(
            ["-json", "--provider", "fixed:45.7578,4.832,5"],
            environment: ["CORELOCATION_GEOCODER": "geonames:/nonexistent/cities500.txt"])
        #expect(missing.status == 66)
        #expect(
            missing.error
                == "corelocation: error: CORELOCATION_GEOCODER=geonames:/nonexistent/cities500.txt: "
                + "cannot read the file: No such file or directory\n"
        )
        let noPath = try await Tool.run(
            ["once", "--format-string", "%address", "--provider", "fixed:45.7578,4.832,5"],
            environment: ["CORELOCATION_GEOCODER": "geonames:"])
        #expect(noPath.status == 64)
        #expect(
            noPath.error.hasPrefix(
                "corelocation: error: CORELOCATION_GEOCODER=geonames: needs a file, as in geonames:/path/cities500.txt\n"
            ), "\(noPath.error)")
        let directory = try await Tool.run(
            ["-json", "--provider", "fixed:45.7578,4.832,5"], environment: ["CORELOCATION_GEOCODER": "geonames:/tmp"])
        #expect(directory.status == 66)
        #expect(
            directory.error
                == "corelocation: error: CORELOCATION_GEOCODER=geonames:/tmp: it is a directory, not a GeoNames file\n")
        // A device and a file of another format are said at the start too (a new user's trial: /dev/null failed at
        // the first lookup, /etc/passwd said "no place in the file" as a network error): 66 and 65, as a replay's.
        let device = try await Tool.run(
            ["-json", "--provider", "fixed:45.7578,4.832,5"],
            environment: ["CORELOCATION_GEOCODER": "geonames:/dev/null"])
        #expect(device.status == 66)
        #expect(
            device.error
                == "corelocation: error: CORELOCATION_GEOCODER=geonames:/dev/null: it is a character device, not a GeoNames file\n"
        )
        #expect(device.output.isEmpty)
        let other = try TemporaryFile("root:x:0:0:root:/root:/bin/bash\n", suffix: ".txt")
        let format = try await Tool.run(
            ["once", "--format-string", "%address", "--provider", "fixed:45.7578,4.832,5"],
            environment: ["CORELOCATION_GEOCODER": "geonames:\(other.url.path)"])
        #expect(format.status == 65)
        #expect(
            format.error
                == "corelocation: error: CORELOCATION_GEOCODER=geonames:\(other.url.path): not a GeoNames file: no line "
                + "is a place (line 1: expected 19 tab-separated columns, found 1)\n")
        let unused = try await Tool.run(
            ["once", "--format", "jsonl", "--provider", "fixed:45.7578,4.832,5"],
            environment: ["CORELOCATION_GEOCODER": "bogus"])
        #expect(unused.status == 0, "\(unused.error)")
    }

    @Test func aConfiguredGeocoderGivesTheAddress() async throws {
        let directory = try Self.geoNames()
        defer { try? FileManager.default.removeItem(at: directory) }
        let geocoder = ["CORELOCATION_GEOCODER": "geonames:\(directory.appendingPathComponent("cities500.txt").path)"]
        let line = try await Tool.run(
            ["-once", "-format", "%address", "--provider", "fixed:45.7578,4.832,5"], environment: geocoder)
        #expect(line.status == 0)
        #expect(line.output == "Lyon, Auvergne-Rhône-Alpes, France\n")
        #expect(!line.error.contains("no address"))

        let json = try await Tool.run(["-once", "-json", "--provider", "fixed:45.7578,4.832,5"], environment: geocoder)
        let object = try #require(try json.jsonObjects().first)
        #expect(object["address"] as? String == "Lyon, Auvergne-Rhône-Alpes, France")
        #expect(object["locality"] as? String == "Lyon")
        #expect(object["isoCountryCode"] as? String == "FR")
        #expect(object["timeZone"] as? String == "Europe/Paris")
        let local = try #require(object["time_local"] as? String)
        #expect(local.hasSuffix(" +0100") || local.hasSuffix(" +0200"))
    }
}
