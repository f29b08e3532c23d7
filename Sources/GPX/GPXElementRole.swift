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

    /// The role of a GPX-namespace element named `localName` under `parent`.
    static func gpxElement(_ localName: UnsafeBufferPointer<UInt8>, under parent: GPXElementRole) -> GPXElementRole {
        let named = { (name: StaticString) in GPXXMLCharacters.equal(localName, name) }
        switch parent {
        case .segment: return named("trkpt") ? .point(.trackPoint) : .other
        case .point: return pointField(localName).map { .field($0) } ?? .other
        case .root:
            if named("trk") { return .track }
            if named("wpt") { return .point(.waypoint) }
            if named("rte") { return .route }
            if named("metadata") { return .metadata }
            fallthrough
        case .metadata:
            if named("name") { return .field(.documentName) }
            if named("time") { return .field(.documentTime) }
            return .other
        case .route:
            if named("rtept") { return .point(.routePoint) }
            return named("name") ? .field(.routeName) : .other
        case .track:
            if named("trkseg") { return .segment }
            return named("name") ? .field(.trackName) : .other
        case .field, .other:
            return .other
        }
    }

    /// The role of an element of another namespace somewhere inside a point (an extension).
    static func extensionElement(_ localName: UnsafeBufferPointer<UInt8>, namespace: GPXXMLNamespaces.Kind)
        -> GPXElementRole
    {
        let named = { (name: StaticString) in GPXXMLCharacters.equal(localName, name) }
        switch namespace {
        case .garminTrackPointExtensionV2, .osmAnd:
            if named("speed") { return .field(.extensionSpeed) }
            return named(namespace == .osmAnd ? "heading" : "course") ? .field(.extensionCourse) : .other
        case .linuxCoreLocation:
            if named("hacc") { return .field(.horizontalAccuracy) }
            return named("vacc") ? .field(.verticalAccuracy) : .other
        default:
            return .other
        }
    }

    /// The point child named `localName` that the reader reads (`ele`, `time`, `speed`, `course`, `name`, `fix`,
    /// `sat`, `hdop`, `vdop`, `pdop`), or `nil`.
    ///
    /// Chosen by the name's length first: a search of a table of the names, with a closure for each, was a tenth
    /// of the reader's work on a point's start tags.
    private static func pointField(_ localName: UnsafeBufferPointer<UInt8>) -> Field? {
        let named = { (name: StaticString) in GPXXMLCharacters.equal(localName, name) }
        switch localName.count {
        case 3:
            if named("ele") { return .elevation }
            if named("fix") { return .fix }
            return named("sat") ? .satellites : nil
        case 4:
            if named("time") { return .time }
            if named("name") { return .name }
            if named("hdop") { return .hdop }
            if named("vdop") { return .vdop }
            return named("pdop") ? .pdop : nil
        case 5: return named("speed") ? .speed : nil
        case 6: return named("course") ? .course : nil
        default: return nil
        }
    }
}
