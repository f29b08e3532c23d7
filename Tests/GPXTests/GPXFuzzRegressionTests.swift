import Foundation
import GPX
import Testing

/// Inputs found by the GPX fuzzer (Fuzz/GPX, Docs/Fuzzing.md), kept as byte literals so they stay reproducible.
@Suite struct GPXFuzzRegressionTests {
    private struct Stop: Error, Equatable {}

    /// Reads `bytes`, throwing from the callback at the first event; returns the events delivered and the error.
    private func readStoppingAtFirstEvent(_ bytes: [UInt8]) -> (events: [GPXEvent], error: (any Error)?) {
        var events: [GPXEvent] = []
        do {
            try GPXReader(mode: .lenient).read(data: Data(bytes)) { event in
                events.append(event)
                throw Stop()
            }
            return (events, nil)
        } catch {
            return (events, error)
        }
    }

    /// Found 2026-11-30 from the GPX 1.0 seed: the start of the first `<trk>` delivered `.metadata` and then
    /// `.trackStarted` although the callback had thrown at `.metadata`. Minimised: `<gpx><trk/></gpx>`.
    @Test func noEventAfterCallbackThrewAtTrackStart() {
        let bytes: [UInt8] = [
            0x3C, 0x67, 0x70, 0x78, 0x3E, 0x3C, 0x74, 0x72, 0x6B, 0x2F, 0x3E, 0x3C, 0x2F, 0x67, 0x70, 0x78, 0x3E,
        ]
        let (events, error) = readStoppingAtFirstEvent(bytes)
        #expect(events == [.metadata(GPXMetadata())])
        #expect(error as? Stop == Stop())
    }

    /// The same fault at a route start: `<gpx><rte/></gpx>` delivered `.routeStarted` after the callback threw.
    @Test func noEventAfterCallbackThrewAtRouteStart() {
        let bytes: [UInt8] = [
            0x3C, 0x67, 0x70, 0x78, 0x3E, 0x3C, 0x72, 0x74, 0x65, 0x2F, 0x3E, 0x3C, 0x2F, 0x67, 0x70, 0x78, 0x3E,
        ]
        let (events, error) = readStoppingAtFirstEvent(bytes)
        #expect(events == [.metadata(GPXMetadata())])
        #expect(error as? Stop == Stop())
    }
}
