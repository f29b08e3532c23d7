import Foundation
import Testing

@Suite struct PortingWalkthroughTests {
    /// The walkthrough shows the compiled tracker file verbatim, so its code cannot go stale.
    @Test func walkthroughShowsTheCompiledTrackerUnchanged() throws {
        let tests = URL(fileURLWithPath: #filePath).deletingLastPathComponent()
        let root = tests.deletingLastPathComponent().deletingLastPathComponent()
        let code = try String(contentsOf: tests.appendingPathComponent("LegacyTrackerCode.swift"), encoding: .utf8)
        let page = try String(contentsOf: root.appendingPathComponent("Docs/PortingWalkthrough.md"), encoding: .utf8)
        #expect(page.contains("```swift\n" + code.trimmingCharacters(in: .newlines) + "\n```"))
    }
}
