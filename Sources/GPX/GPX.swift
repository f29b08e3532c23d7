/// The GPX module: reading and writing GPS Exchange Format 1.0 and 1.1 documents.
///
/// This namespace holds the XML namespace URIs the module reads and writes. Elements are
/// always matched by namespace URI, never by prefix, so `<ns3:speed>` and `<gpxtpx:speed>`
/// mean the same thing when both prefixes are bound to the same URI.
public enum GPX {
    /// The XML namespace of GPX 1.0 (topografix.com, GPX 1.0 schema).
    public static let namespace10 = "http://www.topografix.com/GPX/1/0"

    /// The XML namespace of GPX 1.1 (topografix.com, GPX 1.1 schema).
    public static let namespace11 = "http://www.topografix.com/GPX/1/1"

    /// The namespace of Garmin's TrackPointExtension v2, whose `speed` (m/s) and `course`
    /// (degrees clockwise from true north) elements the reader reads and the writer writes.
    public static let garminTrackPointExtensionV2 = "http://www.garmin.com/xmlschemas/TrackPointExtension/v2"

    /// The namespace OsmAnd binds to its `osmand:` prefix; its `speed` (m/s) and `heading`
    /// (degrees clockwise from true north) track point extensions are read.
    public static let osmAnd = "https://osmand.net"

    /// This module's own extension namespace, holding `hacc` and `vacc` (horizontal and vertical
    /// accuracy radius in metres, at the confidence the recording source reported).
    public static let linuxCoreLocation = "https://github.com/LinuxCoreLocation/gpx/1"
}
