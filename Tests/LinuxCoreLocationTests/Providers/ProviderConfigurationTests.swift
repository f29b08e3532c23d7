import Foundation
import SharedTestSupport
import Testing

@testable import LinuxCoreLocation

@Suite struct ProviderConfigurationTests {
    /// Issue 32: repeated URI parameters won silently, and numbers were read as `Double(_:)` reads them.
    @Test func aParameterGivenTwiceAndNumbersThatAreNotDecimalAreRefused() throws {
        #expect(
            throws: LocationProviderError.invalidParameter(
                uri: "gpx:a.gpx?loop&speed=2&speed=3", name: "speed",
                reason: "given twice (\"2\" and \"3\"); give it once")
        ) { try LocationProviders.provider(for: "gpx:a.gpx?loop&speed=2&speed=3") }
        #expect(throws: LocationProviderError.self) { try LocationProviders.provider(for: "gpx:a.gpx?speed=0x1p3") }
        #expect(throws: LocationProviderError.self) { try LocationProviders.provider(for: "fixed:0x1p3,2") }
        #expect(throws: LocationProviderError.self) { try LocationProviders.provider(for: "fixed:nan,2") }
        #expect(LocationProviderURI.decimalNumber("-12.5e-1") == -1.25)
        #expect(LocationProviderURI.decimalNumber("0x1p3") == nil)
        #expect(LocationProviderURI.decimalNumber("inf") == nil)
        // `--duration 1e-400` read as 0, "no limit"; zero written any way stays zero.
        #expect(LocationProviderURI.decimalNumber("1e-400") == nil)
        #expect(LocationProviderURI.decimalNumber("-0.0001e-330") == nil)
        #expect(LocationProviderURI.decimalNumber("5e-324") == .leastNonzeroMagnitude)
        #expect(LocationProviderURI.decimalNumber("0e-400") == 0)
        #expect(LocationProviderURI.decimalNumber("-0.000") == 0)
    }

    /// `gpx:-` is standard input, as `gpx:/dev/stdin` is (read to its end, replayed from memory).
    ///
    /// Issue 32's retest found it opening a file named `-` in the current directory; it was then refused, though
    /// `gpx:/dev/stdin` worked (a trial of the tool).
    @Test func gpxFromStandardInputIsStandardInput() throws {
        let provider = try LocationProviders.provider(for: "gpx:-?speed=max")
        #expect(provider.identifier == "gpx:-?speed=max")
        #expect(provider.isAvailable)
    }

    @Test func parsesTheURIForms() throws {
        let gpsd = try LocationProviderURI("gpsd://127.0.0.1:2947")
        #expect(gpsd.scheme == "gpsd" && gpsd.authority == "127.0.0.1:2947" && gpsd.path == "")
        let nmea = try LocationProviderURI("nmea:/dev/ttyACM0?baud=9600&loop")
        #expect(nmea.scheme == "nmea" && nmea.authority == nil && nmea.path == "/dev/ttyACM0")
        #expect(nmea.parameter("baud") == "9600" && nmea.parameter("loop") == "" && nmea.parameter("speed") == nil)
        let socket = try LocationProviderURI("gpsd:///run/gpsd.sock")
        #expect(socket.authority == "" && socket.path == "/run/gpsd.sock")
        #expect(try LocationProviderURI("GPX:track.gpx?speed=max").scheme == "gpx")
        #expect(throws: LocationProviderError.self) { try LocationProviderURI("no-scheme-here") }
        #expect(throws: LocationProviderError.self) { try LocationProviderURI(":empty") }
    }

    @Test func fixedProviderFromURI() throws {
        let provider = try #require(
            try LocationProviders.provider(for: "fixed:48.8584,2.2945,12") as? FixedLocationProvider)
        #expect(provider.coordinate.latitude == 48.8584 && provider.coordinate.longitude == 2.2945)
        #expect(provider.horizontalAccuracy == 12)
        let again = try LocationProviders.provider(for: "fixed:48.8584,2.2945,12")
        #expect(again === provider)
        let defaulted = try #require(try LocationProviders.provider(for: "fixed:-33.9,151.2") as? FixedLocationProvider)
        #expect(defaulted.horizontalAccuracy == 5)
    }

    /// A fixed provider made from a URI is named by it as given; one made in code by its values.
    ///
    /// A trial of the tool: its messages named `--provider fixed:48.85,2.29` as `fixed:48.85,2.29,5.0`, a URI the user
    /// never typed.
    @Test func aFixedProviderIsNamedByTheURIAsTyped() throws {
        #expect(try LocationProviders.provider(for: "fixed:48.85,2.29").identifier == "fixed:48.85,2.29")
        #expect(try LocationProviders.provider(for: "fixed:1.50,2,7").identifier == "fixed:1.50,2,7")
        let made = FixedLocationProvider(coordinate: CLLocationCoordinate2D(latitude: 1, longitude: 2))
        #expect(made.identifier == "fixed:1.0,2.0,5.0")
    }

    /// A trial of the tool: `nmea:/dev/stdin` on a pipe was taken for a serial device, read live and retried at its
    /// end; the names of standard input are standard input, as `nmea:-` is (a replay, which cannot loop).
    @Test(arguments: ["/dev/stdin", "/dev/fd/0", "/proc/self/fd/0"])
    func theNamesOfStandardInputAreStandardInput(_ path: String) throws {
        #expect(try LocationProviders.provider(for: "nmea:\(path)") is ReplayLocationProvider)
        #expect(throws: LocationProviderError.self) { try LocationProviders.provider(for: "nmea:\(path)?loop") }
        #expect(throws: LocationProviderError.self) { try LocationProviders.provider(for: "nmea:\(path)?baud=4800") }
    }

    /// A replay says why its file cannot be opened: a directory was called available by the NMEA replay, and a
    /// missing file was "not available" without a reason (a trial of the tool: `providers`).
    @Test func aReplaySaysWhyItsFileCannotBeOpened() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("replay-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("log.nmea").path
        try "$GPGGA\r\n".write(toFile: file, atomically: false, encoding: .utf8)
        let missing = directory.appendingPathComponent("missing").path
        for scheme in ["nmea", "gpx"] {
            let folder = try LocationProviders.provider(for: "\(scheme):\(directory.path)")
            #expect(folder.unavailability == "\(directory.path) is a directory")
            #expect(!folder.isAvailable)
            let absent = try LocationProviders.provider(for: "\(scheme):\(missing)")
            #expect(absent.unavailability == "cannot read \(missing): No such file or directory")
            #expect(try LocationProviders.provider(for: "\(scheme):\(file)").unavailability == nil)
        }
        #expect(try LocationProviders.provider(for: "nmea:-").unavailability == nil)
    }

    /// A regular file, a FIFO or a directory under `/dev/` is replayed (and a directory then refused), not read live.
    ///
    /// As a serial device, `nmea:/dev/shm/log.nmea` gave its fixes again at every reopen, for ever, and
    /// `nmea:/dev/pts` was retried for ever (a trial of the tool). A character device, or nothing yet under `/dev/`
    /// (a receiver to be plugged in), is still a serial device.
    @Test func whatIsThereUnderDevDecidesBetweenReplayAndDevice() throws {
        let directory = "/dev/shm/corelocation-test-\(getpid())"
        guard mkdir(directory, 0o700) == 0 else {
            print("skipped: /dev/shm cannot be written here (\(String(cString: strerror(errno))))")
            return
        }
        defer { _ = try? FileManager.default.removeItem(atPath: directory) }
        let file = directory + "/log.nmea"
        try "$GPGGA\r\n".write(toFile: file, atomically: false, encoding: .utf8)
        let fifo = directory + "/fifo"
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(try LocationProviders.provider(for: "nmea:\(file)") is ReplayLocationProvider)
        #expect(try LocationProviders.provider(for: "nmea:\(fifo)") is ReplayLocationProvider)
        #expect(try LocationProviders.provider(for: "nmea:\(directory)") is ReplayLocationProvider)
        #expect(try LocationProviders.provider(for: "nmea:/dev/null") is NMEAStreamProvider)
        #expect(try LocationProviders.provider(for: "nmea:\(directory)/ttyACM9") is NMEAStreamProvider)
    }

    @Test(arguments: [
        "fixed:91,0", "fixed:1", "fixed:a,b", "fixed:1,2,-3", "fixed:1,2,3,4", "fixed:1,2,1e300",
        "fixed:1,2,20000000.5",
    ])
    func fixedProviderRejectsBadValues(_ uri: String) {
        #expect(throws: LocationProviderError.self) { try LocationProviders.provider(for: uri) }
    }

    /// `fixed:48,2,1e300` was accepted, and the JSON output printed a 300-digit accuracy: the URI refuses an accuracy
    /// beyond the limit every provider applies, naming it; the initialiser, which cannot throw, makes the fix invalid.
    @Test func fixedAccuracyIsWithinTheLimit() throws {
        let uri = "fixed:48,2,1e300"
        let error = try #require(throws: LocationProviderError.self) { try LocationProviders.provider(for: uri) }
        #expect(
            error.description
                == "provider URI \"\(uri)\": accuracy: expected a distance in metres from 0 to 20000000 (20,000 km)")
        let widest = try #require(
            try LocationProviders.provider(for: "fixed:48,2,20000000") as? FixedLocationProvider)
        #expect(widest.horizontalAccuracy == 20_000_000)
        let here = CLLocationCoordinate2D(latitude: 48, longitude: 2)
        for absurd in [1e300, 20_000_000.5, .infinity, .nan] {
            #expect(FixedLocationProvider(coordinate: here, horizontalAccuracy: absurd).horizontalAccuracy == -1)
        }
        let nowhere = CLLocationCoordinate2D(latitude: 91, longitude: 2)
        #expect(FixedLocationProvider(coordinate: nowhere, horizontalAccuracy: 5).horizontalAccuracy == -1)
        for kept in [0, 5, 20_000_000, -3] as [CLLocationAccuracy] {
            #expect(FixedLocationProvider(coordinate: here, horizontalAccuracy: kept).horizontalAccuracy == kept)
        }
    }

    /// Issue 15's tester, item 6: a misspelt parameter is an error naming it and the accepted ones, for every
    /// built-in scheme, before any file or address is looked at.
    @Test(arguments: [
        ("gpx:/nonexistent.gpx?spede=10", "spede", "gpx: accepts loop, mps, speed"),
        ("fixed:48.8584,2.2945?foo=1", "foo", "fixed: accepts no parameters"),
        ("nmea:/nonexistent.nmea?speed=2&lop", "lop", "nmea: accepts heading, loop, speed"),
        ("nmea:/dev/ttyACM0?bauds=4800", "bauds", "nmea: accepts baud, heading"),
        ("nmea+tcp://127.0.0.1:1?speed=2", "speed", "nmea+tcp: accepts heading"),
        ("gpsd://127.0.0.1:2947?devise=/dev/x", "devise", "gpsd: accepts device"),
        (
            "geoclue:?acuracy=city", "acuracy",
            "geoclue: accepts accuracy, desktop-id, distance-threshold, time-threshold"
        ),
    ])
    func unknownParametersAreNamed(_ uri: String, _ name: String, _ accepted: String) throws {
        let error = try #require(throws: LocationProviderError.self) { try LocationProviders.provider(for: uri) }
        #expect(error == .invalidParameter(uri: uri, name: name, reason: "unknown parameter; \(accepted)"))
        #expect(error.description == "provider URI \"\(uri)\": \(name): unknown parameter; \(accepted)")
    }

    /// `?loop=false`, `?loop=0` and `?loop=no` turned looping on, as `?loop=1` and `?loop=yes` did: a flag is its
    /// name alone, and any value is refused, for every flag of every scheme.
    @Test(arguments: [
        ("gpx:/nonexistent.gpx?loop=false", "loop", "false", "replay in a loop"),
        ("gpx:/nonexistent.gpx?speed=max&loop=1", "loop", "1", "replay in a loop"),
        ("nmea:/nonexistent.nmea?loop=0", "loop", "0", "replay in a loop"),
        ("nmea:/nonexistent.nmea?loop=no", "loop", "no", "replay in a loop"),
        ("nmea:/nonexistent.nmea?heading=false", "heading", "false", "declare a heading receiver"),
        ("nmea:-?heading=0", "heading", "0", "declare a heading receiver"),
        ("nmea:/dev/ttyACM0?heading=yes", "heading", "yes", "declare a heading receiver"),
        ("nmea+tcp://127.0.0.1:1?heading=true", "heading", "true", "declare a heading receiver"),
    ])
    func flagsTakeNoValue(_ uri: String, _ name: String, _ value: String, _ effect: String) throws {
        let error = try #require(throws: LocationProviderError.self) { try LocationProviders.provider(for: uri) }
        let reason = "takes no value, found \"\(value)\"; give \"\(name)\" alone to \(effect), or leave it out"
        #expect(error == .invalidParameter(uri: uri, name: name, reason: reason))
    }

    @Test func flagsAloneAreOn() throws {
        let replay = try #require(
            try LocationProviders.provider(for: "nmea:/nonexistent.nmea?loop&heading") as? ReplayLocationProvider)
        #expect(replay.options.loops && replay.capabilities.contains(.heading))
        let plain = try #require(
            try LocationProviders.provider(for: "nmea:/nonexistent.nmea?speed=2") as? ReplayLocationProvider)
        #expect(!plain.options.loops && !plain.capabilities.contains(.heading))
        #expect(try ReplayOptions(uri: LocationProviderURI("gpx:a.gpx?loop")).loops)
    }

    @Test func unknownSchemeNamesTheKnownOnes() throws {
        let error = try #require(throws: LocationProviderError.self) { try LocationProviders.provider(for: "warp:9") }
        guard case .unknownScheme(let scheme, let known) = error else {
            Issue.record("expected unknownScheme, got \(error)")
            return
        }
        #expect(scheme == "warp")
        #expect(known == known.sorted() && Set(["fixed", "gpx", "nmea", "nmea+tcp"]).isSubset(of: known))
        #expect(error.description.hasPrefix("no provider for scheme \"warp\"; known schemes: "))
    }

    @Test func aRegisteredSchemeMakesProvidersAndALaterRegistrationReplacesIt() throws {
        // A scheme of this test's own: the registry is process-wide.
        let scheme = "test-\(UUID().uuidString.prefix(8).lowercased())"
        let first: LocationProviders.Factory = { _ in
            FixedLocationProvider(coordinate: CLLocationCoordinate2D(latitude: 1, longitude: 2))
        }
        LocationProviders.register(scheme: scheme, probeURI: "\(scheme):probe", factory: first)
        let made = try LocationProviders.provider(for: "\(scheme):a")
        #expect(made.identifier == "fixed:1.0,2.0,5.0")
        #expect(try LocationProviders.unknownSchemeList().contains(scheme))
        let second: LocationProviders.Factory = { _ in
            FixedLocationProvider(coordinate: CLLocationCoordinate2D(latitude: 3, longitude: 4))
        }
        LocationProviders.register(scheme: scheme, probeURI: "\(scheme):probe", factory: second)
        #expect(try LocationProviders.provider(for: "\(scheme):b").identifier == "fixed:3.0,4.0,5.0")
        // The instance made for a URI stays that URI's; the probe lists the URI once.
        #expect(try LocationProviders.provider(for: "\(scheme):a") === made)
        #expect(LocationProviders.probeURIs.filter { $0 == "\(scheme):probe" }.count == 1)
        #expect(try LocationProviders.unknownSchemeList().filter { $0 == scheme }.count == 1)
    }

    @Test func fixedProviderDeliversOnceThroughAManager() {
        let clock = ManualClock()
        let provider = FixedLocationProvider(
            coordinate: CLLocationCoordinate2D(latitude: 10, longitude: 20), horizontalAccuracy: 7, clock: clock)
        let thread = CallbackThread()
        let delegate = RecordingDelegate()
        let manager = thread.sync {
            let manager = CLLocationManager(
                configuration: .init(
                    provider: provider, authorization: LocationAuthorization(status: .authorizedAlways)))
            manager.delegate = delegate
            manager.startUpdatingLocation()
            return UncheckedBox(manager)
        }
        clock.advance(by: 1)
        thread.sync {}
        #expect(delegate.serviceEvents == [.locations([10])])
        let location = thread.sync { manager.value.location }
        #expect(location?.horizontalAccuracy == 7 && location?.timestamp == Date(timeIntervalSince1970: 1_767_225_600))
        #expect(location?.sourceInformation?.isSimulatedBySoftware == true)
        thread.stop()
    }
}

extension LocationProviders {
    /// The schemes an unknown scheme's error names as known.
    fileprivate static func unknownSchemeList() throws -> [String] {
        do {
            _ = try provider(for: "no-such-scheme-\(UUID().uuidString.prefix(8).lowercased()):")
        } catch let error as LocationProviderError {
            if case .unknownScheme(_, let known) = error { return known }
        }
        return []
    }
}
