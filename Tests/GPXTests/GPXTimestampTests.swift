import Foundation
import Testing
@testable import GPX

@Suite struct GPXTimestampTests {
    @Test func placeholder() {}
}
