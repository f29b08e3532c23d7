import Testing
@testable import LocationBlocks

@Test func moduleBuilds() {
    #expect(!LocationBlocks.version.isEmpty)
}
