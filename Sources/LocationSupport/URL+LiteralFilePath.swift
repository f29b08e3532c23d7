import Foundation

extension URL {
    /// A file URL for `path` taken as it is, as `open(2)` takes it: a leading `~` names a file or folder called `~`.
    ///
    /// Foundation's `URL(fileURLWithPath:)` and `URL(filePath:)` expand a leading `~` to a home directory found in
    /// the password database (not `HOME`), so `gpx:~/track.gpx` replayed `/root/track.gpx` while `nmea:~/log.nmea`,
    /// the start-up check of a replay's file and the error lines read `./~/…` (a trial of the tool). A shell has
    /// expanded a `~` meant as a home directory before the program sees it. A relative path is resolved against the
    /// current directory, as by `URL(fileURLWithPath:)`. Thread-safe.
    ///
    /// - Parameter path: The path, absolute or relative.
    public init(literalFilePath path: String) {
        self.init(fileURLWithPath: path.hasPrefix("~") ? "./" + path : path)
    }
}
