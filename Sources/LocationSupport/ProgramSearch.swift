import Foundation

/// Finding a program by name in the directories of `PATH`, as a shell does: the one search of the package (the
/// geocoder's `curl`, the bench's tools to compare with, the tests' programs).
public enum ProgramSearch {
    /// The first executable file called `name` in a directory of `path` (`PATH` by default; `/usr/bin:/bin` when
    /// `PATH` is unset).
    ///
    /// Only absolute directories are searched: an empty or relative entry (`.`, `bin`) would run whatever program
    /// of that name the working directory holds. A directory called `name` is not a program. Reads the file system
    /// only; thread-safe.
    /// - Parameters:
    ///   - name: The program's file name, without a directory.
    ///   - path: Directories separated by `:`.
    /// - Returns: Its URL, or `nil` when no directory has one.
    public static func executable(named name: String, path: String? = ProcessInfo.processInfo.environment["PATH"])
        -> URL?
    {
        for directory in (path ?? "/usr/bin:/bin").split(separator: ":") where directory.hasPrefix("/") {
            let candidate = URL(fileURLWithPath: String(directory)).appendingPathComponent(name)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: candidate.path, isDirectory: &isDirectory),
                !isDirectory.boolValue, FileManager.default.isExecutableFile(atPath: candidate.path)
            else { continue }
            return candidate
        }
        return nil
    }
}
