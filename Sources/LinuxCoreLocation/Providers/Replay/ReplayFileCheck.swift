import Foundation
import LocationSupport

/// Whether a replay's file can be opened now, and if not, why: what `corelocation providers` says of a configured
/// replay.
///
/// A directory or a missing file was called available by the NMEA replay (it asked only `access(2)`), and "not
/// available" without a reason by both replays (a trial of the tool).
enum ReplayFileCheck {
    /// Why the file at `path` cannot be replayed now, or `nil` when it can be opened for reading.
    ///
    /// In a few words: `/tmp is a directory`, `cannot read /x.nmea: No such file or directory`. Follows symbolic
    /// links. Thread-safe.
    static func unavailability(of path: String) -> String? {
        guard let kind = FileKind(path: path) else { return "cannot read \(path): \(String(cString: strerror(errno)))" }
        if kind == .directory { return "\(path) is a directory" }
        guard access(path, R_OK) == 0 else { return "cannot read \(path): \(String(cString: strerror(errno)))" }
        return nil
    }
}
