import DBus
import Foundation
import Testing

@testable import LinuxCoreLocation

@Suite struct GeoClueOptionsTests {
    @Test func defaultsAreExactAccuracyTheProcessNameAndNoThresholds() throws {
        let options = try GeoClueOptions(uri: LocationProviderURI("geoclue:"))
        #expect(options == GeoClueOptions(accuracyLevel: .exact, desktopID: ProcessInfo.processInfo.processName))
        #expect(options.distanceThreshold == 0 && options.timeThreshold == 0)
    }

    @Test func everyParameterIsRead() throws {
        let uri = try LocationProviderURI(
            "geoclue:?accuracy=city&desktop-id=org.example.Tracker&distance-threshold=25&time-threshold=60")
        let options = try GeoClueOptions(uri: uri)
        #expect(
            options
                == GeoClueOptions(
                    accuracyLevel: .city, desktopID: "org.example.Tracker", distanceThreshold: 25, timeThreshold: 60))
    }

    @Test func levelsHaveGeoCluesNumbers() {
        #expect(GeoClueAccuracyLevel.allCases.map(\.rawValue) == [0, 1, 4, 5, 6, 8])
        #expect(GeoClueAccuracyLevel(name: "neighbourhood") == .neighborhood)
        #expect(GeoClueAccuracyLevel(name: "precise") == nil)
    }

    @Test(arguments: [
        ("geoclue:/x", "path"), ("geoclue:?accuracy=precise", "accuracy"), ("geoclue:?desktop-id=", "desktop-id"),
        ("geoclue:?distance-threshold=-1", "distance-threshold"), ("geoclue:?time-threshold=1.5", "time-threshold"),
        ("geoclue:?acuracy=city", "acuracy"),
    ])
    func invalidURIsNameTheParameter(uri: String, name: String) throws {
        do {
            _ = try GeoClueOptions(uri: LocationProviderURI(uri))
            Issue.record("\(uri) was accepted")
        } catch let LocationProviderError.invalidParameter(reported, parameter, _) {
            #expect(reported == uri)
            #expect(parameter == name)
        }
    }

    @Test func theSchemeIsRegisteredAndProbedLast() throws {
        let made = try LocationProviders.provider(for: "geoclue:?accuracy=street&desktop-id=org.example.Registered")
        let geoclue = try #require(made as? GeoClueLocationProvider)
        #expect(geoclue.options.accuracyLevel == .street)
        #expect(geoclue.identifier == "geoclue:?accuracy=street&desktop-id=org.example.Registered")
        #expect(LocationProviders.builtInProbe.last == "geoclue:")
    }
}

@Suite struct GeoClueFixTests {
    private let base: [String: DBusValue] = [
        "Latitude": .double(-33.8568), "Longitude": .double(151.2153), "Accuracy": .double(50),
        "Altitude": .double(GeoClueFix.unknownAltitude), "Speed": .double(-1), "Heading": .double(-1),
        "Timestamp": .structure([.uint64(1_700_000_000), .uint64(999_999)]),
    ]
    /// The provider clock's now: a few hours after the base fix.
    private let now = Date(timeIntervalSince1970: 1_700_010_000)

    @Test func unknownValuesBecomeApplesInvalidMarkers() throws {
        let fix = try GeoClueFix.location(from: base, now: now)
        #expect(fix.coordinate.latitude == -33.8568 && fix.coordinate.longitude == 151.2153)
        #expect(fix.horizontalAccuracy == 50)
        #expect(fix.altitude == 0 && fix.verticalAccuracy == -1)
        #expect(fix.speed == -1 && fix.speedAccuracy == -1)
        #expect(fix.course == -1 && fix.courseAccuracy == -1)
        #expect(fix.timestamp == Date(timeIntervalSince1970: 1_700_000_000.999999))
    }

    @Test func knownValuesAreKept() throws {
        var properties = base
        properties["Altitude"] = .double(-12.5)
        properties["Speed"] = .double(0)
        properties["Heading"] = .double(359.5)
        let fix = try GeoClueFix.location(from: properties, now: now)
        #expect(fix.altitude == -12.5 && fix.verticalAccuracy == 50)
        #expect(fix.speed == 0)
        #expect(fix.course == 359.5)
    }

    @Test(arguments: [
        ("Latitude", nil, "property Latitude is missing"),
        ("Latitude", DBusValue.string("x"), "property Latitude is s string(\"x\"), expected a double"),
        ("Latitude", DBusValue.double(91), "coordinate 91.0, 151.2153 is out of range"),
        ("Accuracy", DBusValue.double(-1), "accuracy -1.0 is not a distance"),
        ("Timestamp", DBusValue.uint64(5), "property Timestamp is uint64(5), expected (tt)"),
        (
            "Timestamp", DBusValue.structure([.uint64(1), .uint64(1_000_000)]),
            "property Timestamp is structure([DBus.DBusValue.uint64(1), DBus.DBusValue.uint64(1000000)]), expected (tt)"
        ),
        ("Accuracy", DBusValue.double(.infinity), "accuracy inf is not a distance"),
        (
            "Timestamp", DBusValue.structure([.uint64(.max), .uint64(0)]),
            "time 1.8446744073709552e+19 s since 1970 is more than a day ahead of the clock"
        ),
        (
            "Timestamp", DBusValue.structure([.uint64(1_700_096_401), .uint64(0)]),
            "time 2023-11-16T01:00:01Z is more than a day ahead of the clock"
        ),
        ("Timestamp", DBusValue.structure([.uint64(0), .uint64(0)]), "time 1970-01-01T00:00:00Z is before 1980"),
    ])
    func invalidPropertiesAreNamed(name: String, value: DBusValue?, message: String) {
        var properties = base
        properties[name] = value
        do {
            _ = try GeoClueFix.location(from: properties, now: now)
            Issue.record("accepted \(name) = \(String(describing: value))")
        } catch {
            #expect(error.description == message)
        }
    }

    /// Issue 32: `Accuracy 0.0` made a perfect fix that passed every accuracy filter.
    @Test func anAccuracyOfZeroIsUnknownAndGetsTheNominalFiveMetres() throws {
        var properties = base
        properties["Accuracy"] = .double(0)
        properties["Altitude"] = .double(35)
        let fix = try GeoClueFix.location(from: properties, now: now)
        #expect(fix.horizontalAccuracy == 5)
        #expect(fix.verticalAccuracy == 5)
    }

    /// Issue 32: `Heading 1e308` became course 296.0; NMEA and GPX refuse courses over 360.
    @Test(arguments: [(1e308, -1.0), (360.5, -1.0), (360.0, 0.0), (0.0, 0.0), (-0.5, -1.0), (.infinity, -1.0)])
    func aHeadingOutsideZeroTo360IsUnknown(heading: Double, course: Double) throws {
        var properties = base
        properties["Heading"] = .double(heading)
        #expect(try GeoClueFix.location(from: properties, now: now).course == course)
    }

    @Test func aTimeUpToADayAheadOfTheClockIsAccepted() throws {
        var properties = base
        properties["Timestamp"] = .structure([.uint64(1_700_096_400), .uint64(0)])
        #expect(try GeoClueFix.location(from: properties, now: now).timestamp.timeIntervalSince(now) == 86_400)
    }
}
