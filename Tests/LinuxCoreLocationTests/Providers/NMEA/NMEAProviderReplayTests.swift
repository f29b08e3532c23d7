import Foundation
import Testing

@testable import LinuxCoreLocation

/// Every item of a log, read through ``NMEAReplaySource``.
private func items(_ text: String, chunkSize: Int = 65_536) throws -> (items: [ReplayItem], source: NMEAReplaySource) {
    let path = temporaryLog(text)
    defer { try? FileManager.default.removeItem(atPath: path) }
    let source = try NMEAReplaySource(path: path, chunkSize: chunkSize)
    var items: [ReplayItem] = []
    while let item = try source.next() { items.append(item) }
    return (items, source)
}

extension ReplayItem {
    fileprivate var location: CLLocation? { if case .locations(let fixes) = event { fixes.first } else { nil } }
    fileprivate var heading: CLHeading? { if case .heading(let heading) = event { heading } else { nil } }
    fileprivate var isFixLost: Bool { if case .fixLost = event { true } else { false } }
}

/// 2024-03-23T12:35:19Z plus `seconds`.
private func march23(_ seconds: TimeInterval = 0) -> Date { Date(timeIntervalSince1970: 1_711_197_319 + seconds) }

@Suite struct NMEAProviderReplayTests {
    @Test func aFullEpochMapsEveryValue() throws {
        let log =
            nmeaSentence("GPGGA,123519.00,4807.0380,N,01131.0000,E,1,08,0.9,545.4,M,46.9,M,,")
            + nmeaSentence("GPGSA,A,3,04,05,,09,12,,,24,,,,,2.5,1.3,2.1")
            + nmeaSentence("GPRMC,123519.00,A,4807.0380,N,01131.0000,E,022.4,084.4,230324,003.1,W")
        let location = try #require(try items(log).items.first?.location)
        #expect(abs(location.coordinate.latitude - (48 + 7.038 / 60)) < 1e-12)
        #expect(abs(location.coordinate.longitude - (11 + 31.0 / 60)) < 1e-12)
        #expect(abs(location.altitude - 545.4) < 1e-9)
        #expect(abs(location.ellipsoidalAltitude - (545.4 + 46.9)) < 1e-9)
        #expect(abs(location.horizontalAccuracy - 0.9 * 5) < 1e-9)  // GGA HDOP × UERE 5 m
        #expect(abs(location.verticalAccuracy - 2.1 * 5) < 1e-9)  // GSA VDOP × UERE
        #expect(abs(location.speed - 22.4 * 1852 / 3600) < 1e-9)
        #expect(location.course == 84.4)
        #expect(location.speedAccuracy == -1)
        #expect(location.courseAccuracy == -1)
        #expect(location.timestamp == march23())
        #expect(location.sourceInformation?.isSimulatedBySoftware == true)
        #expect(location.sourceInformation?.isProducedByAccessory == false)
    }

    @Test func emptySpeedAndCourseAreInvalidWhileARealZeroStaysZero() throws {
        let log =
            nmeaSentence("GPRMC,123519,A,4807.038,N,01131.000,E,,,230324,,")
            + nmeaSentence("GPRMC,123520,A,4807.038,N,01131.000,E,0.0,0.0,230324,,")
            + nmeaSentence("GPRMC,123521,A,4807.038,N,01131.000,E,1.0,360.0,230324,,")
        let locations = try items(log).items.compactMap(\.location)
        #expect(locations.map(\.speed) == [-1, 0, 1852.0 / 3600])
        #expect(locations.map(\.course) == [-1, 0, 0])
        // RMC alone: no altitude, no DOP, so the nominal 5 m (HDOP 1 × UERE 5 m).
        #expect(locations.allSatisfy { $0.verticalAccuracy == -1 && $0.altitude == 0 })
        #expect(locations.allSatisfy { $0.horizontalAccuracy == 5 })
        #expect(locations.map(\.timestamp) == [march23(), march23(1), march23(2)])
    }

    @Test func fixesBeforeTheFirstDateAreSkippedAndCounted() throws {
        let log =
            nmeaSentence("GPGGA,123519,4807.038,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
            + nmeaSentence("GPGGA,123520,4807.039,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
            + nmeaSentence("GPRMC,123521,A,4807.040,N,01131.000,E,,,230324,,")
            + nmeaSentence("GPGGA,123522,4807.041,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
        let (read, source) = try items(log)
        #expect(read.map(\.time) == [march23(2), march23(3)])  // the GGA after the RMC carries its date forward
        #expect(source.undatedEventCount == 2)
    }

    @Test func noFixEpochsBecomeOneFixLostPerOutage() throws {
        let log =
            nmeaSentence("GPRMC,123519,V,,,,,,,230324,,")
            + nmeaSentence("GPRMC,123520,V,,,,,,,230324,,")
            + nmeaSentence("GPRMC,123521,A,4807.038,N,01131.000,E,,,230324,,")
            + nmeaSentence("GPRMC,123522,V,,,,,,,230324,,")
        let read = try items(log).items
        #expect(read.map(\.isFixLost) == [true, false, true])
        #expect(read.map(\.time) == [march23(0), march23(2), march23(3)])
    }

    @Test func headingsCarryTheTrueHeadingAndTheEpochTime() throws {
        let log =
            nmeaSentence("GPRMC,123519,A,4807.038,N,01131.000,E,,,230324,,")
            + nmeaSentence("GPRMC,123520,A,4807.038,N,01131.000,E,,,230324,,") + nmeaSentence("GPHDT,274.07,T")
        let read = try items(log).items
        let heading = try #require(read.compactMap(\.heading).first)
        #expect(heading.trueHeading == 274.07)
        #expect(heading.magneticHeading == -1)
        #expect(heading.timestamp == march23(1))
        #expect(read.compactMap(\.location).count == 2)
    }

    @Test func oneByteChunksGiveTheSameItemsAsLargeOnes() throws {
        var log = "# header line\r\n"
        for second in 0..<20 {
            let time = String(format: "1235%02d", second + 10)
            log += nmeaSentence("GPGGA,\(time),4807.0\(second % 10)8,N,01131.000,E,1,08,0.9,545.4,M,46.9,M,,")
            log += nmeaSentence("GPRMC,\(time),A,4807.0\(second % 10)8,N,01131.000,E,0.5,12.0,230324,,")
            if second == 7 { log += "$GPGGA,garbage*00\r\n" }
        }
        let whole = try items(log)
        let bytewise = try items(log, chunkSize: 1)
        #expect(whole.items.count == 20)
        #expect(whole.items.map(\.time) == bytewise.items.map(\.time))
        #expect(
            whole.items.map { $0.location?.coordinate.latitude }
                == bytewise.items.map { $0.location?.coordinate.latitude })
        #expect(bytewise.source.statistics.rejectedSentences == 1)
    }

    @Test func loopingReplayRewindsTheFileWithIncreasingTimes() throws {
        let path = temporaryLog(
            nmeaSentence("GPRMC,123519,A,4807.038,N,01131.000,E,,,230324,,")
                + nmeaSentence("GPRMC,123521,A,4807.038,N,01131.000,E,,,230324,,"))
        defer { try? FileManager.default.removeItem(atPath: path) }
        let provider = try NMEAProviderFactory.make(LocationProviderURI("nmea:\(path)?speed=max&loop"))
        let log = EventLog()
        provider.start(log.handler)
        let events = log.wait(for: 5)
        provider.stop()
        let start = march23().timeIntervalSince1970
        // Later passes are shifted by the recording's length (2 s) plus 1 s.
        let times = events.prefix(5).map { $0.split(separator: "@").last.map(String.init) }
        #expect(times == [start, start + 2, start + 3, start + 5, start + 6].map { "\($0)" })
    }

    @Test func standardInputIsReadToTheEndButNotRewound() throws {
        let log =
            nmeaSentence("GPRMC,123519,A,4807.038,N,01131.000,E,,,230324,,")
            + nmeaSentence("GPRMC,123520,A,4807.038,N,01131.000,E,,,230324,,")
        let times = try withStandardInput(log) {
            let source = try NMEAReplaySource(path: "-")
            var times: [Date] = []
            while let item = try source.next() { times.append(item.time) }
            #expect(throws: NMEAStreamError.self) { try source.rewind() }
            return times
        }
        #expect(times == [march23(), march23(1)])
    }

    @Test func standardInputCannotLoop() {
        #expect(throws: LocationProviderError.self) { try NMEAProviderFactory.make(LocationProviderURI("nmea:-?loop")) }
        #expect(throws: Never.self) { try NMEAProviderFactory.make(LocationProviderURI("nmea:-?speed=max")) }
    }

    @Test(arguments: [
        "nmea:", "nmea:/tmp/x.nmea?baud=9600", "nmea:/tmp/x.nmea?sped=2", "nmea:/dev/ttyUSB9?baud=9601",
        "nmea:/dev/ttyUSB9?speed=max", "nmea+tcp://host:0", "nmea+tcp://host:port",
        "nmea+tcp://host?loop", "nmea+tcp://[::1]:x", "nmea+tcp://[::1", "nmea+tcp://::1",
        "nmea+tcp://gnss box:10110", "nmea+tcp://-flag", "nmea+tcp://a_b:10110", "nmea+tcp://1.2.3.4.5",
    ])
    func badURIsAreRejectedWithTheParameterNamed(_ text: String) {
        #expect(throws: LocationProviderError.self) {
            try LocationProviders.provider(for: text)
        }
    }

    /// Issue 16, finding 15: `gpsd://:2947` was the loopback while `nmea+tcp://:10110` was a usage error; an empty
    /// host is the loopback for both.
    @Test func anEmptyHostIsTheLoopbackAsForGPSD() throws {
        let tcp = try #require(
            try NMEAProviderFactory.makeTCP(LocationProviderURI("nmea+tcp://:10111")) as? NMEAStreamProvider)
        #expect(tcp.endpoint == .tcp(host: "127.0.0.1", port: 10111))
        let bare = try #require(
            try NMEAProviderFactory.makeTCP(LocationProviderURI("nmea+tcp://")) as? NMEAStreamProvider)
        #expect(bare.endpoint == .tcp(host: "127.0.0.1", port: 10110))
    }

    @Test func schemesAreRegisteredAndMakeTheRightProviders() throws {
        let file = try LocationProviders.provider(for: "nmea:/nonexistent/gps.nmea?speed=10")
        #expect(file is ReplayLocationProvider)
        #expect(!file.isAvailable)
        #expect(!file.capabilities.contains(.heading))
        let device = try #require(
            try LocationProviders.provider(for: "nmea:/dev/ttyACM7?baud=4800&heading") as? NMEAStreamProvider)
        #expect(device.endpoint == .serialDevice(path: "/dev/ttyACM7", baudRate: 4800))
        #expect(device.capabilities.contains(.heading))
        let tcp = try #require(try LocationProviders.provider(for: "nmea+tcp://gnss.local") as? NMEAStreamProvider)
        #expect(tcp.endpoint == .tcp(host: "gnss.local", port: 10110))
        let ipv6 = try #require(try LocationProviders.provider(for: "nmea+tcp://[::1]:2000") as? NMEAStreamProvider)
        #expect(ipv6.endpoint == .tcp(host: "::1", port: 2000))
        let bracketed = try #require(try LocationProviders.provider(for: "nmea+tcp://[fe80::1]") as? NMEAStreamProvider)
        #expect(bracketed.endpoint == .tcp(host: "fe80::1", port: 10110))
    }

    @Test func aBadPortIsNamedWithWhatWasFound() {
        #expect(
            throws: LocationProviderError.invalidParameter(
                uri: "nmea+tcp://host:port", name: "port", reason: "expected a number in 1...65535, found \"port\"")
        ) {
            try LocationProviders.provider(for: "nmea+tcp://host:port")
        }
    }

    @Test func aLogWithHeadingSentencesDeclaresTheHeadingCapability() throws {
        let with = temporaryLog(
            nmeaSentence("GPRMC,123519,A,4807.038,N,01131.000,E,,,230324,,") + nmeaSentence("HEHDT,10.0,T"))
        let without = temporaryLog(nmeaSentence("GPRMC,123519,A,4807.038,N,01131.000,E,,,230324,,"))
        defer { for path in [with, without] { try? FileManager.default.removeItem(atPath: path) } }
        #expect(try NMEAProviderFactory.make(LocationProviderURI("nmea:\(with)")).capabilities.contains(.heading))
        #expect(try !NMEAProviderFactory.make(LocationProviderURI("nmea:\(without)")).capabilities.contains(.heading))
        #expect(
            try NMEAProviderFactory.make(LocationProviderURI("nmea:\(without)?heading")).capabilities.contains(.heading)
        )
    }

    @Test func backoffDoublesFromHalfASecondToEight() {
        let backoff = NMEAReconnectBackoff()
        #expect((1...7).map { backoff.delay(afterFailures: $0) } == [0.5, 1, 2, 4, 8, 8, 8])
        #expect(NMEAReconnectBackoff(initialDelay: 2, maximumDelay: 1).delay(afterFailures: 3) == 2)
    }
}
