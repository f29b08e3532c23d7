import Foundation

/// How ``GPXTrackWriter`` creates and writes its file.
public struct GPXTrackWriterOptions: Sendable, Hashable {
    /// The `creator` attribute of `<gpx>`.
    public var creator: String
    /// Written as both the document name (`<metadata><name>`) and the track name; `nil` writes none.
    public var name: String?
    /// The document time (`<metadata><time>`), usually the start of recording; `nil` writes none, and so does an
    /// instant outside the years 0000 to 9999.
    public var time: Date?
    /// Whether every append (and the header) is followed by `fsync(2)`.
    ///
    /// Slower; survives power loss.
    public var synchronizesEachAppend: Bool
    /// Whether an existing file at the URL is truncated and reused (its mode reset to 0600);
    /// when `false` (the default) an existing file makes the writer's initialiser throw.
    public var replacesExistingFile: Bool

    /// Creates options; by default creator "LinuxCoreLocation", no name or time, no fsync, and
    /// never overwriting an existing file.
    public init(
        creator: String = "LinuxCoreLocation", name: String? = nil, time: Date? = nil,
        synchronizesEachAppend: Bool = false, replacesExistingFile: Bool = false
    ) {
        self.creator = creator
        self.name = name
        self.time = time
        self.synchronizesEachAppend = synchronizesEachAppend
        self.replacesExistingFile = replacesExistingFile
    }
}
