import Testing
@testable import GPX

@Test func moduleBuilds() {
    #expect(GPX.namespace11.hasSuffix("/1/1"))
}
