import Foundation
import SharedTestSupport
import Testing

/// `plot -o FILE` onto a disk that fills up leaves the file it replaces as it was, and no half picture.
///
/// Before, the picture was written into the file in place: a full disk left a truncated SVG (and had already
/// destroyed the previous one). Tested on a real full filesystem, a tmpfs of 16 KiB (`inSmallTmpfs(_:input:)`).
@Suite struct PlotFullDiskTests {
    @Test func aFullDiskKeepsThePreviousPictureWhole() async throws {
        let input = try timedTrack(2_000)  // an SVG of 2,000 points is far larger than 16 KiB
        let run = try await inSmallTmpfs(
            """
            mount -t tmpfs -o size=16k tmpfs "$1" || exit 200
            printf '<svg/>\\n' > "$1/track.svg"
            "$2" plot "$3" -o "$1/track.svg"
            status=$?
            ls -A "$1"
            cat "$1/track.svg"
            exit $status
            """, input: input.url)
        #expect(!run.diedOfSignal, "signal \(run.status): \(run.error)")
        #expect(run.status == 73, "\(run.error)")
        #expect(run.error.hasSuffix("/track.svg: No space left on device\n"), "\(run.error)")
        #expect(run.output == "track.svg\n<svg/>\n", "the old picture, and no temporary file beside it")
    }
}
