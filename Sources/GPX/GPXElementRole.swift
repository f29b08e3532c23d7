/// What an open XML element means to the reader, decided from its namespace URI, local name
/// and parent; elements not listed are skipped with their content.
enum GPXElementRole: Equatable {
    /// The kind of point an element opens.
    enum PointKind { case waypoint, routePoint, trackPoint }

    /// A leaf element whose text the reader parses.
    enum Field {
        case documentName, documentTime, routeName, trackName
        case elevation, time, name, speed, course, hdop, vdop, pdop, fix, satellites
        case extensionSpeed, extensionCourse, horizontalAccuracy, verticalAccuracy
    }

    case root, metadata, route, track, segment
    case point(PointKind)
    case field(Field)
    case other

    /// The role of a GPX-namespace element under `parent`.
    static func gpxElement(_ localName: String, under parent: GPXElementRole) -> GPXElementRole {
        switch (parent, localName) {
        case (.root, "metadata"): .metadata
        case (.root, "wpt"): .point(.waypoint)
        case (.root, "rte"): .route
        case (.root, "trk"): .track
        case (.root, "name"), (.metadata, "name"): .field(.documentName)
        case (.root, "time"), (.metadata, "time"): .field(.documentTime)
        case (.route, "rtept"): .point(.routePoint)
        case (.route, "name"): .field(.routeName)
        case (.track, "trkseg"): .segment
        case (.track, "name"): .field(.trackName)
        case (.segment, "trkpt"): .point(.trackPoint)
        case (.point, _): pointFields[localName].map { .field($0) } ?? .other
        default: .other
        }
    }

    /// The role of an element in another namespace somewhere inside a point (an extension).
    static func extensionElement(_ localName: String, namespace: String) -> GPXElementRole {
        switch (namespace, localName) {
        case (GPX.garminTrackPointExtensionV2, "speed"), (GPX.osmAnd, "speed"): .field(.extensionSpeed)
        case (GPX.garminTrackPointExtensionV2, "course"), (GPX.osmAnd, "heading"): .field(.extensionCourse)
        case (GPX.linuxCoreLocation, "hacc"): .field(.horizontalAccuracy)
        case (GPX.linuxCoreLocation, "vacc"): .field(.verticalAccuracy)
        default: .other
        }
    }

    private static let pointFields: [String: Field] = [
        "ele": .elevation, "time": .time, "name": .name, "speed": .speed, "course": .course,
        "hdop": .hdop, "vdop": .vdop, "pdop": .pdop, "fix": .fix, "sat": .satellites,
    ]
}
