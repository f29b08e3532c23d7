import Testing
@testable import LinuxCoreLocation
@Test func placeholder() { #expect(Bool(true)) }
