extension CLLocation {
    /// The stored values of a location; the open properties read them so that subclasses can override.
    struct Storage {
        var coordinate: CLLocationCoordinate2D
        var altitude: CLLocationDistance
        var ellipsoidalAltitude: CLLocationDistance
        var horizontalAccuracy: CLLocationAccuracy
        var verticalAccuracy: CLLocationAccuracy
        var course: CLLocationDirection
        var courseAccuracy: CLLocationDirectionAccuracy
        var speed: CLLocationSpeed
        var speedAccuracy: CLLocationSpeedAccuracy
        var timestamp: Date
        var floor: CLFloor?
        var sourceInformation: CLLocationSourceInformation?

        /// The values of a location, with Apple's defaults for what an initializer does not take: altitude 0
        /// (the ellipsoidal one equal to it), horizontal accuracy 0, and vertical accuracy, course, speed and
        /// their accuracies −1 (invalid).
        init(
            coordinate: CLLocationCoordinate2D, altitude: CLLocationDistance = 0,
            ellipsoidalAltitude: CLLocationDistance? = nil, horizontalAccuracy: CLLocationAccuracy = 0,
            verticalAccuracy: CLLocationAccuracy = -1, course: CLLocationDirection = -1,
            courseAccuracy: CLLocationDirectionAccuracy = -1, speed: CLLocationSpeed = -1,
            speedAccuracy: CLLocationSpeedAccuracy = -1, timestamp: Date, floor: CLFloor? = nil,
            sourceInformation: CLLocationSourceInformation? = nil
        ) {
            self.coordinate = coordinate
            self.altitude = altitude
            self.ellipsoidalAltitude = ellipsoidalAltitude ?? altitude
            self.horizontalAccuracy = horizontalAccuracy
            self.verticalAccuracy = verticalAccuracy
            self.course = course
            self.courseAccuracy = courseAccuracy
            self.speed = speed
            self.speedAccuracy = speedAccuracy
            self.timestamp = timestamp
            self.floor = floor
            self.sourceInformation = sourceInformation
        }
    }
}

extension CLLocation.Storage {
    private enum Key {
        static let latitude = "latitude"
        static let longitude = "longitude"
        static let altitude = "altitude"
        static let ellipsoidalAltitude = "ellipsoidalAltitude"
        static let horizontalAccuracy = "horizontalAccuracy"
        static let verticalAccuracy = "verticalAccuracy"
        static let course = "course"
        static let courseAccuracy = "courseAccuracy"
        static let speed = "speed"
        static let speedAccuracy = "speedAccuracy"
        static let timestamp = "timestamp"
        static let floor = "floor"
        static let sourceInformation = "sourceInformation"
    }

    /// Writes every value under its key; dates as seconds since the reference date.
    func encode(with coder: NSCoder) {
        coder.encode(coordinate.latitude, forKey: Key.latitude)
        coder.encode(coordinate.longitude, forKey: Key.longitude)
        coder.encode(altitude, forKey: Key.altitude)
        coder.encode(ellipsoidalAltitude, forKey: Key.ellipsoidalAltitude)
        coder.encode(horizontalAccuracy, forKey: Key.horizontalAccuracy)
        coder.encode(verticalAccuracy, forKey: Key.verticalAccuracy)
        coder.encode(course, forKey: Key.course)
        coder.encode(courseAccuracy, forKey: Key.courseAccuracy)
        coder.encode(speed, forKey: Key.speed)
        coder.encode(speedAccuracy, forKey: Key.speedAccuracy)
        coder.encode(timestamp.timeIntervalSinceReferenceDate, forKey: Key.timestamp)
        coder.encode(floor, forKey: Key.floor)
        coder.encode(sourceInformation, forKey: Key.sourceInformation)
    }

    /// Reads values written by ``encode(with:)``; `nil` when the coder is not keyed or has no timestamp.
    init?(coder: NSCoder) {
        guard coder.allowsKeyedCoding, coder.containsValue(forKey: Key.timestamp) else { return nil }
        self.init(
            coordinate: CLLocationCoordinate2D(
                latitude: coder.decodeDouble(forKey: Key.latitude),
                longitude: coder.decodeDouble(forKey: Key.longitude)),
            altitude: coder.decodeDouble(forKey: Key.altitude),
            ellipsoidalAltitude: coder.decodeDouble(forKey: Key.ellipsoidalAltitude),
            horizontalAccuracy: coder.decodeDouble(forKey: Key.horizontalAccuracy),
            verticalAccuracy: coder.decodeDouble(forKey: Key.verticalAccuracy),
            course: coder.decodeDouble(forKey: Key.course),
            courseAccuracy: coder.decodeDouble(forKey: Key.courseAccuracy),
            speed: coder.decodeDouble(forKey: Key.speed),
            speedAccuracy: coder.decodeDouble(forKey: Key.speedAccuracy),
            timestamp: Date(timeIntervalSinceReferenceDate: coder.decodeDouble(forKey: Key.timestamp)),
            floor: coder.decodeObject(of: CLFloor.self, forKey: Key.floor),
            sourceInformation: coder.decodeObject(of: CLLocationSourceInformation.self, forKey: Key.sourceInformation))
    }
}
