import Foundation

/// What a path names in the file system, following symbolic links, in the words diagnostics use for it.
///
/// The package's one classifier of paths by `stat(2)`: the tool's checks of what it draws and writes, the replays'
/// availability, the GeoNames file's check. Reads the file system only; thread-safe.
public enum FileKind: Sendable, Equatable, CustomStringConvertible {
    case regularFile
    case directory
    case characterDevice
    case blockDevice
    case fifo
    case socket
    /// A kind Linux does not make (a symbolic link is followed, never seen).
    case other

    /// What `path` names, following symbolic links; `nil` when it names nothing that can be looked at, with `errno`
    /// saying why (`ENOENT`, `EACCES` on a directory on the way, `ELOOP`).
    public init?(path: String) {
        var information = stat()
        guard stat(path, &information) == 0 else { return nil }
        switch information.st_mode & S_IFMT {
        case S_IFREG: self = .regularFile
        case S_IFDIR: self = .directory
        case S_IFCHR: self = .characterDevice
        case S_IFBLK: self = .blockDevice
        case S_IFIFO: self = .fifo
        case S_IFSOCK: self = .socket
        default: self = .other
        }
    }

    /// The kind with its article: `a regular file`, `a directory`, `a character device`, `a block device`, `a FIFO`,
    /// `a socket`, `a special file`.
    public var description: String {
        switch self {
        case .regularFile: "a regular file"
        case .directory: "a directory"
        case .characterDevice: "a character device"
        case .blockDevice: "a block device"
        case .fifo: "a FIFO"
        case .socket: "a socket"
        case .other: "a special file"
        }
    }

}
