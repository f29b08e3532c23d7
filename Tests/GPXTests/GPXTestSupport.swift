import Foundation
import GPX

/// Small helpers shared by the GPX tests.
enum GPXTestSupport {
    static func document(_ xml: String, name: String = "test.gpx", mode: GPXReader.Mode = .strict) throws -> GPXDocument
    {
        try GPXReader(mode: mode).readDocument(data: Data(xml.utf8), sourceName: name)
    }

    /// Writes `xml` to a temporary file and reads it back through the file (streaming) path.
    static func fileDocument(_ xml: String) throws -> GPXDocument {
        let url = try temporaryDirectory().appendingPathComponent("synthetic.gpx")
        try Data(xml.utf8).write(to: url)
        return try GPXDocument(contentsOf: url)
    }

    /// A GPX 1.1 document with one track segment holding `points` (raw `<trkpt>` markup).
    static func track(_ points: String, namespaces: String = "") -> String {
        """
        <?xml version="1.0" encoding="UTF-8"?>
        <gpx version="1.1" creator="test" xmlns="http://www.topografix.com/GPX/1/1"\(namespaces)>
        <trk><trkseg>
        \(points)
        </trkseg></trk>
        </gpx>
        """
    }

    /// The error a throwing call threw, as a diagnostic.
    static func diagnostic(_ body: () throws -> Void) -> GPXDiagnostic? {
        do {
            try body()
            return nil
        } catch {
            return error as? GPXDiagnostic
        }
    }

    /// A fresh empty directory for one test's files, inside this test process's own directory.
    static func temporaryDirectory() throws -> URL {
        let url = processDirectory.appendingPathComponent(UUID().uuidString)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }

    /// The directory under the system temporary directory that holds every test's files, removed with all it
    /// holds when the test process exits, so runs leave nothing in `/tmp`.
    private static let processDirectory: URL = {
        atexit { try? FileManager.default.removeItem(at: GPXTestSupport.processDirectory) }
        return FileManager.default.temporaryDirectory.appendingPathComponent("GPXTests-\(UUID().uuidString)")
    }()
}
