import Foundation
import LocationSupport
import Testing

/// ``FileKind`` tells what a path names, through symbolic links, in the words the diagnostics use.
@Suite struct FileKindTests {
    @Test func eachKindIsToldAndWorded() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("filekind-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("track.gpx").path
        let fifo = directory.appendingPathComponent("fifo").path
        let link = directory.appendingPathComponent("link").path
        #expect(FileManager.default.createFile(atPath: file, contents: Data("x".utf8)))
        #expect(mkfifo(fifo, 0o600) == 0)
        #expect(symlink(fifo, link) == 0)

        #expect(FileKind(path: file) == .regularFile)
        #expect(FileKind(path: directory.path) == .directory)
        #expect(FileKind(path: "/dev/null") == .characterDevice)
        #expect(FileKind(path: fifo) == .fifo)
        #expect(FileKind(path: link) == .fifo)  // followed
        let absent = FileKind(path: directory.appendingPathComponent("absent").path)
        let error = errno  // read at once: the reason a caller words with strerror
        #expect(absent == nil)
        #expect(error == ENOENT)
        #expect(
            [FileKind.regularFile, .directory, .characterDevice, .blockDevice, .fifo, .socket, .other].map(
                \.description)
                == [
                    "a regular file", "a directory", "a character device", "a block device", "a FIFO", "a socket",
                    "a special file",
                ])
    }
}
