/// The GPX module: reading and writing GPS Exchange Format 1.0 and 1.1 documents.
///
/// This namespace holds module-wide facts. The reader and writer arrive with their issue.
public enum GPX {
    /// The XML namespace of GPX 1.1, from the schema at topografix.com.
    public static let namespace11 = "http://www.topografix.com/GPX/1/1"
}
