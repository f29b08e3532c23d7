/// The text of a GPX 1.1 track, piece by piece, for writers that stream to something other than a file,
/// such as standard output.
///
/// The pieces are exactly what ``GPXTrackWriter`` writes.
public enum GPXTrackText {
    /// The XML declaration, `<gpx>` with its namespaces, optional metadata, and the opening `<trk><trkseg>`.
    ///
    /// - Parameter options: The creator, track name and time written in the header.
    /// - Returns: The header text, ending with a newline.
    public static func header(_ options: GPXTrackWriterOptions = GPXTrackWriterOptions()) -> String {
        GPXTrackEncoding.header(options)
    }

    /// One `<trkpt>` line.
    ///
    /// - Parameter point: The point; negative speed, course and accuracies are left out as invalid.
    /// - Throws: ``GPXDiagnostic`` when a coordinate is out of range, a value is not finite, or the time is outside
    ///   the years 0000 to 9999.
    /// - Returns: The `<trkpt>` line, ending with a newline.
    public static func trackPoint(_ point: GPXPoint) throws -> String {
        try GPXTrackEncoding.trackPoint(point, source: "<stream>")
    }

    /// The closing `</trkseg></trk></gpx>`.
    public static var trailer: String { GPXTrackEncoding.trailer }
}
