import LinuxCoreLocation

@testable import LocationBlocks

extension BlocksHarness {
    /// Streams wired to the harness: their managers deliver on the harness's queue.
    func makeStreams(bufferLimit: Int = LocationStreams.defaultBufferLimit) -> LocationStreams {
        LocationStreams(configuration: configuration, bufferLimit: bufferLimit)
    }
}
