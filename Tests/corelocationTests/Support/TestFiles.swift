import Foundation

/// Temporary input files written by a test and removed when it ends.
struct TemporaryFile: ~Copyable {
    let url: URL

    /// Writes `text` to a new file with `suffix` (such as `.gpx`) in the temporary directory.
    init(_ text: String, suffix: String) throws {
        url = FileManager.default.temporaryDirectory.appendingPathComponent(
            "corelocation-\(UUID().uuidString)\(suffix)")
        try Data(text.utf8).write(to: url)
    }

    deinit { try? FileManager.default.removeItem(at: url) }

    /// A GPX 1.1 track of `points` given as (latitude, longitude, elevation, time, hdop) text, written as is.
    static func track(_ points: [(lat: String, lon: String, ele: String, time: String, hdop: String)]) throws
        -> TemporaryFile
    {
        let body = points.map {
            "<trkpt lat=\"\($0.lat)\" lon=\"\($0.lon)\"><ele>\($0.ele)</ele><time>\($0.time)</time>"
                + "<hdop>\($0.hdop)</hdop></trkpt>"
        }
        return try TemporaryFile(
            """
            <?xml version="1.0" encoding="UTF-8"?>
            <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
            \(body.joined(separator: "\n"))
            </trkseg></trk></gpx>
            """, suffix: ".gpx")
    }

    /// An NMEA log of `count` RMC sentences a second apart from 1994-03-23T00:00:00Z, moving north by 0.001′ each,
    /// with valid checksums and nothing the library reports on standard error.
    static func nmeaLog(count: Int) throws -> TemporaryFile {
        let lines = (0..<count).map { index in
            let body = String(
                format: "GPRMC,%02d%02d%02d.00,A,4807.%03d,N,01131.000,E,022.4,084.4,230394,003.1,W", index / 3600 % 24,
                index / 60 % 60, index % 60, index % 1000)
            let checksum = body.utf8.reduce(UInt8(0)) { $0 ^ $1 }
            return "$" + body + String(format: "*%02X\r\n", checksum)
        }
        return try TemporaryFile(lines.joined(), suffix: ".nmea")
    }
}

/// A FIFO in a directory of its own in the temporary directory.
enum TemporaryFIFO {
    /// Makes a FIFO called `name`; `cleanup` removes it and its directory.
    static func make(named name: String) throws -> (path: String, cleanup: @Sendable () -> Void) {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("fifo-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        let path = directory.appendingPathComponent(name).path
        guard mkfifo(path, 0o600) == 0 else { throw CocoaError(.fileWriteUnknown) }
        return (path, { try? FileManager.default.removeItem(at: directory) })
    }
}
