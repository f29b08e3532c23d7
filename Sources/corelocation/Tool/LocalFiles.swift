import Foundation
import LocationSupport

/// The few file-system calls of the tool's own commands, with the C library's words for what goes wrong.
enum LocalFiles {
    /// Whether `path` and `other` name the same file (the same device and inode, following symbolic links), however
    /// they are spelt: `track.gpx`, `./track.gpx`, a link to it; `false` when either names nothing.
    static func isSameFile(_ path: String, as other: String) -> Bool {
        var first = stat()
        var second = stat()
        guard stat(path, &first) == 0, stat(other, &second) == 0 else { return false }
        return first.st_dev == second.st_dev && first.st_ino == second.st_ino
    }

    /// Creates or replaces the file at `path` with `bytes` (permissions 0644 less the umask), whole or not at all.
    ///
    /// A regular file (or a new one) is written beside itself under a temporary name and renamed over `path` once
    /// every byte is on disk, so a full disk or an error midway leaves the old file as it was, or no file, never a
    /// half picture. A device or FIFO (`-o /dev/null`) is written in place.
    ///
    /// - Returns: `nil` when written, else why not in the C library's words (`Is a directory`, `No space left on
    ///   device`) — not Foundation's "The operation could not be completed. (NSCocoaErrorDomain error 512.)".
    static func write(_ bytes: [UInt8], to path: String) -> String? {
        guard FileKind(path: path).map({ $0 == .regularFile }) ?? true else { return writeInPlace(bytes, to: path) }
        let url = URL(literalFilePath: path)
        let temporary = url.deletingLastPathComponent()
            .appendingPathComponent(".\(url.lastPathComponent).\(getpid()).tmp").path
        if let failure = writeInPlace(bytes, to: temporary) {
            unlink(temporary)
            return failure
        }
        guard rename(temporary, path) == 0 else {
            let failure = String(cString: strerror(errno))
            unlink(temporary)
            return failure
        }
        return nil
    }

    /// Writes `bytes` into `path`, created or truncated.
    private static func writeInPlace(_ bytes: [UInt8], to path: String) -> String? {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_TRUNC | O_CLOEXEC, 0o644)
        guard descriptor >= 0 else { return String(cString: strerror(errno)) }
        var failure: String?
        bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else { return }
            var written = 0
            while written < buffer.count {
                let count = Glibc.write(descriptor, base + written, buffer.count - written)
                if count < 0 && errno == EINTR { continue }
                guard count > 0 else {
                    failure = String(cString: strerror(count < 0 ? errno : EIO))
                    return
                }
                written += count
            }
        }
        if close(descriptor) != 0, failure == nil { failure = String(cString: strerror(errno)) }
        return failure
    }
}
