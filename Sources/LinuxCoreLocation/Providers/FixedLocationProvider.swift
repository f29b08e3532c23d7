import LocationSupport

/// A provider that reports one constant location, like Xcode's custom simulated location.
///
/// **Linux only.**
///
/// URI: `fixed:LAT,LON[,ACCURACY]` — degrees and metres, accuracy 5 m when omitted and at most 20,000 km
/// (`FixLimits.maximumAccuracy`), for example `fixed:48.8584,2.2945,10`. Each start delivers the location once,
/// stamped with the clock's time and marked as simulated by software; it never moves, so no further fixes follow.
public final class FixedLocationProvider: LocationProvider {
    /// The coordinate reported, in degrees.
    public let coordinate: CLLocationCoordinate2D
    /// The horizontal accuracy reported, in metres; negative (−1) when the coordinate is invalid, as Apple marks it.
    public let horizontalAccuracy: CLLocationAccuracy
    /// The clock that stamps the fix.
    public let clock: any LocationClock

    /// Creates a fixed provider.
    ///
    /// An accuracy that is not finite or above 20,000 km (the limit every provider applies), or a coordinate that is
    /// not valid, makes the fix invalid the way Apple marks it, without a trap: its horizontal accuracy is −1, so
    /// managers discard it. A negative accuracy is kept, and says the same. An accuracy of 0 is kept: it is stated,
    /// not measured.
    ///
    /// - Parameters:
    ///   - coordinate: The location, in degrees.
    ///   - horizontalAccuracy: Metres, 0 to 20,000,000; 5 by default.
    ///   - clock: Stamps the fix; the system clock by default.
    public convenience init(
        coordinate: CLLocationCoordinate2D, horizontalAccuracy: CLLocationAccuracy = 5,
        clock: any LocationClock = SystemClock.shared
    ) {
        self.init(coordinate: coordinate, horizontalAccuracy: horizontalAccuracy, clock: clock, uri: nil)
    }

    /// A fixed provider named by the URI it was made from, as given, or by its values when `uri` is `nil`.
    init(
        coordinate: CLLocationCoordinate2D, horizontalAccuracy: CLLocationAccuracy, clock: any LocationClock,
        uri: String?
    ) {
        self.coordinate = coordinate
        let isMeasure = horizontalAccuracy.isFinite && horizontalAccuracy <= FixLimits.maximumAccuracy
        self.horizontalAccuracy = isMeasure && CLLocationCoordinate2DIsValid(coordinate) ? horizontalAccuracy : -1
        self.clock = clock
        identifier = uri ?? "fixed:\(coordinate.latitude),\(coordinate.longitude),\(self.horizontalAccuracy)"
    }

    /// The URI the provider was made from, as given (`fixed:48.8584,2.2945`), so that messages quote what the user
    /// typed; `fixed:LAT,LON,ACCURACY` with the values for one created with
    /// ``init(coordinate:horizontalAccuracy:clock:)`` (`fixed:48.8584,2.2945,5.0`).
    public let identifier: String

    /// Locations with an accuracy.
    public var capabilities: LocationProviderCapabilities { [.location, .accuracy] }

    /// Always `true`.
    public var isAvailable: Bool { true }

    /// Delivers the location once, from the clock's queue.
    public func start(_ handler: @escaping @Sendable (LocationProviderEvent) -> Void) {
        let location = CLLocation(
            coordinate: coordinate, altitude: 0, ellipsoidalAltitude: 0, horizontalAccuracy: horizontalAccuracy,
            verticalAccuracy: -1, course: -1, courseAccuracy: -1, speed: -1, speedAccuracy: -1,
            timestamp: clock.now,
            sourceInfo: CLLocationSourceInformation(softwareSimulationState: true, andExternalAccessoryState: false))
        let timer = clock.schedule(after: 0) { handler(.locations([location])) }
        pending.withLock { $0 = timer }
    }

    /// Cancels a delivery that has not happened yet.
    public func stop() {
        pending.withLock { $0 }?.cancel()
    }

    private let pending = Locked<LocationClockTimer?>(nil)
}

extension FixedLocationProvider {
    /// Makes a provider from `fixed:LAT,LON[,ACCURACY]`.
    ///
    /// - Throws: ``LocationProviderError/invalidParameter(uri:name:reason:)`` when the numbers are missing,
    ///   unparsable or out of range (an accuracy above ``FixLimits/maximumAccuracy`` included), or for any parameter
    ///   (it takes none).
    @Sendable static func make(_ uri: LocationProviderURI) throws -> any LocationProvider {
        try uri.checkParameters([])
        let parts = uri.path.split(separator: ",", omittingEmptySubsequences: false).map {
            LocationProviderURI.decimalNumber($0.trimmingCharacters(in: .whitespaces))
        }
        guard parts.count == 2 || parts.count == 3, let latitude = parts[0], let longitude = parts[1] else {
            throw LocationProviderError.invalidParameter(
                uri: uri.description, name: "coordinates", reason: "expected LAT,LON[,ACCURACY] in degrees and metres")
        }
        let coordinate = CLLocationCoordinate2D(latitude: latitude, longitude: longitude)
        guard CLLocationCoordinate2DIsValid(coordinate) else {
            throw LocationProviderError.invalidParameter(
                uri: uri.description, name: "coordinates",
                reason: "latitude must be in -90...90 and longitude in -180...180")
        }
        let accuracy = parts.count == 3 ? parts[2] : 5
        guard let accuracy, accuracy >= 0, accuracy <= FixLimits.maximumAccuracy else {
            throw LocationProviderError.invalidParameter(
                uri: uri.description, name: "accuracy",
                reason: "expected a distance in metres from 0 to \(Int(FixLimits.maximumAccuracy)) (20,000 km)")
        }
        return FixedLocationProvider(
            coordinate: coordinate, horizontalAccuracy: accuracy, clock: SystemClock.shared, uri: uri.description)
    }
}
