import Foundation

/// Document-level facts: the root's `version`/`creator` attributes and the document name and time.
///
/// GPX 1.1 keeps name and time in `<metadata>`; GPX 1.0 puts `<name>` and `<time>` directly
/// under `<gpx>`. Both places are read. Time rules are those of ``GPXPoint/time``.
public struct GPXMetadata: Sendable, Hashable {
    /// The root's `version` attribute as written (`"1.0"`, `"1.1"`), `nil` when absent.
    public var version: String?
    /// The root's `creator` attribute, `nil` when absent.
    public var creator: String?
    /// The document name.
    public var name: String?
    /// The document's creation time.
    public var time: Date?

    /// Creates metadata; all values default to `nil` (absent).
    public init(version: String? = nil, creator: String? = nil, name: String? = nil, time: Date? = nil) {
        self.version = version
        self.creator = creator
        self.name = name
        self.time = time
    }
}
