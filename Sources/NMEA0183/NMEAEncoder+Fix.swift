import Foundation

extension NMEAEncoder {
    /// What ``NMEAEncoder/sentences(for:)`` writes of one fix.
    ///
    /// Optional values out of their range are unknown (written as empty fields), as a negative accuracy, speed or
    /// course is unknown in Apple's `CLLocation`; the position and time must be valid, or there is no fix.
    public struct Fix: Sendable, Hashable {
        /// The instant of the fix, from 1980 to 2079: RMC writes a two-digit year, which ``NMEADate`` reads with
        /// the pivot 80.
        public let timestamp: Date
        /// Latitude in degrees, north positive, −90...90.
        public let latitude: Double
        /// Longitude in degrees, east positive, −180...180.
        public let longitude: Double
        /// Altitude above mean sea level, metres, −99,999...999,999.
        public var altitudeMSL: Double? { didSet { altitudeMSL = Self.checked(altitudeMSL, -99_999...999_999) } }
        /// Height of the geoid above the WGS 84 ellipsoid, metres, −999...999.
        public var geoidSeparation: Double? { didSet { geoidSeparation = Self.checked(geoidSeparation, -999...999) } }
        /// Speed over ground, m/s, 0...10⁶.
        public var speed: Double? { didSet { speed = Self.checked(speed, 0...1e6) } }
        /// Course over ground, degrees clockwise from true north, 0..<360.
        public var course: Double? { didSet { course = Self.checked(course, 0...360, excludingUpper: true) } }
        /// Horizontal accuracy, metres (1σ radius, DRMS), 0 exclusive...10⁶.
        public var horizontalAccuracy: Double? {
            didSet { horizontalAccuracy = Self.checked(horizontalAccuracy, 0...1e6, excludingZero: true) }
        }
        /// Vertical accuracy, metres (1σ), 0 exclusive...10⁶.
        public var verticalAccuracy: Double? {
            didSet { verticalAccuracy = Self.checked(verticalAccuracy, 0...1e6, excludingZero: true) }
        }
        /// Whether the fix is 2D or 3D.
        public var mode: NMEAFixMode?
        /// Satellites used in the solution, 0...99.
        public var satellitesUsed: Int? {
            didSet { satellitesUsed = satellitesUsed.flatMap { (0...99).contains($0) ? $0 : nil } }
        }
        /// Horizontal dilution of precision, 0...99.99.
        public var hdop: Double? { didSet { hdop = Self.checked(hdop, 0...99.99) } }
        /// Vertical dilution of precision, 0...99.99.
        public var vdop: Double? { didSet { vdop = Self.checked(vdop, 0...99.99) } }
        /// Position dilution of precision, 0...99.99.
        public var pdop: Double? { didSet { pdop = Self.checked(pdop, 0...99.99) } }

        /// A fix with a position and a time, its other values unknown; `nil` when the coordinate is outside its
        /// range or not finite, or the time is outside 1980...2079.
        public init?(timestamp: Date, latitude: Double, longitude: Double) {
            // 1980-01-01T00:00:00Z up to 2080-01-01T00:00:00Z, less the half millisecond that would round into 2080.
            guard (-90...90).contains(latitude), (-180...180).contains(longitude),
                (315_532_800..<3_471_292_799.9995).contains(timestamp.timeIntervalSince1970)
            else { return nil }
            self.timestamp = timestamp
            self.latitude = latitude
            self.longitude = longitude
        }

        /// `value` when it is finite and within `range` (without its upper bound or zero when asked), else `nil`.
        private static func checked(
            _ value: Double?, _ range: ClosedRange<Double>, excludingUpper: Bool = false, excludingZero: Bool = false
        ) -> Double? {
            guard let value, range.contains(value), !(excludingUpper && value == range.upperBound),
                !(excludingZero && value == 0)
            else { return nil }
            return value
        }
    }
}
