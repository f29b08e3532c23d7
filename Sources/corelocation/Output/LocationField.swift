import LinuxCoreLocation

/// A number of a fix that JSON Lines, CSV and `--format-string` write: its name in each, the decimals of its
/// kind (``Numbers/Precision``), and where the `CLLocation` holds it.
///
/// ``allCases`` is the order of the JSON members and of the CSV columns (Docs/CLI.md); adding a case adds the
/// member and the column.
enum LocationField: Int, CaseIterable {
    case latitude, longitude, altitude, ellipsoidalAltitude, horizontalAccuracy, verticalAccuracy, speed
    case speedAccuracy, course, courseAccuracy

    /// The JSON member name.
    var key: String {
        member.withUTF8Buffer { String(decoding: $0.dropFirst(2).dropLast(2), as: UTF8.self) }
    }

    /// The CSV column name: the JSON member in snake_case (`horizontal_accuracy`).
    var columnName: String {
        var name = ""
        for character in key {
            if character.isUppercase { name += "_" + character.lowercased() } else { name.append(character) }
        }
        return name
    }

    /// The decimals written at most.
    var decimals: Int {
        switch self {
        case .latitude, .longitude: Numbers.Precision.coordinate
        case .altitude, .ellipsoidalAltitude: Numbers.Precision.altitude
        case .speed: Numbers.Precision.speed
        case .course: Numbers.Precision.angle
        case .horizontalAccuracy, .verticalAccuracy, .speedAccuracy, .courseAccuracy: Numbers.Precision.accuracy
        }
    }

    /// The value of `location`, as the object holds it (−1 for an invalid one).
    @inline(__always)
    func value(of location: CLLocation) -> Double {
        switch self {
        case .latitude: location.coordinate.latitude
        case .longitude: location.coordinate.longitude
        case .altitude: location.altitude
        case .ellipsoidalAltitude: location.ellipsoidalAltitude
        case .horizontalAccuracy: location.horizontalAccuracy
        case .verticalAccuracy: location.verticalAccuracy
        case .speed: location.speed
        case .speedAccuracy: location.speedAccuracy
        case .course: location.course
        case .courseAccuracy: location.courseAccuracy
        }
    }

    /// `,"key":`, ready to append to a JSON object after its first member: a literal, so that appending it costs no
    /// reference counting (an array of bytes per field was retained and released for each of a fix's ten members,
    /// issue 30), written with the value in one append.
    var member: StaticString {
        switch self {
        case .latitude: ",\"latitude\":"
        case .longitude: ",\"longitude\":"
        case .altitude: ",\"altitude\":"
        case .ellipsoidalAltitude: ",\"ellipsoidalAltitude\":"
        case .horizontalAccuracy: ",\"horizontalAccuracy\":"
        case .verticalAccuracy: ",\"verticalAccuracy\":"
        case .speed: ",\"speed\":"
        case .speedAccuracy: ",\"speedAccuracy\":"
        case .course: ",\"course\":"
        case .courseAccuracy: ",\"courseAccuracy\":"
        }
    }
}

extension OutputBuffer {
    /// Appends `prefix` and `field` of `location` in its shortest rounded form (``appendDecimal(_:_:after:)``).
    @inline(__always)
    mutating func append(_ field: LocationField, of location: CLLocation, after prefix: StaticString = "") {
        if field == .course {
            appendDirection(location.course, field.decimals, after: prefix)
        } else {
            appendDecimal(field.value(of: location), field.decimals, after: prefix)
        }
    }
}
