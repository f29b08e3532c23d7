extension CLMonitor {
    /// A circle on the ground, satisfied while the device is inside it.
    ///
    /// Inside and outside are decided with the fixes' accuracy as hysteresis, exactly as for
    /// ``CLCircularRegion`` in region monitoring (see the "Region monitoring" article). Source: Apple's
    /// CoreLocation documentation (`CLMonitor.CircularGeographicCondition`, iOS 17).
    public struct CircularGeographicCondition: CLCondition {
        /// The centre, in degrees.
        public let center: CLLocationCoordinate2D
        /// The radius in metres; a condition with a radius ≤ 0 or an invalid centre is never satisfied.
        public let radius: CLLocationDistance

        /// Creates a circular condition.
        ///
        /// - Parameters:
        ///   - center: The centre, in degrees.
        ///   - radius: The radius in metres, > 0.
        public init(center: CLLocationCoordinate2D, radius: CLLocationDistance) {
            self.center = center
            self.radius = radius
        }

        private enum CodingKeys: String, CodingKey {
            case latitude, longitude, radius
        }

        /// Decodes a condition written by ``encode(to:)``; throws `DecodingError` when a value is missing.
        public init(from decoder: any Decoder) throws {
            let container = try decoder.container(keyedBy: CodingKeys.self)
            center = CLLocationCoordinate2D(
                latitude: try container.decode(Double.self, forKey: .latitude),
                longitude: try container.decode(Double.self, forKey: .longitude))
            radius = try container.decode(Double.self, forKey: .radius)
        }

        /// Encodes the centre's latitude and longitude (degrees) and the radius (metres).
        public func encode(to encoder: any Encoder) throws {
            var container = encoder.container(keyedBy: CodingKeys.self)
            try container.encode(center.latitude, forKey: .latitude)
            try container.encode(center.longitude, forKey: .longitude)
            try container.encode(radius, forKey: .radius)
        }
    }
}
