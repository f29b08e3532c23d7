// Test doubles written the way iOS test suites write them: subclasses of CoreLocation's value classes that
// call `super.init()` and override the read-only properties. They must compile unchanged with only the import
// switched. In Swift 6 a subclass of an `@unchecked Sendable` class restates the conformance, or the compiler
// warns (this package turns warnings into errors).
#if canImport(CoreLocation)
    import CoreLocation
#else
    import LinuxCoreLocation
#endif

final class MockHeading: CLHeading, @unchecked Sendable {
    private let degrees: CLLocationDirection

    init(trueHeading: CLLocationDirection) {
        degrees = trueHeading
        super.init()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var trueHeading: CLLocationDirection { degrees }
    override var magneticHeading: CLLocationDirection { degrees - 2 }
    override var headingAccuracy: CLLocationDirectionAccuracy { 5 }
}

final class MockLocation: CLLocation, @unchecked Sendable {
    var stubbedCoordinate = CLLocationCoordinate2D(latitude: 59.3293, longitude: 18.0686)

    override init() {
        super.init()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override var coordinate: CLLocationCoordinate2D { stubbedCoordinate }
    override var horizontalAccuracy: CLLocationAccuracy { 12 }
}

final class MockPlacemark: CLPlacemark, @unchecked Sendable {
    override init() {
        super.init()
    }

    required init?(coder: NSCoder) {
        super.init(coder: coder)
    }

    override var locality: String? { "Stockholm" }
    override var isoCountryCode: String? { "SE" }
}

final class MockVisit: CLVisit, @unchecked Sendable {
    override init() {
        super.init()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var arrivalDate: Date { Date(timeIntervalSince1970: 1_700_000_000) }
    override var departureDate: Date { Date(timeIntervalSince1970: 1_700_003_600) }
}

final class MockFloor: CLFloor, @unchecked Sendable {
    override init() {
        super.init()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var level: Int { 3 }
}

final class MockBeacon: CLBeacon, @unchecked Sendable {
    override init() {
        super.init()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var proximity: CLProximity { .near }
    override var rssi: Int { -59 }
}

final class MockSourceInformation: CLLocationSourceInformation, @unchecked Sendable {
    override init() {
        super.init()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var isSimulatedBySoftware: Bool { true }
}

final class MockRegion: CLRegion, @unchecked Sendable {
    override init() {
        super.init()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var identifier: String { "mock-region" }
}

final class MockCircularRegion: CLCircularRegion, @unchecked Sendable {
    override init() {
        super.init()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var center: CLLocationCoordinate2D { CLLocationCoordinate2D(latitude: 1, longitude: 2) }
    override var radius: CLLocationDistance { 150 }
}

final class MockBeaconRegion: CLBeaconRegion, @unchecked Sendable {
    override init() {
        super.init()
    }

    required init?(coder: NSCoder) {
        fatalError("init(coder:) has not been implemented")
    }

    override var identifier: String { "lobby" }
}

/// A double that overrides nothing, made with the `init()` it inherits, as tests do for plain fixtures.
final class PlainHeading: CLHeading, @unchecked Sendable {}
