import Foundation
import SharedTestSupport
import Testing

/// GPX rejections show the field and the reason, the value only with `--verbose` (issue 16, finding 7: `watch
/// --provider gpx:leak.gpx` wrote `<trkpt> lat "48.85841x" is not a number`, a coordinate, by default).
@Suite struct GPXRejectionPrivacyTests {
    private static let leak = """
        <?xml version="1.0"?>
        <gpx version="1.1" creator="x" xmlns="http://www.topografix.com/GPX/1/1"><trk><trkseg>
        <trkpt lat="48.85841x" lon="2.29451"><time>2020-01-01T00:00:00Z</time></trkpt>
        <trkpt lat="48.8584" lon="2.2945"><time>2020-01-01T00:00:01Z</time></trkpt>
        </trkseg></trk></gpx>
        """

    @Test func valuesAppearOnlyWithVerbose() async throws {
        let leak = try TemporaryFile(Self.leak, suffix: ".gpx")
        let quiet = try await Tool.run(["watch", "--provider", "gpx:\(leak.url.path)?speed=max", "--format", "csv"])
        #expect(quiet.status == 0, "\(quiet.error)")
        #expect(quiet.error.contains("<trkpt> lat is not a number"), "\(quiet.error)")
        #expect(!quiet.error.contains("48.85841"), "\(quiet.error)")
        let verbose = try await Tool.run(
            ["watch", "--verbose", "--provider", "gpx:\(leak.url.path)?speed=max", "--format", "csv"])
        #expect(verbose.error.contains(#"<trkpt> lat "48.85841x" is not a number"#), "\(verbose.error)")
    }
}
