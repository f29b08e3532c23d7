import Foundation
import LocationSupport
import Testing

/// ``Foundation/URL/init(literalFilePath:)`` takes a path as `open(2)` does.
@Suite struct LiteralFilePathTests {
    /// A leading `~` is a folder of the current directory, not a home directory (Foundation expands it).
    @Test func aLeadingTildeIsAFolderOfTheCurrentDirectory() {
        let here = FileManager.default.currentDirectoryPath
        #expect(URL(literalFilePath: "~/track.gpx").path == here + "/~/track.gpx")
        #expect(URL(literalFilePath: "~nobody/track.gpx").path == here + "/~nobody/track.gpx")
        #expect(URL(fileURLWithPath: "~/track.gpx").path != here + "/~/track.gpx")  // why it exists
    }

    @Test func otherPathsAreAsFoundationTakesThem() {
        for path in ["/tmp/a~b.gpx", "track.gpx", "./~", "a/~/b", "/"] {
            #expect(URL(literalFilePath: path) == URL(fileURLWithPath: path))
        }
    }
}
